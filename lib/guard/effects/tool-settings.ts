import { op, type Op } from "../ops.ts";
import { analyzeText } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { lineEditor } from "./line-editor.ts";
import { persistentCode } from "./git-persistent-config.ts";
import { asksHelp, cliLine, type CliLine } from "./infra-args.ts";
import { pythonModuleCall } from "./script-operands.ts";
import { wordFrom } from "./getopt.ts";
import { unmodelledReading } from "./unknown-program.ts";
import type { Word } from "../syntax.ts";
import { isPypiIndex, isPypiUpload } from "./public-indexes.ts";

/*
 * Other tools' stored settings that name a program later commands run (red team session 11,
 * finding 6), judged as package-config.ts judges npm's code keys: storing one asks
 * (ASK_PERSISTENT_CODE), as does a key the guard cannot read; other keys pass.
 * - `aws configure set [profile.NAME.]credential_process|cli_pager|plugins.*`: every later aws
 *   call runs the credential process, pages through the pager, loads the plugin module.
 * - `go env -w CC|CXX|FC|AR|GCCGO|PKG_CONFIG|GOROOT=…`, `GOFLAGS=` holding `-toolexec`, `-exec`
 *   or `-extld`, `CGO_*FLAGS=` holding `-wrapper`, `-fuse-ld=PATH`, `-fplugin`, `-B`, `-specs`: every
 *   later `go build`/`go test` runs that program.
 * - `gh config set editor|pager|browser`, glab's `config set editor|visual|browser|pager|
 *   glab_pager` and `glab alias set NAME '!…'` (or `--shell`): gh and glab start them later;
 *   glab's shell alias is also read now, as gh's is (service-deletes.ts).
 * - `kubectl|oc config set-credentials --exec-command|--auth-provider-arg=cmd-path=…` and
 *   `config set users.NAME.exec.…|….cmd-path`: every later call against that user runs it.
 * - `rustup toolchain link NAME PATH`: PATH's cargo and rustc run wherever NAME is the default or
 *   an override picks it (`rustup default NAME` alone names a toolchain, as a version does).
 * - Supply chain (session 12): a stored index, proxy or trust setting that makes every later
 *   install fetch code from elsewhere or unverified, which the guard passes as a registry name:
 *   `pip config set SECTION.index-url|extra-index-url|find-links|trusted-host|cert`, go's GOPROXY,
 *   GOSUMDB, GONOSUMDB, GOPRIVATE, GOINSECURE, `GOFLAGS=-insecure` and GOAUTH's `command`,
 *   `gem sources --add`, conda's channels, `poetry source add`, `pdm config pypi.url` (npm's,
 *   pnpm's and yarn's registry keys: package-config.ts).
 */

const AWS_VALUED = new Set(["--profile", "--region", "--output", "--endpoint-url", "--query", "--ca-bundle", "--cli-read-timeout", "--cli-connect-timeout", "--color", "--cli-binary-format"]);
const AWS_CODE_KEYS = /(?:^|\.)(?:credential_process|cli_pager|cli_legacy_plugin_path)$|^plugins(?:\.|$)/i;

/** `aws configure set KEY VALUE`: a key naming a program or module aws runs later. */
export const awsConfigure: Handler = ({ args }) => {
  const { operands } = cliLine(args, AWS_VALUED);
  const [sub, verb, key] = operands;
  if (sub?.value !== "configure" || sub.dynamic || !verb) return [];
  if (verb.dynamic) return [persistentCode("aws configure")];
  if (verb.value !== "set" || !key) return [];
  return key.dynamic || AWS_CODE_KEYS.test(key.value) ? [persistentCode("aws configure set")] : [];
};

const GO_CODE_VARS = new Set(["CC", "CXX", "FC", "AR", "GCCGO", "PKG_CONFIG", "GOROOT"]);
// GOFLAGS' flags that run a program: the build's tools through another, a test or run binary, the external linker.
const GO_CODE_FLAGS = /(?:^|\s)--?(?:toolexec|exec)(?:=|\s|$)|-extld\b|-extar\b/;

