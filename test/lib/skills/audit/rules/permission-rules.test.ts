import { describe, expect, test } from "bun:test";
import { allowedToolsFindings } from "../../../../../lib/skills/audit/rules/permission-rules.ts";

const skillMd = (tools: string) => `---\nname: s\ndescription: S.\nallowed-tools: ${tools}\n---\n\n# S\n`;
const fires = (value: unknown) => allowedToolsFindings(value, skillMd(String(value))).map((f) => `${f.severity} ${f.rule} line ${f.line}`);

describe("allowed-tools that pre-approve the whole shell", () => {
  const broad: unknown[] = ["Bash", "Bash(*)", "Read Bash(*:*)", "Bash( * )", "Bash(sh:*)", "Bash(python3 *)", "Bash(sudo:*)", "Bash(/bin/bash:*)", "Read, Grep, Bash", ["Read", "Bash"], "run_shell_command", "Shell(env:*)", "Bash(bash -c *)"];
  for (const value of broad) {
    test(`${JSON.stringify(value)} is a warning on the allowed-tools line`, () => expect(fires(value)).toEqual(["warning permissions/broad-shell line 4"]));
  }
});

describe("allowed-tools that stay quiet", () => {
  const narrow: unknown[] = ["Bash(git diff:*) Bash(git status:*)", "Read Grep Glob", "Bash(npm run test:*)", "BashOutput", "Bash(shellcheck:*)", "Bash(envsubst:*)", "", 42, null, ["Read", 7], "Bashful(*)", "Bash(node scripts/review.js *)", "Bash(sudo apt-get install *)"];
  for (const value of narrow) test(`${JSON.stringify(value)}`, () => expect(fires(value)).toEqual([]));
});

test("the finding never claims a line the frontmatter does not have", () => {
  expect(allowedToolsFindings("Bash", "---\nname: s\n---\n").map((f) => f.line)).toEqual([1]);
});
