import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import { expandGlob } from "../paths.ts";
import { win32Names, win32Path } from "../win32-names.ts";
import type { AnalyzeContext, Handler } from "./context.ts";
import { fileKeys } from "./file-identity.ts";
import { gitReadWords } from "./git-file-readers.ts";
import { gitSubcommandAt } from "./git-options.ts";
import { LANGUAGES, SHELL_NAMES } from "./runner-names.ts";
import { scriptOperands } from "./script-operands.ts";
import { SEARCHERS, searchPatterns } from "./search-patterns.ts";
import { unreadWords } from "./unread-words.ts";
import { xargsOptions } from "./xargs-input.ts";
import { LOADED } from "./loaded-analysers.ts";
import { WRAPPER_NAMES } from "./wrappers.ts";

// Credential stores: reading one puts a secret in the agent's context. Example env files are
// documentation, public keys are public, and ~/.ssh/config or known_hosts hold no secret.
// Each pattern comes with text every path it matches contains: a path is tested only against the
// patterns whose text it holds, each compiled at its first test. One expression of all of them
// cost the compiled hook about 1 MiB of memory to compile (1.6 MiB in a bare Bun process;
// docs/check.md "Speed"), and most paths hold the text of none or one.
export const SECRET_STORES: ReadonlyArray<readonly [hints: readonly string[], pattern: string]> = [
  [[".env"], String.raw`(^|/)\.env(\.(?!example$|sample$|template$|dist$|defaults$)[^/]*)?$`],
  // A process's environment: every variable it holds, credentials included; also reached
  // through /dev/fd/.. (= /proc/self), /proc/self/fd/.., /proc/self/task/N, /proc/$$.
  [["environ"], String.raw`^(?:/\.?)*/(?:proc|dev)/(?:.*/)?environ$`],
  [["id_"], String.raw`(^|/)id_(rsa|dsa|ecdsa|ed25519)(_sk)?(\.(?!pub(\.|$))[^/]*)?$`],
  // A key in a .ssh folder: named for its type (`id_rsa` above, `deploy_rsa`, `aws.pem`), or by
  // no more than a name with no dot (`ssh-keygen -f ~/.ssh/github`, gcloud's
  // google_compute_engine), but for the files ssh keeps there with no secret (red team s11).
  [["/.ssh/"], String.raw`/\.ssh/(?:[^/]*(_rsa|_dsa|_ecdsa|_ed25519|\.pem|\.key)|(?!(?:known_hosts[^/.]*|authorized_keys[^/.]*|config|environment|rc|allowed_signers)$)[\w@+-]+)$`],
  [[".netrc", ".pgpass", ".git-credentials", ".pypirc", ".npmrc", ".boto", ".dockercfg", ".vault-token"], String.raw`(^|/)\.(netrc|pgpass|git-credentials|pypirc|npmrc|boto|dockercfg|vault-token)$`],
  [["/.aws/"], String.raw`/\.aws/(credentials|sso/cache/)`],
  [[".gnupg"], String.raw`(^|/)\.gnupg(/(private-keys-v1\.d|secring)|/?$)`],
  [["/.password-store/"], String.raw`/\.password-store/`],
  [["/.docker/config.json"], String.raw`/\.docker/config\.json$`],
  [["/.kube/config"], String.raw`/\.kube/config$`],
  [["/etc/kubernetes/admin.conf"], String.raw`^/etc/kubernetes/admin\.conf$`],
  [["/.config/"], String.raw`/\.config/(gcloud/|gh/hosts|glab-cli/|containers/auth\.json|pypoetry/auth\.toml)`],
  [["/.cargo/credentials"], String.raw`/\.cargo/credentials(\.toml)?$`],
  [["/.gem/credentials"], String.raw`/\.gem/credentials$`],
  [["/.azure/"], String.raw`/\.azure/`],
  [["/Library/Keychains/"], String.raw`/Library/Keychains/`],
  // A credential folder itself: a recursive reader (`grep -r`, `tar c`, `cp -r`) takes every key in it.
  [["/.ssh", "/.aws", "/.password-store", "/.kube", "/.docker", "/.azure"], String.raw`/\.(ssh|aws|password-store|kube|docker|azure)/?$`],
  [["/.config/gcloud"], String.raw`/\.config/gcloud/?$`],
  [["/etc/"], String.raw`^/etc/(shadow|gshadow|sudoers)$`],
  // Agent and tool logins: Claude Code, Codex, Gemini CLI, Copilot, sops/age keys, MySQL, s3cmd,
  // Terraform Cloud, rclone, Supabase, GNOME keyrings, hub, pip and yarn registries, doctl,
  // Heroku, fly.io, wrangler, configstore (firebase and other Node CLIs).
  [["/.claude/", "/.codex/", "/.gemini/", "/.config/"], String.raw`/\.claude/\.credentials\.json$|/\.codex/auth\.json$|/\.gemini/oauth_creds\.json$|/\.config/github-copilot/(hosts|apps)\.json$`],
  [["/.config/", ".my.cnf", ".s3cfg", ".yarnrc.yml", "/.terraform.d/"], String.raw`/\.config/sops/age/keys\.txt$|(^|/)\.(my\.cnf|s3cfg|yarnrc\.yml)$|/\.terraform\.d/credentials\.tfrc\.json$|/\.config/rclone/rclone\.conf$`],
  [["/.supabase/", "/.local/share/keyrings", "/.config/", "/.pip/"], String.raw`/\.supabase/access-token$|/\.local/share/keyrings(/|$)|/\.config/hub$|/\.(pip|config/pip)/pip\.conf$|/\.config/doctl/config\.yaml$`],
  [["/.config/", "/.fly/", "/.wrangler/"], String.raw`/\.config/(heroku|configstore)(/|$)|/\.fly/config\.yml$|/\.wrangler/config/default\.toml$`],
  // Quarantined payloads (`.agent-guard/quarantine/tx/<tx>/payload/<n>`) and the folders that
  // hold them: a relocated `.env` or key is still a credential under its new name (red team 6 H4).
  [[".agent-guard"], String.raw`(^|/)\.agent-guard(/quarantine(/tx(/[^/]*(/payload(/.*)?)?)?)?)?/?$`],
  // Browser login stores: saved passwords, their key databases, cookies.
  [["Login Data", "logins.json", ".db", "Cookies"], String.raw`(^|/)(Login Data|logins\.json|key[34]\.db|Cookies)$`],
];
// The patterns grouped by hint (one expression per hint text), tested in this order.
const _STORE_HINTS: string[] = [];
const _STORE_SOURCES: string[] = [];
for (const [hints, pattern] of SECRET_STORES) {
  for (const hint of hints) {
    const at = _STORE_HINTS.indexOf(hint);
    if (at < 0) _STORE_HINTS.push(hint), _STORE_SOURCES.push(pattern);
    else _STORE_SOURCES[at] += `|${pattern}`;
  }
}
const _storePatterns: Array<RegExp | undefined> = [];
const _OTHER_HINTS = ["environ", "id_", "/etc/", "/Library/Keychains/", "Login Data", "logins.json", ".db", "Cookies"];

