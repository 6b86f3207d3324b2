import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { clusterValue, computedRest, dashWord, isOption, longOption, mayName, openOption, wordFrom } from "./getopt.ts";
import { wgetLongNames } from "./fetch-output.ts";
import { filledFolder } from "./sinks.ts";

const URL = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/[^#]*)?/i;
// stdout or a device: no file is written.
const NO_FILE = /^(-|\/dev\/.*)$/;
// Options that make the program print and exit, or fetch without saving, where an option stands
// (`wget -O --help URL` saves to a file named `--help`).
const STOPS = /^(--help|--version|-h|-V|--spider)$/;
// httpie's names (and xh, its Rust port).
const HTTPIE = new Set(["http", "https", "xh"]);

/** Where a download lands (red team 3 and 5): one decision for the written files and for the taint of what later runs. */
interface DownloadLanding {
  /** Files an option names (`curl -o`, inside `--output-dir`; `wget -O`; httpie and aria2c `-o`). */
  saved: Word[];
  /** Files named after the URL (`curl -O`, plain wget), inside their folder (`--output-dir`, `-P`). */
  named: Word[];
  /** Whether `named` replaces an existing file: curl does, wget only with `-N`/`-c`. */
  overwrites: boolean;
  /** A folder receiving names the guard cannot know (`curl -OJ`, `wget -r`, an unknown URL). */
  spread?: Word;
  /** wget's log files, and whether each is appended to (`-a`). */
  logs: Array<[Word, boolean]>;
}

/**
 * The files a download writes: curl `-o FILE` inside `--output-dir DIR`, curl `-O` (the URL's last
 * segment, in that folder or the working one), wget `-O FILE`, wget without `-O` into `-P DIR`
 * (`--directory-prefix`), httpie `-o`, aria2c `-o NAME` inside `-d DIR`. The download ops
 * (downloadOps) and the taint of a later run (taint.ts) both read this. Null when nothing is saved
 * (`--help`, `--version`, `--spider`).
 */
export function downloadLanding(name: string, args: Word[]): DownloadLanding | null {
  const land = name === "curl" ? _curl(args) : name === "wget" ? _wget(args) : args.some((a) => STOPS.test(a.value)) ? null : name === "aria2c" ? _aria2c(args) : _httpie(args);
  // `-$X`, `--$X`: an option of any name (getopt.ts dashWord), `--output=FILE` too.
  if (land && args.some(dashWord)) land.saved.push(unknownWord());
  return land;
}

/**
 * The ops of a download (red team 3): the saved file is overwritten (judged like `> FILE`), wget's
 * new file is a creation there (it picks `name.1` rather than replace one without `-N`/`-c`, so a
 * startup file asks), and a name the guard cannot know (an expansion, `-J`,
 * `--content-disposition`, `-i`, recursion) is a tree of unknown names written into the folder
 * (outside the workspace that asks).
 */
export function downloadOps(name: string, args: Word[]): Op[] {
  if (name !== "curl" && name !== "wget" && name !== "aria2c" && !HTTPIE.has(name)) return [];
  const land = downloadLanding(name, args);
  if (!land) return [];
  const ops: Op[] = [];
  // The log file (`-o FILE` replaces it, `-a FILE` appends).
  for (const [log, append] of land.logs) ops.push({ ...op(append ? "write-into" : "overwrite", name, [log]), lands: "created" });
  // aria2c renames rather than replace an existing file unless `--allow-overwrite` (a creation, as wget's).
  if (land.saved.length) ops.push({ ...op(name === "aria2c" && !land.overwrites ? "write-into" : "overwrite", name, land.saved), lands: "created" });
  if (land.spread) ops.push(filledFolder(name, [land.spread]));
  else if (land.named.length) ops.push({ ...op(land.overwrites ? "overwrite" : "write-into", name, land.named), lands: "created" });
  return ops;
}

/** The names a download of `url` is saved under (its last path segment, with and without the query). */
function _remoteNames(url: string, fallback: string | null): string[] {
  const path = URL.exec(url)?.[1] ?? "";
  const last = path.slice(path.lastIndexOf("/") + 1);
  const bare = last.replace(/\?.*$/s, "");
  return [...new Set([last, bare].filter(Boolean))].concat(bare ? [] : fallback ? [fallback] : []);
}

/** `name` inside `dir` (an absolute name stays where it is; an unknown folder makes it unknown). */
function _within(dir: Word | undefined, w: Word): Word {
  if (!dir || (!w.dynamic && w.value.startsWith("/"))) return w;
  if (w.dynamic) return unknownWord();
  return { ...w, value: `${dir.value}/${w.value}`, pattern: `${dir.value}/${w.value}`, glob: false, dynamic: dir.dynamic };
}

const _urls = (args: Word[]): Word[] => args.filter((a) => a.dynamic || URL.test(a.value));

// curl's short options that take a value (the first one in a cluster takes the rest of the word
// or the next word), and the long options that matter here among those sharing their prefixes
// (curl 7.x takes unambiguous prefixes: `--output-d`).
const CURL_VALUED = "AbcCDeEHKmoPQrtuUwxXyYzdFT";
const CURL_LONGS = ["output", "output-dir", "remote-name", "remote-name-all", "remote-header-name", "remote-time", "create-dirs", "create-file-mode"];
const CURL_VALUED_LONG = /^(header|user|user-agent|referer|cookie|cookie-jar|request|proxy|proxy-user|max-time|connect-timeout|write-out|dump-header|config|range|continue-at|resolve|connect-to|cacert|cert|key|interface|data[a-z-]*|form|form-string|json|upload-file|url|trace|trace-ascii|stderr|netrc-file|variable|expand-[a-z-]+)$/;

/** curl: `-o FILE` (also `-fsSLo FILE`, `-ofile`, `--output FILE`), `--output-dir DIR`, `-O`/`--remote-name(-all)`, `-J`. */
function _curl(args: Word[]): DownloadLanding | null {
  const land: DownloadLanding = { saved: [], named: [], overwrites: true, logs: [] };
  const outputs: Word[] = [];
  let dir: Word | undefined;
  let remote = false;
  let unknownName = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (!isOption(a, true)) continue;
    if (!a.dynamic && STOPS.test(v)) return null;
    if (v.startsWith("--")) {
      // `--output=FILE` is no curl spelling, but is read as one (a write there is judged, not missed).
      const eq = v.indexOf("=");
      const given = v.slice(2, eq < 0 ? undefined : eq);
      if (a.dynamic && eq < 0) {
        // `--out$X`: the expansion may end the name (and the next word be its value) or go on
        // with it: any long option that begins so, its value unknown (output-options.ts's policy).
        if (mayName(given, ["output", "output-dir"])) _push(outputs, computedRest(a));
        remote ||= mayName(given, ["remote-name", "remote-name-all"]);
        unknownName ||= mayName(given, ["remote-header-name"]);
        continue;
      }
      const long = given === "output" ? given : longOption(given, CURL_LONGS, 8);
      const value = () => (eq >= 0 ? wordFrom(a, eq + 1) : args[++i]);
      if (long === "output") _push(outputs, value());
      else if (long === "output-dir") dir = value();
      else if (long === "remote-name" || long === "remote-name-all") remote = true;
      else if (long === "remote-header-name") unknownName = true;
      else if (eq < 0 && CURL_VALUED_LONG.test(given)) i++;
      continue;
    }
    // `-s$X` (getopt.ts openOption): its rest may be `o FILE`, `O`, `J`.
    if (openOption(a, CURL_VALUED)) {
      _push(outputs, computedRest(a));
      remote = unknownName = true;
      continue;
    }
    const got = clusterValue(args, i, CURL_VALUED);
    const flags = v.slice(1, got?.at);
    remote ||= flags.includes("O");
    unknownName ||= flags.includes("J");
    if (got?.letter === "o") _push(outputs, got.value);
    i = got?.i ?? i;
  }
  land.saved = outputs.map((w) => _within(dir, w));
  if (!remote) return land;
  const urls = _urls(args);
  if (unknownName || urls.some((u) => u.dynamic)) land.spread = dir ?? literalWord(".");
  else land.named = urls.flatMap((u) => _remoteNames(u.value, null)).map((n) => _within(dir, literalWord(n, true)));
  return land;
}

