import type { Word } from "../syntax.ts";
import { JQ_NAMES, jqFilter } from "./env-output.ts";
import { clusterValue, wordFrom } from "./getopt.ts";
import { gitReadWords } from "./git-file-readers.ts";

// Options of cp, mv, install and ln that take a value (the next word is no operand).
const COPY_VALUED = new Set(["-t", "--target-directory", "-S", "--suffix", "-m", "--mode", "-o", "--owner", "-g", "--group"]);
// less options whose value is no file (`-p PATTERN`, `-P PROMPT`, `-x4`); -k, -o, -O and -T
// name files and stay read.
const LESS_VALUED = "bhjpPtxyz#";
const LESS_LONG_VALUED = /^--(pattern|prompt|tag|tabs|shift|window|jump-target|buffers|header)=/;

/**
 * The argument words a program does not read as files: files it only writes (tee's operands,
 * a copy's destination, `sort -o`, `curl -o`) and option values that name no file
 * (`less -p PATTERN`), and the login keys and kubeconfigs a client logs in with (`ssh -i KEY`,
 * `ssh-add KEY`, `kubectl --kubeconfig ~/.kube/config`), which it neither shows nor sends.
 * Reading a credential file puts it in the agent's context; writing one is an ordinary write.
 * `cp --attributes-only` copies no data at all. jq's (or yq's) filter is code, not a file
 * (`jq '.env.production' config.json`). `gitRead`: git's gitReadWords answer, when the caller
 * asked it already (secrets.ts).
 */
export function unreadWords(name: string, args: Word[], gitRead?: "all" | number[] | null): ReadonlySet<Word> {
  switch (name) {
    case "tee":
      return new Set(args);
    case "cp":
      return args.some((a) => a.value === "--attributes-only") ? new Set(args) : _copyDestination(args);
    case "mv":
    case "install":
    case "ln":
      return _copyDestination(args);
    case "sort":
      return _optionValues(args, "o", "--output");
    case "curl":
      return _optionValues(args, "o", "--output");
    case "wget":
      return _optionValues(args, "O", "--output-document");
    case "scp":
    case "ssh":
    case "sftp":
    case "autossh":
      return _sshKeys(args); // read by ssh to log in, not sent or shown
    case "ssh-add":
      return new Set(args); // keys loaded into the agent, not sent or shown
    case "ansible-playbook":
      // The login key ansible's ssh is given (ad-hoc `ansible -m copy -a src=KEY` may send it:
      // its key stays read).
      return _longValues(args, ANSIBLE_KEYS);
    case "kubectl":
    case "helm":
    case "k9s":
    case "oc":
    case "flux":
      // The login the client uses, as KUBECONFIG=FILE gives it; not when it prints the
      // configuration (`kubectl --kubeconfig F config view --raw`).
      return args.some((a) => a.value === "view") ? _NONE : _longValues(args, KUBECONFIGS, KUBECONFIG_NAME);
    case "git": {
      // Only the option values that name a file git reads (`commit -F FILE`): the rest are
      // pathspecs, refs and messages (git-file-readers.ts).
      const read = gitRead === undefined ? gitReadWords(args.map((a) => a.value)) : gitRead;
      return Array.isArray(read) ? new Set(args.filter((_, i) => !read.includes(i))) : _NONE;
    }
    case "tar":
      return _optionValues(args, "", "--exclude"); // a pattern, not a file
    case "rsync":
      // --exclude's pattern; the remote shell (`-e "ssh -i KEY"`), which files.ts judges as the
      // command it is (`ssh -i KEY` passes there).
      return new Set([..._optionValues(args, "", "--exclude"), ...rsyncShells(args).map((s) => s.word)]);
    case "less":
      return _lessValues(args);
    case "more":
    case "most":
      return new Set(args.filter((a) => a.value.startsWith("+")));
    default:
      return JQ_NAMES.has(name) ? new Set(jqFilter(name, args)) : _NONE;
  }
}

// Every word is read (most programs): one shared empty set.
const _NONE: ReadonlySet<Word> = new Set();

/** The destination of a copy, move, install or link: `-t DIR`, else the last operand. */
function _copyDestination(args: Word[]): Set<Word> {
  const files: Word[] = [];
  let done = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (done || a.dynamic || !v.startsWith("-") || v === "-") files.push(a);
    else if (v === "--") done = true;
    else if (v === "-t" || v === "--target-directory") return new Set(args[i + 1] ? [args[i + 1]!] : []);
    else if (v.startsWith("--target-directory=") || /^-t./.test(v)) return new Set([a]);
    else if (COPY_VALUED.has(v)) i++;
  }
  return new Set(files.length >= 2 ? [files.at(-1)!] : []);
}