/**
 * Whether `path` names a credential store (SECRET_STORES). Every pattern's match starts with a
 * dot, holds `/.` or holds one of _OTHER_HINTS: most paths (`src/a.ts`, `file.txt`) hold none
 * and are answered by these few tests.
 */
function _isSecretStore(path: string): boolean {
  if (!path.startsWith(".") && !path.includes("/.") && !_holdsOther(path)) return false;
  for (let i = 0; i < _STORE_HINTS.length; i++) {
    if (path.includes(_STORE_HINTS[i]!) && (_storePatterns[i] ??= new RegExp(_STORE_SOURCES[i]!)).test(path)) return true;
  }
  return false;
}

function _holdsOther(path: string): boolean {
  for (const hint of _OTHER_HINTS) if (path.includes(hint)) return true;
  return false;
}

// Key material anywhere: only sending it over the network is flagged (reading a test fixture's
// key is ordinary work).
const KEY_FILE = /\.(pem|key|p12|pfx|keystore|jks|ppk)$/;

// Every name above holds one of these (a glob's match too, since its pattern keeps the text):
// most words are no path to a secret, and this one test says so without building candidates.
const _HINT = /\.|id_|Keychains|shadow|sudoers|environ|Login Data|Cookies/;

// Programs that name files without reading their content.
const NON_READERS = new Set(["echo", "printf", "ls", "tree", "find", "stat", "test", "[", "[[", "touch", "mkdir", "rm", "rmdir", "unlink", "chmod", "chown", "which", "type", "file", "du", "git", "wc", "realpath", "readlink", "basename", "dirname", "trash", "shred", "truncate"]);
// Wrappers read nothing themselves: the command they run is analysed on its own (built on first
// use: wrappers.ts imports this module through analyze.ts).
let _wrappers: Set<string> | undefined;
const wrappers = () => (_wrappers ??= new Set([...WRAPPER_NAMES, "env"]));

