import type { SimpleCommand, Word } from "../syntax.ts";
import { fetchOutput, sshPrintsNothing } from "./fetch-output.ts";
import { programName } from "./names.ts";

/** What a command reads on stdin: text the guard can analyse, or where it comes from. */
export type Stdin =
  | { kind: "text"; text: string; dynamic: boolean }
  | { kind: "remote" }
  | { kind: "file" }
  | { kind: "unknown" }
  | { kind: "none" };

const FETCHERS = new Set(["curl", "wget", "fetch", "nc", "ncat", "netcat", "socat", "http", "https", "xh", "aria2c", "lynx", "iwr", "irm"]);

export function stdinOf(cmd: SimpleCommand | undefined): Stdin {
  if (!cmd) return { kind: "none" };
  for (const r of cmd.redirects) {
    if (r.heredoc) return { kind: "text", text: r.heredoc.body, dynamic: r.heredoc.dynamic };
    if (r.op === "<<<") return { kind: "text", text: `${r.target.value}\n`, dynamic: r.target.dynamic };
    if (r.op === "<" && /^\/dev\/(tcp|udp)\//.test(r.target.value)) return { kind: "remote" };
    if (r.op === "<") return r.target.dynamic ? { kind: "unknown" } : { kind: "file" };
    // `<&3`, `<&$fd`: stdin is another descriptor, whose source is not followed.
    if (r.op === "<&" && (r.fd === "" || r.fd === "0") && r.target.value !== "0") return r.target.value === "-" ? { kind: "none" } : { kind: "unknown" };
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
    while (words[0] === "-n" || words[0] === "-e" || words[0] === "-E") words.shift();
    return { kind: "text", text: words.join(" "), dynamic };
  }
  const [format, ...rest] = args.map((a) => a.value);
  return { kind: "text", text: _printf(format ?? "", rest), dynamic };
}

/** A small printf: `%s`/`%b` substitution (the format repeats while arguments remain) and escapes. */
function _printf(format: string, args: string[]): string {
  let i = 0;
  let out = "";
  do {
    out += format.replace(/%[sbdq%]/g, (m) => (m === "%%" ? "%" : (args[i++] ?? "")));
  } while (i < args.length && /%[sbdq]/.test(format));
  return out.replace(/\\([0-7]{1,3}|x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|[ntr\\])/g, (_, e: string) => {
    if (/^[0-7]/.test(e)) return String.fromCharCode(Number.parseInt(e, 8) & 0xff);
    if (e[0] === "x" || e[0] === "u") return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    return ({ n: "\n", t: "\t", r: "\r", "\\": "\\" } as Record<string, string>)[e]!;
  });
}
