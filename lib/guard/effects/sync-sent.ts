import type { Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { judgeSent, type Sent, type SentRoot } from "./sent-tree.ts";

// rsync options that take a value (given apart from the option, the next word is that value).
const RSYNC_VALUED = new Set(
  "-e --rsh -f --filter --exclude --include --exclude-from --include-from -T --temp-dir --partial-dir --backup-dir --suffix --chmod --chown --usermap --groupmap --compare-dest --copy-dest --link-dest -B --block-size --bwlimit --timeout --contimeout --port --log-file --log-file-format --out-format --max-size --min-size --modify-window -M --remote-option --iconv --protocol --checksum-choice --cc --compress-choice --zc --compress-level --zl --skip-compress --info --debug --sockopts --outbuf --stop-after --stop-at --max-delete --max-alloc --address --rsync-path".split(" "),
);
// Values rsync reads and sends to a daemon: judged like sources.
const RSYNC_SENT_VALUES = new Set(["--password-file", "--early-input"]);
// Values that change which files are sent in ways not followed here.
const RSYNC_LISTS = new Set(["--files-from"]);
const SCP_VALUED = new Set(["-c", "-D", "-F", "-i", "-J", "-l", "-o", "-P", "-S", "-X"]);

/** A remote operand: `host:path`, `user@host:path`, `host::module`, `rsync://…` (not `/a:b`, not `./a:b`). */
export function isRemote(word: Word): boolean {
  return /^[^/]*:/.test(word.value) && !word.value.startsWith("/");
}

/**
 * rsync to another host sends its local sources: recursively with -r or -a unless the last
 * recursion option is --no-recursive/--no-r, through symlinks with -L/--copy-links,
 * --copy-unsafe-links or -k/--copy-dirlinks. Exclude and filter rules are not honoured (what is
 * asked about is a superset); --files-from or a dynamic word is "unknown".
 */
export function rsyncSent(args: Word[], ctx: AnalyzeContext): Sent {
  const words: Word[] = [];
  const roots: SentRoot[] = [];
  let recursive = false;
  let follow = false;
  let done = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (a.dynamic) return "unknown";
    if (done || !v.startsWith("-") || v === "-") {
      words.push(a);
      continue;
    }
    if (v === "--") {
      done = true;
      continue;
    }
    const [name, inline] = v.split(/=(.*)/s) as [string, string | undefined];
    if (RSYNC_LISTS.has(name)) return "unknown";
    if (RSYNC_SENT_VALUES.has(name)) {
      const value = inline !== undefined ? { ...a, value: inline } : args[++i];
      if (!value || value.dynamic) return "unknown";
      roots.push({ word: value, recursive: false });
      continue;
    }
    if (v.startsWith("--")) {
      if (name === "--recursive" || name === "--archive") recursive = true;
      else if (name === "--no-recursive" || name === "--no-r") recursive = false;
      else if (/^--(copy-links|copy-unsafe-links|copy-dirlinks)$/.test(name)) follow = true;
      if (RSYNC_VALUED.has(name) && inline === undefined) i++;
      continue;
    }
    // A short cluster: a value option takes the rest of it, or the next word when it ends it.
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      if (c === "r" || c === "a") recursive = true;
      else if (c === "L" || c === "k") follow = true;
      if (RSYNC_VALUED.has(`-${c}`)) {
        if (k === v.length - 1) i++;
        break;
      }
    }
  }
  const sources = words.slice(0, -1).filter((w) => !isRemote(w));
  return judgeSent([...roots, ...sources.map((word) => ({ word, recursive }))], follow, ctx);
}

/** scp to another host sends its local sources; -r recurses, and scp follows symlinks it meets. */
export function scpSent(args: Word[], ctx: AnalyzeContext): Sent {
  const words: Word[] = [];
  let recursive = false;
  let done = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (a.dynamic) return "unknown";
    if (done || !v.startsWith("-")) words.push(a);
    else if (v === "--") done = true;
    else {
      for (let k = 1; k < v.length; k++) {
        if (v[k] === "r") recursive = true;
        if (SCP_VALUED.has(`-${v[k]}`)) {
          if (k === v.length - 1) i++;
          break;
        }
      }
    }
  }
  const sources = words.slice(0, -1).filter((w) => !isRemote(w));
  return judgeSent(sources.map((word) => ({ word, recursive })), true, ctx);
}
