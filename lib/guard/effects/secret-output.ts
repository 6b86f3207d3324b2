import { literalWord, type Redirect, type SimpleCommand, type Word } from "../syntax.ts";
import type { Invocation } from "./context.ts";
import { envPrints, holdsSecretVariable, printenvPrints, programEnvironment, psPrintsEnvironment } from "./env-output.ts";
import { programName } from "./names.ts";
import { PASS_THROUGH } from "./pass-through.ts";
import { shellText, stdoutCommands, type ShellText } from "./shell-printed.ts";
import { xargsFedCommand } from "./xargs-input.ts";

/**
 * Commands whose output is secret data: the environment (`env`, `printenv`, and the builtins
 * `export`, `set`, `declare -p`, `typeset -p`, `readonly`), and credentials printed by the tools
 * that keep them (`git credential fill`, `gh auth token`, `aws configure export-credentials`,
 * `gcloud auth print-access-token`, `az account get-access-token`, `op read`, `pass show`, …) or
 * echoed from a variable named like one (`echo "$GITHUB_TOKEN"`, `printf %s "$(gh auth token)"`).
 * Piped to a sender (ASK_DATA_EGRESS), or written into a file that is then uploaded (a secret's
 * bytes, flows.ts), it is local data the guard cannot enumerate. Printed to the terminal only it
 * is ordinary tool use (`gh auth token`, `aws ecr get-login-password`): not flagged.
 */
type SecretPrint = "environment" | "credentials";

/** `at`: the command and its context, to read what a program file prints (env-output.ts programEnvironment: awk's `-f FILE`). */
export function secretOutput(name: string, args: Word[], at?: Pick<Invocation, "cmd" | "ctx">): SecretPrint | null {
  // `npm run env` lists the environment a script would get, when package.json names no env script.
  if (name === "npm" && /^(?:run|run-script|rum|urn)$/.test(args[0]?.value ?? "") && args[1]?.value === "env") return "environment";
  switch (name) {
    case "env": {
      const printed = envPrints(args);
      return printed === "environment" ? "environment" : printed === "clean" ? null : secretOutput(printed.command[0]?.value ?? "", printed.command.slice(1), at);
    }
    case "printenv":
      return printenvPrints(args) === "clean" ? null : "environment";
    case "export":
    case "readonly":
      // With no name (or only -p) they list every exported or read-only variable with its value.
      return args.every((a) => a.dynamic || /^-[pfn]*$/.test(a.value)) && !args.some((a) => /f/.test(a.value)) ? "environment" : null;
    case "set":
      // `set` alone prints every shell variable; with options or `--` it sets them.
      return args.length === 0 || args.some((a) => a.dynamic && !a.value) ? "environment" : null;
    case "declare":
    case "typeset":
      return _declarePrints(args) ? "environment" : null;
    case "compgen":
      return _compgenListsVariables(args) ? "environment" : null;
    case "ps":
      return psPrintsEnvironment(args) ? "environment" : null;
    case "envsubst":
      return _envsubstPrints(args) ? "environment" : null;
    case "make":
    case "gmake":
      // `make -p` prints its variable database, the environment's variables with their values among them.
      return args.some((a) => a.value === "--print-data-base" || /^-[a-zA-Z]*p/.test(a.value)) ? "environment" : null;
    case "echo":
    case "printf":
    case "print":
      return args.some((a) => holdsSecretText(a, at)) ? "credentials" : null;
    case "xargs": {
      // The command xargs runs, given names read from stdin (`compgen -e | xargs -I{} printenv {}`).
      const fed = xargsFedCommand(args);
      return fed === null || fed[0]!.dynamic ? null : secretOutput(programName(fed[0]!), fed.slice(1), at);
    }
    default: {
      // Shell text prints what its commands print (`bash -c env > t`, `eval 'gh auth token'`).
      const shell = at?.cmd && shellText(name, args, at.cmd, at.ctx);
      if (shell) return _scriptSecretOutput(shell, at!);
      // Code printing the environment (`jq -n env`, `node -p process.env`); one variable it names is like one credential printed.
      const code = programEnvironment(name, args, at);
      if (code !== null) return code === "environment" ? "environment" : "credentials";
      return _printsCredentials(name, args) ? "credentials" : null;
    }
  }
}