/** A saved file (stdout and devices are none). */
function _push(out: Word[], w: Word | undefined): void {
  if (w && (w.dynamic || !NO_FILE.test(w.value))) out.push(w);
}

// wget's short options that take a value (getopt: the rest of the cluster or the next word).
const WGET_VALUED = "oaeOPiBtTwQUlADRIXn";

/** wget: `-O FILE`, `-P DIR`, `-N`/`-c` (replace), `-o`/`-a` logs, and the options that name files it cannot know. */
function _wget(args: Word[]): DownloadLanding | null {
  const land: DownloadLanding = { saved: [], named: [], overwrites: false, logs: [] };
  let dir: Word | undefined;
  let document: Word | undefined;
  let stdout = false;
  let unknownNames = false;
  const saveTo = (w: Word | undefined) => {
    if (w && !w.dynamic && NO_FILE.test(w.value)) stdout = true;
    else if (w) document = w;
  };
  // `-e COMMAND` (`--execute`): a wgetrc line, as if it came last in .wgetrc (wget(1)); the
  // commands that say where files land are read as their options.
  const execute = (w: Word | undefined) => {
    const m = w && /^\s*([a-zA-Z_-]+)\s*=\s*/.exec(w.value);
    if (w?.dynamic && !m) {
      saveTo(computedRest(w));
      land.overwrites = unknownNames = true;
      return;
    }
    if (!w || !m) return;
    const value = wordFrom(w, m[0].length);
    const command = m[1]!.replace(/[-_]/g, "").toLowerCase();
    if (command === "outputdocument") saveTo(value);
    else if (command === "dirprefix") dir = value;
    else if (command === "logfile") _log(land, value, false);
    else if (command === "timestamping" || command === "continue" || command === "alwaysrest") land.overwrites = true;
    else if (/^(contentdisposition|trustservernames|input|recursive|mirror|pagerequisites)$/.test(command)) unknownNames = true;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (!isOption(a, true)) continue;
    if (v === "--") break;
    if (!a.dynamic && STOPS.test(v)) return null;
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const given = v.slice(2, eq < 0 ? undefined : eq);
      if (a.dynamic && eq < 0) {
        // `--out$X`: any long option that begins so, its value unknown (as curl's above).
        if (mayName(given, ["output-document"])) saveTo(computedRest(a));
        if (mayName(given, ["output-file", "append-output"])) _log(land, computedRest(a), false);
        land.overwrites ||= mayName(given, ["timestamping", "continue"]);
        if (mayName(given, ["directory-prefix"])) dir = computedRest(a);
        if (mayName(given, ["execute"])) execute(computedRest(a));
        unknownNames ||= mayName(given, ["content-disposition", "trust-server-names", "input-file", "recursive", "mirror", "page-requisites"]);
        continue;
      }
      const value = () => (eq >= 0 ? wordFrom(a, eq + 1) : args[++i]);
      // getopt_long's unambiguous prefixes of wget's names (fetch-output.ts wgetLongNames).
      const name = longOption(given, wgetLongNames());
      if (name === "directory-prefix") dir = value();
      else if (name === "output-file") _log(land, value(), false);
      else if (name === "append-output") _log(land, value(), true);
      else if (name === "output-document") saveTo(value());
      else if (name === "timestamping" || name === "continue") land.overwrites = true;
      else if (name === "execute") execute(value());
      else if (/^(content-disposition|trust-server-names|input-file|recursive|mirror|page-requisites)$/.test(name ?? "")) unknownNames = true;
      continue;
    }
    // `-q$X` (getopt.ts openOption): its rest may be `O FILE`, `N`, `r`.
    if (openOption(a, WGET_VALUED)) {
      saveTo(computedRest(a));
      land.overwrites = unknownNames = true;
      continue;
    }
    const got = clusterValue(args, i, WGET_VALUED);
    const flags = v.slice(1, got?.at);
    if (/[Nc]/.test(flags)) land.overwrites = true;
    if (/[rmp]/.test(flags)) unknownNames = true;
    if (got?.letter === "P") dir = got.value;
    else if (got?.letter === "o" || got?.letter === "a") _log(land, got.value, got.letter === "a");
    else if (got?.letter === "O") saveTo(got.value);
    else if (got?.letter === "i") unknownNames = true;
    else if (got?.letter === "e") execute(got.value);
    i = got?.i ?? i;
  }
  // `-O FILE` is not placed under `-P` (wget writes it where it is named).
  if (document) land.saved = [document];
  if (document || stdout) return land;
  const urls = _urls(args);
  if (unknownNames || urls.some((u) => u.dynamic)) land.spread = dir ?? literalWord(".");
  else land.named = urls.flatMap((u) => _remoteNames(u.value, "index.html")).map((n) => _within(dir, literalWord(n, true)));
  return land;
}

