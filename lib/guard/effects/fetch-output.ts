import type { Word } from "../syntax.ts";
import { longOption } from "./getopt.ts";

/**
 * wget's long options (src/main.c option_data, wget 1.21), for getopt_long's rule that any
 * unambiguous prefix names an option (`--output-d` is --output-document, `--dir` is ambiguous
 * with --directories): the minimum lengths follow from the names. The options a build has only
 * with a feature (SSL, Metalink, c-ares, HSTS, zlib, IPv6, xattr) and the `--no-NAME` forms of
 * switches (none of the names read here begins `no`) are left out: a prefix a build with them
 * refuses as ambiguous is read as the option, the careful side. Split on first use (this module
 * loads with every check).
 */
let wgetLong: readonly string[] | undefined;
export const wgetLongNames = (): readonly string[] =>
  (wgetLong ??= "accept accept-regex adjust-extension append-output ask-password auth-no-challenge background backup-converted backups base bind-address body-data body-file cache clobber config connect-timeout continue convert-file-only convert-links content-disposition content-on-error cookies cut-dirs debug default-page delete-after directories directory-prefix dns-cache dns-timeout domains dont-remove-listing dot-style egd-file exclude-directories exclude-domains execute follow-ftp follow-tags force-directories force-html ftp-password ftp-user glob header help host-directories html-extension htmlify http-keep-alive http-passwd http-password http-user ignore-case ignore-length ignore-tags include-directories input-file iri keep-badhash keep-session-cookies level limit-rate load-cookies local-encoding rejected-log max-redirect method mirror netrc no no-clobber no-config no-parent output-document output-file page-requisites parent passive-ftp password post-data post-file prefer-family preserve-permissions progress show-progress protocol-directories proxy proxy-passwd proxy-password proxy-user quiet quota random-file random-wait read-timeout recursive referer regex-type reject reject-regex relative remote-encoding remove-listing report-speed restrict-file-names retr-symlinks retry-connrefused retry-on-http-error save-cookies save-headers server-response span-hosts spider start-pos strict-comments timeout timestamping if-modified-since tries unlink trust-server-names use-askpass use-server-timestamps user user-agent verbose version wait waitretry warc-cdx warc-dedup warc-digests warc-file warc-header warc-keep-log warc-max-size warc-tempdir".split(" "));

/**
 * What a network client writes to its stdout: the fetched content ("remote"), a local file's
 * content (`curl file:///…`), or nothing the next command could run (a version or help text, a
 * download saved to a file, `nc -z`, `http --offline`).
 */
export function fetchOutput(name: string, args: Word[]): "remote" | "file" | "none" {
  const values = args.map((a) => a.value);
  const has = (re: RegExp) => values.some((v) => re.test(v));
  // Help or version only where an option stands (`curl -H --help` sends a header named --help).
  const informs = values.some((v, i) => /^(--version|--help|-h|--manual)$|^-[VM]$/.test(v) && (i === 0 || !values[i - 1]!.startsWith("-")));
  if (informs) return "none";
  if (name === "curl" || name === "wget") {
    const urls = args.filter((a) => !a.value.startsWith("-") && /^[a-z][a-z0-9+.-]*:\/\//i.test(a.value));
    const local = (u: string) => /^file:\/\//i.test(u);
    const named = args.flatMap((a, i) => (/^--url$/.test(a.value) ? [args[i + 1]?.value ?? ""] : /^--url=/.test(a.value) ? [a.value.slice(6)] : []));
    const all = [...urls.map((u) => u.value), ...named];
    if (all.length > 0 && all.every(local)) return "file";
  }
  if (name === "curl") {
    // -o FILE / -O save the body; `-o -` still writes it to stdout.
    const output = values.findIndex((v) => v === "-o" || v === "--output");
    if ((output >= 0 && values[output + 1] !== "-") || has(/^--output=(?!-$)/) || has(/^-[a-zA-Z]*O[a-zA-Z]*$|^--remote-name/)) return "none";
  }
  if (name === "wget") {
    // wget saves to a file unless told to write the document to stdout.
    // getopt_long takes any unambiguous prefix: `--output-doc=-` (wgetLongNames).
    const long = (v: string) => v.startsWith("--") && longOption(v.slice(2).split("=")[0]!, wgetLongNames()) === "output-document";
    const at = values.findIndex((v) => /^-[a-zA-Z]*O$/.test(v) || (long(v) && !v.includes("=")));
    const inline = values.find((v) => (long(v) && v.includes("=")) || /^-[a-zA-Z]*O./.test(v));
    const target = at >= 0 ? values[at + 1] : (inline?.replace(/^--[a-z-]+=|^-[a-zA-Z]*O/, "") ?? null);
    // `-e output_document=-` (`--execute`: a wgetrc command, `_` and `-` in its name ignored).
    return target === "-" || target === "/dev/stdout" || has(/^(-[a-zA-Z]*e|--[a-z]+=)?\s*output[-_]?document\s*=\s*(-|\/dev\/stdout)\s*$/i) ? "remote" : "none";
  }
  if ((name === "http" || name === "https" || name === "xh") && has(/^(--offline|--download|-d)$/)) return "none";
  if ((name === "nc" || name === "ncat" || name === "netcat") && has(/^-[a-zA-Z]*z/)) return "none";
  return "remote";
}

// OpenSSH's option letters (ssh.c getopt string); those followed by ":" take a value.
const SSH_OPTIONS = "1246ab:c:e:fgi:kl:m:no:p:qstvxAB:CD:E:F:GI:J:KL:MNO:P:Q:R:S:TVw:W:XYy";

/**
 * Whether ssh stops before connecting with nothing on stdout: `-V` prints its version, and an
 * option it does not know (`--help`, any `--word`) its usage, both to stderr. ssh reads options
 * before the destination and again right after it, up to the remote command.
 */
export function sshPrintsNothing(args: Word[]): boolean {
  let operands = 0;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return false;
    const v = a.value;
    if (v === "--" || !v.startsWith("-") || v === "-") {
      // The destination, then the remote command: options end there.
      if (v === "--" || ++operands > 1) return false;
      continue;
    }
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      const at = c === ":" ? -1 : SSH_OPTIONS.indexOf(c);
      if (c === "V" || at < 0) return true;
      if (SSH_OPTIONS[at + 1] === ":") {
        if (k === v.length - 1) i++;
        break;
      }
    }
  }
  return false;
}
