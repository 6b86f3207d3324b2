// Terminal facts, apart from the logger so that a hot path (leogriel-check on every agent
// command) can use them without loading consola.

/** Whether stderr may carry ANSI colour: a TTY, not CI, not TERM=dumb, and NO_COLOR unset. */
export function colorAllowed(env: Record<string, string | undefined> = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.CI !== undefined && env.CI !== "false") return false;
  if (env.TERM === "dumb") return false;
  return process.stderr.isTTY === true;
}

/** Text without ANSI escape sequences. */
export function stripAnsi(text: string): string {
  // biome-ignore lint: the escape character is the point of this pattern.
  return text.replace(/\u001b\[[0-9;?]*[ -\/]*[@-~]/g, "");
}
