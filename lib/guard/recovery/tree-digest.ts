import { lstatSync, readdirSync, readlinkSync } from "node:fs";
import { join } from "node:path";

/**
 * A digest of a file system entry as it is, never following a symlink: every path below it with
 * its type, permission bits and content (file bytes, link text). Two trees with equal digests hold
 * the same bytes; a cross-device move compares the copy with the original this way.
 */
export async function treeDigest(path: string): Promise<string> {
  // Loaded here, not at the top: the hashing module would weigh on every compensation, and only
  // a copy (cross-device, or a file kept in place) or a crash settlement ever compares trees.
  const hash = await import("../../core/hash.ts");
  const lines: string[] = [];
  await _walk(path, ".", lines, hash);
  return hash.sha256Hex(lines.join("\n"));
}

type Hash = typeof import("../../core/hash.ts");

async function _walk(abs: string, rel: string, lines: string[], hash: Hash): Promise<void> {
  const st = lstatSync(abs);
  const perm = (st.mode & 0o7777).toString(8);
  if (st.isSymbolicLink()) {
    lines.push(`L ${JSON.stringify(rel)} ${hash.sha256Hex(readlinkSync(abs, { encoding: "buffer" }))}`);
  } else if (st.isFile()) {
    lines.push(`F ${JSON.stringify(rel)} ${perm} ${await hash.sha256File(abs)}`);
  } else if (st.isDirectory()) {
    lines.push(`D ${JSON.stringify(rel)} ${perm}`);
    const names = readdirSync(abs).sort();
    for (const name of names) await _walk(join(abs, name), `${rel}/${name}`, lines, hash);
  } else {
    lines.push(`O ${JSON.stringify(rel)} ${perm}`);
  }
}

/** Total bytes of the regular files below `path` (symlinks not followed). */
export function treeBytes(path: string): number {
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return 0;
  }
  if (st.isFile()) return st.size;
  if (!st.isDirectory()) return 0;
  let total = 0;
  for (const name of readdirSync(path)) total += treeBytes(join(path, name));
  return total;
}