/** A word holding a credential: a variable's value named like one (env-output.ts holdsSecretVariable), or what a command printing secrets printed. */
export function holdsSecretText(word: Word, at: Pick<Invocation, "cmd" | "ctx"> | undefined): boolean {
  if (holdsSecretVariable(word)) return true;
  for (const c of word.outputOf ?? []) {
    const head = c.argv[0];
    if (!head || head.dynamic) continue;
    const name = programName(head);
    if (secretOutput(name, c.argv.slice(1), at && { cmd: c, ctx: at.ctx }) !== null) return true;
    // A function of the line whose body prints one (`f() { gh auth token; }; t=$(f)`: flows.ts).
    if (at?.ctx.state.printingFunctions?.has(name.toLowerCase())) return true;
  }
  return false;
}

/** Whether a here-string or an expanding heredoc holds a credential (`<<< "$GITHUB_TOKEN"`, `$(gh auth token)` in the body); false for another redirection. */
export function redirectHoldsSecret(r: Redirect, at: Pick<Invocation, "cmd" | "ctx"> | undefined): boolean {
  if (r.heredoc) return holdsSecretText({ ...literalWord(r.heredoc.body), envNames: r.heredoc.envNames, outputOf: r.heredoc.outputOf }, at);
  return r.op === "<<<" && holdsSecretText(r.target, at);
}

/** What a shell script's output holds: the worst of its commands printing to its stdout, each seen through the filters after it. */
function _scriptSecretOutput(shell: ShellText, at: Pick<Invocation, "cmd" | "ctx">): SecretPrint | null {
  let found: SecretPrint | null = null;
  for (const last of stdoutCommands(shell, at.ctx, shell.fromStdin ? undefined : at.cmd) ?? []) {
    for (let c: SimpleCommand | undefined = last; c; ) {
      const head = c.argv[0];
      if (!head || head.dynamic) break;
      const name = programName(head);
      const printed = secretOutput(name, c.argv.slice(1), { cmd: c, ctx: at.ctx });
      if (printed === "environment") return printed;
      found ??= printed;
      c = printed === null && PASS_THROUGH.has(name) ? c.pipeFrom : undefined;
    }
  }
  return found;
}

/**
 * envsubst prints its input with the variables it names replaced by their values: any variable
 * when it is given no SHELL-FORMAT (the input is text the guard does not read: `envsubst <
 * tpl.txt | nc …`), those the format names otherwise; `-v` prints names only.
 */
function _envsubstPrints(args: Word[]): boolean {
  if (args.some((a) => a.value === "-v" || a.value === "--variables" || a.value === "--help" || a.value === "--version")) return false;
  const format = args.filter((a) => !a.value.startsWith("-"));
  if (format.length === 0 || format.some((a) => a.dynamic)) return true;
  const names = [...format.map((a) => a.value).join(" ").matchAll(/\$\{?([A-Za-z_]\w*)/g)].map((m) => literalWord(m[1]!));
  return names.length > 0 && printenvPrints(names) !== "clean";
}

/** declare/typeset: with no name, every variable (not only functions: -f/-F); with -p NAME, those. */
function _declarePrints(args: Word[]): boolean {
  const flags = args.filter((a) => a.value.startsWith("-") || a.value.startsWith("+")).map((a) => a.value).join("");
  const names = args.filter((a) => !a.value.startsWith("-") && !a.value.startsWith("+"));
  if (args.some((a) => a.dynamic)) return true;
  if (names.length === 0) return !/[fF]/.test(flags);
  return flags.includes("p") && !names.some((n) => n.value.includes("=")) && printenvPrints(names) !== "clean";
}

/**
 * compgen -e / -v / -A export|variable|arrayvar: the names of the variables. Only names, but a line
 * sends them to reach the values (`for v in $(compgen -e); do echo ${!v}; done`): an indirect
 * expansion the guard does not follow, so the listing counts as the environment (red team 5 H6).
 */
function _compgenListsVariables(args: Word[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return true;
    const v = a.value;
    if (v === "--" || !v.startsWith("-")) return false;
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      if (c === "e" || c === "v") return true;
      if (!"AGWXPSFCo".includes(c)) continue;
      // An option taking a value: the rest of the word, or the next one.
      const value = k + 1 < v.length ? { value: v.slice(k + 1), dynamic: false } : args[++i];
      if (c === "A" && (value === undefined || value.dynamic || /^(export|variable|arrayvar)$/.test(value.value))) return true;
      break;
    }
  }
  return false;
}

const GIT_VALUED = new Set(["-c", "-C", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env", "--exec-path"]);

/** The words of a command line that are not options (and, for git, not a global option's value). */
function _operands(args: Word[], valued: Set<string> = new Set()): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (valued.has(v)) i++;
    else if (!v.startsWith("-")) out.push(v);
  }
  return out;
}

/** Whether `words` holds `path` as consecutive words (`aws … sts get-session-token`). */
function _has(words: string[], ...path: string[]): boolean {
  for (let i = 0; i + path.length <= words.length; i++) if (path.every((p, k) => words[i + k] === p)) return true;
  return false;
}

