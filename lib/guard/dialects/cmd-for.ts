import { statOrUndefined } from "../fs-probe.ts";
import { fitsUnroll, globNames, MAX_WORDS } from "../posix/loop-unroll.ts";
import type { SimpleCommand } from "../syntax.ts";

// `[@]for %X in (SET) do BODY`, the plain form (no /d, /r, /f, /l): BODY is the rest of the line,
// `&`, `&&`, `||` and `|` included (learn.microsoft.com/windows-server/administration/windows-commands/for).
const PLAIN_FOR = /^[ \t]*@?for[ \t]+(%%?)([A-Za-z])[ \t]+in[ \t]*\(([^()\n]*)\)[ \t]*do[ \t]+([^\n]*)$/i;
// A set element or a matched name that reads the same wherever cmd substitutes it: no blank,
// quote, `%`, `^`, `&`, `|`, `<`, `>`, delimiter, parenthesis or leading switch slash.
const PLAIN_ITEM = /^[\w.+@-][\w.+@\\/:-]*$/;
// A reference to a loop variable with its modifiers (`%f`, `%%f`, `%~nxf`, `%~$PATH:f`): after
// a `for`, any such word of the rest of the line is unknown where the items are not known.
export const LOOP_REFERENCE = /%(?:~[a-z]*(?:\$[^:%]*:)?)?[a-z]/i;

/**
 * A line that is one plain `for` over items the guard knows, as BODY read once per item with the
 * variable replaced by it (as the POSIX `for` loop is unrolled, posix/loop-unroll.ts): literal
 * names, and the files a wildcard element matches in `cwd` (the plain `for` skips folders),
 * spelled with backslashes as cmd spells them. A wildcard is read only at the line's top level
 * in a known folder; the body may use the variable only plainly (no `%~` modifier) and stays
 * within the POSIX loop's bounds. Null otherwise: the caller reads the line with the variable
 * unknown. `parse` reads the body text one level down (so no loop inside is expanded again).
 */
export function unrolledFor(text: string, depth: number, cwd: string | null, parse: (body: string) => SimpleCommand[]): SimpleCommand[] | null {
  const m = PLAIN_FOR.exec(text);
  if (!m) return null;
  const [, percents, letter, set, body] = m as unknown as [string, string, string, string, string];
  const variable = `${percents}${letter}`;
  // cmd expands `%NAME%` before the loop runs: `%USERPROFILE%` is no `%U` of a loop over U.
  if (new RegExp(`%~[^%]*${letter}|%${letter}[\\w()]*%`, "i").test(body) || (percents === "%" && body.includes(`%%${letter}`))) return null;
  const items: string[] = [];
  for (const element of set.split(/[\s,;=]+/).filter(Boolean)) {
    if (!/[*?]/.test(element)) {
      if (!PLAIN_ITEM.test(element)) return null;
      items.push(element);
      continue;
    }
    if (depth > 0 || cwd === null) return null;
    const names = globNames(element.replace(/\\/g, "/"), cwd);
    if (names === null) return null;
    items.push(...names.filter((n) => statOrUndefined(`${cwd}/${n}`)?.isFile()).map((n) => n.replace(/\//g, "\\")));
  }
  if (items.length > MAX_WORDS || !fitsUnroll(body, items.length) || !items.every((i) => PLAIN_ITEM.test(i))) return null;
  return items.flatMap((item) => parse(body.replaceAll(variable, item)));
}
