/** A call argument read from interpreter source: a string literal, a list of them, or unknown. */
type Literal = { kind: "string"; value: string } | { kind: "list"; values: string[] } | { kind: "unknown" };

/**
 * Reads the first argument at `from` in Python/JS/Ruby/Perl/PHP source. Only plain literals count:
 * interpolation (f-strings, `${}`, `#{}`, `$var` in Perl double quotes) or concatenation make it
 * unknown, so the caller fails closed.
 */
export function readLiteral(code: string, from: number, home: string): Literal {
  let i = _skip(code, from);
  const expand = /^os\.path\.expanduser\s*\(/.exec(code.slice(i));
  if (expand) i = _skip(code, i + expand[0].length);
  const pathCall = /^(?:pathlib\.)?Path\s*\(/.exec(code.slice(i));
  if (pathCall) i = _skip(code, i + pathCall[0].length);
  if (code[i] === "[" || (code[i] === "(" && !pathCall)) {
    const values: string[] = [];
    i++;
    for (;;) {
      i = _skip(code, i);
      if (code[i] === "]" || code[i] === ")") return { kind: "list", values };
      const item = stringLiteral(code, i);
      if (!item || item.escaped) return { kind: "unknown" };
      values.push(item.value);
      i = _skip(code, item.end);
      if (code[i] === ",") i++;
    }
  }
  const str = stringLiteral(code, i);
  if (!str || str.escaped) return { kind: "unknown" };
  const after = _skip(code, str.end);
  if ("+%.".includes(code[after] ?? "\0") && !/^\.\s*(unlink|rmdir|rmtree)/.test(code.slice(after))) return { kind: "unknown" };
  const value = expand || str.value.startsWith("~/") ? withHome(str.value, home) : str.value;
  return { kind: "string", value };
}

/** A path an interpreter's code names, a leading `~` as the home folder (`~/x`, `~`; not `~user`). */
export function withHome(path: string, home: string): string {
  return path.replace(/^~(?=\/|$)/, home);
}

/**
 * A plain string literal at `at` (no f-string, no interpolation): its value and where it ends.
 * `escaped`: the value is not exactly the string the program sees. An escape other than `\\` or
 * the closing quote means something else in each language and quoting (`'\x2egit'` is `.git` to
 * Python and Node, `\x2egit` to Perl; `\u002e`, `\056`, `\/`), and a raw string's backslash before
 * its quote keeps the quote inside it: the caller must not take such a value as a name.
 */
export function stringLiteral(code: string, at: number): { value: string; end: number; escaped: boolean } | null {
  const prefix = /^[rRbBuU]{0,2}/.exec(code.slice(at, at + 2))![0];
  if (/[fF]/.test(code[at] ?? "")) return null;
  const q = code[at + prefix.length];
  if (q !== "'" && q !== '"' && q !== "`") return null;
  const triple = code.startsWith(q.repeat(3), at + prefix.length);
  const open = at + prefix.length + (triple ? 3 : 1);
  const closer = triple ? q.repeat(3) : q;
  let value = "";
  let escaped = false;
  for (let i = open; i < code.length; i++) {
    if (code.startsWith(closer, i)) {
      // Interpolating quotes whose body interpolates are unknown.
      if (q === "`" && value.includes("${")) return null;
      if (q === '"' && (/#\{/.test(value) || /(?<!\\)[$@][A-Za-z_{]/.test(value))) return null;
      return { value, end: i + closer.length, escaped };
    }
    if (code[i] === "\\" && !/[rR]/.test(prefix)) {
      const next = code[++i] ?? "";
      escaped ||= next !== "\\" && next !== q;
      value += ({ n: "\n", t: "\t", "0": "\0" } as Record<string, string>)[next] ?? next;
    } else {
      escaped ||= code[i] === "\\" && code[i + 1] === q;
      value += code[i];
    }
  }
  return null;
}

function _skip(code: string, i: number): number {
  while (/\s/.test(code[i] ?? "")) i++;
  return i;
}