/** The value of `-X FILE`, `-XFILE`, `--long FILE` and `--long=FILE` (a file written, not read). */
function _optionValues(args: Word[], short: string, long: string): Set<Word> {
  const out = new Set<Word>();
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--") break;
    if (((short && v === `-${short}`) || v === long) && args[i + 1]) out.add(args[++i]!);
    else if (v.startsWith(`${long}=`) || (short && v.startsWith(`-${short}`) && v.length > 2)) out.add(args[i]!);
  }
  return out;
}

// ansible's option for the ssh login key; the clients' kubeconfig.
const ANSIBLE_KEYS = ["--private-key", "--key-file"];
const KUBECONFIGS = ["--kubeconfig"];
// A kubeconfig by its name: another file (a link, another store) given as one is still read, as
// the client may quote it in its error.
const KUBECONFIG_NAME = /(^|\/)\.kube\/config$|^\/etc\/kubernetes\/admin\.conf$/;
// ssh's option that names a login key (`-o IdentityFile=KEY`, `-o "IdentityFile KEY"`; the
// keyword is case-insensitive).
const IDENTITY_OPTION = /^identityfile[=\s]/i;

/** ssh's, scp's and sftp's login keys: `-i KEY`, `-iKEY`, `--identity`, `-o IdentityFile=KEY`, `-oIdentityFile=KEY`. */
function _sshKeys(args: Word[]): Set<Word> {
  const out = _optionValues(args, "i", "--identity");
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.value === "--") break;
    if (a.value === "-o" && args[i + 1] && IDENTITY_OPTION.test(args[i + 1]!.value)) out.add(args[++i]!);
    else if (a.value.startsWith("-o") && IDENTITY_OPTION.test(a.value.slice(2))) out.add(a);
  }
  return out;
}

/** The values of long options (`--opt VALUE`, `--opt=VALUE`), those whose text `named` matches when given. */
function _longValues(args: Word[], names: readonly string[], named?: RegExp): ReadonlySet<Word> {
  let out: Set<Word> | undefined;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--") break;
    if (!v.startsWith("--")) continue;
    const eq = v.indexOf("=");
    let word: Word | undefined;
    let text = "";
    if (names.includes(v)) {
      word = args[++i];
      text = word?.value ?? "";
    } else if (eq > 0 && names.includes(v.slice(0, eq))) [word, text] = [args[i], v.slice(eq + 1)];
    if (word && !word.dynamic && (named === undefined || named.test(text))) (out ??= new Set()).add(word);
  }
  return out ?? _NONE;
}

// rsync's one-letter options that take a value (`rsync --help`: -B, -e, -@, -T, -f, -M).
const RSYNC_VALUED = "Be@TfM";

/**
 * rsync's remote shell commands, up to `--` (after it `-e` is a file name): `--rsh CMD`,
 * `--rsh=CMD`, and `-e` as popt reads a cluster: the next word when `e` ends it (`-avze CMD`),
 * else the cluster's rest with a leading `=` dropped (`-e'CMD'`, `-ae=CMD`); `-Be` is a block
 * size. `word` is the argument that holds the command (no file: not read here), `command` its
 * text (files.ts runs it). The one reader of them.
 */
export function rsyncShells(args: Word[]): { word: Word; command: Word }[] {
  const out: { word: Word; command: Word }[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === "--") break;
    if (v === "--rsh" && args[i + 1]) {
      const word = args[++i]!;
      out.push({ word, command: word });
    } else if (v.startsWith("--rsh=")) out.push({ word: a, command: wordFrom(a, 6) });
    else if (v.length > 1 && v[0] === "-" && v[1] !== "-") {
      const given = clusterValue(args, i, RSYNC_VALUED);
      if (!given) continue;
      const attached = given.i === i;
      i = given.i;
      if (given.letter !== "e" || !given.value) continue;
      if (!attached) out.push({ word: given.value, command: given.value });
      else out.push({ word: a, command: v[given.at + 1] === "=" ? wordFrom(a, given.at + 2) : given.value });
    }
  }
  return out;
}

/**
 * less: `+cmd` words, and the values of its options that take a pattern, a prompt or a number.
 * In a cluster the first such letter takes the rest of the word, or the next word when it ends
 * the cluster (`-Np PATTERN`).
 */
function _lessValues(args: Word[]): Set<Word> {
  const out = new Set<Word>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (a.dynamic || v === "--") break;
    if (v.startsWith("+") || LESS_LONG_VALUED.test(v)) out.add(a);
    else if (/^-[^-]/.test(v)) {
      const at = [...v.slice(1)].findIndex((c) => LESS_VALUED.includes(c) || "kOoT".includes(c));
      if (at < 0) continue;
      const letter = v[at + 1]!;
      const attached = at + 2 < v.length;
      if (!LESS_VALUED.includes(letter)) {
        if (!attached) i++; // a file option's value: the next word is its file, not an operand to skip
        continue;
      }
      if (attached) out.add(a);
      else if (args[i + 1]) out.add(args[++i]!);
    }
  }
  return out;
}
