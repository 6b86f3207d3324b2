import { expect, test } from "bun:test";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// A formatter opens its file for writing and writes through a symlink (`sed -i` and `perl -pi`
// replace the link with a new file instead): `prettier --write link.ts`, link.ts pointing at
// ~/.bashrc, rewrote .bashrc under ALLOW (found in session 5's false-positive hunt).
const fx = useGuardFixture();
symlinkSync(join(fx.home, ".bashrc"), join(fx.ws, "link.ts"));
symlinkSync(join(fx.ws, ".git", "config"), join(fx.ws, "config-link"));

test.each<[string, Decision, ReasonCode]>([
  ["prettier --write link.ts", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["npx prettier --write link.ts", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["black link.ts", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["ruff format link.ts", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["clang-format -i config-link", "BLOCK", "BLOCK_PROTECTED_PATH"],
  // sed -i and perl -pi replace the link itself; a formatter on a plain workspace file is work.
  ["sed -i s/a/b/ link.ts", "ALLOW", "ALLOW_NO_EFFECT"],
  ["perl -pi -e s/a/b/ link.ts", "ALLOW", "ALLOW_NO_EFFECT"],
  ["prettier --write README.md", "ALLOW", "ALLOW_NO_EFFECT"],
])("%s", (command, decision, reason) => {
  const r = classify({ command, cwd: fx.ws, env: fx.env, dialect: "posix" });
  expect([r.decision, r.reason]).toEqual([decision, reason]);
});
