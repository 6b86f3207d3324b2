import { literalWord, SYNTHETIC, unknownWord, type Redirect, type SimpleCommand, type Word } from "../syntax.ts";
import { bindParameters, type CmdletSpec, valuesOf } from "./powershell-bind.ts";

// Start-Process, PowerShell 7.4 reference (learn.microsoft.com/powershell/module/
// microsoft.powershell.management/start-process): `[-FilePath] <string> [[-ArgumentList] <string[]>]`.
const START: CmdletSpec = {
  params: { filepath: true, argumentlist: true, credential: true, workingdirectory: true, loaduserprofile: false, nonewwindow: false, passthru: false, redirectstandarderror: true, redirectstandardinput: true, redirectstandardoutput: true, windowstyle: true, wait: false, usenewenvironment: false, environment: true, verb: true },
  aliases: { pspath: "filepath", path: "filepath", args: "argumentlist", runas: "credential", lup: "loaduserprofile", nnw: "nonewwindow", rse: "redirectstandarderror", rsi: "redirectstandardinput", rso: "redirectstandardoutput" },
  positional: ["filepath", "argumentlist"],
  shouldProcess: true,
};
export const START_PROCESS = new Set(["start-process", "saps", "start"]);

/**
 * Start-Process as the program it starts, pushed to `out` (the return value is the empty command).
 * -ArgumentList is not passed as an argument vector: the cmdlet joins the array with spaces into
 * one command line, which the program splits again (MicrosoftDocs/PowerShell-Docs#7701), so
 * `'-c','rm -rf ~'` gives bash four words. Both that reading and the element-per-argument one are
 * judged. -WorkingDirectory is `env -C DIR`, the -RedirectStandard* files redirections.
 */
export function translateStartProcess(args: Word[], out: SimpleCommand[], native?: (name: string, args: Word[]) => Word[] | undefined): Word[] {
  const b = bindParameters(args, START);
  if (!b) return [literalWord(SYNTHETIC.unknown)];
  if (b.has("whatif")) return [literalWord(SYNTHETIC.noop)];
  const [file, ...more] = valuesOf(b.get("filepath"));
  if (!file || more.length || file.dynamic) return [literalWord(SYNTHETIC.unknown)];
  const program = literalWord(file.value.includes("/") ? file.value : file.value.toLowerCase());
  const dir = valuesOf(b.get("workingdirectory"));
  const prefix = dir.length ? [literalWord("env"), literalWord("-C"), dir.length === 1 ? dir[0]! : unknownWord(), literalWord("--")] : [];
  const redirects: Redirect[] = [];
  for (const [param, op, fd] of [["redirectstandardoutput", ">", ""], ["redirectstandarderror", ">", "2"], ["redirectstandardinput", "<", ""]] as const) {
    const target = valuesOf(b.get(param));
    if (target.length) redirects.push({ op, fd, target: target.length === 1 ? target[0]! : unknownWord() });
  }
  const elements = valuesOf(b.get("argumentlist"));
  const readings = elements.some((w) => w.dynamic)
    ? [elements.map((w) => (w.dynamic ? unknownWord() : w))]
    : [_commandLineArgs(elements.map((w) => w.value).join(" ")).map((v) => literalWord(v, true)), elements];
  for (const [k, argv] of readings.entries()) {
    if (k > 0 && argv.map((w) => w.value).join("\0") === readings[0]!.map((w) => w.value).join("\0")) continue;
    // A program the dialect reads by its options (robocopy, forfiles, cmd): its translation, whose
    // inner commands land in `out`; in another folder they keep the plain reading.
    const translated = native?.(program.value, argv);
    const run = translated === undefined || (translated.length === 0 && prefix.length) ? [program, ...argv] : translated;
    if (run.length || redirects.length) out.push({ argv: run.length ? [...prefix, ...run] : [], assigns: [], redirects, pipeFrom: undefined });
  }
  return [];
}

/**
 * A command line split into arguments as CommandLineToArgvW and .NET's ProcessStartInfo do:
 * blanks separate, `"…"` groups, `""` inside quotes is a quote. (Backslashes reach this point as
 * `/`, the PowerShell lexer's path spelling, so the backslash-before-quote rule has no input.)
 */
function _commandLineArgs(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let started = false;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"') {
      if (quoted && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else quoted = !quoted;
      started = true;
    } else if ((c === " " || c === "\t") && !quoted) {
      if (started) out.push(cur);
      cur = "";
      started = false;
    } else {
      cur += c;
      started = true;
    }
  }
  if (started) out.push(cur);
  return out;
}
