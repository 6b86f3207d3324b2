import type { Word } from "../syntax.ts";

/** A command line of an infrastructure CLI: its operands in order, and what its options say. */
export interface CliLine {
  /** Operands (subcommand path, resource names), option values removed. */
  operands: Word[];
  /** Option names as given, without an attached `=value` (`--dry-run=client` → `--dry-run`). */
  options: string[];
  /** The value of each option that had one attached with `=`. */
  values: Map<string, string>;
  /** An option or operand is an expansion the guard cannot see: the subcommand is unknown. */
  dynamic: boolean;
}

/**
 * Splits arguments into operands and options. `valued` options take the next word (unless the
 * value is attached with `=`); every other option is a flag. Options may come anywhere.
 */
export function cliLine(args: Word[], valued: ReadonlySet<string>): CliLine {
  const line: CliLine = { operands: [], options: [], values: new Map(), dynamic: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) line.dynamic = true;
    if (a.value === "--") {
      line.operands.push(...args.slice(i + 1));
      break;
    }
    if (!a.value.startsWith("-") || a.value === "-") {
      line.operands.push(a);
      continue;
    }
    const eq = a.value.indexOf("=");
    const name = eq > 0 ? a.value.slice(0, eq) : a.value;
    line.options.push(name);
    if (eq > 0) line.values.set(name, a.value.slice(eq + 1));
    else if (valued.has(name)) {
      const value = args[++i];
      if (value?.dynamic) line.dynamic = true;
      if (value) line.values.set(name, value.value);
    }
  }
  return line;
}

/** Whether the line only asks for help (one of `flags`, or a `help` operand where that is help). */
export function asksHelp(line: CliLine, flags: string[] = ["--help", "-h"], operandHelp = false): boolean {
  return line.options.some((o) => flags.includes(o)) || (operandHelp && line.operands.some((w) => w.value === "help"));
}

/** The operand values, lower-cased. */
export function words(line: CliLine): string[] {
  return line.operands.map((w) => w.value.toLowerCase());
}

/**
 * Splits text into words as a shell does for quoting only (`'…'`, `"…"`, backslashes; no
 * expansions), as Terraform splits TF_CLI_ARGS; null when a quote is left open. Bounded by the text.
 */
export function shellWords(text: string): string[] | null {
  const out: string[] = [];
  let word: string | null = null;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
    } else if (c === "\\" && i + 1 < text.length && (quote === null || /["\\$`]/.test(text[i + 1]!))) {
      word = (word ?? "") + text[++i]!;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else if (/\s/.test(c)) {
      if (word !== null) out.push(word);
      word = null;
    } else word = (word ?? "") + c;
  }
  if (quote !== null) return null;
  if (word !== null) out.push(word);
  return out;
}
