import { log } from "../core/logger.ts";

/**
 * Asks the person at the terminal whether the test file's author commands may run, after
 * listing each exact argv. Only offered when stdin and stderr are terminals.
 */
export async function confirmAuthorCommands(commands: string[][]): Promise<boolean> {
  log.warn("These tests run author commands after each agent run (command_exits_zero):");
  for (const argv of commands) log.warn(`  ${JSON.stringify(argv)}`);
  const answer = await log.prompt("Run them?", { type: "confirm", initial: false, cancel: "default" });
  return answer === true;
}

/** Whether a person can answer a prompt. */
export function canConfirm(): boolean {
  return process.stdin.isTTY === true && process.stderr.isTTY === true;
}
