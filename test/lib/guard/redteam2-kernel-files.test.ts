import { describe, expect, test } from "bun:test";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Second red-team pass: a script file the guard reads to judge a command (`psql -f`, `sed -f`,
// `awk -f`) may be a "regular" kernel file whose read never returns (`/proc/kmsg` as root), also
// through a symlink in the workspace: the check hung until the hook timed out. Such files are
// unknown. Run as a subprocess with a deadline, so a hang fails the row instead of the suite.
const fx = useGuardFixture();
symlinkSync("/proc/kmsg", join(fx.ws, "k.sql"));
symlinkSync("/proc/kmsg", join(fx.ws, "k.sed"));
const CHECK = join(import.meta.dir, "../../../cmd/check.ts");

const ROWS: Array<[string, string, string]> = [
  ["psql -f of /proc/kmsg", "psql -f /proc/kmsg; rm -rf build", "ASK"],
  ["psql -f of a symlink to /proc/kmsg", "psql -f k.sql; rm -rf build", "ASK"],
  ["sed -f of a symlink to /proc/kmsg", "sed -f k.sed README.md; rm -rf build", "BLOCK"],
];

describe("red-team 2: kernel files read as scripts", () => {
  for (const [name, command, decision] of ROWS) {
    test(name, () => {
      const p = Bun.spawnSync([process.execPath, CHECK, "--cwd", fx.ws, "--json", "--", command], { env: { ...fx.env, PATH: process.env.PATH }, timeout: 8000 });
      expect(p.signalCode ?? null).toBeNull();
      expect(JSON.parse(p.stdout.toString()).decision).toBe(decision);
    }, 15000);
  }
});