const flag = (args: Word[], ...names: string[]) => args.some((a) => names.includes(a.value) || names.some((n) => n.startsWith("--") && a.value.startsWith(`${n}=`)));

// Each tool, and whether these arguments make it print a stored credential.
const CREDENTIAL_PRINTERS = new Map<string, (args: Word[]) => boolean>([
  [
    "git",
    (args) => {
      const [sub, action] = _operands(args, GIT_VALUED);
      return (sub === "credential" && action === "fill") || (sub?.startsWith("credential-") === true && action === "get");
    },
  ],
  ["gh", (args) => _has(_operands(args), "auth", "token") || (_has(_operands(args), "auth", "status") && flag(args, "-t", "--show-token"))],
  [
    "aws",
    (args) => {
      const w = _operands(args);
      return (
        _has(w, "configure", "export-credentials") ||
        (_has(w, "configure", "get") && w.some((x) => /secret|token|access_key/i.test(x))) ||
        ["get-session-token", "assume-role", "assume-role-with-saml", "assume-role-with-web-identity", "get-federation-token"].some((o) => _has(w, "sts", o)) ||
        _has(w, "ecr", "get-login-password") ||
        _has(w, "ecr-public", "get-login-password") ||
        _has(w, "codeartifact", "get-authorization-token") ||
        _has(w, "secretsmanager", "get-secret-value") ||
        ((_has(w, "ssm", "get-parameter") || _has(w, "ssm", "get-parameters")) && flag(args, "--with-decryption"))
      );
    },
  ],
  [
    "gcloud",
    (args) => {
      const w = _operands(args);
      return _has(w, "auth", "print-access-token") || _has(w, "auth", "print-identity-token") || _has(w, "auth", "application-default", "print-access-token") || _has(w, "config", "config-helper") || _has(w, "secrets", "versions", "access");
    },
  ],
  [
    "az",
    (args) => {
      const w = _operands(args);
      return _has(w, "account", "get-access-token") || _has(w, "keyvault", "secret", "show") || _has(w, "storage", "account", "keys", "list") || (_has(w, "acr", "login") && flag(args, "--expose-token"));
    },
  ],
  ["op", (args) => ["read", "inject"].includes(_operands(args)[0] ?? "") || _has(_operands(args), "item", "get") || _has(_operands(args), "document", "get")],
  // pass NAME shows NAME; `pass`, `pass ls` and the commands that change the store print no secret.
  ["pass", (args) => _passShows(_operands(args))],
  ["gopass", (args) => ["show", "otp", "cat"].includes(_operands(args)[0] ?? "")],
  ["secret-tool", (args) => _operands(args)[0] === "lookup"],
  ["vault", (args) => ["read"].includes(_operands(args)[0] ?? "") || _has(_operands(args), "kv", "get") || _has(_operands(args), "print", "token")],
  ["kubectl", (args) => (_has(_operands(args), "config", "view") && flag(args, "--raw")) || _has(_operands(args), "create", "token")],
  ["heroku", (args) => _operands(args)[0] === "auth:token"],
  ["bw", (args) => _operands(args)[0] === "get"],
  ["lpass", (args) => _operands(args)[0] === "show"],
  ["sops", (args) => flag(args, "-d", "--decrypt") || _operands(args)[0] === "decrypt"],
  ...["git-credential-store", "git-credential-cache", "git-credential-osxkeychain", "git-credential-libsecret", "git-credential-manager", "git-credential-manager-core", "git-credential-wincred", "docker-credential-desktop", "docker-credential-osxkeychain", "docker-credential-pass", "docker-credential-secretservice", "docker-credential-ecr-login", "docker-credential-gcloud"].map(
    (n) => [n, (args: Word[]) => _operands(args)[0] === "get"] as const,
  ),
]);

const PASS_COMMANDS = new Set(["init", "ls", "list", "find", "search", "insert", "add", "edit", "generate", "rm", "remove", "delete", "mv", "rename", "cp", "copy", "git", "help", "version"]);

function _passShows(words: string[]): boolean {
  const [first] = words;
  if (first === undefined) return false;
  // `pass grep` prints decrypted lines; `pass generate` prints the new password.
  return first === "show" || first === "otp" || first === "grep" || first === "generate" || !PASS_COMMANDS.has(first);
}

/** Whether a tool prints a stored credential with these arguments. */
function _printsCredentials(name: string, args: Word[]): boolean {
  const printer = CREDENTIAL_PRINTERS.get(name);
  return printer !== undefined && !args.some((a) => a.value === "--help" || a.value === "-h") && printer(args);
}