/**
 * The path a word names, if any: the word, an option's `=value`, a `file://` URL, a `rev:path`.
 * A word with an unknown part names at least its known text: `$HOME/.ssh/id_rsa` in a function
 * body (where HOME may have changed) still ends in a key.
 */
function _paths(word: Word, cwd: string | null = null): string[] {
  if (word.dynamic) return word.value.includes("/") ? [word.value] : [];
  // A glob names what it matches (`~/.aws/credential?`, `.e*` in the working directory).
  const pattern = word.pattern.startsWith("/") ? word.pattern : cwd === null ? null : `${cwd}/${word.pattern}`;
  const matches = word.glob && pattern !== null ? expandGlob(pattern) : null;
  if (matches && matches.length > 0) return matches.slice(0, 64);
  const v = word.glob ? _globText(word.value) : word.value;
  const out = [v];
  const eq = v.indexOf("=");
  if (v.startsWith("-") && eq > 0) out.push(v.slice(eq + 1));
  if (v.startsWith("file://")) out.push(v.slice(7));
  const colon = v.indexOf(":");
  if (colon > 0 && !v.includes("://")) out.push(v.slice(colon + 1));
  const paths = out.map((p) => p.replace(/^[@<]/, ""));
  // On Windows `.env.` and `.env::$DATA` open `.env` (win32-names.ts).
  return win32Names.value ? [...paths, ...paths.map((p) => win32Path(p) ?? p)] : paths;
}

/** A glob's literal text: `*`, `?` and bracket expressions dropped (one pass: `[[[[…` is no rescan per bracket). */
function _globText(glob: string): string {
  let out = "";
  let closed = true;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*" || c === "?") continue;
    if (c === "[" && closed) {
      const end = glob.indexOf("]", i + 1);
      if (end >= 0) {
        i = end;
        continue;
      }
      closed = false;
    }
    out += c;
  }
  return out;
}

/** Whether a word names a credential store (glob characters are ignored: `.env?` counts). */
export function isSecretPath(word: Word, cwd: string | null = null): boolean {
  if (!_HINT.test(word.value)) return false;
  return _plainPath(word) ? _isSecretStore(word.value) : _paths(word, cwd).some((p) => _isSecretStore(p));
}

/** Whether a word names a credential store or key material (for uploads). */
export function isSecretFile(word: Word): boolean {
  if (!_HINT.test(word.value)) return false;
  if (_plainPath(word)) return _isSecretStore(word.value) || KEY_FILE.test(word.value);
  return _paths(word).some((p) => _isSecretStore(p) || KEY_FILE.test(p));
}

/**
 * Whether the only path a word names is its text (most words): known, not a glob, no option's
 * `=value`, no `:` (`file://`, `rev:path`), no leading `@` or `<`, no Windows spellings. _paths
 * would return `[word.value]`: the caller tests it without building that list.
 */
function _plainPath(word: Word): boolean {
  if (word.dynamic || word.glob || win32Names.value) return false;
  const first = word.value[0];
  return first !== "-" && first !== "@" && first !== "<" && !word.value.includes(":");
}

