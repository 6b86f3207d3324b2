/**
 * A name pattern that the Windows file system matches (a Get-ChildItem -Filter, a `del /s`
 * mask), as a find `-iname` pattern that matches at least the same names, or undefined when
 * there is none: the file system also matches 8.3 short names, so `*.log` finds `a.log1` by its
 * short name `A~1.LOG`; `*.EXT` is therefore read as `*.EXT*`. A name without wildcards (and no
 * `~`, which short names hold) matches only itself, when `exact` is allowed.
 */
export function fileSystemPattern(mask: string, exact: boolean): string | undefined {
  if (exact && /^[^*?~[\]/]+$/.test(mask)) return mask;
  return /^\*\.[A-Za-z0-9]+$/.test(mask) ? `${mask}*` : undefined;
}
