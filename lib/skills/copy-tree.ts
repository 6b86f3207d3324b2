import { chmodSync, copyFileSync, constants, lstatSync, mkdirSync, readdirSync, readlinkSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { LeogrielError } from "../core/errors.ts";
import { checkTree, DEFAULT_TREE_LIMITS, DIR_MODE, type TreeFile, type TreeLimits } from "./tree-write.ts";

/**
 * Copies a skill directory to `dest` (which must not exist) the way it is installed: regular
 * files with mode 0644 or 0755 (the exec bit kept), folders 0755, symlinks as symlinks after
 * checking they stay inside the skill, `.git` left out at any depth. The whole tree is checked before the first byte is copied.
 * @throws {LeogrielError} `tree_unsupported_type`, `unsafe_symlink`, `tree_too_large`, `tree_invalid_path`
 */
export function copyTree(src: string, dest: string, limits: TreeLimits = DEFAULT_TREE_LIMITS): void {
  const files = listTree(src);
  checkTree(files, limits);
  mkdirSync(dest, { mode: DIR_MODE });
  for (const f of files) {
    const from = join(src, ...f.path.split("/"));
    const to = join(dest, ...f.path.split("/"));
    mkdirSync(dirname(to), { recursive: true, mode: DIR_MODE });
    if (f.type === "symlink") {
      symlinkSync(f.target!, to);
    } else {
      copyFileSync(from, to, constants.COPYFILE_EXCL);
      chmodSync(to, f.type === "exec" ? 0o755 : 0o644);
    }
  }
}

/** The files below `root` (sizes, not contents), for checking before a copy. */
export function listTree(root: string): TreeFile[] {
  const out: TreeFile[] = [];
  _walk(root, "", out);
  return out;
}

function _walk(root: string, rel: string, out: TreeFile[]): void {
  for (const name of readdirSync(rel === "" ? root : join(root, rel))) {
    if (name === ".git") continue;
    const path = rel === "" ? name : `${rel}/${name}`;
    const st = lstatSync(join(root, path));
    if (st.isDirectory()) _walk(root, path, out);
    else if (st.isSymbolicLink()) out.push({ path, type: "symlink", target: readlinkSync(join(root, path)) });
    else if (st.isFile()) out.push({ path, type: (st.mode & 0o111) !== 0 ? "exec" : "file", size: st.size });
    else throw new LeogrielError("tree_unsupported_type", `Cannot copy ${path}: only files, directories and symlinks can be in a skill`);
  }
}
