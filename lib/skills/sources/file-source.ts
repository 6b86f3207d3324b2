import { existsSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { LeogrielError } from "../../core/errors.ts";
import { copyTree } from "../copy-tree.ts";
import type { LockEntry } from "../lockfile.ts";
import { parseSpecifier } from "../specifier.ts";
import { freshDir, type Fetched, type SkillSource, type SourceContext } from "./source.ts";

/**
 * `file:path`: a directory relative to the manifest. It is copied into the run's temporary
 * directory first and everything after (hash, install) works on that copy, so a source edited
 * mid-install cannot make the lock and the installed bytes disagree.
 */
export const fileSource: SkillSource<"file"> = {
  async resolve(spec, _name, ctx) {
    return _copy(resolve(ctx.manifestDir, spec.path), ctx, `file:${portablePath(ctx.manifestDir, spec.path)}`);
  },
  async fetchLocked(entry, ctx) {
    const spec = parseSpecifier(entry.resolved);
    if (spec.kind !== "file") throw _badLock(entry);
    return _copy(resolve(ctx.manifestDir, spec.path), ctx, entry.resolved);
  },
};

/**
 * Legacy `local:imported/<name>` (0.6.x–beta): a skill imported into Leogriel's own store, the
 * project's `.leogriel/skills/<name>` or, for older installs, `~/.leogriel/skills/<name>`.
 */
export const localImportedSource: SkillSource<"local-imported"> = {
  async resolve(spec, _name, ctx) {
    return _copy(_importedDir(spec.name, ctx), ctx, `local:imported/${spec.name}`);
  },
  async fetchLocked(entry, ctx) {
    const spec = parseSpecifier(entry.resolved.startsWith("local:") ? entry.resolved : entry.specifier);
    if (spec.kind !== "local-imported") throw _badLock(entry);
    return _copy(_importedDir(spec.name, ctx), ctx, entry.resolved);
  },
};

/** `path` relative to `base`, `/`-separated and starting with `./` or `../`, for the lock. */
export function portablePath(base: string, path: string): string {
  const abs = resolve(base, path);
  const rel = relative(base, abs).split(sep).join("/");
  if (isAbsolute(rel)) return rel;
  if (rel === "") return ".";
  return rel.startsWith("../") || rel === ".." ? rel : `./${rel}`;
}

function _importedDir(name: string, ctx: SourceContext): string {
  const home = ctx.env.HOME || homedir();
  const candidates = [join(ctx.projectDir, ".leogriel", "skills", name), join(home, ".leogriel", "skills", name)];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new LeogrielError("skill_source_not_found", `Cannot find the imported skill ${name}: looked in ${candidates.join(" and ")}`);
  return found;
}

function _copy(dir: string, ctx: SourceContext, resolved: string): Fetched {
  if (!existsSync(dir)) throw new LeogrielError("skill_source_not_found", `Cannot read the skill folder ${dir}: it does not exist`);
  if (!statSync(dir).isDirectory()) throw new LeogrielError("skill_source_not_found", `Cannot read the skill folder ${dir}: not a directory`);
  const dest = join(freshDir(ctx, "local"), "skill");
  copyTree(dir, dest, ctx.limits);
  return { dir: dest, resolved, provenance: { type: "local" } };
}

function _badLock(entry: LockEntry): LeogrielError {
  return new LeogrielError("lock_mismatch", `Cannot install ${entry.name}: its locked resolution ${JSON.stringify(entry.resolved)} does not match its source`);
}
