import semver from "semver";
import { LeogrielError } from "../core/errors.ts";
import { SKILL_NAME_PATTERN } from "./frontmatter-schema.ts";

/** A parsed specifier: where a skill comes from, before resolution. */
export type Specifier =
  | { kind: "github"; owner: string; repo: string; path: string; ref?: string }
  | { kind: "skills.sh"; owner: string; repo: string; skill: string; ref?: string }
  | { kind: "npm"; pkg: string; range?: string }
  | { kind: "file"; path: string }
  | { kind: "local-imported"; name: string };

const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPO = /^[A-Za-z0-9._-]{1,100}$/;
const NPM_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
const DIST_TAG = /^[A-Za-z][A-Za-z0-9._-]*$/;

/**
 * Parses a specifier (seed 000 prefixes). GitHub: `github:owner/repo[/path][#ref]`, and the
 * 0.6.x–beta form `github:owner/repo@ref[#path]` so old manifests keep working.
 * @throws {LeogrielError} `invalid_specifier` (exit 2)
 */
export function parseSpecifier(text: string): Specifier {
  if (text.startsWith("github:")) return _github(text, text.slice(7));
  if (text.startsWith("skills.sh/")) return _skillsSh(text, text.slice(10));
  if (text.startsWith("npm:")) return _npm(text, text.slice(4));
  if (text.startsWith("file:")) {
    const path = text.slice(5);
    if (path === "" || path.includes("\0")) throw _invalid(text, "file: needs a path");
    return { kind: "file", path };
  }
  if (text.startsWith("local:imported/")) {
    const name = text.slice(15);
    if (!SKILL_NAME_PATTERN.test(name)) throw _invalid(text, "local:imported/ needs a canonical skill name");
    return { kind: "local-imported", name };
  }
  throw _invalid(text, "the prefix must be github:, skills.sh/, npm:, file: or local:imported/");
}

/** Checks a git ref given by a user: no option injection, nothing git itself rejects. */
export function checkRef(text: string, ref: string): string {
  if (ref === "" || ref.startsWith("-") || ref.startsWith("/") || ref.endsWith("/") || ref.endsWith(".lock")) throw _invalid(text, `bad ref ${JSON.stringify(ref)}`);
  // git check-ref-format: no control characters, space, ~ ^ : ? * [ \, no "..", no "@{".
  if (/[\0-\x20\x7f~^:?*[\\]|\.\.|@\{|\/\//.test(ref)) throw _invalid(text, `bad ref ${JSON.stringify(ref)}`);
  return ref;
}

function _github(text: string, rest: string): Specifier {
  let body = rest;
  let ref: string | undefined;
  let path = "";
  const hash = body.indexOf("#");
  const [ownerPart, repoPart = ""] = body.split("/", 2);
  const legacyAt = repoPart.indexOf("@");
  if (legacyAt >= 0 && (hash < 0 || ownerPart!.length + 1 + legacyAt < hash)) {
    // Legacy form: github:owner/repo@ref#subpath.
    const repo = repoPart.slice(0, legacyAt);
    const after = body.slice(ownerPart!.length + 1 + legacyAt + 1);
    const [legacyRef, legacyPath = ""] = after.split("#", 2);
    return { kind: "github", ..._ownerRepo(text, ownerPart!, repo), path: _subpath(text, legacyPath), ref: checkRef(text, legacyRef!) };
  }
  if (hash >= 0) {
    ref = checkRef(text, body.slice(hash + 1));
    body = body.slice(0, hash);
  }
  const parts = body.split("/");
  if (parts.length < 2) throw _invalid(text, "expected github:owner/repo[/path][#ref]");
  path = _subpath(text, parts.slice(2).join("/"));
  return { kind: "github", ..._ownerRepo(text, parts[0]!, parts[1]!), path, ...(ref === undefined ? {} : { ref }) };
}

function _skillsSh(text: string, rest: string): Specifier {
  const [body, ref] = rest.split("#", 2) as [string, string | undefined];
  const parts = body.split("/");
  if (parts.length !== 3) throw _invalid(text, "expected skills.sh/owner/repo/skill");
  if (!SKILL_NAME_PATTERN.test(parts[2]!)) throw _invalid(text, "the skill slug must be lowercase letters, digits and hyphens");
  return { kind: "skills.sh", ..._ownerRepo(text, parts[0]!, parts[1]!), skill: parts[2]!, ...(ref === undefined ? {} : { ref: checkRef(text, ref) }) };
}

function _npm(text: string, rest: string): Specifier {
  const at = rest.indexOf("@", 1);
  const pkg = at < 0 ? rest : rest.slice(0, at);
  const range = at < 0 ? undefined : rest.slice(at + 1);
  if (!NPM_NAME.test(pkg) || pkg.length > 214) throw _invalid(text, `${JSON.stringify(pkg)} is not an npm package name`);
  if (range !== undefined && semver.validRange(range) === null && !DIST_TAG.test(range)) {
    throw _invalid(text, `${JSON.stringify(range)} is neither a semver range nor a dist-tag`);
  }
  return { kind: "npm", pkg, ...(range === undefined ? {} : { range }) };
}

function _ownerRepo(text: string, owner: string, repo: string): { owner: string; repo: string } {
  const clean = repo.endsWith(".git") ? repo.slice(0, -4) : repo;
  if (!OWNER.test(owner)) throw _invalid(text, `${JSON.stringify(owner)} is not a GitHub owner`);
  if (!REPO.test(clean) || clean === "." || clean === "..") throw _invalid(text, `${JSON.stringify(repo)} is not a repository name`);
  return { owner, repo: clean };
}

function _subpath(text: string, path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  if (trimmed === "") return "";
  for (const part of trimmed.split("/")) {
    if (part === "" || part === "." || part === ".." || /[\0-\x1f\\]/.test(part)) throw _invalid(text, `bad path ${JSON.stringify(path)}`);
  }
  return trimmed;
}

function _invalid(text: string, why: string): LeogrielError {
  return new LeogrielError("invalid_specifier", `Cannot parse the specifier ${JSON.stringify(text)}: ${why}`);
}
