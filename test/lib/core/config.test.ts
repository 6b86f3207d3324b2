import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfigSection, userConfigPath } from "../../../lib/core/config.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs();

function write(path: string, value: unknown) {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
}

describe("configuration", () => {
  test("the project file wins over the user file key by key", () => {
    const home = tempDir();
    const project = tempDir();
    const env = { XDG_CONFIG_HOME: home };
    write(userConfigPath(env), { schemaVersion: 1, install: { agents: ["cursor"], global: true } });
    write(join(project, ".leogriel", "config.json"), { schemaVersion: 1, install: { agents: ["gemini"] } });
    expect(loadConfigSection("install", project, env)).toEqual({ agents: ["gemini"], global: true });
  });

  test("without a project (a --global install) only the user file counts", () => {
    const home = tempDir();
    const project = tempDir();
    const env = { XDG_CONFIG_HOME: home };
    write(userConfigPath(env), { schemaVersion: 1, install: { agents: ["cursor"] } });
    write(join(project, ".leogriel", "config.json"), { schemaVersion: 1, install: { agents: ["gemini"] } });
    expect(loadConfigSection("install", null, env)).toEqual({ agents: ["cursor"] });
  });

  test("no files means an empty section", () => {
    expect(loadConfigSection("check", tempDir(), { XDG_CONFIG_HOME: tempDir() })).toEqual({});
  });

  test.each([
    ["a wrong schema version", { schemaVersion: 2 }, "invalid_document"],
    ["an unknown section", { schemaVersion: 1, deploy: {} }, "invalid_document"],
    ["malformed JSON", "{ schemaVersion: 1 }", "invalid_json"],
  ])("refuses %s with exit code 2", (_name, content, code) => {
    const project = tempDir();
    write(join(project, ".leogriel", "config.json"), content);
    expect(() => loadConfigSection("audit", project, { XDG_CONFIG_HOME: tempDir() })).toThrow(expect.objectContaining({ code, exitCode: 2 }));
  });
});
