import { literalWord, SYNTHETIC, type SimpleCommand, type Word } from "../syntax.ts";
import { bindParameters, type CmdletSpec, valuesOf } from "./powershell-bind.ts";

// Windows' other downloaders, read as the curl command with the same effect (red team 9 H3):
// Start-BitsTransfer (learn.microsoft.com/powershell/module/bitstransfer/start-bitstransfer),
// `certutil -urlcache|-verifyctl … URL [FILE]` and `bitsadmin /transfer NAME … URL FILE` /
// `/addfile JOB URL FILE` (learn.microsoft.com/windows-server/administration/windows-commands).

const VALUED = ["source", "destination", "transfertype", "displayname", "description", "priority", "credential", "authentication", "proxycredential", "proxyauthentication", "proxyusage", "proxylist", "proxybypass", "retryinterval", "retrytimeout", "maxdownloadtime", "transferpolicy", "usestoredcredential", "customheaders", "httpmethod", "notifycmdline", "notifyflags", "securityflags", "certstorelocation", "certstorename", "certhash", "aclflags"];
const BITS: CmdletSpec = {
  params: Object.fromEntries([...VALUED.map((n) => [n, true] as const), ...["asynchronous", "suspended", "dynamic", "customheaderswriteonly"].map((n) => [n, false] as const)]),
  aliases: {},
  positional: ["source", "destination"],
  shouldProcess: true,
};

/** The downloaders this module reads, by the name cmd or PowerShell runs them under. */
export const WINDOWS_DOWNLOADERS = new Set(["start-bitstransfer", "certutil", "bitsadmin"]);

/**
 * The curl command a download stands for (`curl -o FILE -- URL`, `-O` without a file, `-T FILE`
 * for an upload); further transfers of the same call go to `out`. Undefined when the command does
 * not transfer (certutil's other verbs, bitsadmin's job queries); SYNTHETIC.unknown when its
 * arguments cannot be bound for sure.
 */
export function translateDownload(name: string, args: Word[], out: SimpleCommand[]): Word[] | undefined {
  if (name === "start-bitstransfer") return _bits(args, out);
  // `-urlcache`, `/transfer`: a dash or slash and a word (a path has more than one part).
  const isFlag = (a: Word) => !a.dynamic && /^[-/][a-z][a-z0-9]*$/i.test(a.value);
  const flags = args.filter(isFlag).map((a) => a.value.slice(1).toLowerCase());
  const operands = args.filter((a) => !isFlag(a));
  if (name === "certutil") {
    if (!flags.some((f) => f === "urlcache" || f === "verifyctl")) return undefined;
    const at = operands.findIndex((a) => a.dynamic || /^[a-z][a-z0-9+.-]*:\/\//i.test(a.value));
    return at < 0 ? undefined : _transfers([{ url: operands[at]!, file: operands[at + 1] }], false, out);
  }
  if (name !== "bitsadmin") return undefined;
  const upload = flags.includes("upload");
  // /transfer NAME URL FILE [URL FILE …]; /addfile JOB URL FILE.
  const from = flags.includes("transfer") || flags.includes("addfile") ? 1 : -1;
  if (from < 0) return undefined;
  const rest = operands.slice(from).filter((a) => !/^(?:foreground|high|normal|low)$/i.test(a.value));
  if (rest.length < 2 || rest.length % 2 !== 0) return [literalWord(SYNTHETIC.unknown)];
  const pairs: _Transfer[] = [];
  for (let i = 0; i < rest.length; i += 2) pairs.push({ url: rest[i]!, file: rest[i + 1]! });
  return _transfers(pairs, upload, out);
}

function _bits(args: Word[], out: SimpleCommand[]): Word[] {
  const b = bindParameters(args, BITS);
  if (!b) return [literalWord(SYNTHETIC.unknown)];
  const sources = valuesOf(b.get("source"));
  const destinations = valuesOf(b.get("destination"));
  const type = valuesOf(b.get("transfertype"))[0];
  if (sources.length === 0 || destinations.length > sources.length || type?.dynamic) return [literalWord(SYNTHETIC.unknown)];
  const upload = type !== undefined && /^upload/i.test(type.value);
  // Several sources and one destination: a folder the files land in (each judged as written there).
  const pairs = sources.map((s, i) => ({ source: s, destination: destinations[destinations.length === 1 ? 0 : i] }));
  if (upload) return pairs.every((p) => p.destination) ? _transfers(pairs.map((p) => ({ url: p.destination!, file: p.source })), true, out) : [literalWord(SYNTHETIC.unknown)];
  return _transfers(pairs.map((p) => ({ url: p.source, file: p.destination })), false, out);
}

/** One transfer: the remote URL and the local file (a download without one lands in the current folder). */
interface _Transfer {
  url: Word;
  file: Word | undefined;
}

/** `curl -o FILE -- URL` (`-O` without a file, `-T FILE` for an upload) per transfer: the first returned, the rest pushed to `out`. */
function _transfers(transfers: _Transfer[], upload: boolean, out: SimpleCommand[]): Word[] {
  const argvs = transfers.map(({ url, file }): Word[] => {
    if (!file) return upload ? [literalWord(SYNTHETIC.unknown)] : [literalWord("curl"), literalWord("-O"), literalWord("--"), url];
    return [literalWord("curl"), literalWord(upload ? "-T" : "-o"), file, literalWord("--"), url];
  });
  for (const argv of argvs.slice(1)) out.push({ argv, assigns: [], redirects: [] });
  return argvs[0]!;
}
