import { literalWord, type Word } from "../syntax.ts";

/**
 * `findstr [/b /e /l /r /i /x /v /n /m /o /p /a:attr /c:string] STRINGS [FILE…]`
 * (learn.microsoft.com/windows-server/administration/windows-commands/findstr) prints the lines
 * of the files (or of its input) that match: a read, as `grep -e STRINGS -- FILE…` is, so that a
 * searched word (`tasklist | findstr node`) is not taken for a program it runs. Switches that name
 * more files to read (/f:, /g:, /d:) or search subfolders (/s) leave it undefined: the caller keeps
 * the words as they are. `slashed` tells whether a word was written as a switch (the dialects
 * spell a backslash as `/`, so an absolute path also begins with one): a switch is one letter,
 * with `:` and its value for /a:, /c:, /d:, /f: and /g:.
 */
export function translateFindstr(args: Word[], slashed: (w: Word) => boolean): Word[] | undefined {
  const isSwitch = (w: Word) => slashed(w) && /^\/[a-z](?::.*)?$/is.test(w.value);
  const switches = args.filter(isSwitch).map((w) => w.value.toLowerCase());
  if (switches.some((s) => /^\/(?:s|[fgd]:)/.test(s))) return undefined;
  const literal = args.filter(isSwitch).find((w) => /^\/c:/i.test(w.value));
  const operands = args.filter((w) => !isSwitch(w));
  const strings = literal ? { ...literal, value: literal.value.slice(3), pattern: literal.value.slice(3) } : operands.shift();
  if (!strings) return undefined;
  return [literalWord("grep"), literalWord("-e"), strings, literalWord("--"), ...operands];
}
