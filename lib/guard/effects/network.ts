import { op, type Op } from "../ops.ts";
import { unknownWord, type Word } from "../syntax.ts";
import { analyzeArgv, analyzeText, stdinOf } from "./analyze.ts";
import { wordFrom } from "./getopt.ts";
import type { Handler, Invocation } from "./context.ts";
import { holdsSecret } from "./flows.ts";
import { downloadOps } from "./download-targets.ts";
import { isSecretFile } from "./secrets.ts";
import { stdinSent } from "./sent-data.ts";
import { stdinPath } from "./stdin-path.ts";
import { judgeSent, type Sent } from "./sent-tree.ts";
import { isRemote, scpSent } from "./sync-sent.ts";
import { clientConfigOps } from "./client-config.ts";
import { formFile, httpieItemFiles, namedFile, uploadGlob } from "./upload-names.ts";
import { substitutedDataOps } from "./substituted.ts";

// Data flags whose value may name a file (`@file`, `<file`) or stdin (`@-`).
const DATA_FLAGS = /^(-d|--data|--data-binary|--data-raw|--data-urlencode|--data-ascii|-F|--form|--form-string|--json|-T|--upload-file)$/;

/** An upload source whose name holds an expansion the guard cannot resolve (`-F "f=@$FILE"`). */
export const UNKNOWN_UPLOAD = "\0unknown";

// curl's other options that take the next word as their value (a cluster ending in one, `-so`,
// takes it too): `curl -o -d@.env URL` saves to a file named `-d@.env` and uploads nothing.
const VALUE_FLAGS = /^(-[a-zA-Z]*[AbcCDeEHKmoPQrtuUwxXyYz]|--(output|header|user|user-agent|referer|cookie|cookie-jar|request|proxy|proxy-user|max-time|connect-timeout|write-out|dump-header|config|range|continue-at|output-dir|resolve|connect-to|cacert|cert|key|interface))$/;

/** The upload sources of curl/wget/httpie arguments: file paths, "-" for stdin, or UNKNOWN_UPLOAD. */
export function uploadSources(args: Word[]): string[] {
  const out: string[] = [];
  let globOff: boolean | undefined;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    let value: string | undefined;
    let word = args[i]!;
    let flag = v;
    if (/^-[a-zA-Z]/.test(v) && !args[i]!.dynamic) {
      // A cluster of short flags: the first letter that takes a value takes the rest of the word,
      // or the next word (`-sT key`, `-fsSd@key`, `-oT` names an output file "T").
      const cluster = _shortCluster(v);
      if (cluster === null) continue;
      if (!cluster.data) {
        if (cluster.value === undefined) i++;
        continue;
      }
      flag = `-${cluster.letter}`;
      if (cluster.value !== undefined) value = cluster.value;
      else {
        word = args[i + 1] ?? word;
        value = args[++i]?.value;
      }
    } else if (VALUE_FLAGS.test(v) && !args[i]!.dynamic) {
      i++;
      continue;
    } else if (DATA_FLAGS.test(v) || /^--(post|body)-f[a-z]*$/.test(v) || v === "--variable") {
      word = args[i + 1] ?? word;
      value = args[i + 1]?.value;
    } else if (/^--(form|data[a-z-]*|upload-file|json|(post|body)-f[a-z]*)=/.test(v)) {
      flag = v.slice(0, v.indexOf("="));
      value = v.slice(v.indexOf("=") + 1);
    }
    if (value === undefined) continue;
    const files = _uploaded(flag, value, () => (globOff ??= _globOff(args)));
    if (files !== undefined) out.push(...(word.dynamic || files === null ? [UNKNOWN_UPLOAD] : files));
  }
  return out;
}

/**
 * The files one data option's value sends (undefined: none; null: names the guard cannot read).
 * `-T` names its file, which curl globs (`-T "{a,b}"`, "." is stdin as "-" is); `-F` parts may
 * quote theirs (`f=@"k.pem";type=…`); `--data-urlencode` and `--variable` read `name@file`; the
 * other data options `@file` (`<file` in a form).
 */