// cgo's flags from the environment are not checked against cgo's allowlist: a C compiler's options
// that run another program (`-wrapper`, a linker by path, a plugin, a program prefix, spec files;
// `-fuse-ld=lld` names a linker as CC names a compiler on PATH).
const CGO_FLAGS = /^CGO_(?:C|CPP|CXX|F|LD)FLAGS$/;
const CC_CODE_FLAGS = /(?:^|\s)(?:-wrapper\b|-fuse-ld=\S*\/|--?ld-path|-fplugin|-B|-specs)/;

// `-w` as Go's flag package reads a bool flag: `-w`, `--w`, or `=` and a true value of strconv.ParseBool.
const GO_WRITE = /^--?w(?:=(?:1|t|T|TRUE|true|True))?$/;

/** `go env -w NAME=VALUE…`: a compiler, linker or tool folder, or GOFLAGS and cgo flags that run one. */
export const goEnv: Handler = ({ args }) => {
  const at = args.findIndex((a) => !a.value.startsWith("-") || a.dynamic);
  if (at < 0 || args[at]!.dynamic || args[at]!.value !== "env") return [];
  const rest = args.slice(at + 1);
  if (!rest.some((a) => !a.dynamic && GO_WRITE.test(a.value))) return [];
  for (const w of rest) {
    if (w.dynamic && !/^[A-Z0-9_]+=/.test(w.value)) return [persistentCode("go env -w")];
    if (w.value.startsWith("-")) continue;
    const eq = w.value.indexOf("=");
    const name = eq < 0 ? w.value : w.value.slice(0, eq);
    const value = w.value.slice(eq + 1);
    const flags = name === "GOFLAGS" ? GO_CODE_FLAGS : CGO_FLAGS.test(name) ? CC_CODE_FLAGS : null;
    if (GO_CODE_VARS.has(name) || (flags && (w.dynamic || flags.test(value))) || _goSource(name, value, w.dynamic)) return [persistentCode("go env -w")];
  }
  return [];
};

// The public proxy and checksum database (cmd/go's defaults): storing them back passes.
const GO_DEFAULT_PROXY = /^(?:https:\/\/proxy\.golang\.org\/?|direct|off)$/;

/**
 * A go setting that changes where later `go get`/`go build` fetch modules from or what verifies
 * them (supply chain, session 12): a proxy other than the public one (GOPROXY's `,`/`|` list),
 * a checksum database other than sum.golang.org or none (GOSUMDB), modules left unverified
 * (GONOSUMDB; GOPRIVATE, which implies it), fetched over plain HTTP or unchecked TLS (GOINSECURE,
 * GOFLAGS' old `-insecure`), or GOAUTH's `command` (a program run on every fetch). An empty
 * value restores the default and passes.
 */
function _goSource(name: string, value: string, dynamic: boolean | undefined): boolean {
  switch (name) {
    case "GOPROXY":
      return dynamic || value.split(/[,|]/).some((e) => e !== "" && !GO_DEFAULT_PROXY.test(e.trim()));
    case "GOSUMDB":
      return dynamic || (value !== "" && value.trim().split(/\s+/)[0] !== "sum.golang.org");
    case "GONOSUMDB":
    case "GOPRIVATE":
    case "GOINSECURE":
      return dynamic || value.trim() !== "";
    case "GOFLAGS":
      return /(?:^|\s)--?insecure(?:=|\s|$)/.test(value);
    case "GOAUTH":
      return dynamic || /(?:^|;)\s*command(?:\s|$)/.test(value);
    case "GOVCS":
      return dynamic || value.split(",").some(_goVcsOpens);
    default:
      return false;
  }
}

/**
 * A GOVCS entry (`PATTERN:VCS|VCS…`, cmd/go's vcs.go) that lets go run a version control system
 * other than git and hg for modules it may fetch from public hosts: `all`, svn, bzr, fossil (go
 * restricts them there for their history of flaws a hostile server reaches), for any pattern but
 * `private`, whose modules are the user's own (`private:all` is the default). `off` and git|hg pass.
 */
function _goVcsOpens(entry: string): boolean {
  const colon = entry.indexOf(":");
  if (colon < 0) return false;
  const pattern = entry.slice(0, colon).trim();
  return pattern !== "private" && entry.slice(colon + 1).split("|").some((v) => !/^(?:git|hg|off|)$/.test(v.trim()));
}

