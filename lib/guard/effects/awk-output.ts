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

// A regex literal where an operand is expected: at the start or after an operator or opener.
const REGEX = /((?:^|[(~,!{;\n&|])[^\S\n]*)\/(?:[^/\\\n]|\\.)*\//g;
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
  return awkReplaceStrings(text, blank).replace(REGEX, (all, lead: string) => lead + blank(all.slice(lead.length)));
}

/**
 * Where each awk string literal that starts at a quote ends, read as `/"(?:[^"\\]|\\.)*"/`
 * reads it: past its closing quote, or -1 when none closes it (the text ends, or a backslash
 * ends a line first). A quote inside the last string read is one of its escaped quotes, and the
 * string it opens ends where that one does: each part of the text is read once, not once per
 * quote (a 300 KB program of escaped quotes that never close took seconds per pass).
 */
export function awkStringEnds(text: string): (at: number) => number {
  let from = -1;
  let stop = -1;
  let end = -1;
  return (at) => {
    if (at >= from && at < stop) return end;
    from = at;
    end = -1;
    stop = text.length;
    for (let i = at + 1; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        stop = i;
        end = i + 1;
        break;
      }
      if (c === 92) {
        const next = text.charCodeAt(i + 1);
        // The regex's `.`: any code unit but a line terminator.
        if (Number.isNaN(next) || next === 10 || next === 13 || next === 0x2028 || next === 0x2029) {
          stop = i;
          break;
        }
        i++;
      }
    }
    return end;
  };
}

/** `text.replace(/"(?:[^"\\]|\\.)*"/g, replace)`, in one reading. */
export function awkReplaceStrings(text: string, replace: (literal: string) => string): string {
  const ends = awkStringEnds(text);
  let out = "";
  let done = 0;
  for (let i = text.indexOf('"'); i >= 0; ) {
    const end = ends(i);
    if (end < 0) {
      i = text.indexOf('"', i + 1);
      continue;
    }
    out += text.slice(done, i) + replace(text.slice(i, end));
    done = end;
    i = text.indexOf('"', end);
  }
  return done === 0 ? text : out + text.slice(done);
}
