import type { Word } from "../syntax.ts";

/** The variables `ssh-agent`'s output sets (or unsets, with -k). */
export const SSH_AGENT_NAMES = ["SSH_AUTH_SOCK", "SSH_AGENT_PID"] as const;

/**
 * `eval "$(ssh-agent -s)"` (also `-c`, `-k`, no flag, unquoted): ssh-agent prints a fixed script
 * that sets and exports SSH_AUTH_SOCK and SSH_AGENT_PID (or unsets them) and echoes the agent's
 * pid, nothing else, so the eval runs no other command. Only when eval's words are that one
 * substitution alone (an unquoted one may be read as several copies of the same word), with no
 * option that names a file or a command. Whether `ssh-agent` is the real program is the
 * caller's to check where programs are resolved (effects/wrappers.ts).
 */
export function sshAgentEval(args: Word[]): boolean {
  const word = args[0];
  if (!word || !args.every((a) => a === word) || !word.dynamic || word.value !== "" || word.outputOf?.length !== 1) return false;
  const [c] = word.outputOf;
  const [head, ...flags] = c!.argv;
  if (head?.dynamic !== false || head.value !== "ssh-agent" || c!.assigns.length > 0 || c!.redirects.length > 0) return false;
  return flags.length <= 1 && flags.every((f) => !f.dynamic && /^-[sck]$/.test(f.value));
}
