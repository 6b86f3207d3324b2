import { join } from "node:path";
import semver from "semver";
import { z } from "zod";
import { LeogrielError } from "../../core/errors.ts";
import { httpGet } from "../http-get.ts";
import type { LockEntry } from "../lockfile.ts";
import { authHeaderFor, DEFAULT_REGISTRY, loadNpmConfig, registryFor, type NpmConfig } from "../npm-config.ts";
import { parseSpecifier } from "../specifier.ts";
import { verifySri } from "../sri.ts";
import { readTarGz } from "../tar-reader.ts";
import { writeTree, type TreeFile } from "../tree-write.ts";
import { freshDir, type Fetched, type SkillSource, type SourceContext } from "./source.ts";

const PACKUMENT_MAX_BYTES = 64 * 1024 * 1024;
const LIFECYCLE = ["preinstall", "install", "postinstall", "prepare"];

// The registry's package document; only the fields used here are checked, the rest is the registry's.
const Packument = z.looseObject({
  "dist-tags": z.record(z.string(), z.string()).default({}),
  versions: z.record(
    z.string(),
    z.looseObject({
      dist: z.looseObject({ tarball: z.url({ protocol: /^https?$/ }), integrity: z.string().optional(), shasum: z.string().optional() }),
      scripts: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});

/**
 * `npm:pkg[@range]`: the registry from the user's npm configuration, the range or dist-tag
 * resolved to one exact version, the tarball checked against `dist.integrity`, unpacked in
 * memory with every path checked. Nothing from the package is ever run (no lifecycle scripts).
 */
export const npmSource: SkillSource<"npm"> = {
  async resolve(spec, name, ctx) {
    const config = _config(ctx);
    const registry = registryFor(config, spec.pkg);
    const doc = await _packument(spec.pkg, registry, config);
    const version = pickVersion(doc, spec.range);
    if (!version) {
      throw new LeogrielError("version_not_found", `Cannot resolve npm:${spec.pkg}@${spec.range ?? "latest"}: no published version matches`);
    }
    const meta = doc.versions[version]!;
    const ignored = Object.keys(meta.scripts ?? {}).filter((s) => LIFECYCLE.includes(s));
    if (ignored.length > 0) {
      ctx.warnings.push({ code: "npm_scripts_ignored", message: `npm:${spec.pkg}@${version} declares ${ignored.join(", ")} scripts; Leogriel never runs them` });
    }
    // SHA-1 (`dist.shasum`, or an integrity listing only sha1) is collision-prone: not enough to pin a download.
    const tarballHash = meta.dist.integrity;
    if (!tarballHash || !/(?:^|\s)sha(?:256|384|512)-/.test(tarballHash)) {
      const what = tarballHash || meta.dist.shasum ? "only a SHA-1 checksum" : "no integrity";
      throw new LeogrielError("integrity_unsupported", `Cannot install npm:${spec.pkg}@${version}: the registry publishes ${what} for it, and Leogriel needs a SHA-2 dist.integrity (sha512)`);
    }
    return _fetch(spec.pkg, version, meta.dist.tarball, tarballHash, undefined, name, ctx, config, "registry_invalid_response");
  },
  async fetchLocked(entry, ctx) {
    const { pkg, version } = lockedNpm(entry);
    const config = _config(ctx);
    const tarball = lockedTarball(entry.provenance.tarball, pkg, version, registryFor(config, pkg), entry.name);
    return _fetch(pkg, version, tarball, entry.provenance.tarballHash, entry.provenance.subpath, entry.name, ctx, config, "lock_mismatch");
  },
};

/**
 * The URL a locked npm skill is downloaded from: the lock's tarball when it is on the configured
 * registry; one on registry.npmjs.org moved to the configured registry (npm's own
 * `replace-registry-host` default, so a lock made against the public registry works behind a
 * mirror); anything else is refused, since a lock edited to name another host could serve any bytes.
 * @throws {LeogrielError} `lock_mismatch` (exit 2)
 */
export function lockedTarball(locked: string | undefined, pkg: string, version: string, registry: string, name: string): string {
  if (locked === undefined) return `${registry}${pkg}/-/${pkg.split("/").pop()}-${version}.tgz`;
  let url: URL;
  try {
    url = new URL(locked);
  } catch {
    throw new LeogrielError("lock_mismatch", `Cannot use the lock entry of ${name}: its tarball ${JSON.stringify(locked)} is not a URL`);
  }
  const origin = new URL(registry).origin;
  if (url.origin === origin) return url.href;
  if (url.origin === new URL(DEFAULT_REGISTRY).origin) return `${registry}${url.pathname.slice(1)}`;
  throw new LeogrielError("lock_mismatch", `Cannot use the lock entry of ${name}: its tarball is on ${url.origin}, not on the configured registry ${origin}; run \`leogriel-install update ${name}\` to re-resolve it`);
}

/** npm's choice: a dist-tag by name; for a range, `latest` when it satisfies, else the highest match. */
export function pickVersion(doc: z.infer<typeof Packument>, range: string | undefined): string | undefined {
  const tags = doc["dist-tags"];
  if (range === undefined || range === "") return tags.latest;
  if (semver.validRange(range) === null) return tags[range];
  const latest = tags.latest;
  if (latest && doc.versions[latest] && semver.satisfies(latest, range)) return latest;
  return semver.maxSatisfying(Object.keys(doc.versions), range) ?? undefined;
}

/**
 * The package and exact version a lock entry pins.
 * @throws {LeogrielError} `mutable_resolution` when the entry names no exact version
 */
export function lockedNpm(entry: LockEntry): { pkg: string; version: string } {
  const spec = (() => {
    try {
      return parseSpecifier(entry.resolved);
    } catch {
      return undefined;
    }
  })();
  const version = spec?.kind === "npm" && spec.range && semver.valid(spec.range) ? spec.range : entry.provenance.version;
  if (spec?.kind !== "npm" || !version || !semver.valid(version)) {
    throw new LeogrielError("mutable_resolution", `Cannot install ${entry.name} from the lock: ${JSON.stringify(entry.resolved)} names no exact version; run \`leogriel-install update ${entry.name}\``);
  }
  return { pkg: spec.pkg, version };
}

// `mismatch` is the error code when the tarball is another package's: a bad registry answer, or a tampered lock.
async function _fetch(pkg: string, version: string, tarball: string, tarballHash: string | undefined, subpath: string | undefined, name: string | undefined, ctx: SourceContext, config: NpmConfig, mismatch: string): Promise<Fetched> {
  const label = `npm:${pkg}@${version}`;
  const registryOrigin = new URL(registryFor(config, pkg)).origin;
  const headers = new URL(tarball).origin === registryOrigin ? authHeaderFor(config, tarball) : {};
  const bytes = await httpGet(tarball, { headers, maxBytes: ctx.limits.maxBytes, label });
  if (tarballHash) verifySri(bytes, tarballHash, label);
  const files = readTarGz(bytes, ctx.limits);
  _checkPackageJson(files, pkg, version, label, mismatch);
  const root = subpath ?? skillRootInPackage(files, name, label);
  const prefix = root === "" ? "" : `${root}/`;
  const skillFiles = files.filter((f) => f.path.startsWith(prefix)).map((f) => ({ ...f, path: f.path.slice(prefix.length) }));
  if (!skillFiles.some((f) => f.path === "SKILL.md")) throw new LeogrielError("skill_not_found", `Cannot install ${label}: no SKILL.md at ${root || "the package root"}`);
  const dir = join(freshDir(ctx, "npm"), "skill");
  writeTree(skillFiles, dir, ctx.limits);
  return {
    dir,
    resolved: `npm:${pkg}@${version}`,
    provenance: { type: "npm", version, tarball, ...(tarballHash ? { tarballHash } : {}), subpath: root },
  };
}

/**
 * Where the skill sits in a package: the package root when it has a SKILL.md, else
 * `skills/<name>/`, else the only `skills/<x>/` with a SKILL.md.
 * @throws {LeogrielError} `skill_not_found`, `skill_ambiguous` (exit 2)
 */
export function skillRootInPackage(files: readonly TreeFile[], name: string | undefined, label: string): string {
  const paths = new Set(files.map((f) => f.path));
  if (paths.has("SKILL.md")) return "";
  if (name && paths.has(`skills/${name}/SKILL.md`)) return `skills/${name}`;
  const found = [...paths].filter((p) => /^skills\/[^/]+\/SKILL\.md$/.test(p)).map((p) => p.slice(0, -"/SKILL.md".length));
  if (found.length === 1) return found[0]!;
  if (found.length === 0) throw new LeogrielError("skill_not_found", `Cannot install ${label}: no SKILL.md at the package root or in skills/<name>/`);
  throw new LeogrielError("skill_ambiguous", `Cannot install ${label}: it ships ${found.length} skills (${found.map((f) => f.slice(7)).join(", ")}); pick one with --name`);
}

// The tarball names its own package: another package's tarball on the same registry is refused.
function _checkPackageJson(files: readonly TreeFile[], pkg: string, version: string, label: string, code: string): void {
  const data = files.find((f) => f.path === "package.json" && f.type !== "symlink")?.data;
  let meta: { name?: unknown; version?: unknown } | undefined;
  try {
    meta = data ? JSON.parse(Buffer.from(data).toString("utf8")) : undefined;
  } catch {
    meta = undefined;
  }
  if (meta?.name !== pkg || meta.version !== version) {
    const found = meta ? `${String(meta.name)}@${String(meta.version)}` : "no readable package.json";
    throw new LeogrielError(code, `Cannot install ${label}: the downloaded tarball holds ${found}`);
  }
}

async function _packument(pkg: string, registry: string, config: NpmConfig): Promise<z.infer<typeof Packument>> {
  const url = `${registry}${pkg.replace("/", "%2f")}`;
  const headers = { accept: "application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8", ...authHeaderFor(config, url) };
  let body: Uint8Array;
  try {
    body = await httpGet(url, { headers, maxBytes: PACKUMENT_MAX_BYTES, label: `npm:${pkg} metadata` });
  } catch (err) {
    if (err instanceof LeogrielError && err.details.status === 404) throw new LeogrielError("package_not_found", `Cannot resolve npm:${pkg}: the registry has no such package`);
    throw err;
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body).toString("utf8"));
  } catch {
    throw new LeogrielError("registry_invalid_response", `Cannot resolve npm:${pkg}: the registry answered with something that is not JSON`);
  }
  const parsed = Packument.safeParse(json);
  if (!parsed.success) throw new LeogrielError("registry_invalid_response", `Cannot resolve npm:${pkg}: the registry's package document is malformed`);
  return parsed.data;
}

function _config(ctx: SourceContext): NpmConfig {
  let config = ctx.memo.get("npm:config") as NpmConfig | undefined;
  if (!config) ctx.memo.set("npm:config", (config = loadNpmConfig(ctx.projectDir, ctx.env)));
  return config;
}