function _uploaded(flag: string, value: string, globOff: () => boolean): string[] | null | undefined {
  if (flag === "-T" || flag === "--upload-file") return value === "." ? ["-"] : uploadGlob(value, globOff());
  if (/^--(post|body)-f/.test(flag)) return [value];
  if (flag === "--variable") {
    const file = namedFile(value);
    return file === undefined ? undefined : [file];
  }
  const at = /(?:^|[=,;])[@<]/.exec(value);
  if (!at) {
    const file = flag === "--data-urlencode" ? namedFile(value) : undefined;
    return file === undefined ? undefined : [file];
  }
  const rest = value.slice(at.index + at[0].length);
  if (flag !== "-F" && flag !== "--form") return [/^[^,;]*/.exec(rest)![0]];
  const file = formFile(rest);
  return file === null ? null : [file];
}

/** Whether curl's globbing of URLs and -T names is off (`-g`, `--globoff`, a cluster holding g). */
function _globOff(args: Word[]): boolean {
  return args.some((a) => a.value === "--globoff" || (/^-[a-zA-Z]+$/.test(a.value) && GLOB_OFF_CLUSTER.test(a.value)));
}

// curl's short options that take a value; d, F and T send data.
const SHORT_VALUED = new Set("AbcCDeEHKmoPQrtuUwxXyYzdFT");
// A cluster whose `g` comes before any letter that takes a value (`-sg`; in `-og` the g is a file name).
const GLOB_OFF_CLUSTER = new RegExp(`^-[^${[...SHORT_VALUED].join("")}]*g`);

/** The first value-taking letter of a short-flag cluster, and its attached value if any; null when none takes one. */
function _shortCluster(v: string): { letter: string; data: boolean; value?: string } | null {
  for (let k = 1; k < v.length; k++) {
    const letter = v[k]!;
    if (!SHORT_VALUED.has(letter)) continue;
    const rest = v.slice(k + 1);
    return { letter, data: "dFT".includes(letter), value: rest === "" ? undefined : rest };
  }
  return null;
}

const literal = (value: string): Word => ({ value, dynamic: false, glob: false, pattern: value, quoted: true });

