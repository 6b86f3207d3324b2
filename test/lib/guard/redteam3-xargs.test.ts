import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { filesUnder, guardRunRestore } from "../../support/guard-e2e.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

// Third red-team pass: xargs split printf's output on blanks only, so the NUL stayed in the name
// (`.git\0`, nothing of that name: ALLOW_NOOP) and bash deleted .git, or the whole HOME with
// `printf '%s\0' ~ | xargs -0 rm -rf`. A program's argument ends at a NUL, -0 and -d split on
// their character, and printf's escapes are read as bash reads them (`%s` arguments verbatim).
const fx = useGuardFixture();

const ROWS: Array<[string, string, Decision, ReasonCode?]> = [
  ["printf %s\\0 of .git, xargs -0", `printf '%s\\0' .git | xargs -0 rm -rf`, "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["printf .git\\0, xargs -0", `printf '.git\\0' | xargs -0 rm -rf`, "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["printf %s\\0 of HOME, xargs -0", `printf '%s\\0' ~ | xargs -0 rm -rf`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["\\000 and --null", `printf '.git\\000' | xargs --null rm -rf`, "BLOCK"],
  ["--nu abbreviates --null", `printf '.git\\0' | xargs --nu rm -rf`, "BLOCK"],
  ["-0r cluster", `printf '.git\\0' | xargs -0r rm -rf`, "BLOCK"],
  ["-r0 cluster", `printf '.git\\0' | xargs -r0 rm -rf`, "BLOCK"],
  ["without -0 the argument ends at the NUL", `printf '.git\\0' | xargs rm -rf`, "BLOCK"],
  ["without -0, text after the NUL is dropped", `printf '.git\\0x' | xargs rm -rf`, "BLOCK"],
  ["-d: attached", `printf '.git:' | xargs -d: rm -rf`, "BLOCK"],
  ["--delimiter=:", `printf '.git:' | xargs --delimiter=: rm -rf`, "BLOCK"],
  ["-d '\\n'", `printf '.git\\n' | xargs -d '\\n' rm -rf`, "BLOCK"],
  ["-d '\\0'", `printf '.git\\0' | xargs -d '\\0' rm -rf`, "BLOCK"],
  ["-d '\\x00'", `printf '.git\\0' | xargs -d '\\x00' rm -rf`, "BLOCK"],
  ["-d '\\000'", `printf '.git\\0' | xargs -d '\\000' rm -rf`, "BLOCK"],
  ["%b expands \\0", `printf '%b' '.git\\0' | xargs -0 rm -rf`, "BLOCK"],
  ["%b expands \\0NNN", `printf '%b' '.git\\0000' | xargs -0 rm -rf`, "BLOCK"],
  ["echo -e", `echo -e '.git\\0' | xargs -0 rm -rf`, "BLOCK"],
  ["echo -ne", `echo -ne '.git\\0' | xargs -0 rm -rf`, "BLOCK"],
  ["through sudo", `printf '%s\\0' .git | sudo xargs -0 rm -rf`, "BLOCK"],
  ["through bash -c", `bash -c "printf '%s\\0' .git | xargs -0 rm -rf"`, "BLOCK"],
  ["a precision the model does not read", `printf '%.4s\\0' .gitx | xargs -0 rm -rf`, "BLOCK"],
  ["printf --", `printf -- '%s\\0' .git | xargs -0 rm -rf`, "BLOCK"],
  ["-0 with a replace string", `printf '.git\\0' | xargs -0 -I{} rm -rf {}`, "BLOCK"],
  ["find -print0 of .git", `find . -name .git -print0 | xargs -0 rm -rf`, "BLOCK"],
  ["find -print0 over HOME", `find ~ -name id_rsa -print0 | xargs -0 rm -f`, "BLOCK"],
  ["find -print0 from /", `find / -name '*.tmp' -print0 | xargs -0 rm -f`, "BLOCK"],
  ["find with a test the dry run cannot read", `find . -atime +3 -print0 | xargs -0 rm -f`, "BLOCK"],
  ["find -print (newline-separated) into xargs", `find . -name '*.tmp' -print | xargs rm -f`, "BLOCK"],
  // Harmless lookalikes.
  ["a missing workspace name", `printf '%s\\0' build-missing | xargs -0 rm -rf`, "ALLOW"],
  ["a name with a blank stays one item", `printf '%s\\0' 'a b' | xargs -0 rm -f`, "ALLOW"],
  ["%s keeps a backslash", `printf '%s\\n' 'a\\0' | xargs -0 echo`, "ALLOW"],
  ["echo words into rm", "echo a b | xargs rm", "ALLOW"],
  ["find -print0 clean-up with no match", `find . -name '*.tmp' -print0 | xargs -0 rm -f`, "ALLOW", "ALLOW_NOOP"],
  ["find -print0 into grep", `find . -name '*.ts' -print0 | xargs -0 grep foo`, "ALLOW"],
];

describe("red-team 3: xargs splits its input as xargs does", () => {
  for (const [name, command, decision, reason] of ROWS) {
    test(name, () => {
      const result = classify({ command, cwd: fx.ws, env: fx.env });
      expect(result.decision).toBe(decision);
      if (reason) expect(result.reason).toBe(reason);
    });
  }

  test("find -print0 | xargs -0 rm relocates exactly the matches in the workspace", () => {
    mkdirSync(join(fx.ws, "tmpdir"), { recursive: true });
    writeFileSync(join(fx.ws, "tmpdir", "a.tmp"), "x\n");
    const result = classify({ command: `find tmpdir -name '*.tmp' -print0 | xargs -0 rm -f`, cwd: fx.ws, env: fx.env });
    expect(result.decision).toBe("RELOCATE");
    expect(result.plan?.kind === "relocate" ? result.plan.targets : []).toEqual([join(fx.ws, "tmpdir", "a.tmp")]);
  });
});

const tempDir = useTempDirs("leogriel-xargs-e2e-");

/** A fake HOME holding a git workspace with a tracked file and a scratch file. */
function scene(): { ws: string; home: string } {
  const home = tempDir();
  const ws = join(home, "ws");
  mkdirSync(join(ws, "src"), { recursive: true });
  writeFileSync(join(ws, "src", "main.ts"), "tracked\n");
  const sh = (script: string) => Bun.spawnSync(["bash", "-c", script], { cwd: ws, env: { HOME: home, PATH: process.env.PATH } });
  sh("git init -q . && git add . && git -c user.name=t -c user.email=t@t commit -qm init && echo x > a.tmp");
  return { ws, home };
}

const E2E: Array<[string, string, number]> = [
  ["printf '%s\\0' .git | xargs -0 rm -rf is refused", `printf '%s\\0' .git | xargs -0 rm -rf`, 2],
  ["printf '.git\\0' | xargs -0 rm -rf is refused", `printf '.git\\0' | xargs -0 rm -rf`, 2],
  ["a workspace file named with a NUL runs and restore brings it back", `printf '%s\\0' a.tmp | xargs -0 rm -f`, 0],
  ["find -print0 | xargs -0 rm runs and restore brings the match back", `find . -name '*.tmp' -print0 | xargs -0 rm -f`, 0],
];

describe("red-team 3 end to end: xargs input", () => {
  for (const [name, command, exit] of E2E) {
    test(name, () => {
      const { ws, home } = scene();
      const before = filesUnder(home);
      expect(guardRunRestore(ws, home, command)).toBe(exit);
      expect(filesUnder(home)).toEqual(before);
      expect(existsSync(join(ws, ".git", "HEAD"))).toBe(true);
    });
  }
});
