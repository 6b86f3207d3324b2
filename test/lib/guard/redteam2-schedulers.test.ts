import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Second red-team pass: at, batch and crontab were unknown harmless programs, so a job that
// deletes the home folder later, outside any hook, was ALLOW (at and cron are not installed on
// the review host: behaviour per their manuals).
const fx = useGuardFixture();
writeFileSync(join(fx.ws, "job.sh"), "rm -rf ~/Documents\n");
const RM = "rm -rf ~/Documents";

const ROWS: Array<[string, string, Decision]> = [
  ["an at job from a pipe", `echo '${RM}' | at now + 1 minute`, "BLOCK"],
  ["an at job from a here-string", `at now <<< '${RM}'`, "BLOCK"],
  ["an at job file", "at -f job.sh now", "BLOCK"],
  ["a missing at job file is unknown", "at -f missing.sh now", "BLOCK"],
  ["a batch job", `batch <<< '${RM}'`, "BLOCK"],
  ["a crontab from stdin", `echo '* * * * * ${RM}' | crontab -`, "BLOCK"],
  ["a crontab appended to the old one", `(crontab -l; echo '@reboot ${RM}') | crontab -`, "BLOCK"],
  ["crontab -r deletes the schedule", "crontab -r", "BLOCK"],
  ["a crontab file", "crontab job.txt", "BLOCK"],
  // Listing passes; a harmless at job is judged as its commands.
  ["crontab -l", "crontab -l", "ALLOW"],
  ["crontab -l -u USER", "crontab -u me -l", "ALLOW"],
  ["at -l", "at -l", "ALLOW"],
  ["a harmless at job", "echo 'ls' | at now", "ALLOW"],
];

describe("red-team 2: jobs scheduled for later", () => {
  for (const [name, command, decision] of ROWS) {
    test(name, () => {
      expect(classify({ command, cwd: fx.ws, env: fx.env }).decision).toBe(decision);
    });
  }
});
