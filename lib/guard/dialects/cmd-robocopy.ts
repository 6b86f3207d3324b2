import { literalWord, SYNTHETIC, type SimpleCommand, type Word } from "../syntax.ts";

// robocopy's options (learn.microsoft.com/windows-server/administration/windows-commands/robocopy),
// by the name before any `:value`. /XF, /XD and /IF take the words after them, up to the next option.
const OPTIONS = new Set(
  ("s e lev z b zb j efsraw copy dcopy sec copyall nocopy secfix timfix purge mir mov move a+ a- create fat 256 mon mot rh pf ipg sj sl mt " +
    "nodcopy nooffload compress sparse nodd a m ia xa xf xd xc xn xo xx xl is it im max min maxage minage maxlad minlad xj xjd xjf fft dst " +
    "r w reg tbd lfsm l x v ts fp bytes ns nc nfl ndl np eta log log+ unilog unilog+ tee njh njs unicode job save quit nosd if iomaxsize iorate threshold ?").split(" "),
);
const LISTS = new Set(["xf", "xd", "if"]);

/**
 * `robocopy SRC DST [FILE…] [OPTIONS]` as rsync of SRC's contents into DST: /MIR and /PURGE
 * delete what DST holds that SRC lacks (`--delete`), /MOV and /MOVE delete the copied sources
 * (the copy, then `mv -T SRC DST`), /L only lists (a no-op), /JOB reads options from a file (unknown).
 * /LOG:FILE and /UNILOG:FILE overwrite FILE, the `+` forms append: pushed to `out` as redirections.
 */
export function translateRobocopy(args: Word[], out: SimpleCommand[]): Word[] {
  const options = new Set<string>();
  const operands: Word[] = [];
  let list = false;
  for (const a of args) {
    // Options are `/NAME`; `-NAME` is read as the option too (fail closed: a `-MIR` never passes as a file name).
    const m = a.dynamic ? null : /^[/-]([a-z0-9+?-]+)(?::(.*))?$/is.exec(a.value);
    const name = m?.[1]!.toLowerCase();
    if (!m || !OPTIONS.has(name!)) {
      if (!list) operands.push(a);
      continue;
    }
    list = LISTS.has(name!);
    options.add(name!);
    if (/^(uni)?log\+?$/.test(name!)) out.push({ argv: [], assigns: [], redirects: [{ op: name!.endsWith("+") ? ">>" : ">", fd: "", target: { ...a, value: m[2] ?? "", pattern: m[2] ?? "" } }], pipeFrom: undefined });
  }
  if (options.has("job")) return [literalWord(SYNTHETIC.unknown)];
  if (options.has("l")) return [literalWord(SYNTHETIC.noop)];
  const [source, destination] = operands;
  if (!source || !destination) return [];
  const flags = options.has("mir") || options.has("purge") ? [literalWord("--delete")] : [];
  const copy = [literalWord("rsync"), literalWord("-r"), ...flags, literalWord("--"), _contents(source), _contents(destination)];
  if (!options.has("mov") && !options.has("move")) return copy;
  // /MOV and /MOVE delete the sources once copied: the copy, then `mv -T SRC DST`, judged like mv
  // (out of the workspace or into the temporary directory asks; protected storage blocks).
  out.push({ argv: copy, assigns: [], redirects: [], pipeFrom: undefined });
  return [literalWord("mv"), literalWord("-T"), literalWord("--"), source, destination];
}

/** `DIR/`: rsync's spelling of "the folder's contents", robocopy's only reading of SRC and DST. */
function _contents(w: Word): Word {
  if (w.dynamic || w.value.endsWith("/")) return w;
  return { ...w, value: `${w.value}/`, pattern: `${w.pattern}/` };
}
