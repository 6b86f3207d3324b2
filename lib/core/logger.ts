import { createConsola, type ConsolaInstance } from "consola";
import { redactText } from "./redact.ts";

/** Whether stderr may carry ANSI colour: a TTY, not CI, and NO_COLOR unset. */
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

/**
 * The human logger: every level goes to stderr (stdout is data), plain text when colour is not
 * allowed, and every message redacted before it is printed.
 */
export function createLogger(options: { verbose?: boolean } = {}): ConsolaInstance {
  const fancy = colorAllowed();
  const logger = createConsola({
    stdout: process.stderr,
    stderr: process.stderr,
    // consola picks its fancy reporter from this option (missing from its option type).
    ...({ fancy } as object),
    level: options.verbose ? 4 : 3,
    formatOptions: { colors: fancy, date: false, compact: true },
  });
  logger.addReporter({
    log(entry) {
      entry.args = entry.args.map((a) => (typeof a === "string" ? redactText(a) : a));
    },
  });
  // Reporters run in order; put the redacting one first so the printer sees redacted text.
  const reporters = logger.options.reporters;
  reporters.unshift(reporters.pop()!);
  return logger;
}

/** The process-wide human logger. */
export const log = createLogger({ verbose: process.argv.includes("--verbose") });
