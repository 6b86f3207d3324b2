import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Second red-team pass: awk program text the guard did not see (program files that are no regular
// file, options whose value was taken for the program, concatenated command strings).
const fx = useGuardFixture();
writeFileSync(join(fx.ws, "print.awk"), "{ print }\n");
writeFileSync(join(fx.ws, "harmless.awk"), "{ print }\n");
Bun.spawnSync(["mkfifo", join(fx.ws, "pipe")]);
const RM = `BEGIN { system("rm -rf ~/Documents") }`;

const ROWS: Array<[string, string, Decision]> = [
  // A named pipe as the program file blocked the check forever (the hook then times out).
  ["a named pipe as the program file is unknown", "awk -f pipe /dev/null; rm -rf build", "BLOCK"],
  ["the guard's own stdin is no program file", `awk -f /dev/stdin <<< '${RM}'`, "BLOCK"],
  ["/dev/fd/0 is stdin too", `awk -f /dev/fd/0 <<< '${RM}'`, "BLOCK"],
  ["/proc/self/fd/0 is stdin too", `awk -f /proc/self/fd/0 <<< '${RM}'`, "BLOCK"],
  ["--file=FILE names the program", `awk --file=/dev/stdin README.md <<< '${RM}'`, "BLOCK"],
  ["a program file overwritten earlier in the line is unknown", `printf '%s' '${RM}' > harmless.awk; awk -f harmless.awk`, "BLOCK"],
  ["--assign takes the next word: the program follows it", `awk --assign x=1 '${RM}'`, "BLOCK"],
  ["-W takes the next word", `mawk -W interactive '${RM}'`, "BLOCK"],
  ["every -e program is read", `gawk -e 'BEGIN {}' -e '${RM}'`, "BLOCK"],
  ["--source= is program text", `gawk --source='${RM}'`, "BLOCK"],
  ["a pipe to a concatenation runs the concatenation", `awk 'BEGIN { print "rm -rf ~/Documents" | "s" "h" }'`, "BLOCK"],
  ["a getline from a concatenation runs the concatenation", `awk 'BEGIN { "rm -rf " ENVIRON["HOME"] "/Documents" | getline }'`, "BLOCK"],
  // What stays allowed.
  ["a regular program file is read", "awk -f print.awk README.md", "ALLOW"],
  ["a missing program file makes awk fail before it runs anything", "awk -f missing.awk README.md", "ALLOW"],
  ["--assign with a harmless program", "awk --assign x=1 '{ print x }' README.md", "ALLOW"],
  ["a pipe to a literal command", `awk 'BEGIN { print "x" | "sort" }'`, "ALLOW"],
  ["a getline from a literal command", `awk 'BEGIN { "date" | getline d; print d }'`, "ALLOW"],
];

describe("red-team 2: awk program text", () => {
  for (const [name, command, decision] of ROWS) {
    test(name, () => {
      expect(classify({ command, cwd: fx.ws, env: fx.env }).decision).toBe(decision);
    });
  }
});
