import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LeogrielError } from "../../../lib/core/errors.ts";
import { codexChildEnv, codexPolicyOverrides, loadCodexBaseConfig, resolveCodexAuth } from "../../../lib/evals/codex-config.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-evals-codexcfg-");

const PROVIDER = '[model_providers.mock]\nname = "mock"\nbase_url = "http://127.0.0.1:1/v1"\nenv_key = "MOCK_KEY"\nwire_api = "responses"\n';

function config(text: string): string {
  const path = join(tempDir(), "config.toml");
  writeFileSync(path, text);
  return path;
}

describe("loadCodexBaseConfig", () => {
  test("accepts model and provider settings and finds the provider's key variable", () => {
    const base = loadCodexBaseConfig({ LEOGRIEL_CODEX_CONFIG: config(`model_provider = "mock"\n${PROVIDER}`) });
    expect(base?.envKeys).toEqual(["MOCK_KEY"]);
  });

  test("is absent when no base config is named", () => {
    expect(loadCodexBaseConfig({})).toBeUndefined();
  });

  // Keys that would widen the run or leak skills into the baseline: refused, never dropped.
  const REFUSED: Array<[string, string]> = [
    ["an MCP server", '[mcp_servers.fs]\ncommand = "npx"\n'],
    ["a sandbox mode", 'sandbox_mode = "danger-full-access"\n'],
    ["network access", "[sandbox_workspace_write]\nnetwork_access = true\n"],
    ["an approval policy", 'approval_policy = "on-request"\n'],
    ["extra skills", '[[skills.config]]\npath = "/x/SKILL.md"\nenabled = true\n'],
    ["a trusted project", '[projects."/home/u"]\ntrust_level = "trusted"\n'],
    ["a permission profile", 'default_permissions = "full"\n'],
    ["an inherited environment", '[shell_environment_policy]\ninherit = "all"\n'],
  ];
  test.each(REFUSED)("refuses %s", (_what, text) => {
    try {
      loadCodexBaseConfig({ LEOGRIEL_CODEX_CONFIG: config(text + PROVIDER) });
      throw new Error("accepted");
    } catch (err) {
      expect(err).toBeInstanceOf(LeogrielError);
      expect((err as LeogrielError).code).toBe("runner_policy_rejected");
      expect((err as LeogrielError).exitCode).toBe(2);
    }
  });

  test("refuses a file that is not TOML", () => {
    expect(() => loadCodexBaseConfig({ LEOGRIEL_CODEX_CONFIG: config("model_provider = \n[[") })).toThrow("not a readable TOML file");
  });
});

describe("resolveCodexAuth", () => {
  test("takes only the known key variables from the environment", () => {
    const auth = resolveCodexAuth({ OPENAI_API_KEY: "sk-a", GITHUB_TOKEN: "ghp_x", AWS_SECRET_ACCESS_KEY: "s", MOCK_KEY: "m" }, { text: "", envKeys: ["MOCK_KEY"] });
    expect(auth).toEqual({ source: "env:MOCK_KEY,env:OPENAI_API_KEY", env: { MOCK_KEY: "m", OPENAI_API_KEY: "sk-a" }, files: {} });
  });

  test("falls back to the user's auth.json, for the run's private CODEX_HOME only", () => {
    const home = tempDir();
    mkdirSync(join(home, ".codex"));
    writeFileSync(join(home, ".codex", "auth.json"), '{"tokens":{}}');
    const auth = resolveCodexAuth({ HOME: home }, undefined);
    expect([auth.source, Object.keys(auth.files), auth.env]).toEqual(["file:auth.json", ["auth.json"], {}]);
  });

  test("reports no credentials as the source none", () => {
    expect(resolveCodexAuth({ HOME: tempDir() }, undefined).source).toBe("none");
  });
});

describe("the Codex child's environment and overrides", () => {
  test("is an allowlist: no tokens, no agent sockets, no proxy carrying a password", () => {
    const env = codexChildEnv(
      { PATH: "/bin", HOME: "/home/u", LANG: "C.UTF-8", GITHUB_TOKEN: "ghp_x", SSH_AUTH_SOCK: "/s", NPM_TOKEN: "n", HTTPS_PROXY: "http://u:p@proxy:3128", NO_PROXY: "localhost", CODEX_HOME: "/home/u/.codex" },
      { home: "/tmp/h", codexHome: "/tmp/c" },
      { source: "env:OPENAI_API_KEY", env: { OPENAI_API_KEY: "sk-a" }, files: {} },
    );
    expect(env).toEqual({ PATH: "/bin", HOME: "/tmp/h", CODEX_HOME: "/tmp/c", TERM: "dumb", LANG: "C.UTF-8", NO_PROXY: "localhost", OPENAI_API_KEY: "sk-a" });
  });

  test("denies network to commands and removes web search, and turns off bundled skills", () => {
    const fixed = ["-c", "skills.bundled.enabled=false", "-c", "features.plugins=false", "-c", "analytics.enabled=false"];
    expect(codexPolicyOverrides("deny")).toEqual([...fixed, "-c", "sandbox_workspace_write.network_access=false", "-c", 'web_search="disabled"']);
    expect(codexPolicyOverrides("allow")).toEqual([...fixed, "-c", "sandbox_workspace_write.network_access=true"]);
  });
});