// The home's credential folders and files, relative to it (session 9): a repository made of one,
// or of the home or a folder above it, takes their keys in with `git add` and sends them with
// `git push`. `~/.config` as a whole holds gcloud's and gh's logins; its other folders do not.
const HOME_CREDENTIALS = /^(?:\.(?:ssh|aws|gnupg|password-store|kube|docker|azure)|\.config$|\.config\/(?:gcloud|gh|glab-cli|containers|pypoetry)|\.(?:netrc|pgpass|git-credentials|pypirc|npmrc|boto|dockercfg|vault-token)|\.cargo\/credentials(?:\.toml)?|\.gem\/credentials)(?:\/|$)/;

/** Whether a folder or file (absolute, normalised) is the home, a folder above it, or a credential folder or file of the home (or inside one). */
export function holdsCredentials(path: string, home: string): boolean {
  if (path === home || path === "/" || home.startsWith(`${path}/`)) return true;
  return path.startsWith(`${home}/`) && HOME_CREDENTIALS.test(path.slice(home.length + 1));
}

/** Whether a program reads the files its arguments name (`cat` does; `ls`, `echo`, `rm` do not). */
export function readsArguments(name: string, args: Word[]): boolean {
  // git reads the files of some subcommands' operands and options (git-file-readers.ts); the
  // words it does not read are unreadWords' (unread-words.ts).
  return !NON_READERS.has(name) || (name === "git" && gitReadWords(args.map((a) => a.value)) !== null);
}

/**
 * Any program reading a credential store named in its arguments (`cat`, `awk`, `date --file`,
 * `cp`). Words it only writes or that name no file (unread-words.ts) are not reads. With the
 * line's `state`, a symlink is followed to what it names (file-identity.ts).
 */
export function secretArgOps(name: string, args: Word[], cwd: string | null, state?: AnalyzeContext["state"]): Op[] {
  // readsArguments, with git's read words asked once for it and unreadWords.
  const gitRead = name === "git" ? gitReadWords(args.map((a) => a.value)) : undefined;
  if (gitRead === null || (gitRead === undefined && NON_READERS.has(name))) return [];
  if (wrappers().has(name)) return [];
  const unread = unreadWords(name, args, gitRead);
  const addresses = ADDRESS_CLIENTS.has(name);
  // The code a shell or interpreter is given inline (`bash -c TEXT`, `python -c CODE`) is run,
  // not opened: it is no file name, and no link of that name is read (script-operands.ts reads
  // which words are code, as the handler did for the same words).
  const inline = SHELL_NAMES.has(name) || Object.hasOwn(LANGUAGES, name) ? scriptOperands(name, args)?.inline : undefined;
  // The symlink test follows only the words the program may open a file by.
  const follow = state !== undefined && !OPEN_NO_FILE.has(name) && !(name === "eval" && !args.some((a) => a.dynamic));
  const text = follow ? _textWords(name, args) : undefined;
  let secrets: Word[] | undefined;
  // After `--` a word that begins with `-` is an operand, a file name as a whole (`cat -- -x`).
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    // Inline code is read by its own analysis (the shell's parse, code-secrets.ts's literals).
    if (unread.has(a) || inline?.includes(a)) continue;
    if (isSecretPath(a, cwd) || (follow && !(addresses && !_optionWord(a, ended) && _opensNoFile(name, args, i)) && !text?.includes(i) && _linksToSecret(a, state, name, ended))) (secrets ??= []).push(a);
    if (a.value === "--" && !a.dynamic) ended = true;
  }
  // An archive's members are no reads (asked only once a word would count: most lines have none).
  if (secrets && TARS.has(name)) secrets = _tarRead(args, secrets);
  else if (secrets && EXTRACTORS.has(name)) secrets = _unread(secrets, extractors().unreadMembers(name, args));
  return secrets ? [op("secret", name, secrets)] : [];
}

