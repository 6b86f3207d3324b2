import { describe, expect, test } from "bun:test";
import { hookShell, hookTarget, powerShellLine, selfCommand } from "../../../lib/guard/install/hook-targets.ts";

// The hook line install-hook writes, per platform and per shell that runs it (docs/check-hooks.md
// "Windows"): Gemini CLI, Codex and Cursor run hook commands with PowerShell on Windows, Copilot
// has a bash and a powershell line, Claude Code's line is POSIX shell words (Git Bash).
describe("selfCommand: the hook line for the agent's shell", () => {
  const exe = "C:\\Users\\ann\\AppData\\Local\\leogriel\\leogriel-check.exe";
  const spaced = "C:\\Users\\Ann Lee\\bin\\leogriel-check.exe";

  test("on Windows a path is written with / and stays bare when it can", () => {
    expect(selfCommand("claude", "win32", exe)).toBe("C:/Users/ann/AppData/Local/leogriel/leogriel-check.exe --hook claude");
    expect(selfCommand("gemini", "win32", exe)).toBe("C:/Users/ann/AppData/Local/leogriel/leogriel-check.exe --hook gemini --dialect powershell");
  });

  test("a quoted program gets PowerShell's call operator where PowerShell runs the line", () => {
    expect(selfCommand("gemini", "win32", spaced)).toBe("& 'C:/Users/Ann Lee/bin/leogriel-check.exe' --hook gemini --dialect powershell");
    // Git Bash (Claude Code) reads POSIX quotes; a leading `&` would be a syntax error there.
    expect(selfCommand("claude", "win32", spaced)).toBe("'C:/Users/Ann Lee/bin/leogriel-check.exe' --hook claude");
  });

  test("Codex and Cursor run their hook line with PowerShell on Windows too (session 11)", () => {
    // Codex: the session's shell (`pwsh`/`powershell -NoProfile -Command`); Cursor: PowerShell as reported.
    expect(selfCommand("codex", "win32", spaced)).toBe("& 'C:/Users/Ann Lee/bin/leogriel-check.exe' --hook codex --dialect powershell");
    expect(selfCommand("cursor", "win32", spaced)).toBe("& 'C:/Users/Ann Lee/bin/leogriel-check.exe' --hook cursor --dialect powershell");
    expect(selfCommand("codex", "win32", "C:\\Users\\O'Neil\\leogriel-check.exe")).toBe("& 'C:/Users/O''Neil/leogriel-check.exe' --hook codex --dialect powershell");
    expect(selfCommand("cursor", "win32", "C:\\Users\\Lee,Ann\\leogriel-check.exe")).toBe("& 'C:/Users/Lee,Ann/leogriel-check.exe' --hook cursor --dialect powershell");
    // bun with its script: both words quoted, the call operator once, before the program.
    expect(selfCommand("codex", "win32", "C:\\Program Files\\bun\\bun.exe", "C:\\src\\my repo\\cmd\\check.ts")).toBe(
      "& 'C:/Program Files/bun/bun.exe' 'C:/src/my repo/cmd/check.ts' --hook codex --dialect powershell",
    );
    // A bare path is one word for PowerShell, cmd.exe and Git Bash alike: no call operator.
    expect(selfCommand("codex", "win32", exe)).toBe("C:/Users/ann/AppData/Local/leogriel/leogriel-check.exe --hook codex --dialect powershell");
    expect(selfCommand("cursor", "win32", exe)).toBe("C:/Users/ann/AppData/Local/leogriel/leogriel-check.exe --hook cursor --dialect powershell");
    // Elsewhere their runners are `sh -c` ($SHELL -lc for Codex): POSIX words.
    expect(selfCommand("codex", "linux", "/opt/my tools/leogriel-check")).toBe("'/opt/my tools/leogriel-check' --hook codex");
    expect(selfCommand("cursor", "darwin", "/opt/my tools/leogriel-check")).toBe("'/opt/my tools/leogriel-check' --hook cursor");
  });

  test("a quote in the path is written each shell's way", () => {
    const quote = "C:\\Users\\O'Neil\\leogriel-check.exe";
    expect(selfCommand("claude", "win32", quote)).toBe("'C:/Users/O'\\''Neil/leogriel-check.exe' --hook claude");
    expect(selfCommand("gemini", "win32", quote)).toBe("& 'C:/Users/O''Neil/leogriel-check.exe' --hook gemini --dialect powershell");
  });

  test("elsewhere the line is unchanged: bare paths, bun with its script", () => {
    expect(selfCommand("gemini", "linux", "/usr/local/bin/leogriel-check")).toBe("/usr/local/bin/leogriel-check --hook gemini");
    expect(selfCommand("claude", "darwin", "/home/u/.bun/bin/bun", "/work/repo/cmd/check.ts")).toBe("/home/u/.bun/bin/bun /work/repo/cmd/check.ts --hook claude");
    expect(selfCommand("claude", "linux", "/opt/my tools/leogriel-check")).toBe("'/opt/my tools/leogriel-check' --hook claude");
  });
});

