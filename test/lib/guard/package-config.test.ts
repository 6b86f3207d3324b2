import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, OK, REMOTE, verdictRows } from "../../support/verdict-rows.ts";
import { NPM_REGISTRY, YARN_REGISTRY } from "../../../lib/guard/effects/public-indexes.ts";

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

// Session 12 (supply chain): a stored registry, CA or TLS setting makes every later install of a
// registry name, which passes, fetch from elsewhere. Each row was ALLOW_NO_EFFECT (the first was
// an OK row: a registry setting named no code).
table("stored package sources", [
  ["npm's registry", "npm config set registry http://127.0.0.1:4873/", ...PERSIST],
  ["npm's registry as KEY=VALUE", "npm config set registry=http://127.0.0.1:4873/", ...PERSIST],
  ["npm set registry", "npm set registry http://127.0.0.1:4873/", ...PERSIST],
  ["a scope's registry", "npm config set @corp:registry http://127.0.0.1:4873/", ...PERSIST],
  ["npm's registry among other pairs", "npm config set fund=false registry=http://127.0.0.1:4873/", ...PERSIST],
  ["a computed registry", 'npm config set registry "$R"', ...PERSIST],
  ["npm's strict-ssl off", "npm config set strict-ssl false", ...PERSIST],
  ["npm's CA file", "npm config set cafile /tmp/ca.pem", ...PERSIST],
  ["pnpm's registry", "pnpm config set registry http://127.0.0.1:4873/", ...PERSIST],
  ["yarn 1's registry", "yarn config set registry http://127.0.0.1:4873/", ...PERSIST],
  ["yarn's npmRegistryServer", "yarn config set npmRegistryServer http://127.0.0.1:4873/", ...PERSIST],
  ["a yarn scope's registry", "yarn config set npmScopes.corp.npmRegistryServer http://127.0.0.1:4873/", ...PERSIST],
  ["a yarn scope given whole as JSON", `yarn config set npmScopes.corp --json '{"npmRegistryServer":"http://127.0.0.1:4873/"}'`, ...PERSIST],
  ["yarn's host settings given whole as JSON, a CA", `yarn config set networkSettings --json '{"*":{"httpsCaFilePath":"/tmp/ca.pem"}}'`, ...PERSIST],
  ["yarn's plain-HTTP hosts", "yarn config set unsafeHttpWhitelist 127.0.0.1", ...PERSIST],
]);

table("other settings pass", [
  ["npm's public registry stored back", `npm config set registry ${NPM_REGISTRY}`, ...OK],
  ["yarn's public registry stored back", `yarn config set npmRegistryServer ${YARN_REGISTRY.slice(0, -1)}`, ...OK],
  ["npm's strict-ssl on", "npm config set strict-ssl true", ...OK],
  ["a yarn scope's auth only", `yarn config set npmScopes.corp --json '{"npmAlwaysAuth":true}'`, ...OK],
  ["yarn's host settings, a proxy only", `yarn config set networkSettings --json '{"*":{"httpsProxy":"http://127.0.0.1:3128"}}'`, ...OK],
  ["npm config get registry", "npm config get registry", ...OK],
  ["npm config get", "npm config get script-shell", ...OK],
  ["npm config list", "npm config list", ...OK],
  ["yarn's node linker", "yarn config set nodeLinker node-modules", ...OK],
  ["an install named set", "npm install set", ...OK],
]);

// Session 10: `npm pkg set` edits package.json: its scripts are shell lines later npm commands run
// (read now, as a written package.json's are), a dependency from the network is fetched by the
// next install. Each ANCESTOR, REMOTE and PERSIST row was ALLOW_NO_EFFECT.
table("npm pkg set", [
  ["a script", "npm pkg set scripts.postinstall='rm -rf ~' && npm install", ...ANCESTOR],
  ["a script in brackets", "npm pkg set 'scripts[postinstall]=rm -rf ~'", ...ANCESTOR],
  ["scripts as JSON", `npm pkg set scripts='{"postinstall":"rm -rf ~"}' --json`, ...ANCESTOR],
  ["a GitHub dependency", "npm pkg set dependencies.x=github:u/r && npm install", ...REMOTE],
  ["owner/repo dependencies as JSON", `npm pkg set dependencies='{"x":"u/r"}' --json`, ...REMOTE],
  ["a git override", "npm pkg set overrides.x=git+http://127.0.0.1:9418/r.git", ...REMOTE],
  ["a pnpm package extension from GitHub", "npm pkg set 'pnpm.packageExtensions.left-pad.dependencies.x=github:u/r' && pnpm install", ...REMOTE],
  ["pnpm package extensions as JSON", `npm pkg set pnpm.packageExtensions='{"left-pad":{"dependencies":{"x":"u/r"}}}' --json`, ...REMOTE],
  ["a computed pair", 'npm pkg set "$KV"', ...PERSIST],
  ["a harmless script", "npm pkg set scripts.build=tsc", ...OK],
  ["registry versions and metadata", "npm pkg set dependencies.x=^1.0.0 name=foo version=1.0.0", ...OK],
  ["npm pkg get", "npm pkg get scripts", ...OK],
]);

// Session 13: `npm|pnpm config edit` runs the editor setting now, split at blanks with no shell
// (npm's lib/commands/config.js): `--editor CMD`, else the line's npm_config_editor, EDITOR or
// VISUAL. Each non-OK row was ALLOW_NO_EFFECT.
table("session 13: npm config edit's editor", [
  ["--editor", "npm config edit --editor 'rm -rf /etc'", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["--editor= before the verb", "npm --editor='rm -rf /etc' config edit", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["--edit, an older npm's abbreviation", "npm c edit --edit 'rm -rf /etc'", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["the line's EDITOR", "EDITOR='rm -rf /etc' npm config edit", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["the line's VISUAL", "VISUAL='rm -rf /etc' npm config edit", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["the line's npm_config_editor", "npm_config_editor='rm -rf /etc' npm config edit", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["pnpm", "pnpm config edit --editor 'rm -rf /etc'", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a computed editor", 'npm config edit --editor "$E"', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["no shell: `~` is a folder of that name", "npm config edit --editor 'rm -rf ~'", "ALLOW", "ALLOW_NOOP"],
  ["the user's editor", "npm config edit", ...OK],
  ["vim", "EDITOR=vim npm config edit", ...OK],
  ["code --wait", "npm config edit --editor 'code --wait'", ...OK],
  ["yarn has no config edit", "EDITOR='rm -rf /etc' yarn config edit", ...OK],
]);
