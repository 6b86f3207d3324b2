import { literalWord, type SimpleCommand, type Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { isDirectory } from "../fs-probe.ts";
import { absPath } from "./file-identity.ts";
import { stdinPath } from "./stdin-path.ts";
import { carryScript, copyTarget, printedText, scriptText, setScript, stdinText } from "./written-scripts.ts";

// Options of install whose value is the next word.
const INSTALL_VALUED = new Set(["-m", "-o", "-g", "-S", "--mode", "--owner", "--group", "--suffix"]);
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
    setScript(r.target.value, text, state, r.op.endsWith(">>"));
  }
  const append = args.some((a) => /^-[a-zA-Z]*a[a-zA-Z]*$/.test(a.value) || a.value === "--append");
  if (name === "tee" || name === "sponge") {
    const files = name === "sponge" ? operands.slice(0, 1) : operands;
    const text = stdinText(cmd, state);
    // Text the guard did not read (`foo | tee f`, `{ curl …; } | tee f`) is recorded unknown.
    for (const f of files) if (!f.dynamic) setScript(f.value, text, state, append);
  }
  if (name === "dd") {
    const out = args.find((a) => a.value.startsWith("of="));
    if (out && !out.dynamic) {
      const from = args.find((a) => a.value.startsWith("if="));
      const plain = args.every((a) => a === out || a === from || /^(bs|ibs|obs|status)=/.test(a.value));
      // Stdin the guard did not read (`{ curl …; } | dd of=f`, `conv=…`) leaves unknown text.
      if (!from || isStdin(from.value.slice(3))) setScript(out.value.slice(3), plain ? stdinText(cmd, state) : null, state);
    }
  }
  if (name === "cp" || name === "install") {
    const files = name === "install" ? _installOperands(args) : operands;
    const [src, dest] = files;
    const text = isStdin(src?.value ?? "") ? stdinText(cmd, state) : null;
    if (files.length === 2 && src && dest && !dest.dynamic && text !== null) {
      setScript(copyTarget(src, dest, state), text, state);
    } else if (files.length === 2 && src && dest && !isStdin(src.value)) carryScript(src, dest, state);
  }
  if (name === "mv" && operands.length === 2) carryScript(operands[0]!, operands[1]!, state);
  // A new link is another name of the file: what it holds is recorded under both names now, so a
  // later write through either counts.
  if ((name === "ln" || name === "link") && operands.length === 2) {
    const link = operands[1]!;
    if (!link.dynamic && !isDirectory(absPath(link.value, state.cwd, state))) {
      const text = scriptText(link.value, state);
      if (typeof text === "string") setScript(link.value, text, state);
    }
  }
}

function _installOperands(args: Word[]): Word[] {
  const files: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (INSTALL_VALUED.has(v)) i++;
    else if (!v.startsWith("-") || v === "-") files.push(args[i]!);
  }
  return files;
}