/** curl, wget, httpie: uploading a credential file, or piped local data, leaves the machine. */
export const fetcher: Handler = (inv) => {
  const ops: Op[] = [];
  const httpie = /^(http|https|xh)$/.test(inv.name);
  const uploads = uploadSources(inv.args);
  // httpie's request items that read files (`f@key.pem`, `data=@body.json`).
  if (httpie) uploads.push(...(httpieItemFiles(inv.args) ?? [UNKNOWN_UPLOAD]));
  if (uploads.some((u) => holdsSecret(literal(u), inv.ctx)) || inv.args.some((a) => a.value.startsWith("file://") && isSecretFile(a))) {
    ops.push(op("secret", inv.name));
  }
  // A file whose name is unknown may be any file; substituted output may be a key or the environment.
  if (uploads.includes(UNKNOWN_UPLOAD)) ops.push(op("egress", inv.name));
  // A named file is judged as scp's are: an archive the line wrote by its sources (`tar czf a.tgz .
  // && curl -T a.tgz …` with a .env in the tree), a second hard link or a pipe as unknown data.
  const files = uploads.filter((u) => u !== UNKNOWN_UPLOAD && u !== "-" && !u.startsWith("/dev/") && stdinPath(literal(u)) === null);
  if (files.length) ops.push(...sentOps(inv.name, judgeSent(files.map((u) => ({ word: literal(u), recursive: false })), true, inv.ctx)));
  ops.push(...substitutedDataOps(inv.name, inv.args, inv.ctx));
  ops.push(...clientConfigOps(inv));
  // httpie sends piped stdin as the request body unless told to ignore it; an upload may name
  // stdin by its path (`wget --post-file=/dev/stdin`, `curl -d @/dev/fd/0`); curl's telnet:// sends it.
  const fromStdin =
    (httpie && !inv.args.some((a) => a.value === "--ignore-stdin" || a.value === "-I")) ||
    uploads.some((u) => u === "-" || (u !== UNKNOWN_UPLOAD && stdinPath(literal(u)) === "stdin")) ||
    inv.args.some((a) => a.value === "@-" || (inv.name === "curl" && /^telnet:\/\//i.test(a.value)));
  if (fromStdin) ops.push(...sentOps(inv.name, stdinSent(inv.cmd, inv.ctx)));
  // The saved body replaces the file it is written to (red team H4: `curl -o ~/.bashrc URL`).
  // curl --output-dir and -O, wget -P: download-targets.ts.
  ops.push(...downloadOps(inv.name, inv.args));
  return ops;
};

// aria2c's hook options: the program each names runs with the download's GID, its number of files
// and the first file's path (aria2c executes it directly, no shell).
const ARIA2C_HOOK = /^--on-(?:download-(?:complete|error|start|pause|stop)|bt-download-complete)(=|$)/;

/**
 * aria2c: where its download lands (download-targets.ts), and the programs its hook options run,
 * judged as run with three words the guard cannot know (`--on-download-complete=./hook.sh`).
 */
export const aria2c: Handler = (inv) => {
  const ops = downloadOps(inv.name, inv.args);
  for (let i = 0; i < inv.args.length; i++) {
    const m = ARIA2C_HOOK.exec(inv.args[i]!.value);
    const program = m ? (m[1] ? wordFrom(inv.args[i]!, m[0].length) : inv.args[++i]) : undefined;
    if (program) ops.push(...analyzeArgv(program, [unknownWord(), unknownWord(), unknownWord()], inv.ctx));
  }
  return ops;
};

/** nc/ncat/socat: `-e`/`--exec`/`EXEC:` run a program for the peer; piped local data leaves. */
export const socket: Handler = (inv) => {
  if (inv.name !== "socat" && _noDestination(inv.args)) return [];
  const ops: Op[] = [];
  for (let i = 0; i < inv.args.length; i++) {
    const w = inv.args[i]!;
    const v = w.value;
    const exec = /^--(exec|sh-exec|lua-exec)(?:=(.*))?$/s.exec(v);
    if ((/^-[a-zA-Z]*[ec]$/.test(v) && inv.name !== "socat") || exec) {
      // The program serves the peer: a shell or interpreter runs whatever it sends; any other
      // program is analysed like a command of its own (`--exec=/bin/cat`).
      const program = exec ? (exec[2] !== undefined ? { ...w, value: exec[2] } : inv.args[i + 1]) : inv.args[i + 1];
      if (exec?.[2] === undefined) i++;
      if (!program || program.dynamic || exec?.[1] === "lua-exec") ops.push(op(program?.dynamic ? "unknown" : "remote-code", inv.name));
      else ops.push(...(_servesShell(program.value) ? [op("remote-code", inv.name)] : analyzeText(program.value, "posix", inv.ctx)));
    }
    else if (inv.name === "socat") {
      const m = /^(EXEC|SYSTEM):(.*)$/is.exec(v);
      if (m) {
        const command = m[2]!.split(/,(?=[a-z-]+(=|,|$))/i)[0]!.replace(/^['"]|['"]$/g, "").replace(/\\(.)/g, "$1");
        const runsShell = _servesShell(command);
        ops.push(...(w.dynamic ? [op("unknown", inv.name)] : runsShell ? [op("remote-code", inv.name)] : analyzeText(command, "posix", inv.ctx)));
        // What the program prints goes to the peer: a key file it reads leaves the machine.
        if (!w.dynamic && command.split(/\s+/).some((t) => isSecretFile(literal(t)))) ops.push(op("secret", inv.name));
      } else if (/^SHELL$/i.test(v)) ops.push(op("remote-code", inv.name));
      // A file address's file under any of its names: a symlink to a key, or a file the line filled with one.
      else if (/^(OPEN|FILE|GOPEN|CREAT|PIPE):/i.test(v) && holdsSecret(literal(v.slice(v.indexOf(":") + 1).split(",")[0]!.replace(/"/g, "")), inv.ctx)) {
        ops.push(op("secret", inv.name));
      }
    }
  }
  ops.push(...sentOps(inv.name, stdinSent(inv.cmd, inv.ctx)));
  return ops;
};

// nc options that neither listen nor name a peer: the program to serve, verbosity, numeric names.
const SERVE_ONLY = /^-[vn46]+$|^--(verbose|nodns|exec=.*|sh-exec=.*)$/s;

/**
 * `nc -e /bin/sh` with no host, no port and no `-l`: every nc refuses to start (netcat-traditional
 * "no destination", ncat "You must specify a host", OpenBSD nc has no -e), so nothing is served.
 * Only the program option, its program and the options above qualify; any other word (a host, a
 * port, `-l`, `-p`, `--listen`, a proxy) may start it.
 */
function _noDestination(args: Word[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return false;
    if (/^-[vn46]*[ec]$|^--(exec|sh-exec)$/.test(a.value)) i++;
    else if (!SERVE_ONLY.test(a.value)) return false;
  }
  return true;
}

const PEER_RUNNERS = /^((ba|z|da|k|c|tc|fi)?sh|python[0-9.]*|perl|ruby|node|php|lua|pwsh|powershell)$/;
// Wrappers in front of it, with the options of theirs that take a value.
const PEER_WRAPPERS: Record<string, string[]> = { exec: ["-a"], env: ["-u", "--unset", "-C", "--chdir"], nice: ["-n"], nohup: [], stdbuf: ["-i", "-o", "-e"], setsid: [], command: [] };

/** A program that would run what the peer sends: a shell or an interpreter reading stdin. */
function _servesShell(command: string): boolean {
  const words = command.trim().split(/\s+/);
  let i = 0;
  for (let wrapper: string[] | undefined; (wrapper = PEER_WRAPPERS[words[i]?.replace(/^.*\//, "") ?? ""]); ) {
    for (i++; i < words.length && (words[i]!.startsWith("-") || /^[A-Za-z_]\w*=/.test(words[i]!)); i++) if (wrapper.includes(words[i]!)) i++;
  }
  const program = words[i]?.replace(/^.*\//, "") ?? "";
  return PEER_RUNNERS.test(program) && words.slice(i + 1).every((w) => /^-[ils]+$/.test(w));
}

/** ssh and mail send their stdin to another machine: a piped secret or local data leaves it. */
export const pipedToPeer: Handler = (inv) => {
  if (inv.name === "ssh" && inv.args.some((a) => /^-[a-zA-Z]*n/.test(a.value))) return [];
  const from = inv.cmd?.pipeFrom;
  if (from?.argv.slice(1).some((w) => holdsSecret(w, inv.ctx))) return [op("secret", inv.name)];
  return sentOps(inv.name, stdinSent(inv.cmd, inv.ctx));
};

/** Clients that send the lines they read on stdin to the peer: `openssl s_client`, telnet, gnutls-cli. */
export const stdinToPeer: Handler = (inv) => (inv.name !== "openssl" || inv.args[0]?.value === "s_client" ? sentOps(inv.name, stdinSent(inv.cmd, inv.ctx)) : []);

/** scp to a remote host: the local files it sends leave the machine (sync-sent.ts). */
export const remoteCopy: Handler = (inv) => {
  const operands = inv.args.filter((a) => !a.value.startsWith("-"));
  const dest = operands.at(-1);
  if (!dest || operands.length < 2 || !isRemote(dest)) return [];
  const sent = scpSent(inv.args, inv.ctx);
  // A key named as a source is a secret sent, as before; one found inside a tree is egress.
  return sent === "secret" && operands.slice(0, -1).some(isSecretFile) ? [op("secret", inv.name)] : sentOps(inv.name, sent);
};

/**
 * What sending local data asks: data holding a credential file or that cannot be enumerated (a
 * tree too big, the environment, a database dump) is egress; files shown to hold no credential
 * leave without a question (sent-tree.ts).
 */
export function sentOps(verb: string, sent: Sent): Op[] {
  return sent === "clean" ? [] : [op("egress", verb)];
}
