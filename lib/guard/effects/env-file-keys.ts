import { lstatSync, readFileSync } from "node:fs";

/**
 * What the guard reads of a `.env` file on disk before it lets a loader or a key listing use it
 * (env-loaders.ts, session 19): the names it defines, never its values. A file that is missing,
 * not a plain file (a symlink, a folder, a pipe), larger than MAX_BYTES or unreadable gives null,
 * and the line is judged as before (a read of a credential file).
 */
export interface EnvFileKeys {
  /** The names the file defines (`NAME=…` lines, `export NAME=…` too). */
  names: string[];
  /**
   * Every line is blank, a comment, or `[export ]NAME=VALUE` with a VALUE the shell only assigns:
   * no command substitution, no `;`, `&`, `|`, redirection or line continuation. Only such a file
   * is sourced as the assignments it spells (`source .env` runs any other text as commands).
   */
  shellSafe: boolean;
  /**
   * Every line that is not blank or a comment begins with its name and `=`: field 1 of each line
   * split at `=` (`cut -d= -f1`, awk's `$1`, sed's value-free-reads.ts SED_STRIP) is a name. A quote a line opens and does
   * not close breaks this: the lines after it are value text, even those shaped like `NAME=`.
   */
  keyLines: boolean;
  /**
   * Every line is blank, a comment beginning in its first column, or `NAME=VALUE` with a VALUE
   * of no whitespace, quote or backslash: `export $(grep -v '^#' .env | xargs)` gives export one
   * `NAME=VALUE` word per line (a value split in two would reach export's error message).
   */
  wordLines: boolean;
  /** A comment line beginning in the first column (`cat .env | xargs` would hand its words to export). */
  comments: boolean;
}

const MAX_BYTES = 64 * 1024;
const WORD_LINE = /^[A-Za-z_]\w*=[^\s'"\\]*$/;
const KEY_LINE = /^\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*=/;
// A value opening a quote it does not close on its line (a `"` escaped by a backslash is no close).
const OPEN_QUOTE = /^\s*(?:"(?:[^"\\]|\\.)*|'[^']*)$/;
// A whole line the shell reads as one assignment: the value single-quoted, double-quoted with no
// `$(`, backtick or lone backslash, or unquoted with none of the characters that end a word or
// start a command; `$NAME` and `${NAME}` expansions are allowed. A comment may follow.
const SHELL_ASSIGNMENT = /^\s*(?:export\s+)?[A-Za-z_]\w*=(?:'[^']*'|"(?:[^"\\$`]|\\[^\n]|\$(?:[A-Za-z_]\w*|\{[A-Za-z_]\w*\}))*"|[^\s'"\\$`;&|<>(){}]|\$(?:[A-Za-z_]\w*|\{[A-Za-z_]\w*\}))*(?:\s+#.*)?\s*$/;

/** The names a `.env` file defines and the shape of its lines (EnvFileKeys), or null when it cannot be read as a plain small file. */
export function envFileKeys(path: string): EnvFileKeys | null {
  let text: string;
  try {
    const entry = lstatSync(path);
    if (!entry.isFile() || entry.size > MAX_BYTES) return null;
    text = readFileSync(path, "utf8");
  } catch {
    return null;
  }
  const names: string[] = [];
  let shellSafe = true;
  let keyLines = true;
  let wordLines = true;
  let comments = false;
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (line.startsWith("#")) comments = true;
    else if (trimmed !== "" && !WORD_LINE.test(line)) wordLines = false;
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    const key = KEY_LINE.exec(line);
    if (key) names.push(key[1]!);
    // A value whose quote this line does not close goes on over the next lines, which may look
    // like `NAME=` lines (a base64 line ending in `==`): their field 1 is value text.
    if (!key || OPEN_QUOTE.test(line.slice(key[0].length))) keyLines = false;
    if (shellSafe && !SHELL_ASSIGNMENT.test(line.replace(/\r$/, ""))) shellSafe = false;
  }
  return { names, shellSafe, keyLines, wordLines, comments };
}

