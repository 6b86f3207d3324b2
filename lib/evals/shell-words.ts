/**
 * Splits a POSIX shell script into simple commands and their words, the way trigger detection
 * needs it: quotes and backslashes removed, `&& || ; | &`, newlines and parentheses end a
 * command, and redirection targets dropped (a `> SKILL.md` writes, it does not read). It is
 * not a shell: expansions stay literal, which errs on the side of "not a skill read".
 */
export function splitShellCommands(script: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = "";
  let inWord = false;
  let dropNext = false;
  const endWord = () => {
    if (inWord) {
      if (dropNext) dropNext = false;
      else words.push(word);
    }
    word = "";
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
    dropNext = false;
  };
  for (let i = 0; i < script.length; i++) {
    const c = script[i]!;
    if (c === "'") {
      const close = script.indexOf("'", i + 1);
      const end = close < 0 ? script.length : close;
      word += script.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === '"') {
      inWord = true;
      for (i++; i < script.length && script[i] !== '"'; i++) {
        const d = script[i]!;
        if (d === "\\" && i + 1 < script.length && '$`"\\\n'.includes(script[i + 1]!)) word += script[++i] === "\n" ? "" : script[i];
        else word += d;
      }
    } else if (c === "\\") {
      if (script[i + 1] === "\n") i++;
      else if (i + 1 < script.length) {
        word += script[++i];
        inWord = true;
      }
    } else if (c === ">" || c === "<") {
      // `2>&1`, `>>file`, `<in`: the word before is an fd number, the next one a target.
      if (/^\d+$/.test(word) && inWord) {
        word = "";
        inWord = false;
      } else endWord();
      while (script[i + 1] === ">" || script[i + 1] === "&" || script[i + 1] === "|") i++;
      if (script[i] === "&" && /\d|-/.test(script[i + 1] ?? "")) {
        while (/[\d-]/.test(script[i + 1] ?? "")) i++;
        continue;
      }
      dropNext = true;
    } else if (c === "&" || c === "|" || c === ";" || c === "\n" || c === "(" || c === ")") {
      endCommand();
    } else if (c === " " || c === "\t" || c === "\r") {
      endWord();
    } else if (c === "#" && !inWord) {
      const nl = script.indexOf("\n", i);
      i = nl < 0 ? script.length : nl - 1;
    } else {
      word += c;
      inWord = true;
    }
  }
  endCommand();
  return commands;
}