describe("powerShellLine", () => {
  test("lines without single quotes are left as they are", () => {
    for (const line of ["leogriel-check --hook copilot", '"C:\\Program Files\\x.exe" --hook copilot', ""]) expect(powerShellLine(line)).toBe(line);
  });

  test("quoted arguments are rewritten, the call operator only goes before a quoted program", () => {
    expect(powerShellLine("bash -c 'leogriel-check --hook copilot'")).toBe("bash -c 'leogriel-check --hook copilot'");
    expect(powerShellLine("'C:/a b/bun.exe' 'C:/it'\\''s/check.ts' --hook copilot")).toBe("& 'C:/a b/bun.exe' 'C:/it''s/check.ts' --hook copilot");
  });

  test("a line that is not POSIX words is left as it is", () => {
    expect(powerShellLine("'unterminated --hook copilot")).toBe("'unterminated --hook copilot");
    // A POSIX shell expands $x, runs `rm` after `;`, and reads "it's" in double quotes: PowerShell would not.
    for (const line of ["a'b'$x --hook copilot", "x'y';rm --hook copilot", "prog \"it's\" 'z'", "'a b'  --hook copilot"]) expect(powerShellLine(line)).toBe(line);
  });

  test("PowerShell's other single quotes are doubled, and bare words it reads otherwise are quoted", () => {
    expect(powerShellLine("'C:/Users/O\u2019Neil/x.exe' --hook copilot")).toBe("& 'C:/Users/O\u2019\u2019Neil/x.exe' --hook copilot");
    expect(selfCommand("gemini", "win32", "C:\\Users\\Lee,Ann\\leogriel-check.exe")).toBe("& 'C:/Users/Lee,Ann/leogriel-check.exe' --hook gemini --dialect powershell");
    expect(powerShellLine("prog @args --% x")).toBe("prog '@args' '--%' x");
  });
});

test("Copilot's entry holds the POSIX line for bash and PowerShell's reading of it", () => {
  const target = hookTarget("copilot", "project", "/work/ws", { HOME: "/home/u" })!;
  const line = selfCommand("copilot", "win32", "C:\\Users\\Ann Lee\\leogriel-check.exe");
  expect(target.entry(line)).toMatchObject({ bash: "'C:/Users/Ann Lee/leogriel-check.exe' --hook copilot", powershell: "& 'C:/Users/Ann Lee/leogriel-check.exe' --hook copilot" });
  expect(target.entry("/usr/local/bin/leogriel-check --hook copilot")).toMatchObject({ bash: "/usr/local/bin/leogriel-check --hook copilot", powershell: "/usr/local/bin/leogriel-check --hook copilot" });
});

test("doctor probes a hook line in the shell the agent's hook runner uses", () => {
  expect(hookShell("gemini", "linux")).toEqual(["sh", "-c"]);
  expect(hookShell("claude", "win32")).toEqual(["sh", "-c"]);
  expect(hookShell("copilot", "win32")).toEqual(["sh", "-c"]);
  for (const agent of ["gemini", "codex", "cursor"] as const) {
    const powershell = hookShell(agent, "win32");
    expect(powershell[0]).toMatch(/(pwsh|powershell)\.exe$/);
    expect(powershell.slice(1)).toEqual(["-NoProfile", "-NonInteractive", "-Command"]);
    expect(hookShell(agent, "linux")).toEqual(["sh", "-c"]);
  }
});