/**
 * Names whose value changes what the shell or a program runs or where it sends data, or what the
 * guard assumed when it judged the rest of the line (the names the guard reads from the
 * environment among them): the command search path, the home and temporary folders, git's and
 * other tools' repositories, editors, pagers and hooks, preloaded libraries and modules, package
 * indexes, shell start-up files and tracing; also where programs send data and whom they trust
 * (proxies, certificate stores, TLS checks, the AWS CLI's endpoints and config, whose
 * credential_process runs a command) and code they load (OpenSSL engines, glibc converters,
 * RUSTC_WRAPPER, MAKEFLAGS, runtimes' start-up hooks, binary download mirrors). A `.env` that sets one is not loaded unasked
 * (`GIT_WORK_TREE=~` in it turns the guard's reading of a later `git clean -fdx` false). Names
 * apps commonly set that change none of this stay allowed (`NODE_ENV`, `PYTHONUNBUFFERED`,
 * `DOCKER_BUILDKIT`, `COMPOSE_PROJECT_NAME`).
 */
export const BEHAVIOUR_NAME =
  /^(?:PATH|HOME|PWD|OLDPWD|CDPATH|TMPDIR|TMP|TEMP|IFS|ENV|BASH_ENV|BASHOPTS|SHELLOPTS|PS[0-4]|PROMPT_COMMAND|GLOBIGNORE|SHELL|ZDOTDIR|EDITOR|VISUAL|PAGER|MANPAGER|BROWSER|KUBECONFIG|AWKPATH|GREP_OPTIONS|TAR_OPTIONS|TF_CLI_ARGS\w*|WGETRC|SYSTEM_WGETRC|CURL_HOME|RIPGREP_CONFIG_PATH|PKG_CONFIG\w*|GEM_\w*|CC|CXX|GCCGO|CLAUDE_CONFIG_DIR|CODEX_HOME|JAVA_TOOL_OPTIONS|JDK_JAVA_OPTIONS|_JAVA_OPTIONS|GNUPGHOME|LESS\w*|NODE_OPTIONS|NODE_PATH|GO(?:FLAGS|PROXY|NOPROXY|PATH|ROOT|BIN|PRIVATE|NOSUMDB|SUMDB|INSECURE|AUTH|VCS|MODCACHE|TOOLCHAIN|ENV)|PYTHON(?!UNBUFFERED$|DONTWRITEBYTECODE$|IOENCODING$|WARNINGS$|HASHSEED$)\w*|DOCKER_(?!BUILDKIT$|DEFAULT_PLATFORM$)\w*|COMPOSE_(?!PROJECT_NAME$)\w*|(?:LD|DYLD|GIT|BASH|PERL|RUBY|NPM|PNPM|YARN|BUN|DENO|PIP|UV|CARGO|XDG|SSH|SUDO|HG|BRZ|BZR|SVN|JJ|RSYNC|LEOGRIEL|AGENT_GUARD)\w*|\w*_ASKPASS|(?:HTTPS?|FTP|ALL|NO)_PROXY|SSL_CERT_(?:FILE|DIR)|CURL_CA_BUNDLE|REQUESTS_CA_BUNDLE|NODE_EXTRA_CA_CERTS|NODE_TLS_REJECT_UNAUTHORIZED|HOSTALIASES|AWS_CONFIG_FILE|AWS_SHARED_CREDENTIALS_FILE|AWS_ENDPOINT_URL\w*|OPENSSL_(?:CONF|MODULES|ENGINES)|GCONV_PATH|LOCPATH|RUSTC\w*|RUSTFLAGS|RUSTDOC\w*|MAKEFLAGS|MFLAGS|MAKEFILES|MAVEN_OPTS|GRADLE_OPTS|LUA_(?:INIT|PATH|CPATH)\w*|PHPRC|PHP_INI_SCAN_DIR|DOTNET_STARTUP_HOOKS|CORECLR_\w*|ELECTRON_RUN_AS_NODE|NODE_REPL_EXTERNAL_MODULE|COREPACK_\w*|\w*_MIRROR|\w*DOWNLOAD_(?:HOST|BASE_URL)|GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES)$/i;
