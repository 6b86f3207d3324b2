import { GIT_CONFIG_VALUED, gitSubcommandAt } from "./git-options.ts";

/**
 * git subcommands that print or store the content of the files their operands name: `git show
 * HEAD:.env`, `git diff --no-index ~/.ssh/id_rsa /dev/null` (a path outside the work tree needs
 * no `--no-index`), `git hash-object -w` then `git cat-file`, `git grep`, `git blame`, `git
 * archive`; `git log`/`whatchanged` with a patch (`-p`); `git merge-file -p` prints the merge of
 * its three files, `git interpret-trailers FILE` prints FILE with its trailers, `git send-email
 * FILE` mails it, `git mailsplit FILE` copies its messages out (session 11). The rest name paths
 * only as pathspecs, or read a file only as an option's value (MESSAGE_FILES, `config -f`).
 */
const GIT_READERS = new Set(["show", "cat-file", "diff", "hash-object", "blame", "annotate", "grep", "archive", "merge-file", "interpret-trailers", "send-email", "mailsplit"]);

// The subcommands that take a message (or a template) from a file, stored in a commit, tag or
// note that a push sends (`git commit -F ~/.ssh/id_rsa && git push`; red team, session 11):
// `wanted` the letters whose value is that file, `valued` their other letters that take a value
// (the rest of the cluster or the next word), `optional` those that take only an attached one.
interface MessageOptions {
  wanted: string;
  valued: string;
  optional: string;
  long: string[];
}
const FILE_ONLY: MessageOptions = { wanted: "F", valued: "m", optional: "", long: ["--file"] };
const MESSAGE_FILES: Record<string, MessageOptions> = {
  commit: { wanted: "Ft", valued: "mcC", optional: "uS", long: ["--file", "--template"] },
  tag: { wanted: "F", valued: "mu", optional: "n", long: ["--file"] },
  merge: { wanted: "F", valued: "msX", optional: "S", long: ["--file"] },
  "commit-tree": { wanted: "F", valued: "pm", optional: "S", long: ["--file"] },
  "fmt-merge-msg": FILE_ONLY,
  notes: { wanted: "F", valued: "mcC", optional: "", long: ["--file"] },
};

// `git config`'s modes that only read (a key with no value reads it too).
const CONFIG_READS = /^(--get(-all|-regexp|-urlmatch|-color|-colorbool)?|-l|--list|get|list)$/;

/**
 * The words of a git command (its arguments after `git`) whose files git reads the content of:
 * "all" for a subcommand that reads its operands (GIT_READERS), the indexes of the option values
 * that name such a file (`commit -F FILE`, `--template=FILE`, `notes add|append -F FILE`, `config
 * -f FILE` in a reading form), or null when git reads no file's content by any word (the words are
 * pathspecs, refs, messages). `-c commit.template=FILE` is git.ts's (git-config.ts commitTemplateOps).
 */
export function gitReadWords(values: string[]): "all" | number[] | null {
  const at = gitSubcommandAt(values);
  const sub = values[at] ?? "";
  if (GIT_READERS.has(sub)) return "all";
  if ((sub === "log" || sub === "whatchanged") && values.slice(at + 1).some((v) => /^-[a-zA-Z]*[pu]|^--(patch|word-diff|color-words)/.test(v))) return "all";
  const spec = MESSAGE_FILES[sub];
  if (spec && sub !== "notes") return _optionFiles(values, at + 1, spec);
  if (spec) {
    // `git notes [--ref REF] add|append`.
    const verb = values[at + 1] === "--ref" ? at + 3 : values[at + 1]?.startsWith("--ref=") ? at + 2 : at + 1;
    return values[verb] === "add" || values[verb] === "append" ? _optionFiles(values, verb + 1, spec) : null;
  }
  return sub === "config" ? _configFile(values, at + 1) : null;
}

/** The indexes of the file values of `spec`'s options from `start` up to `--` (null: none). */
function _optionFiles(values: string[], start: number, spec: MessageOptions): number[] | null {
  let out: number[] | null = null;
  for (let i = start; i < values.length; i++) {
    const v = values[i]!;
    if (v === "--") break;
    if (!v.startsWith("-") || v === "-") continue;
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const flag = eq < 0 ? v : v.slice(0, eq);
      // parse-options takes an unambiguous prefix (`--fil`, `--templ`).
      if (flag.length >= 5 && spec.long.some((l) => l.startsWith(flag))) {
        if (eq >= 0) (out ??= []).push(i);
        else if (i + 1 < values.length) (out ??= []).push(++i);
      }
      continue;
    }
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      if (spec.wanted.includes(c)) {
        if (k + 1 < v.length) (out ??= []).push(i);
        else if (i + 1 < values.length) (out ??= []).push(++i);
        break;
      }
      if (spec.optional.includes(c)) break;
      if (spec.valued.includes(c)) {
        if (k + 1 === v.length) i++;
        break;
      }
    }
  }
  return out;
}

/**
 * `git config -f|--file FILE` in a reading form (`--list`, `--get…`, `get`, `list`, or one key):
 * git prints the file's settings (`git config -f ~/.pypirc --list` prints the password). A set
 * (a key and a value) writes the file, judged as a write.
 */
function _configFile(values: string[], start: number): number[] | null {
  let file = -1;
  let reads = false;
  let operands = 0;
  for (let i = start; i < values.length; i++) {
    const v = values[i]!;
    if (v === "-f" || v === "--file") file = ++i;
    else if (v.startsWith("--file=") || (v.startsWith("-f") && v.length > 2)) file = i;
    else if (CONFIG_READS.test(v)) reads = true;
    else if (GIT_CONFIG_VALUED.has(v)) i++;
    else if (!v.startsWith("-")) operands++;
  }
  return file >= 0 && file < values.length && (reads || operands < 2) ? [file] : null;
}
