import { op, type Op } from "../ops.ts";
import { literalWord } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import type { AnalyzeContext } from "./context.ts";

/**
 * The commands and files a sed script reaches beyond its output: `e CMD` and the `s///e` flag
 * run commands, `w FILE`/`W FILE` and the `s///w FILE` flag write files. The script is read
 * command by command (GNU syntax); what cannot be read is an unknown effect. `inertAt`: where
 * unknown letters and digits go into the script (Word.inert); each must land inside an `s` or
 * `y` command's pattern or replacement, not after a backslash, with a delimiter that is no
 * letter or digit, so that they change what is matched or put there, never which command or
 * flag the script holds (`sed -i "s/COMMIT/$(git rev-parse --short HEAD)/" f`).
 */
export function sedScriptOps(script: string, ctx: AnalyzeContext, inertAt: number[] = []): Op[] {
  const ops: Op[] = [];
  const parts: Array<[number, number]> = [];
  let i = 0;
  const rest = () => {
    const end = script.indexOf("\n", i);
    const text = script.slice(i, end < 0 ? script.length : end);
    i = end < 0 ? script.length : end + 1;
    return text.trim();
  };
  while (i < script.length) {
    i = _skip(script, i, /[\s;{}!]/);
    i = _address(script, i);
    i = _skip(script, i, /[\s!]/);
    const c = script[i++];
    if (c === undefined) break;
    if (c === "s" || c === "y") {
      const delim = script[i++];
      if (!delim || delim === "\n" || delim === "\\" || (inertAt.length > 0 && /[A-Za-z0-9]/.test(delim))) return [op("unknown", "sed")];
      for (let part = 0; part < 2; part++) {
        const start = i;
        while (i < script.length && script[i] !== delim) i += script[i] === "\\" ? 2 : 1;
        if (i >= script.length) return [op("unknown", "sed")];
        parts.push([start, i]);
        i++;
      }
      if (c === "y") continue;
      const flags = /^[gpiImM0-9e]*/.exec(script.slice(i))![0];
      i += flags.length;
      // `e` runs the pattern space, which the input decides: unknowable here.
      if (flags.includes("e")) ops.push(op("unknown", "sed"));
      if (script[i] === "w") {
        i++;
        ops.push(_write(rest()));
      }
    } else if (c === "e") {
      const command = rest();
      ops.push(...(command ? analyzeText(command, "posix", ctx) : [op("unknown", "sed")]));
    } else if (c === "w" || c === "W") ops.push(_write(rest()));
    else if ("aicrR:btTvF".includes(c) || c === "#") rest();
  }
  const inside = (k: number) => script[k - 1] !== "\\" && parts.some(([start, end]) => start <= k && k <= end);
  return inertAt.every(inside) ? ops : [op("unknown", "sed")];
}

function _write(file: string): Op {
  if (file === "" || file === "/dev/stdout" || file === "/dev/stderr") return op("noop", "sed");
  // A file sed creates, like a redirection's: a script the line wrote there is no longer that text (red team 8).
  return { ...op("overwrite", "sed", [literalWord(file)]), lands: "created" };
}

function _skip(s: string, i: number, chars: RegExp): number {
  while (i < s.length && chars.test(s[i]!)) i++;
  return i;
}

/** Skips one address or range: `1`, `$`, `/re/`, `\cREc`, `first~step`, `a,b`, `0,/re/`. */
function _address(s: string, i: number): number {
  for (let n = 0; n < 2; n++) {
    if (s[i] === "/" || s[i] === "\\") {
      const delim = s[i] === "\\" ? s[i + 1] : "/";
      i += s[i] === "\\" ? 2 : 1;
      while (i < s.length && s[i] !== delim) i += s[i] === "\\" ? 2 : 1;
      i = _skip(s, i + 1, /[IM]/);
    } else i = _skip(s, i, /[0-9$~+]/);
    if (s[i] !== ",") break;
    i++;
  }
  return i;
}