const GH_VALUED = new Set(["-h", "--host", "-R", "--repo"]);
const GH_CODE_KEYS = new Set(["editor", "pager", "browser"]);
const GLAB_CODE_KEYS = new Set(["editor", "visual", "browser", "pager", "glab_pager"]);

/** The key of `config set KEY VALUE` when it names a program; null for any other command. */
function _setKey({ operands }: CliLine, keys: ReadonlySet<string>, name: string): Op[] | null {
  const [group, verb, key] = operands;
  if (group?.value !== "config" || group.dynamic) return null;
  if (!verb || (!verb.dynamic && verb.value !== "set")) return [];
  return verb.dynamic || key?.dynamic || (key && keys.has(key.value.toLowerCase())) ? [persistentCode(`${name} config set`)] : [];
}

/** gh's `config set editor|pager|browser` (gh's other words: gh-uploads.ts, service-deletes.ts). */
export const ghConfig: Handler = ({ args }) => _setKey(cliLine(args, GH_VALUED), GH_CODE_KEYS, "gh") ?? [];

/**
 * glab: `config set` of a program key, a shell alias stored (`alias set NAME '!…'`, `--shell`);
 * its other words keep an unmodelled program's reading (glab had no handler), except those of
 * `config`, whose values are no programs (`glab config set git_protocol ssh`).
 */
export const glab: Handler = (inv) => {
  const line = cliLine(inv.args, GH_VALUED);
  const config = _setKey(line, GLAB_CODE_KEYS, "glab");
  if (config) return config;
  const ops = unmodelledReading(inv);
  const [group, verb, , expansion] = line.operands;
  if (group?.value !== "alias" || group.dynamic || verb?.value !== "set" || verb.dynamic || !expansion) return ops;
  if (expansion.dynamic) return [...ops, persistentCode("glab alias set")];
  const shell = line.options.includes("--shell") || line.options.includes("-s");
  if (!shell && !expansion.value.startsWith("!")) return ops;
  return [...ops, persistentCode("glab alias set"), ...analyzeText(expansion.value.replace(/^!/, ""), "posix", inv.ctx)];
};

const KUBE_VALUED = new Set(["-n", "--namespace", "--context", "--cluster", "--user", "--kubeconfig", "-s", "--server", "--token", "--as", "--as-group", "--as-uid", "--request-timeout", "--certificate-authority", "--client-certificate", "--client-key", "--tls-server-name", "-v", "--v", "--cache-dir"]);
const KUBE_CODE_PROPERTY = /(?:^|\.)exec(?:\.|$)|(?:^|\.)cmd-path$/;

/**
 * `kubectl|oc config set-credentials NAME --exec-command=…` (or an auth provider's `cmd-path`)
 * and `config set users.NAME.exec.command …`: the credential plugin every later call runs.
 */
export const kubeConfig: Handler = ({ args, name }) => {
  const line = cliLine(args, KUBE_VALUED);
  const [group, verb, property] = line.operands;
  if (group?.value !== "config" || group.dynamic || !verb) return [];
  if (verb.dynamic) return [persistentCode(`${name} config`)];
  if (verb.value === "set-credentials") {
    // A computed option may be one of them (`--token=$T` is not).
    const exec = line.options.some((o) => o.startsWith("--exec-")) || args.some((a) => /cmd-path=/.test(a.value) || (a.dynamic && a.value.startsWith("-") && !/^--(?!exec-)[\w-]+=/.test(a.value)));
    return exec ? [persistentCode(`${name} config set-credentials`)] : [];
  }
  if (verb.value !== "set" || !property) return [];
  return property.dynamic || KUBE_CODE_PROPERTY.test(property.value) ? [persistentCode(`${name} config set`)] : [];
};

