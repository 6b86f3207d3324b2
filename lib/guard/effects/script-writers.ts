import { literalWord, type SimpleCommand, type Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { isDirectory } from "../fs-probe.ts";
import { absPath, fileKeys } from "./file-identity.ts";
import { handedOutput } from "../posix/compound-stdin.ts";
import { stdinPath } from "./stdin-path.ts";
import { copiesStdin, copyEnds, stdinWrites } from "./stdin-writers.ts";
import { carryScript, copyTarget, printedText, scriptText, setScript, stdinText } from "./written-scripts.ts";

// A path naming this process's stdin (`/dev/stdin`, `/dev/fd/0`, `/proc/self/fd/0`): stdin-path.ts.
const isStdin = (value: string) => stdinPath(literalWord(value)) === "stdin";

/**
 * What one command writes into files, for running them later in the line (written-scripts.ts):
 * a redirection of echo/printf/`cat <<EOF`, tee, sponge, `dd of=`, `cp|install /dev/stdin F`
 * record the text; mv, cp and ln carry it to the new name; any other redirection, or sponge of
 * other text, records unknown. The other writers land their files (program-path.ts), which makes
 * text the guard did not read unknown there (written-scripts.ts) or a download (taint.ts).
 */
export function recordScripts(name: string, args: Word[], operands: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): void {
  const state = ctx.state;
  for (const r of cmd?.redirects ?? []) {
    if (r.target.dynamic || !/^(>|>>|>\||&>|&>>)$/.test(r.op)) continue;
    // Only what the program prints on stdout is known (`2> f` holds its errors).
    const text = r.fd === "" || r.fd === "1" || r.op.startsWith("&") ? printedText(name, args, cmd, state) : null;
    setScript(r.target.value, text, state, r.op.endsWith(">>"), handedOutput.has(r), cmd);
  }
  const append = args.some((a) => /^-[a-zA-Z]*a[a-zA-Z]*$/.test(a.value) || a.value === "--append");
  // tee, sponge, `dd of=`, `cp|install /dev/stdin F`: which files take stdin is stdin-writers.ts's
  // reading (the one taint.ts uses for downloads). Stdin the guard did not read (`foo | tee f`,
  // `{ curl …; } | dd of=f`), dd converting it (`conv=…`), or a copy of `-` (a file of that name
  // to cp) leaves unknown text.
  const copy = name === "cp" || name === "install";
  const { sources, dest } = copy ? copyEnds(name, args) : { sources: [], dest: undefined };
  for (const f of stdinWrites(name, args)) {
    if (f.dynamic) continue;
    const plain = name !== "dd" || args.every((a) => /^(if|of|bs|ibs|obs|status)=/.test(a.value));
    const text = plain && !sources.some((a) => a.value === "-") ? stdinText(cmd, state) : null;
    const source = sources.find((a) => isStdin(a.value));
    setScript(source ? copyTarget(source, f, state) : f.value, text, state, append && !copy && name !== "dd", false, cmd);
  }
  // A copy of one file (not of stdin) carries what the line wrote into it to the new name.
  if (sources.length === 1 && dest && !copiesStdin(sources[0]!)) carryScript(sources[0]!, dest, state, cmd);
  if (name === "mv" && operands.length === 2) carryScript(operands[0]!, operands[1]!, state, cmd);
  // A new link is another name of the file: what it holds is recorded under both names now, so a
  // later write through either counts. The name no longer holds what the line wrote there before
  // (`printf ls > p.sh; ln -sf /tmp/evil.sh p.sh`): the target's text, unknown when the line did
  // not write it (or no link was recorded: a computed target, the running directory unknown).
  if ((name === "ln" || name === "link") && operands.length === 2) {
    const link = operands[1]!;
    if (!link.dynamic && !isDirectory(absPath(link.value, state.cwd, state))) {
      const target = fileKeys(link.value, state)[1];
      const text = target === undefined ? null : scriptText(target, state);
      if (typeof text === "string") setScript(link.value, text, state, false, false, cmd);
      else if (scriptText(link.value, state) !== undefined) setScript(link.value, null, state);
    }
  }
}
