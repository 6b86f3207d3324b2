import { literalWord, SYNTHETIC, unknownWord, type SimpleCommand, type Word } from "../syntax.ts";
import { bindParameters, type CmdletSpec, valuesOf } from "./powershell-bind.ts";

// Invoke-WebRequest / Invoke-RestMethod, PowerShell 7.5 reference (learn.microsoft.com/powershell/
// module/microsoft.powershell.utility/invoke-webrequest): `[-Uri] <Uri>` is the only positional
// parameter, -Body also binds from the pipeline.
const SWITCHES = ["usebasicparsing", "allowunencryptedauthentication", "usedefaultcredentials", "skipcertificatecheck", "disablekeepalive", "skipheadervalidation", "allowinsecureredirect", "preserveauthorizationonredirect", "preservehttpmethodonredirect", "noproxy", "proxyusedefaultcredentials", "passthru", "resume", "skiphttperrorcheck", "followrellink"];
const VALUED = ["uri", "httpversion", "websession", "sessionvariable", "authentication", "credential", "certificatethumbprint", "certificate", "sslprotocol", "token", "useragent", "connectiontimeoutseconds", "operationtimeoutseconds", "headers", "maximumredirection", "maximumretrycount", "retryintervalsec", "method", "custommethod", "unixsocket", "proxy", "proxycredential", "body", "form", "contenttype", "transferencoding", "infile", "outfile", "maximumfollowrellink", "responseheadersvariable", "statuscodevariable"];
const WEB: CmdletSpec = {
  params: Object.fromEntries([...SWITCHES.map((n) => [n, false] as const), ...VALUED.map((n) => [n, true] as const)]),
  aliases: { url: "uri", sv: "sessionvariable", timeoutsec: "connectiontimeoutseconds", cm: "custommethod", fl: "followrellink", ml: "maximumfollowrellink", rhv: "responseheadersvariable" },
  positional: ["uri"],
};
const CMDLETS = new Set(["invoke-webrequest", "iwr", "invoke-restmethod", "irm"]);
// Full parameter names only the cmdlets take: `curl -Uri … -OutFile …` is Windows PowerShell 5.1's
// `curl` alias of Invoke-WebRequest; any other `curl`/`wget` is the program (pwsh 6+ has no such alias).
const CMDLET_ONLY = new Set(["uri", "outfile", "infile", "method", "body", "form", "usebasicparsing", "headers", "contenttype", "passthru", "sessionvariable", "websession", "usedefaultcredentials", "skipcertificatecheck"]);

/** The commands that download: the cmdlets, and `curl`/`wget` whichever they are. */
export const FETCHERS = new Set([...CMDLETS, "curl", "wget", "curl.exe", "wget.exe"]);

/**
 * Invoke-WebRequest/Invoke-RestMethod as the curl command with the same traffic: -Uri the URL,
 * -OutFile `-o`, -InFile `-T`, -Body (or pipeline input) `--data-binary`, -Form a form upload of
 * what the guard cannot list. Data computed in a `(…)`/`$(…)` of the command (`-Body (Get-ChildItem
 * env: | Out-String)`) is judged as piped into the request. `undefined`: the command is `curl`
 * or `wget` spelled as the program, passed through unchanged.
 */
export function translateWeb(name: string, args: Word[], piped: boolean, tails: SimpleCommand[], out: SimpleCommand[]): Word[] | undefined {
  if (!CMDLETS.has(name) && !args.some((a) => !a.quoted && /^-[a-z]+$/i.test(a.value) && CMDLET_ONLY.has(a.value.slice(1).toLowerCase()))) return undefined;
  const b = bindParameters(args, WEB);
  if (!b) return [literalWord(SYNTHETIC.unknown)];
  const uri = valuesOf(b.get("uri"));
  const url = uri.length === 1 ? uri[0]! : unknownWord();
  const words: Word[] = [literalWord("curl")];
  const outFile = valuesOf(b.get("outfile"));
  const inFile = valuesOf(b.get("infile"));
  if (outFile.length > 1 || inFile.length > 1) return [literalWord(SYNTHETIC.unknown)];
  if (outFile[0]) words.push(literalWord("-o"), outFile[0]);
  if (inFile[0]) words.push(literalWord("-T"), inFile[0]);
  const body = b.get("body");
  // -Body is sent as it is (a leading `@` names no file): curl's --data-raw.
  if (body !== undefined && body !== true) words.push(literalWord("--data-raw"), body);
  else if (piped) words.push(literalWord("--data-binary"), literalWord("@-"));
  if (b.has("form")) words.push(literalWord("-F"), { ...unknownWord(), value: "f=@" });
  words.push(literalWord("--"), url);
  // What a subexpression of the command computes may be sent: each is judged as piped in.
  for (const tail of tails) out.push({ argv: [literalWord("curl"), literalWord("--data-binary"), literalWord("@-"), literalWord("--"), url], assigns: [], redirects: [], pipeFrom: tail });
  return words;
}