/** rustup: `toolchain link NAME PATH` stores PATH's programs as a toolchain; its other words keep an unmodelled program's reading (rustup had no handler). */
export const rustup: Handler = (inv) => {
  const ops = unmodelledReading(inv);
  const line = cliLine(inv.args, RUSTUP_VALUED);
  const [group, verb] = line.operands;
  if (!group || !verb || asksHelp(line)) return ops;
  if ((group.dynamic || group.value === "toolchain") && (verb.dynamic || verb.value === "link")) ops.push(persistentCode("rustup toolchain link"));
  return ops;
};

const RUSTUP_VALUED = new Set(["--profile", "--component", "-c", "--target", "-t"]);

// pip's general options and `config`'s own that take a value (pip/_internal/cli/cmdoptions.py).
const PIP_VALUED = new Set(["--editor", "--log", "--log-file", "--local-log", "--proxy", "--retries", "--timeout", "--exists-action", "--trusted-host", "--cert", "--client-cert", "--cache-dir", "--python", "--use-feature", "--use-deprecated", "--keyring-provider", "--resume-retries"]);
/**
 * The valued option a word names, as optparse reads long options: itself or, a prefix of one,
 * that one (`--edit` is `--editor`, `--prox` `--proxy`). A prefix of several is an error pip
 * stops at: reading it as valued then only skips a word.
 */
function _pipValued(v: string): string | undefined {
  if (PIP_VALUED.has(v)) return v;
  return v.length > 2 && v.startsWith("--") ? [...PIP_VALUED].find((n) => n.startsWith(v)) : undefined;
}
// Options whose stored value names where packages come from or what verifies them.
const PIP_SOURCE_KEYS = new Set(["index-url", "i", "extra-index-url", "find-links", "f", "trusted-host", "cert"]);

/**
 * `pip config [--global|--user|--site] set SECTION.NAME VALUE` of an index, extra index, link
 * page, trusted host or CA bundle: every later `pip install NAME` fetches from there or over TLS
 * pip no longer checks. pip names a key as `_normalize_name` does (lower case, `_` as `-`);
 * storing pypi.org's own index back passes. `pip config edit --editor CMD` runs CMD here now, read
 * as the shell line it is (as git's core.editor).
 */
export const pipConfig: Handler = (inv) => _pipConfig(inv.args, inv);

/** `python -m pip config set …` (build-outputs.ts reads the module's other commands). */
export const pythonPipConfig: Handler = (inv) => {
  const call = pythonModuleCall(inv.args);
  return call && call.module.value === "pip" && !call.module.dynamic ? _pipConfig(call.args, inv) : [];
};

function _pipConfig(args: Word[], inv: Invocation): Op[] {
  const ctx = inv.ctx;
  const operands: Word[] = [];
  let editor: Word | undefined;
  for (let i = 0; i < args.length && operands.length < 4; i++) {
    const a = args[i]!;
    if (a.dynamic || !a.value.startsWith("-") || a.value === "-") operands.push(a);
    else {
      const eq = a.value.indexOf("=");
      const name = _pipValued(eq < 0 ? a.value : a.value.slice(0, eq));
      if (name === "--editor") editor = eq < 0 ? args[++i] : wordFrom(a, eq + 1);
      else if (name && eq < 0) i++;
    }
  }
  const [group, verb, key, value] = operands;
  if (group?.value !== "config" || group.dynamic || !verb) return [];
  if (verb.dynamic) return [persistentCode("pip config")];
  // `config edit` runs its editor now, with the file's name, through the shell: `--editor CMD`,
  // else VISUAL, else EDITOR (pip's _determine_editor). Only the line's own values are read: the
  // check's environment holds the user's editor.
  if (verb.value === "edit") {
    const text = editor ? (editor.dynamic ? null : editor.value) : lineEditor(inv, ["VISUAL", "EDITOR"]);
    return text === undefined ? [] : text === null ? [op("unknown", "pip config edit --editor")] : analyzeText(text, "posix", ctx);
  }
  if (verb.value !== "set" || !key) return [];
  if (key.dynamic) return [persistentCode("pip config set")];
  const name = key.value.slice(key.value.indexOf(".") + 1).toLowerCase().replace(/_/g, "-").replace(/^--/, "");
  if (!PIP_SOURCE_KEYS.has(name)) return [];
  const safe = name === "index-url" && value !== undefined && !value.dynamic && isPypiIndex(value.value.trim());
  return safe ? [] : [persistentCode("pip config set")];
}