function _log(land: DownloadLanding, w: Word | undefined, append: boolean): void {
  if (w && (w.dynamic || !NO_FILE.test(w.value))) land.logs.push([w, append]);
}

/** httpie (http, https, xh): `-o FILE`/`--output FILE` saves the body; `-d`/`--download` names it from the response. */
function _httpie(args: Word[]): DownloadLanding {
  const land: DownloadLanding = { saved: [], named: [], overwrites: true, logs: [] };
  let download = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (!isOption(a, true)) continue;
    // `-o$F`, `--output$F`: the value is the word's computed rest.
    if (v === "--output" || /^-[a-zA-Z]*o$/.test(v)) _push(land.saved, a.dynamic ? computedRest(a) : args[++i]);
    else if (v.startsWith("--output=")) _push(land.saved, wordFrom(a, 9));
    else if (/^-[a-zA-Z]*?o./.test(v) && !v.startsWith("--")) _push(land.saved, wordFrom(a, v.indexOf("o") + 1));
    else if (!a.dynamic && (v === "--download" || /^-[a-zA-Z]*d[a-zA-Z]*$/.test(v))) download = true;
  }
  if (download && land.saved.length === 0) land.spread = literalWord(".");
  return land;
}

/**
 * aria2c: `-o NAME`/`--out=NAME` inside `-d DIR`/`--dir=DIR` (also `-oNAME`, `-dDIR`), else the
 * URL's name there, and names the guard cannot know with `-i FILE` (URIs read from a file). An
 * existing file is kept (aria2c picks `NAME.1`) unless `--allow-overwrite`. `-l FILE` (`--log`)
 * is appended to; `--save-session`, `--save-cookies`, `--dht-file-path` and `--server-stat-of`
 * replace their file.
 */
