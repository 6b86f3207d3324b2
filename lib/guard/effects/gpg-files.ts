import type { Op } from "../ops.ts";
import { withoutTrailingSlash } from "../paths.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import type { Handler, Invocation } from "./context.ts";
import { wordFrom } from "./getopt.ts";
import { envValue } from "./implicit-inputs.ts";
import { outputOption } from "./output-options.ts";
import { createdFiles } from "./sinks.ts";

// gpg's long options that name a file it writes (gpg takes unique prefixes: `--status-fi`), and the other valued ones.
const GPG_WRITES = ["output", "Output", "status-file", "logger-file", "log-file", "attribute-file"];
const GPG_VALUED = ["recipient", "local-user", "homedir", "default-key", "keyring", "secret-keyring", "primary-keyring", "trustdb-name", "passphrase", "passphrase-file", "passphrase-fd", "cipher-algo", "digest-algo", "compress-algo", "keyserver", "trust-model", "set-filename", "comment", "status-fd", "logger-fd", "attribute-fd", "command-fd", "command-file", "recipient-file", "hidden-recipient-file", "hidden-recipient", "encrypt-to", "hidden-encrypt-to", "max-output", "set-filesize", "export-options", "import-options", "list-options", "verify-options", "photo-viewer", "exec-path", "override-session-key-fd", "default-recipient", "s2k-cipher-algo", "s2k-digest-algo", "personal-cipher-preferences", "personal-digest-preferences", "personal-compress-preferences", "agent-program", "dirmngr-program", "keyid-format", "sender", "pinentry-mode", "weak-digest", "assert-signer"];
const OUTPUTS = outputOption({ short: "o", valued: "ruzRf", long: GPG_WRITES, valuedLong: GPG_VALUED }, true);

// The files gpg keeps keys and trust in: options naming one, and the folder holding the defaults.
const FILES = ["keyring", "secret-keyring", "primary-keyring", "trustdb-name", "homedir"];
// Commands and options that change the keyring (import, generate, sign, edit, delete keys, or
// fetch them while verifying); any other command only reads it.
const KEY_CHANGES =
  "import recv-keys receive-keys fetch-keys refresh-keys locate-keys locate-external-keys auto-key-retrieve auto-key-locate gen-key generate-key full-gen-key full-generate-key quick-gen-key quick-generate-key quick-add-key quick-addkey quick-add-uid quick-adduid quick-revoke-uid quick-revuid quick-revoke-sig quick-set-expire quick-set-primary-uid quick-sign-key quick-lsign-key sign-key lsign-key edit-key key-edit delete-keys delete-key delete-secret-keys delete-secret-key delete-secret-and-public-keys delete-secret-and-public-key change-passphrase passwd card-edit edit-card import-ownertrust".split(
    " ",
  );
// Whole option names that a prefix of a key change would otherwise match (`--sign` is no `--sign-key`).
const READS = ["sign", "edit", "import-options", "import-filter", "delete", "locate", "passphrase", "passphrase-file", "passphrase-fd", "passphrase-repeat"];

/**
 * gpg, gpg2, gpgv, gpgsm: the files options name (`-o`, `--status-file`, …: output-options.ts), and
 * the key files (session 4): gpg writes its trust database (`--trustdb-name FILE`, created, or
 * replaced when empty) on nearly every run, and a keyring (`--keyring`, `--secret-keyring`,
 * `--primary-keyring FILE`, created when missing) when it imports, generates, signs, edits or
 * deletes keys; `--homedir DIR` (or GNUPGHOME) holds `pubring.kbx` and `trustdb.gpg`. A name
 * starting with `~/` is gpg's own home expansion, one without a slash lives in the home folder.
 * Each is changed in place, or created when missing: outside the workspace that asks, in
 * protected storage or a system tree it blocks. gpgv writes none of them.
 */
export const gpg: Handler = (inv) => [...OUTPUTS(inv), ...(inv.name === "gpgv" ? [] : _keyFiles(inv))];

function _keyFiles(inv: Invocation): Op[] {
  const given = new Map<string, Word[]>();
  let changes = false;
  const args = inv.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (!v.startsWith("--")) continue;
    if (v === "--" && !a.dynamic) break;
    const eq = v.indexOf("=");
    // An expansion in the name itself (`--"$X"`) is not read; one in the value (`--keyring="$K"`) is an unknown file.
    if (a.dynamic && eq < 0) continue;
    const name = v.slice(2, eq < 0 ? undefined : eq);
    const file = FILES.find((f) => f === name || (name.length >= 3 && f.startsWith(name) && !FILES.some((g) => g !== f && g.startsWith(name))));
    if (file) {
      const value = eq >= 0 ? wordFrom(a, eq + 1) : args[++i];
      if (value) given.set(file, [...(given.get(file) ?? []), value]);
    } else if (KEY_CHANGES.includes(name) || (!READS.includes(name) && name.length >= 3 && KEY_CHANGES.some((k) => k.startsWith(name)))) changes = true;
  }
  const env = _gnupgHome(inv);
  const home = inv.ctx.home;
  const homedir = given.get("homedir")?.at(-1) ?? (env && (env.dynamic || env.value) ? env : undefined);
  const dir = homedir ? _expand(homedir, home) : undefined;
  // The default folder is not judged (every gpg run writes there).
  const custom = dir !== undefined && (dir.dynamic || withoutTrailingSlash(dir.value) !== `${home}/.gnupg`);
  const inHome = (w: Word): Word => {
    const x = _expand(w, home);
    if (x.dynamic || x.value.includes("/")) return x;
    const base = dir ?? literalWord(`${home}/.gnupg`, true);
    return base.dynamic ? base : literalWord(`${base.value}/${x.value}`, true);
  };
  const files: Word[] = [];
  const trustdb = given.get("trustdb-name")?.at(-1);
  if (inv.name !== "gpgsm") {
    if (trustdb) files.push(inHome(trustdb));
    else if (custom) files.push(inHome(literalWord("trustdb.gpg")));
  }
  if (custom) files.push(inHome(literalWord("pubring.kbx")));
  if (changes) for (const k of ["keyring", "secret-keyring", "primary-keyring"]) files.push(...(given.get(k) ?? []).map(inHome));
  return createdFiles(inv.name, files, true);
}

/** GNUPGHOME from the command's prefix, `env X=…` or the line; undefined when unset. */
function _gnupgHome(inv: Invocation): Word | undefined {
  const value = envValue(inv, "GNUPGHOME", false);
  return value === undefined ? undefined : value === null ? unknownWord() : literalWord(value, true);
}

/** gpg's own expansion of a leading `~/` (an option's `=~/…` is not expanded by bash). */
function _expand(w: Word, home: string): Word {
  if (w.dynamic || !w.value.startsWith("~/")) return w;
  return literalWord(`${home}${w.value.slice(1)}`, true);
}
