/**
 * `text` as one single-quoted POSIX shell word: `'…'`, each `'` written `'\''` (close, an escaped
 * quote, reopen). Every character but `'` is literal inside single quotes, so the shell reads the
 * word back as `text` exactly (the empty text is `''`).
 */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
