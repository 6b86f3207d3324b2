import type { Redirect, SimpleCommand, Word } from "../syntax.ts";
import { fetchOutput, sshPrintsNothing } from "./fetch-output.ts";
import { programName } from "./names.ts";
import { echoEscapes, printfText } from "./printf-text.ts";

/** What a command reads on stdin: text the guard can analyse, or where it comes from. */
export type Stdin =
  | { kind: "text"; text: string; dynamic: boolean }
  | { kind: "remote" }
  | { kind: "file" }
  | { kind: "unknown" }
  | { kind: "none" };

const FETCHERS = new Set(["curl", "wget", "fetch", "nc", "ncat", "netcat", "socat", "http", "https", "xh", "aria2c", "lynx", "iwr", "irm"]);

/**
 * The redirection that gives a command its stdin: the last one of descriptor 0, as the shell
 * makes them in order (`bash <<< 'echo hi' < x.sh` reads x.sh); `<&0` changes nothing.
 */
export function stdinRedirect(cmd: SimpleCommand): Redirect | undefined {
  let last: Redirect | undefined;
  for (const r of cmd.redirects) {
    const zero = r.fd === "" ? r.op[0] === "<" : r.fd === "0";
    if (zero && !(r.op === "<&" && r.target.value === "0")) last = r;
  }
  return last;
}

export function stdinOf(cmd: SimpleCommand | undefined): Stdin {
  if (!cmd) return { kind: "none" };
  const r = stdinRedirect(cmd);
  if (r) {
    if (r.heredoc) return { kind: "text", text: r.heredoc.body, dynamic: r.heredoc.dynamic };
    if (r.op === "<<<") return { kind: "text", text: `${r.target.value}\n`, dynamic: r.target.dynamic };
    if ((r.op === "<" || r.op === "<>") && /^\/dev\/(tcp|udp)\//.test(r.target.value)) return { kind: "remote" };
    if (r.op === "<" || r.op === "<>") return r.target.dynamic ? { kind: "unknown" } : { kind: "file" };
    // `<&-` closes stdin; `<&3`, `<&$fd`: stdin is another descriptor, whose source is not followed (`0>f` too).
    return r.op === "<&" && r.target.value === "-" ? { kind: "none" } : { kind: "unknown" };
  }
  const from = cmd.pipeFrom;
  if (!from) return { kind: "none" };
  const [head, ...args] = from.argv;
  if (from.group || !head || head.dynamic) return { kind: "unknown" };
  const name = programName(head);
  if (FETCHERS.has(name)) {
    const output = fetchOutput(name, args);
    return output === "remote" ? { kind: "remote" } : output === "file" ? { kind: "file" } : { kind: "none" };
  }
  if (name === "ssh" && sshPrintsNothing(args)) return { kind: "none" };
  if (name === "echo" || name === "printf") return printed(name, args);
  if (name === "cat") {
    if (args.length === 0) return stdinOf(from);
    return args.every((a) => !a.dynamic) ? { kind: "file" } : { kind: "unknown" };
  }
  return { kind: "unknown" };
}

/** What echo or printf prints with these arguments. */
export function printed(name: string, args: Word[]): Stdin {
  const dynamic = args.some((a) => a.dynamic);
  if (name === "echo") {
    const words = args.map((a) => a.value);
    // `-e` (also in a cluster, `-ne`) expands escapes as printf's `%b` does: `echo -e '.git\0'`.
    let escapes = false;
    while (words[0] !== undefined && /^-[neE]+$/.test(words[0])) for (const flag of words.shift()!.slice(1)) escapes = flag === "e" ? true : flag === "E" ? false : escapes;
    return { kind: "text", text: escapes ? echoEscapes(words.join(" ")) : words.join(" "), dynamic };
  }
  const values = args.map((a) => a.value);
  // `printf -v NAME …` assigns NAME and prints nothing.
  if (values[0] === "-v") return { kind: "text", text: "", dynamic: false };
  if (values[0] === "--") values.shift();
  const [format, ...rest] = values;
  const out = printfText(format ?? "", rest);
  return { kind: "text", text: out.text, dynamic: dynamic || out.dynamic };
}
