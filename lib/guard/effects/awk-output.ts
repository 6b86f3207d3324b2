/**
 * Where awk's `print` and `printf` write. Only a `>` or `>>` outside every parenthesis of the
 * statement is an output redirection (`print ($1 > 0 ? "a" : "b")` compares; `print $1 > 0`
 * writes a file named 0), and never one inside a string or a regex literal. The target is the
 * literal string after it, or null when it is an expression (a variable, a concatenation).
 */
interface AwkOutput {
  append: boolean;
  target: string | null;
}

const STRING = /"(?:[^"\\]|\\.)*"/g;
// A regex literal where an operand is expected: at the start or after an operator or opener.
const REGEX = /((?:^|[(~,!{;\n&|])\s*)\/(?:[^/\\\n]|\\.)*\//g;
const PRINT = /\bprintf?\b/g;
const END = new Set([";", "}", "\n", "|"]);

/** Every output redirection of the print statements in an awk program's text. */
export function awkOutputs(text: string): AwkOutput[] {
  const masked = _mask(text);
  const outputs: AwkOutput[] = [];
  for (const m of masked.matchAll(PRINT)) {
    let depth = 0;
    for (let i = m.index + m[0].length; i < masked.length; i++) {
      const c = masked[i]!;
      if (c === "(") depth++;
      else if (c === ")") depth--;
      else if (depth <= 0 && END.has(c)) break;
      else if (depth <= 0 && c === ">") {
        const append = masked[i + 1] === ">";
        const rest = text.slice(i + (append ? 2 : 1));
        const literal = /^\s*("(?:[^"\\]|\\.)*")\s*(?:$|[;}\n|])/.exec(rest)?.[1];
        outputs.push({ append, target: literal === undefined ? null : _string(literal) });
        break;
      }
    }
  }
  return outputs;
}

/** An awk string literal's value; null when its escapes are not plain JSON ones. */
function _string(literal: string): string | null {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return null;
  }
}

/** The text with strings and regex literals blanked to the same length (positions are kept). */
function _mask(text: string): string {
  const blank = (s: string) => s[0] + "_".repeat(s.length - 2) + s.at(-1);
  return text.replace(STRING, blank).replace(REGEX, (all, lead: string) => lead + blank(all.slice(lead.length)));
}
