import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { saveArtifact } from "../../../lib/core/artifact.ts";
import { makeEnvelope } from "../../../lib/core/envelope.ts";
import { colorAllowed, stripAnsi } from "../../../lib/core/logger.ts";
import { redactText, redactValue } from "../../../lib/core/redact.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs();
// Assembled at run time so the repository itself holds no credential-shaped strings.
const GITHUB = `ghp_${"Zq9XvB2m".repeat(4)}Ab12`;
const AWS = `AKIA${"QWERTYUIOP".slice(0, 8)}ABCDEFGH`;

describe("redaction", () => {
  test("redacts a credential inside a human line", () => {
    expect(redactText(`push with ${GITHUB} now`)).toMatch(/^push with \[REDACTED:[a-z0-9-]+\] now$/);
  });

  test("redacts the password of a URL but keeps the user and host", () => {
    expect(redactText("postgres://app:s3cr3t-pass@db.internal:5432/x")).toMatch(/^postgres:\/\/app:\[REDACTED:[a-z0-9-]+\]@db\.internal:5432\/x$/);
  });

  test("redacts keys and values of nested documents and counts by type", () => {
    const counts: Record<string, number> = {};
    const out = redactValue({ [GITHUB]: [AWS, { deep: `${AWS} ${GITHUB}` }], n: 1 }, counts);
    expect(JSON.stringify(out)).not.toMatch(/ghp_|AKIA/);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(4);
  });

  test("leaves ordinary text alone", () => {
    const text = "git push origin main && rm -rf build/ # sk-learn is a library";
    expect(redactText(text)).toBe(text);
  });
});

describe("envelope", () => {
  test("is redacted before it is written", () => {
    const env = makeEnvelope("audit", { ok: true, data: { note: GITHUB } });
    expect(JSON.stringify(env)).not.toContain(GITHUB);
    expect(env).toMatchObject({ schemaVersion: 1, ok: true, command: "audit", warnings: [], errors: [] });
  });
});

describe("artifacts", () => {
  test("saves a redacted envelope with counts and types only", () => {
    const root = tempDir();
    const path = saveArtifact(root, "audit", "run-1", { evidence: `token=${GITHUB}` }, new Date("2026-01-02T03:04:05Z"));
    expect(path).toBe(join(root, ".leogriel", "artifacts", "audit", "run-1.json"));
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain(GITHUB);
    const doc = JSON.parse(text);
    expect(doc).toMatchObject({ schemaVersion: 1, kind: "audit", createdAt: "2026-01-02T03:04:05.000Z", redactions: { total: 1 } });
    expect(Object.values(doc.redactions.types)).toEqual([1]);
    expect(doc.data.evidence).toMatch(/^token=\[REDACTED:[a-z0-9-]+\]$/);
  });

  test.each([["../escape"], ["a/b"], ["..\\x"]])("refuses the artifact name %j", (name) => {
    expect(() => saveArtifact(tempDir(), "audit", name, {})).toThrow(expect.objectContaining({ code: "artifact_path_escape" }));
  });
});

describe("logger", () => {
  test.each([
    [{ NO_COLOR: "1" }, false],
    [{ CI: "true" }, false],
    [{ TERM: "dumb" }, false],
  ])("colour is off with %j", (env, allowed) => {
    expect(colorAllowed(env)).toBe(allowed);
  });

  test("stripAnsi removes colour codes", () => {
    expect(stripAnsi("\u001b[1m\u001b[36mbold\u001b[39m\u001b[22m")).toBe("bold");
  });

  test("a real process logs plain, redacted lines on stderr and nothing on stdout", () => {
    const script = join(tempDir(), "log.ts");
    writeFileSync(script, `import { log } from ${JSON.stringify(join(import.meta.dir, "../../../lib/core/logger.ts"))};\nlog.info("hello ${GITHUB}");\nlog.warn("careful");\n`);
    const proc = Bun.spawnSync([process.execPath, script], { env: { ...process.env, NO_COLOR: "1" } });
    expect(proc.stdout.toString()).toBe("");
    expect(proc.stderr.toString()).toMatch(/^hello \[REDACTED:[a-z0-9-]+\]\nwarn: careful\n$/);
  });
});
