import { findDryRun } from "../find-dry-run.ts";
import { statOrUndefined } from "../fs-probe.ts";
import type { Word } from "../syntax.ts";

/**
 * A name pattern that the Windows file system matches (a Get-ChildItem -Filter, a `del /s`
 * mask), as a find `-iname` pattern that matches at least the same names, or undefined when
 * there is none. The file system also matches 8.3 short names, whose extension is the first
 * three characters of the long one (devblogs.microsoft.com/oldnewthing/20140313-00/?p=1503), so
 * `*.log` finds `a.log1` by `A~1.LOG`: `*.EXT` is read as `*.EXT*`. A name without wildcards
 * (`*`, `?`, and the DOS ones `<`, `>`, `"`), without `~` (which short names hold) and without a
 * trailing dot matches only itself, when `exact` is allowed.
 */
export function fileSystemPattern(mask: string, exact: boolean): string | undefined {
  if (exact && /^[^*?~[\]/<>"]*[^*?~[\]/<>".]$/.test(mask)) return mask;
  return /^\*\.[A-Za-z0-9]+$/.test(mask) ? `${mask}*` : undefined;
}

/**
 * A -Path value as PowerShell's provider cmdlets read it: `*`, `?` and `[` are wildcards whether
 * the word was quoted or not (about_Wildcards; -LiteralPath is the literal form), so `Remove-Item
 * 'sr[c]' -Recurse` removes src. Such a word is a glob of its own text.
 */
export function providerPath(w: Word): Word {
  return w.dynamic || w.glob || !/[*?[]/.test(w.value) ? w : { ...w, glob: true, pattern: w.value };
}

/**
 * Whether the tree at `root` holds a link to a folder (a symbolic link or junction), which
 * Windows' recursive listings follow: Windows PowerShell's -Recurse always, PowerShell 7's with
 * -Include, -Exclude or -Name (github.com/PowerShell/PowerShell/issues/9126), and `del /s`,
 * believed to (its documentation does not say: judged so, failing closed). Null when the tree
 * is unknown (no folder, or too large for the find dry run that walks it).
 */
export function holdsFolderLink(root: string | null): boolean | null {
  const links = root === null ? null : findDryRun(root, root, ["-type", "l", "-exec", "true", "{}", "+"], true);
  return links === null ? null : links.hits[0]!.some((item) => statOrUndefined(item.path)?.isDirectory());
}