/**
 * The indexes of the words a program opens no file by: those it takes as text, grep's and rg's
 * patterns (search-patterns.ts), git's subcommand (after known words only), and the first word
 * of a program whose first word, when it is no option, is always a subcommand (`kubectl get`,
 * `docker ps`, `cargo build`: a plugin is looked up in PATH, never opened by that name) or
 * tar's old-style option letters (`tar czf out.tgz src`: GNU and BSD tar read a first word
 * without `-` as options, never as a file; the values they take are the next words); and
 * xargs's command with its arguments, which the analysis judges as the command it runs (xargs.ts),
 * as a wrapper's (its options, `-a FILE` among them, are still followed); parallel's command,
 * or the commands its one `:::` source lists, when no option comes first (parallel's options
 * may name files: `-a FILE`, `--sshloginfile FILE`, and its handler reads them loosely).
 */
function _textWords(name: string, args: Word[]): number[] | undefined {
  if (SEARCHERS.has(name)) return searchPatterns(name, args);
  if (name === "xargs") return _from(args, xargsOptions(args)?.command ?? args.length, args.length);
  if (name === "parallel") {
    const first = args[0];
    if (first === undefined || first.dynamic || first.value.startsWith("-")) return undefined;
    const sep = args.findIndex((a) => PARALLEL_SEPARATORS.has(a.value));
    // A computed word makes the command unknown to the handler: it is judged as nothing then.
    const end = sep < 0 ? args.length : sep;
    if (sep !== 0) return args.some((a, i) => i < end && a.dynamic) ? undefined : _from(args, 0, end);
    // `parallel ::: CMD…`: each word a command (xargs.ts parallel), when no other source follows.
    return first.value === ":::" && !args.some((a, i) => i > 0 && (a.dynamic || PARALLEL_SEPARATORS.has(a.value))) ? _from(args, 1, args.length) : undefined;
  }
  if (name === "git") {
    const at = gitSubcommandAt(args.map((a) => a.value));
    return at >= 0 && !args.slice(0, at + 1).some((a) => a.dynamic) ? [at] : undefined;
  }
  return FIRST_WORD_NO_FILE.has(name) && args[0] && !args[0].dynamic && !args[0].value.startsWith("-") ? [0] : undefined;
}

// tar's names (programs.ts: libarchive's bsdtar reads tar's options) and tar-args.ts, loaded as
// flows.ts loads it (loaded-analysers.ts).
const TARS = new Set(["tar", "bsdtar"]);
const tarArgs = (): typeof import("./tar-args.ts") => (LOADED.tarArgs ??= require("./tar-args.ts"));

/**
 * Of the words `secrets` tar would read, those it does read: not the members an extraction writes
 * or a listing or delete matches (tar-args.ts tarMembers: `tar -xf a.tar id_rsa` writes
 * `./id_rsa`, judged as written by tar.ts; session 13). Undefined when none is left.
 */
function _tarRead(args: Word[], secrets: Word[]): Word[] | undefined {
  return _unread(secrets, tarArgs().tarMembers(tarArgs().tarArgs(args)));
}

// unzip's and 7-Zip's names (programs.ts) and extractors.ts, loaded as tar-args.ts is.
const EXTRACTORS = new Set(["unzip", "7z", "7za", "7zr", "7zz"]);
const extractors = (): typeof import("./extractors.ts") => (LOADED.extractors ??= require("./extractors.ts"));

/** `secrets` but the `members` (extractors.ts unreadMembers: `unzip A.zip .env` writes `./.env`); undefined when none is left. */
function _unread(secrets: Word[], members: Word[]): Word[] | undefined {
  const read = members.length ? secrets.filter((w) => !members.includes(w)) : secrets;
  return read.length ? read : undefined;
}

const PARALLEL_SEPARATORS = new Set([":::", ":::+", "::::", "::::+"]);

/** The indexes from `start` up to `end`, or undefined when there are none. */
function _from(args: Word[], start: number, end: number): number[] | undefined {
  const out: number[] = [];
  for (let i = start; i < end && i < args.length; i++) out.push(i);
  return out.length > 0 ? out : undefined;
}

const FIRST_WORD_NO_FILE = new Set(["kubectl", "docker", "podman", "helm", "cargo", "terraform", "systemctl", "tar"]);

