import { op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler } from "./context.ts";

// Switches whose value is the rest of their cluster (`-i.bak`, `-MFoo`, `-x`, `-V:name`).
const REST: Record<string, string> = { perl: "iMmxCdDVF", ruby: "ixF" };
// Switches whose value is the rest of the cluster or, when that is empty, the next word.
const NEXT: Record<string, string> = { perl: "eEI", ruby: "eEICXr" };
// ruby's long options that take the next word when no `=VALUE` is attached.
const RUBY_VALUED_LONG = /^--(enable|disable|encoding|internal-encoding|external-encoding)$/;

/**
 * How many characters after switch `c` (at `k` in the cluster `v`) are its number, which perlrun
 * and ruby's options read before the next switch: `-0[octal]` (perl also `-0xHEX`), perl's
 * `-l[octnum]` (three octal digits, four after a 0), ruby's `-W[level]` (a `:category` is the
 * rest), `-T[level]` and `-Kx`.
 */
function _number(name: string, c: string, v: string, k: number): number {
  const rest = v.slice(k + 1);
  if (c === "0") {
    if (name === "perl" && /^[xX]./.test(rest)) return 1 + /^[0-9a-fA-F]*/.exec(rest.slice(1))![0].length;
    return /^[0-7]{0,3}/.exec(rest)![0].length;
  }
  if (name === "perl" && c === "l") return /^[0-7]{0,3}/.exec(rest)![0].length + (rest.startsWith("0") && /^[0-7]{4}/.test(rest) ? 1 : 0);
  if (name === "ruby" && c === "K") return Math.min(1, rest.length);
  if (name === "ruby" && c === "W") return rest.startsWith(":") ? rest.length : /^[0-7]?/.exec(rest)![0].length;
  if (name === "ruby" && c === "T") return /^[0-7]{0,2}/.exec(rest)![0].length;
  return 0;
}

/**
 * `perl -i` / `ruby -i` (also `-pi`, `-i.bak`, `-0777 -pi`, `-pie` where `e` is the suffix): the
 * file operands are edited in place, like `sed -i` (red team 3: `perl -pi -e 's/x//' .git/HEAD`
 * emptied HEAD). The operands follow the script: every one when `-e` gave it, else all after the
 * first. Perl code that sets `$^I` edits its operands in place too.
 */
export const inPlaceSwitch: Handler = ({ name, args }) => {
  const next = NEXT[name] ?? "e";
  const rest = REST[name] ?? "i";
  let inPlace = false;
  let scripted = false;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (a.dynamic || !v.startsWith("-") || v === "-") break;
    if (v === "--") {
      i++;
      break;
    }
    if (v.startsWith("--")) {
      if (name === "ruby" && RUBY_VALUED_LONG.test(v)) i++;
      continue;
    }
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      if (c === "i") inPlace = true;
      if (next.includes(c)) {
        const code = k + 1 < v.length ? v.slice(k + 1) : args[++i]?.value;
        if (c === "e" || (c === "E" && name === "perl")) {
          scripted = true;
          if (name === "perl" && code !== undefined && /\$\^I\b|\$\{\^I\}/.test(code)) inPlace = true;
        }
        break;
      }
      if (rest.includes(c)) break;
      k += _number(name, c, v, k);
    }
  }
  if (!inPlace) return [];
  const files: Word[] = args.slice(scripted ? i : i + 1);
  return files.length ? [{ ...op("overwrite", name, files), inPlace: true }] : [];
};
