/**
 * Whether typed text leaves the session's shell waiting for more (red team 9 T1): a line that ends
 * in a pipe or a list operator (`|`, `|&`, `&&`, `||`; in PowerShell also `,` and `=`), or posix
 * text that opens more compound commands than it closes (`for … do` without `done`, `if … then`
 * without `fi`, `{` without `}`). The next input finishes such a line and would be judged alone:
 * `echo 'rm -rf ~/Documents' |` then `sh`, or PowerShell's `Remove-Item -Recurse src,` then
 * `~/Documents`. Quoted text and comments are set aside first; an unclosed quote or bracket is
 * left to the dialect's parser, which refuses it. Errs on the strict side (a keyword used as a
 * plain word counts too).
 */
export function leavesLineOpen(command: string, dialect: string | undefined): boolean {
  const code = _unquoted(command, dialect === "powershell");
  const end = dialect === "powershell" ? /(?:\||,|&&|=)\s*$/ : /(?:\||\|&|&&)\s*$/;
  if (end.test(code)) return true;
  if (dialect === "powershell" || dialect === "cmd") return false;
  const words = code.split(/[\s;&|()<>]+/).filter(Boolean);
  const count = (set: readonly string[]) => words.filter((w) => set.includes(w)).length;
  // A loop opens with for/while/until (bash's select has its `do` too; a lower-case SQL `select`
  // typed into a client is not one).
  const loops = Math.max(count(["for", "while", "until"]), count(["do"]));
  return loops > count(["done"]) || count(["if"]) > count(["fi"]) || count(["case"]) > count(["esac"]) || count(["{"]) > count(["}"]);
}

/** The text with quoted strings emptied and comments removed (`#` starting a word). */
function _unquoted(text: string, powershell: boolean): string {
  const escape = powershell ? "`" : "\\";
  let out = "";
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === escape && quote === '"') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === escape) {
      out += " ";
      i++;
    } else if (c === "'" || c === '"') {
      quote = c;
      out += "''";
    } else if (c === "#" && (i === 0 || /\s/.test(text[i - 1]!))) {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else out += c;
  }
  return out;
}