const GEM_DEFAULT_SOURCE = /^https:\/\/rubygems\.org\/?$/;

// `gem sources`' long options that add a source (rubygems 3.5 added `--append`, `--prepend`).
const GEM_ADDS = ["add", "append", "prepend"];
const GEM_LONG = ["add", "append", "prepend", "list", "remove", "clear-all", "update", "force", "no-force"];

/**
 * gem: `sources -a|--add|--append|--prepend URL` (OptionParser: `-aURL`, `--add=URL`, an
 * unambiguous abbreviation) stores a source every later `gem install NAME` fetches from;
 * rubygems.org itself passes. Its other words keep an unmodelled program's reading (gem had no
 * handler: installs, bins).
 */
export const gem: Handler = (inv) => {
  const ops = unmodelledReading(inv);
  const args = inv.args;
  const at = args.findIndex((a) => a.dynamic || !a.value.startsWith("-"));
  // rubygems runs the one command a prefix names (CommandManager#find_command): `so` on is `sources`.
  const verb = at < 0 ? undefined : args[at]!;
  if (!verb || verb.dynamic || verb.value.length < 2 || !"sources".startsWith(verb.value)) return ops;
  for (let i = at + 1; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    let url: Word | undefined;
    if (v === "-a") url = args[++i];
    else if (/^-a./s.test(v)) url = wordFrom(a, 2);
    else if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const name = v.slice(2, eq < 0 ? undefined : eq);
      const matches = GEM_LONG.filter((l) => l.startsWith(name));
      if (a.dynamic && eq < 0) return [...ops, persistentCode("gem sources")];
      if (name === "" || !(matches.length === 1 || GEM_LONG.includes(name)) || !GEM_ADDS.includes(GEM_LONG.includes(name) ? name : matches[0]!)) continue;
      url = eq < 0 ? args[++i] : wordFrom(a, eq + 1);
    } else if (a.dynamic && v.startsWith("-")) return [...ops, persistentCode("gem sources")];
    else continue;
    if (!url || url.dynamic || !GEM_DEFAULT_SOURCE.test(url.value)) return [...ops, persistentCode("gem sources --add")];
  }
  return ops;
};

// conda's `config` options that take one value, or a key and a value.
const CONDA_ONE = new Set(["--file", "--name", "-n", "--prefix", "-p", "--get", "--remove-key", "--describe"]);
const CONDA_PAIR = new Set(["--add", "--append", "--prepend", "--set"]);
// conda config's long options, for argparse's abbreviations (`--app` is `--append`).
const CONDA_LONG = ["--system", "--env", "--file", "--show", "--show-sources", "--validate", "--describe", "--write-default", "--get", "--append", "--prepend", "--add", "--set", "--remove", "--remove-key", "--stdin", "--json", "--verbose", "--quiet", "--yes", "--name", "--prefix"];
// micromamba's and mamba 2's verbs (`config prepend channels URL`), read as conda's options.
const MAMBA_VERBS = new Set(["append", "prepend", "set"]);

/** The option a conda config word names: an argparse abbreviation of one long option is that option. */
function _condaOption(v: string): string {
  if (!v.startsWith("--") || CONDA_LONG.includes(v)) return v;
  const names = CONDA_LONG.filter((l) => l.startsWith(v));
  return names.length === 1 ? names[0]! : v;
}
// The public channels most environments name; any other is someone's upload or host.
const CONDA_CHANNELS = new Set(["conda-forge", "bioconda", "defaults", "nodefaults", "main", "r", "msys2"]);
const CONDA_SOURCE_KEYS = /^(?:channels|default_channels|channel_alias|custom_channels|custom_multichannels|migrated_custom_channels|ssl_verify)(?:\.|$)/;

/**
 * `conda|mamba|micromamba config --add|--append|--prepend|--set KEY VALUE` (an abbreviation,
 * `--app`; micromamba's `config prepend|append|set KEY VALUE`) of a channel, the
 * channel alias, custom channels or `ssl_verify` other than true: every later install fetches by
 * it. conda-forge, bioconda and the default channels pass. Their other words keep an unmodelled
 * program's reading (no handler before).
 */
