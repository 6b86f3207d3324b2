import { literalWord, unknownWord, type Word } from "../syntax.ts";
import type { Invocation } from "./context.ts";
import { once } from "./lazy-handler.ts";
import { programFileText } from "./program-file.ts";

// The YAML reader, loaded for a flags file only.
const yaml = once((): typeof import("yaml") => require("yaml"));

/**
 * A flags file the guard cannot read, as the flags cloud.ts weighs at their worst: a computed
 * `--ssh-flag` and `--scp-flag`, a recursive copy, an rsync that deletes, sources read from stdin.
 */
const WORST: readonly Word[] = [
  literalWord("--ssh-flag"),
  unknownWord(),
  literalWord("--scp-flag"),
  unknownWord(),
  literalWord("--recurse"),
  literalWord("--recursive"),
  literalWord("--delete-unmatched-destination-objects"),
  literalWord("--read-paths-from-stdin"),
];

/**
 * gcloud's arguments with each `--flags-file FILE` (`--flags-file=FILE`) replaced by the flags
 * the file holds (`gcloud topic flags-file`: a YAML or JSON mapping of `--flag: value`, or a list
 * of them; `true` is the flag alone, `false` its `--no-` form, a list repeats the flag). A file
 * the line wrote, a computed name, one that cannot be read or parsed, or that names another flags
 * file, is WORST. A missing file makes gcloud fail: no flags.
 */
export function withFlagsFiles(inv: Pick<Invocation, "args" | "cmd" | "ctx">): Word[] {
  const out: Word[] = [];
  const args = inv.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.value === "--") {
      out.push(...args.slice(i));
      break;
    }
    if (a.value !== "--flags-file" && !a.value.startsWith("--flags-file=")) {
      out.push(a);
      continue;
    }
    const file = a.value === "--flags-file" ? args[++i] : { ...a, value: a.value.slice(13) };
    const text = a.dynamic ? unknownWord() : programFileText(file, inv, true);
    if (text !== null) out.push(...(_flags(text) ?? WORST));
  }
  return out;
}

/** The flag words of a flags file's text; null when they cannot be told. */
function _flags(text: Word): Word[] | null {
  if (text.dynamic) return null;
  let doc: unknown;
  try {
    doc = yaml().parse(text.value);
  } catch {
    return null;
  }
  const out: Word[] = [];
  for (const entry of Array.isArray(doc) ? doc : [doc]) {
    if (entry === null || typeof entry !== "object" || Array.isArray(entry)) return null;
    for (const [flag, value] of Object.entries(entry)) {
      if (!flag.startsWith("--") || flag === "--flags-file") return null;
      for (const v of Array.isArray(value) ? value : [value]) {
        if (v === true || v === null) out.push(literalWord(flag));
        else if (v === false) out.push(literalWord(`--no-${flag.slice(2)}`));
        else if (typeof v === "string" || typeof v === "number") out.push(literalWord(`${flag}=${v}`));
        // A dictionary's value (`--metadata: {k: v}`): gcloud joins it into one word.
        else out.push({ ...unknownWord(), value: `${flag}=` });
      }
    }
  }
  return out;
}
