import { LeogrielError } from "../../core/errors.ts";

/**
 * A path as a case-insensitive, normalisation-insensitive file system (macOS, Windows) sees it:
 * NFC, then lowercase. Two paths with one folded form are one file there.
 */
export function foldName(path: string): string {
  return path.normalize("NFC").toLowerCase();
}

/**
 * Checks that a skill's paths mean the same tree on every OS: no control characters (C0, DEL,
 * C1, which would also inject escape sequences into any terminal listing them), and no two
 * paths, files or the folders they imply, that differ only by case or Unicode normalisation
 * (`SKILL.md` beside `skill.md`, `café` in NFC beside NFD), which one file system keeps apart
 * and another merges.
 * @throws {LeogrielError} `tree_invalid_path`, `tree_name_collision` (exit 2)
 */
export function checkTreeNames(paths: readonly string[]): void {
  const seen = new Map<string, string>();
  for (const path of paths) {
    if (/[\0-\x1f\x7f-\x9f]/.test(path)) {
      throw new LeogrielError("tree_invalid_path", `Cannot use the path ${JSON.stringify(path)} in a skill: it contains a control character`);
    }
    const parts = path.split("/");
    for (let i = 1; i <= parts.length; i++) {
      const prefix = parts.slice(0, i).join("/");
      const key = foldName(prefix);
      const other = seen.get(key);
      if (other === undefined) seen.set(key, prefix);
      else if (other !== prefix) {
        throw new LeogrielError("tree_name_collision", `Cannot use the paths ${JSON.stringify(other)} and ${JSON.stringify(prefix)} in one skill: they differ only by case or Unicode normalisation, so some file systems hold only one of them`);
      }
    }
  }
}
