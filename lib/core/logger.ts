import { createConsola, type ConsolaInstance, type ConsolaReporter } from "consola";
import { formatWithOptions } from "node:util";
import { redactText } from "./redact.ts";

export { colorAllowed, stripAnsi } from "./tty.ts";
import { colorAllowed } from "./tty.ts";

const QUIET_TYPES = new Set(["log", "info", "success", "start", "ready", "box"]);

/**
 * The plain reporter used off a TTY: one redacted line per entry on stderr, `warn: ` / `error: `
 * prefixes only where they mean something, stacks only in verbose mode.
 */
function plainReporter(verbose: boolean): ConsolaReporter {
  return {
    log(entry) {
      const args = entry.args.map((a) => (a instanceof Error && !verbose ? a.message : a));
      const text = redactText(formatWithOptions({ colors: false }, ...args));
      const prefix = QUIET_TYPES.has(entry.type) ? "" : `${entry.type}: `;
      process.stderr.write(`${prefix}${text}\n`);
    },
  };
}

/**
 * The human logger: every level goes to stderr (stdout is data), plain text when colour is not
 * allowed, and every message redacted before it is printed.
 */
export function createLogger(options: { verbose?: boolean } = {}): ConsolaInstance {
  const verbose = options.verbose === true;
  const level = verbose ? 4 : 3;
  if (!colorAllowed()) return createConsola({ level, reporters: [plainReporter(verbose)] });
  const logger = createConsola({
    stdout: process.stderr,
    stderr: process.stderr,
    level,
    formatOptions: { colors: true, date: false, compact: true },
  });
  // Reporters see the same entry in turn: redact first so the fancy printer gets safe text.
  logger.options.reporters.unshift({
    log(entry) {
      entry.args = entry.args.map((a) => (typeof a === "string" ? redactText(a) : a));
    },
  });
  return logger;
}

/** The process-wide human logger. */
export const log = createLogger({ verbose: process.argv.includes("--verbose") });
