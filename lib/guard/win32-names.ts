/**
 * Whether the names of this check are opened through Win32 (a cmd or PowerShell line, so a
 * Windows machine): set by classify.ts for each check, as glob options are. POSIX lines keep
 * their names as written (a case-insensitive POSIX file system is not read this way).
 */
export const win32Names = { value: false };

// An 8.3 short name (`GIT~1`, `PROGRA~1`, the hashed `GI7EBA~1.TXT`): at most six characters, a
// tilde and a number, an extension of at most three. NTFS gives one to a long name it cannot hold
// in 8.3 (learn.microsoft.com/windows/win32/fileio/naming-a-file#short-vs-long-names), so which
// entry of its folder it opens is not in its text: `GIT~1` is `.git` in most repositories.
const SHORT_NAME = /^[^~./]{1,6}~\d{1,6}(?:\.[^.~/]{0,3})?$/;

/**
 * A path as Win32 opens it: each name without what follows a colon (an NTFS stream, `config::$DATA`
 * is the file `config`, `x:s` a stream of `x`; learn.microsoft.com/windows/win32/fileio/file-streams)
 * and without trailing dots and spaces, which path normalisation removes
 * (learn.microsoft.com/dotnet/standard/io/file-path-formats#trim-characters: `.git.` and `.git `
 * are `.git`). Trailing dots are removed from every name, not only the last, which errs toward the
 * protected name. Null when a name has the form of an 8.3 short name: which entry it opens is
 * unknown. The path comes without its drive letter (paths.ts removes it); `.` and `..` stay.
 */
export function win32Path(path: string): string | null {
  if (!/[.: ~]/.test(path)) return path;
  const parts = path.split("/").map((part) => {
    if (/^\.{1,2}$/.test(part)) return part;
    const colon = part.indexOf(":");
    return (colon < 0 ? part : part.slice(0, colon)).replace(/[. ]+$/, "");
  });
  if (parts.some((part) => SHORT_NAME.test(part))) return null;
  return parts.join("/");
}
