import { op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler } from "./context.ts";

// Switches whose value is the rest of their cluster (`-i.bak`, `-0777`, `-l012`, `-MFoo`).
const REST = "i0lMmxCdDVFEK";
// Switches whose value is the rest of the cluster or, when that is empty, the next word.
const NEXT: Record<string, string> = { perl: "eEIM", ruby: "eIrCEF" };

/**
 * `perl -i` / `ruby -i` (also `-pi`, `-i.bak`, `-0777 -pi`, `-pie` where `e` is the suffix): the
 * file operands are edited in place, like `sed -i` (red team 3: `perl -pi -e 's/x//' .git/HEAD`
 * emptied HEAD). The operands follow the script: every one when `-e` gave it, else all after the
 * first. Perl code that sets `$^I` edits its operands in place too.
 */
export const inPlaceSwitch: Handler = ({ name, args }) => {
  const next = NEXT[name] ?? "e";
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
    if (v.startsWith("--")) continue;
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
      if (REST.includes(c)) break;
    }
  }
  if (!inPlace) return [];
  const files: Word[] = args.slice(scripted ? i : i + 1);
  return files.length ? [{ ...op("overwrite", name, files), inPlace: true }] : [];
};
