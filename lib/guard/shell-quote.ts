/**
 * `text` as one single-quoted POSIX shell word: `'…'`, each `'` written `'\''` (close, an escaped
 * quote, reopen). Every character but `'` is literal inside single quotes, so the shell reads the
 * word back as `text` exactly (the empty text is `''`).
 */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * `text` as a shell word that reads back as `text`: as it is when every character is one the
 * shell takes literally anywhere in an argument (letters, digits, `_./:=@%+,-`), else
 * single-quoted (`shellQuote`). With `tilde`, `~` stays bare too, as a quoter that does not escape
 * it writes it (concurrently's shell-quote): the shell then expands a leading one to the home folder.
 */
export function shellWord(text: string, tilde = false): string {
  return (tilde ? /^[\w~./:=@%+,-]+$/ : /^[\w./:=@%+,-]+$/).test(text) ? text : shellQuote(text);
}
