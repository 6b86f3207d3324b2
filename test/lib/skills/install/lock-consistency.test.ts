import { describe, expect, test } from "bun:test";
import { checkLockEntry, lockInconsistency } from "../../../../lib/skills/install/lock-consistency.ts";
import type { LockEntry } from "../../../../lib/skills/lockfile.ts";

const SHA = "a".repeat(40);
const OTHER = "b".repeat(40);
const entry = (specifier: string, resolved: string, provenance: LockEntry["provenance"] = { type: "github" }): LockEntry => ({
  specifier,
  resolved,
  integrity: `sha256:${"0".repeat(64)}`,
  name: "pdf",
  canonicalPath: ".agents/skills/pdf",
  fetchedAt: "2026-01-01T00:00:00.000Z",
  provenance,
});

describe("a lock entry's resolution must come from its specifier's source", () => {
  test.each<[string, LockEntry]>([
    ["a github tag locked to its commit", entry("github:acme/skills/skills/pdf#v1", `github:acme/skills/skills/pdf#${SHA}`, { type: "github", commit: SHA, repository: "acme/skills", subpath: "skills/pdf" })],
    ["a skills.sh skill in any folder of its repository", entry("skills.sh/acme/skills/pdf", `github:acme/skills/tools/pdf#${SHA}`, { type: "skills.sh", subpath: "tools/pdf" })],
    ["an npm range locked to an exact version", entry("npm:@acme/pdf@^1", "npm:@acme/pdf@1.2.3", { type: "npm", version: "1.2.3" })],
    ["a file: path written without ./", entry("file:skills/pdf", "file:./skills/pdf", { type: "local" })],
    ["a 0.6.x github entry with the folder in provenance", entry("github:acme/skills@main#skills/pdf", "github:acme/skills@abc123/skills/pdf", { type: "github", subpath: "skills/pdf" })],
    ["a legacy local:imported entry", entry("local:imported/pdf", "local:imported/pdf", { type: "local" })],
  ])("%s is consistent", (_name, e) => {
    expect(lockInconsistency(e, "/project")).toBeUndefined();
  });

  test.each<[string, LockEntry]>([
    ["resolved swapped to another repository (the review's attack)", entry("github:evil/skills/skills/good", `github:evil/other/skills/good#${SHA}`)],
    ["resolved swapped to another owner", entry("github:acme/skills/skills/pdf", `github:mallory/skills/skills/pdf#${SHA}`)],
    ["resolved swapped to another folder", entry("github:acme/skills/skills/pdf", `github:acme/skills/skills/evil#${SHA}`)],
    ["provenance.subpath pointing elsewhere", entry("github:acme/skills/skills/pdf", `github:acme/skills/skills/pdf#${SHA}`, { type: "github", subpath: "skills/evil" })],
    ["provenance.repository naming another repository", entry("github:acme/skills/skills/pdf", `github:acme/skills/skills/pdf#${SHA}`, { type: "github", repository: "evil/other" })],
    ["provenance.commit disagreeing with resolved", entry("github:acme/skills/skills/pdf", `github:acme/skills/skills/pdf#${SHA}`, { type: "github", commit: OTHER })],
    ["a github specifier resolved as npm", entry("github:acme/skills", "npm:acme-skills@1.0.0", { type: "npm" })],
    ["skills.sh resolved in another repository", entry("skills.sh/acme/skills/pdf", `github:evil/skills/pdf#${SHA}`, { type: "skills.sh" })],
    ["npm resolved as another package", entry("npm:pdf-skill@^1", "npm:evil-skill@1.0.0", { type: "npm" })],
    ["npm provenance.version disagreeing with resolved", entry("npm:pdf-skill@^1", "npm:pdf-skill@1.0.0", { type: "npm", version: "6.6.6" })],
    ["file: resolved to a folder outside", entry("file:./skills/pdf", "file:/tmp/evil", { type: "local" })],
    ["file: resolved as github", entry("file:./skills/pdf", `github:evil/x#${SHA}`, { type: "local" })],
    ["local:imported resolved to another skill", entry("local:imported/pdf", "local:imported/evil", { type: "local" })],
    ["a resolution that cannot be parsed", entry("npm:pdf-skill", "npm:", { type: "npm" })],
  ])("%s is lock_mismatch", (_name, e) => {
    expect(lockInconsistency(e, "/project")).toBeString();
    expect(() => checkLockEntry(e, "/project")).toThrow(expect.objectContaining({ code: "lock_mismatch", exitCode: 2 }));
  });
});
