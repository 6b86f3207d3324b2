import { describe, expect, test } from "bun:test";
import { typedCommand } from "../../../lib/guard/hooks/typed-input.ts";
import { runHook } from "../../../lib/guard/hooks/run-hook.ts";
import { hookVerdict } from "../../fixtures/check/hook-answers.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Red team 9 T1: text typed into a running session that leaves the line open (a trailing pipe or
// list operator, PowerShell's trailing comma, a loop or block not closed) is finished by the next
// input, which is judged alone: `echo 'rm -rf ~/Documents' |` + `sh`, or `Remove-Item -Recurse
// src,` + `~/Documents`. Only judged here; nothing is typed anywhere.

const refused = (text: string, dialect?: string) => "refuse" in typedCommand(text, dialect, "/w");

describe("red team 9 T1: typed input that leaves the line open is refused", () => {
  const OPEN: Array<[string, string | undefined]> = [
    ["echo 'rm -rf ~/Documents' |\n", undefined],
    ["find ~/Documents -type f |&\n", undefined],
    ["cd ~ &&\n", undefined],
    ["false ||\n", undefined],
    ["ls | # the rest follows\n", undefined],
    ["for f in ~/Documents/*; do\n", undefined],
    ["while read -r f\ndo\n", undefined],
    ["select x in a b; do\n", undefined],
    ["if true; then\n", undefined],
    ["case $x in\n", undefined],
    ["{\n", undefined],
    ["f() {\n", undefined],
    ["Get-ChildItem ~/Documents |\n", "powershell"],
    ["Remove-Item -Recurse -Force src,\n", "powershell"],
    ["Test-Path x &&\n", "powershell"],
    ["$x =\n", "powershell"],
  ];
  for (const [text, dialect] of OPEN) {
    test(`${dialect ?? "posix"} ${JSON.stringify(text)} is refused`, () => expect(refused(text, dialect)).toBe(true));
  }

  const WHOLE: Array<[string, string | undefined]> = [
    ["ls | wc -l\n", undefined],
    ["echo 'a |'\n", undefined],
    ["echo \"for x; do\"\n", undefined],
    ["for f in *; do echo $f; done\n", undefined],
    ["if true; then echo; fi\n", undefined],
    ["sleep 1 &\n", undefined],
    ["echo a,\n", undefined],
    ["git log --oneline # a | comment\n", undefined],
    ["select * from users;\n", undefined],
    ["Get-ChildItem | Select-Object Name\n", "powershell"],
    ["'a,b' -split ','\n", "powershell"],
    ["Remove-Item -Recurse -Force src\n", "powershell"],
  ];
  for (const [text, dialect] of WHOLE) {
    test(`${dialect ?? "posix"} ${JSON.stringify(text)} is judged`, () => expect(refused(text, dialect)).toBe(false));
  }
});

// Red team 9 leftover: Codex's write_stdin does not say which shell the session runs, and on
// Windows its text is judged as PowerShell, yet the open-line rules were posix's: `Remove-Item
// -Recurse -Force src,` passed, and the next input (`~/Documents`) finished the list. Without the
// session's shell the line must be whole in posix and PowerShell alike; a `shell` the payload
// names is the one used.
describe("red team 9 leftover: Codex write_stdin lines are whole in the session's dialect", () => {
  const fx = useGuardFixture();
  const stdin = (input: Record<string, unknown>) => ({ cwd: fx.ws, hook_event_name: "PreToolUse", tool_name: "write_stdin", tool_input: { session_id: 1, ...input } });
  const verdict = async (payload: unknown, platform: NodeJS.Platform) => {
    const a = await runHook("codex", new TextEncoder().encode(JSON.stringify(payload)), fx.env, undefined, "sanitize", platform);
    return hookVerdict(a.stdout, a.exitCode);
  };
  const ROWS: Array<[string, Record<string, unknown>, NodeJS.Platform, "allow" | "deny"]> = [
    ["a PowerShell list left open on Windows", { chars: "Remove-Item -Recurse -Force src,\n" }, "win32", "deny"],
    ["an assignment left open on Windows", { chars: "$x =\n" }, "win32", "deny"],
    ["a backtick continuation on Windows", { chars: "Remove-Item -Recurse -Force `\n" }, "win32", "deny"],
    ["a trailing comma, the session's shell unknown elsewhere", { chars: "Remove-Item -Recurse -Force src,\n" }, "linux", "deny"],
    ["a posix pipe left open on Windows", { chars: "echo 'rm -rf ~/Documents' |\n" }, "win32", "deny"],
    ["a whole PowerShell line on Windows", { chars: "Get-ChildItem | Select-Object Name\n" }, "win32", "allow"],
    ["a whole posix line", { chars: "git status\n" }, "linux", "allow"],
    ["a named bash session keeps posix rules", { chars: "echo a,\n", shell: "/bin/bash" }, "win32", "allow"],
    ["a named pwsh session on Linux", { chars: "Remove-Item -Recurse -Force src,\n", shell: "pwsh" }, "linux", "deny"],
    ["a named pwsh session judges PowerShell", { chars: "Remove-Item -Recurse -Force $HOME\n", shell: "pwsh.exe" }, "linux", "deny"],
  ];
  for (const [name, input, platform, expected] of ROWS) {
    test(`${name} (${platform}) is ${expected}`, async () => expect(await verdict(stdin(input), platform)).toBe(expected));
  }
});