// Programs that open no file by any word they are given (the symlink test only: each word's
// text is still tested): the shell's builtins that take names, assignments or numbers (`unset
// x`, `export A=b`, `read LINE`, `hash -p /bin/rm x`) and sleep. eval's words are code the
// analysis reads as the commands it runs when none is computed (secretArgOps).
const OPEN_NO_FILE = new Set(["unset", "export", "declare", "typeset", "local", "readonly", "read", "hash", "alias", "sleep"]);

// Programs given addresses, not files: socat, nc and its variants, curl, GNU parallel, and
// rsync's and scp's remote files.
const ADDRESS_CLIENTS = new Set(["socat", "nc", "ncat", "netcat", "curl", "parallel", "rsync", "scp"]);

/**
 * Whether the program opens no file by the name `args[i]` spells, so that no symlink of that
 * name is read through it (the symlink test only: the word's text is still tested). Only
 * operands, words no option can take as its value (`curl -T FILE`, `nc -K FILE`, `socat -lf
 * FILE` and a word after an unknown word are still looked up), and only where the program's
 * own grammar gives them another meaning:
 * - socat: an address whose part before the first `:` or `,` holds no `/` is a keyword address
 *   (`TCP:host:port`, `OPEN:file`, `EXEC:cmd`) or a file descriptor (`3`); only one with a `/`
 *   there names a file (GOPEN). The file of a keyword address (`OPEN:x`) is not the word's
 *   whole text, which is all the symlink test looks up.
 * - nc, ncat, netcat: a host or a port (with `-U` a socket path: then, or when an unknown word
 *   may be `-U`, every word is looked up).
 * - curl: a URL, never opened by its text (a `file://` URL opens the path after the scheme).
 * - parallel: the separators `:::`, `:::+`, `::::` and `::::+`, once the command has begun or
 *   after a word that is no option (parallel's options end at the command), unless another
 *   separator may be set (`--arg-sep`, `--arg-file-sep`, an unknown word).
 * - rsync, scp: a remote file (`host:path`, `host::module`, `rsync://…`): a `:` with a host
 *   before it and no `/` before it (`./a:b` and `:x` are local names), not on Windows (`C:`).
 */
function _opensNoFile(name: string, args: Word[], i: number): boolean {
  const v = args[i]!.value;
  switch (name) {
    case "socat": {
      const end = v.search(/[:,]/);
      return !(end < 0 ? v : v.slice(0, end)).includes("/") && _operand(args, i, SOCAT_NO_VALUE);
    }
    case "parallel":
      if (!(v === ":::" || v === ":::+" || v === "::::" || v === "::::+") || args.some((a) => a.dynamic || a.value.startsWith("--arg"))) return false;
      return _operand(args, i, NONE) || args.some((a, j) => j < i && !a.value.startsWith("-") && _operand(args, j, NONE));
    case "curl":
      return _operand(args, i, CURL_NO_VALUE);
    case "rsync":
    case "scp":
      return REMOTE_FILE.test(v) && !win32Names.value && _operand(args, i, name === "rsync" ? RSYNC_NO_VALUE : SCP_NO_VALUE);
    default:
      return !args.some((a) => a.dynamic || a.value === "--unixsock" || /^-[a-zA-Z0-9]*U/.test(a.value)) && _operand(args, i, NC_NO_VALUE);
  }
}

// Options that take no value (a word after one of them, or after a cluster of only such
// letters, is no option's value): curl's; those of every nc (OpenBSD, netcat, ncat, busybox);
// socat's; rsync's and scp's.
const CURL_NO_VALUE = /^-[sSLfkiIvOgGjJlnNpRBaM]+$/;
const NC_NO_VALUE = /^-[lvnzuk46]+$/;
const SOCAT_NO_VALUE = /^-(d+|[DuUvxgs46]|lu|lh|ly\w*|lm\w*)$/;
const RSYNC_NO_VALUE = /^-[avqcrRbulLkKHpEAXogDtOJUNIxCymnWSzPhidFs08]+$/;
const SCP_NO_VALUE = /^-[346ABCOpqRrTv]+$/;
const REMOTE_FILE = /^[^/:]+:/;
const NONE = /(?!)/;

