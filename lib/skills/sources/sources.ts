import { LeogrielError } from "../../core/errors.ts";
import type { LockEntry } from "../lockfile.ts";
import { parseSpecifier, type Specifier } from "../specifier.ts";
import { fileSource, localImportedSource } from "./file-source.ts";
import { githubSource } from "./github-source.ts";
import { npmSource } from "./npm-source.ts";
import { skillsShSource } from "./skills-sh-source.ts";
import type { Fetched, SkillSource, SourceContext } from "./source.ts";

const SOURCES: { [K in Specifier["kind"]]: SkillSource<K> } = {
  github: githubSource,
  "skills.sh": skillsShSource,
  npm: npmSource,
  file: fileSource,
  "local-imported": localImportedSource,
};

/** Resolves a specifier afresh and fetches it. */
export function resolveSpecifier(text: string, name: string | undefined, ctx: SourceContext): Promise<Fetched> {
  const spec = parseSpecifier(text);
  return (SOURCES[spec.kind] as SkillSource).resolve(spec, name, ctx);
}

/**
 * Fetches exactly what a lock entry pins; the source is the one its specifier names.
 * @throws {LeogrielError} `lock_mismatch` when the locked specifier cannot be parsed
 */
export function fetchLocked(entry: LockEntry, ctx: SourceContext): Promise<Fetched> {
  let spec: Specifier;
  try {
    spec = parseSpecifier(entry.specifier);
  } catch (err) {
    throw new LeogrielError("lock_mismatch", `Cannot install ${entry.name} from the lock: ${(err as Error).message}`);
  }
  return SOURCES[spec.kind].fetchLocked(entry, ctx);
}
