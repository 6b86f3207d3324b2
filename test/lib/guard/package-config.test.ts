import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, verdictRows } from "../../support/verdict-rows.ts";

// Package managers' stored settings that name code later commands run (session 7,
// package-config.ts): each PERSIST row was ALLOW_NO_EFFECT. Commands are only judged.
const fx = useGuardFixture();
const table = verdictRows(fx);
const PERSIST: [Decision, ReasonCode] = ["ASK", "ASK_PERSISTENT_CODE"];

table("stored settings that run code", [
  ["npm's script shell", "npm config set script-shell /tmp/evil", ...PERSIST],
  ["npm set KEY=VALUE", "npm set script-shell=/tmp/evil", ...PERSIST],
  ["npm c set with a scope", "npm c set --location=global node-options '--require /tmp/x.js'", ...PERSIST],
  ["several pairs", "npm config set fund=false init-module=/tmp/x.js", ...PERSIST],
  ["pnpm", "pnpm config set script-shell /tmp/evil", ...PERSIST],
  ["yarn's yarnPath", "yarn config set yarnPath /tmp/evil.js", ...PERSIST],
  ["a computed key", "npm config set $KEY /tmp/evil", ...PERSIST],
  ["a computed subcommand", "npm config $OP script-shell /tmp/evil", ...PERSIST],
]);

table("other settings pass", [
  ["npm's registry", "npm config set registry http://127.0.0.1:4873/", ...OK],
  ["npm config get", "npm config get script-shell", ...OK],
  ["npm config list", "npm config list", ...OK],
  ["yarn's node linker", "yarn config set nodeLinker node-modules", ...OK],
  ["an install named set", "npm install set", ...OK],
]);