export const condaConfig: Handler = (inv) => {
  const ops = unmodelledReading(inv);
  const args = inv.args;
  const at = args.findIndex((a) => a.dynamic || !a.value.startsWith("-"));
  if (at < 0 || args[at]!.dynamic || args[at]!.value !== "config") return ops;
  for (let i = at + 1; i < args.length; i++) {
    const a = args[i]!;
    const o = i === at + 1 && !a.dynamic && MAMBA_VERBS.has(a.value) ? `--${a.value}` : _condaOption(a.value);
    if (CONDA_ONE.has(o)) i++;
    if (!CONDA_PAIR.has(o)) {
      if (o === "--remove") i += 2;
      else if (a.dynamic && o.startsWith("-")) return [...ops, persistentCode(`${inv.name} config`)];
      continue;
    }
    const key = args[i + 1];
    const value = args[i + 2];
    i += 2;
    if (!key || !value) continue;
    if (key.dynamic || value.dynamic) return [...ops, persistentCode(`${inv.name} config`)];
    if (!CONDA_SOURCE_KEYS.test(key.value)) continue;
    const v = value.value.trim();
    const safe = key.value === "ssl_verify" ? /^(?:true|yes|1)$/i.test(v) : key.value === "channels" && CONDA_CHANNELS.has(v);
    if (!safe) return [...ops, persistentCode(`${inv.name} config`)];
  }
  return ops;
};

const POETRY_VALUED = new Set(["-C", "--directory", "-P", "--project", "-p", "--priority"]);

/**
 * poetry: `source add NAME URL` (any priority: a supplemental source is where a name PyPI lacks is
 * looked up) stores in pyproject.toml an index later `poetry install|add|lock` fetch from (`source
 * add pypi` names PyPI itself and passes); `config certificates.NAME.cert VALUE` a CA bundle or no
 * TLS check (`false`) for it. `--unset` passes.
 */
export const poetrySource: Handler = ({ args }) => {
  const line = cliLine(args, POETRY_VALUED);
  const [group, verb, name, value] = line.operands;
  if (!group || group.dynamic || (group.value !== "source" && group.value !== "config") || !verb) return [];
  if (verb.dynamic) return [persistentCode(`poetry ${group.value}`)];
  if (group.value === "config") {
    if (line.options.includes("--unset") || !name) return [];
    return /^certificates\..*\.cert$/i.test(verb.value) ? [persistentCode("poetry config")] : [];
  }
  if (verb.value !== "add" || !name) return [];
  if (name.dynamic || value?.dynamic) return [persistentCode("poetry source add")];
  const pypi = value === undefined ? name.value.toLowerCase() === "pypi" : _pypi(value.value.trim());
  return pypi ? [] : [persistentCode("poetry source add")];
};

const PDM_VALUED = new Set(["-p", "--project"]);

/**
 * pdm: `config [-l|--local] pypi.url URL` (also `pypi.NAME.url`, an extra index) and
 * `pypi[.NAME].verify_ssl false`: the index later `pdm install|add|lock` fetch from, or TLS
 * unchecked for it; PyPI itself and `-d|--delete` pass.
 */
export const pdmConfig: Handler = ({ args }) => {
  const line = cliLine(args, PDM_VALUED);
  const [group, key, value] = line.operands;
  if (group?.value !== "config" || group.dynamic || !key || !value) return [];
  if (line.options.includes("-d") || line.options.includes("--delete")) return [];
  if (key.dynamic || value.dynamic) return [persistentCode("pdm config")];
  const k = key.value.toLowerCase();
  if (!k.startsWith("pypi.")) return [];
  if (k.endsWith(".url")) return _pypi(value.value.trim()) ? [] : [persistentCode("pdm config")];
  if (k.endsWith(".verify_ssl")) return /^(?:true|1|yes|on)$/i.test(value.value.trim()) ? [] : [persistentCode("pdm config")];
  return [];
};

/** PyPI's index or its upload endpoint (poetry's and pdm's sources named `pypi`). */
function _pypi(url: string): boolean {
  return isPypiIndex(url) || isPypiUpload(url);
}