/**
 * Whether `args[i]` is an operand: the first word, or a word after a known word that is no
 * option (an operand or an option's value: no option takes two), after a `--long=value`, or
 * after an option `noValue` matches.
 */
function _operand(args: Word[], i: number, noValue: RegExp): boolean {
  if (i === 0) return true;
  const prev = args[i - 1]!;
  if (prev.dynamic) return false;
  const v = prev.value;
  return !v.startsWith("-") || (v.startsWith("--") && v.includes("=")) || noValue.test(v);
}

/**
 * Whether a word is an option (before `--`): an address client's option is no address, and its
 * attached value may name a file (`curl -KLINK`, `curl --config=LINK`).
 */
function _optionWord(a: Word, ended: boolean): boolean {
  return !ended && !a.dynamic && a.value.length > 1 && a.value.startsWith("-");
}

/** A word naming a symlink (on disk, or made earlier in the line) to a credential store. */
function _linksToSecret(word: Word, state: AnalyzeContext["state"], name: string, operand: boolean): boolean {
  if (word.dynamic || word.glob) return false;
  const path = word.value.startsWith("-") && !operand ? _attachedValue(word.value, name) : word.value;
  if (!path) return false;
  const real = fileKeys(path, state)[1];
  return real !== undefined && isSecretPath({ ...word, value: real, pattern: real });
}

/**
 * The file an option word names with its value attached: a long option's `=VALUE`
 * (`--arg-file=LINK`, `date --file=LINK`), and a short option that takes a file the program
 * reads, as SHORT_FILE_OPTIONS lists them for that program (getopt reads the rest of the word as
 * its value: `grep -fLINK`, `wget -iLINK`, also after other letters of a cluster, `ssh-keygen
 * -yfLINK`; a letter that is another option's value only makes one lookup too many). Undefined
 * for any other option word, and for every short option of a program the table does not name.
 */
function _attachedValue(option: string, name: string): string | undefined {
  if (option.startsWith("--")) {
    const eq = option.indexOf("=");
    return eq < 0 ? undefined : option.slice(eq + 1);
  }
  const letters = SHORT_FILE_OPTIONS.get(name);
  if (letters === undefined) return undefined;
  for (let at = 1; at + 1 < option.length; at++) if (letters.includes(option[at]!)) return option.slice(at + 1);
  return undefined;
}

// Per program, the letters of the short options whose value is a file it reads: a list of
// arguments, URLs, names or patterns, a program, a script, a patch, a configuration, a key, an
// attachment. A letter whose value the program writes (`wget -a LOG`) or that names no file
// (`sort -T DIR`, `pr -h HEADER`) is not listed. awk's `-fFILE` is its program, which the awk
// reader judges itself.
const SHORT_FILE_OPTIONS: ReadonlyMap<string, string> = new Map([
  ["xargs", "a"], // --arg-file
  ["grep", "f"], // --file: patterns
  ["egrep", "f"],
  ["fgrep", "f"],
  ["rg", "f"],
  ["ssh-keygen", "f"], // the key
  ["tar", "TX"], // --files-from, --exclude-from
  ["sed", "f"], // --file: the script
  ["curl", "K"], // --config
  ["wget", "i"], // --input-file: URLs
  ["aria2c", "i"], // --input-file
  ["patch", "i"], // --input: the patch
  ["date", "f"], // --file: dates
  ["jq", "f"], // --from-file: the filter
  ["make", "f"], // --file: the makefile
  ["cpio", "EI"], // --pattern-file, the archive read
  ["ssh", "F"], // the configuration
  ["scp", "F"],
  ["sftp", "bF"], // the batch file, the configuration
  ["nc", "K"], // OpenBSD nc's TLS key
  ["mutt", "aiH"], // an attachment, a file included in the body, a draft
]);

/** macOS `security`: dumping the keychain or printing a stored password. */
export const keychain: Handler = ({ name, args }) => {
  const sub = args[0]?.value ?? "";
  const reveals = sub === "dump-keychain" || (/^find-(generic|internet)-password$/.test(sub) && args.some((a) => /^-[a-zA-Z]*[wg]/.test(a.value)));
  return reveals ? [op("secret", name)] : [];
};
