import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";

/**
 * The directory hash that Leogriel 0.6.x–beta wrote into `agent-skills.lock` (same
 * `sha256:<64hex>` shape as skilldirhash-1). It is only ever *compared*, never written: a lock
 * entry that matches it still verifies (seed 000: older locks stay readable, the algorithm is
 * not silently rewritten), and Leogriel reports the entry so the user re-locks it explicitly.
 * Its flaws are why skilldirhash-1 exists: locale-dependent order, `node_modules` skipped, the
 * exec bit ignored. Both separators are tried because pre-0.6.1 hashes used the native one.
 */
export function matchesLegacyIntegrity(dir: string, expected: string): boolean {
  const files: string[] = [];
  _walk(dir, "", files);
  files.sort((a, b) => a.localeCompare(b));
  return (["/", "\\"] as const).some((sep) => _hash(dir, files, sep) === expected);
}

function _hash(dir: string, files: string[], sep: "/" | "\\"): string {
  const hasher = new Bun.CryptoHasher("sha256");
  for (const rel of files) {
    const abs = join(dir, rel);
    hasher.update(`${sep}${rel.replaceAll("/", sep)}`);
    hasher.update("\0");
    if (lstatSync(abs).isSymbolicLink()) {
      hasher.update("symlink\0");
      hasher.update(readlinkSync(abs).replaceAll("\\", sep).replaceAll("/", sep));
    } else {
      hasher.update("file\0");
      hasher.update(readFileSync(abs));
    }
    hasher.update("\0");
  }
  return `sha256:${hasher.digest("hex")}`;
}

function _walk(dir: string, rel: string, out: string[]): void {
  for (const name of readdirSync(join(dir, rel))) {
    if (name === ".git" || name === "node_modules") continue;
    const path = rel === "" ? name : `${rel}/${name}`;
    const st = lstatSync(join(dir, path));
    if (st.isDirectory()) _walk(dir, path, out);
    else if (st.isFile() || st.isSymbolicLink()) out.push(path);
  }
}