function _aria2c(args: Word[]): DownloadLanding {
  // Its options whose value is a file or folder it reads or writes (`--name=VALUE` or the next
  // word; `-o`, `-d`, `-l`, `-i` attached or not): built here, not with the module, which loads
  // with every check.
  const files = new Set(["out", "dir", "log", "input-file", "save-session", "save-cookies", "dht-file-path", "dht-file-path6", "server-stat-of"]);
  const short: Record<string, string> = { o: "out", d: "dir", l: "log", i: "input-file" };
  const land: DownloadLanding = { saved: [], named: [], overwrites: false, logs: [] };
  let dir: Word | undefined;
  let out: Word | undefined;
  let input = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    const long = /^--([a-z0-9-]+)(=?)/.exec(v);
    let name: string | undefined;
    let value: Word | undefined;
    if (long && files.has(long[1]!)) {
      name = long[1];
      value = long[2] ? wordFrom(a, long[0].length) : args[++i];
    } else if (/^-[odli]/.test(v)) {
      name = short[v[1]!];
      value = v.length > 2 || a.dynamic ? wordFrom(a, 2) : args[++i];
    } else if (/^--allow-overwrite(=true)?$/.test(v)) land.overwrites = true;
    if (!value) continue;
    if (name === "out") out = value;
    else if (name === "dir") dir = value;
    else if (name === "input-file") input = true;
    else if (name === "log") _log(land, value, true);
    else _log(land, value, false);
  }
  if (input) land.spread = dir ?? literalWord(".");
  if (out) land.saved = [_within(dir, out)];
  else if (!input) {
    const urls = _urls(args);
    if (urls.some((u) => u.dynamic)) land.spread = dir ?? literalWord(".");
    else land.named = urls.flatMap((u) => _remoteNames(u.value, "index.html")).map((n) => _within(dir, literalWord(n, true)));
  }
  return land;
}
