import { beforeAll } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ASK_OUT, OK, OUTSIDE, UNKNOWN, type VerdictRow, verdictRows } from "../../support/verdict-rows.ts";

// The fifth false-positive hunt: a package manager's removal subcommand read as coreutils rm
// (effects/package-installs.ts), each with the dangerous neighbours that stay refused.
const fx = useGuardFixture();
const table = verdictRows(fx);

beforeAll(() => {
  // Files named like the packages removed, and a folder (node_modules holds x/index.js already).
  for (const path of ["lodash", "wget", "serde", "requests", "rimraf", "left-pad/index.js"]) {
    mkdirSync(join(fx.ws, path, ".."), { recursive: true });
    writeFileSync(join(fx.ws, path), "x\n");
  }
});

// The manager removes a package it installed, never a file of the working folder by that name.
const REMOVALS: VerdictRow[] = [
  ["npm rm", "npm rm lodash", ...OK],
  ["npm r", "npm r lodash", ...OK],
  ["npm un", "npm un lodash", ...OK],
  ["npm uninstall", "npm uninstall lodash node_modules", ...OK],
  ["npm unlink", "npm unlink lodash", ...OK],
  ["npm remove -D", "npm remove -D lodash", ...OK],
  ["npm rm -g removes from the global prefix", "npm rm -g lodash", ...OK],
  ["pnpm rm", "pnpm rm lodash", ...OK],
  ["pnpm un", "pnpm un lodash", ...OK],
  ["pnpm remove -r", "pnpm remove -r lodash", ...OK],
  ["pnpm rm -r of a folder's name", "pnpm rm -r left-pad", ...OK],
  ["pnpm rm --recursive", "pnpm rm --recursive left-pad node_modules", ...OK],
  ["yarn remove", "yarn remove lodash", ...OK],
  ["bun rm", "bun rm lodash", ...OK],
  ["bun remove", "bun remove lodash", ...OK],
  ["brew rm", "brew rm wget", ...OK],
  ["brew remove", "brew remove wget", ...OK],
  ["brew uninstall --cask", "brew uninstall --cask wget", ...OK],
  ["cargo rm", "cargo rm serde", ...OK],
  ["cargo remove --dev", "cargo remove --dev serde", ...OK],
  ["cargo uninstall", "cargo uninstall rimraf", ...OK],
  ["gem uninstall", "gem uninstall rimraf", ...OK],
  ["pip uninstall", "pip uninstall -y requests", ...OK],
  ["pip3 uninstall", "pip3 uninstall -y requests", ...OK],
  ["poetry remove", "poetry remove requests", ...OK],
  ["uv remove", "uv remove requests", ...OK],
  ["uv pip uninstall", "uv pip uninstall requests", ...OK],
  ["composer rm", "composer rm wget", ...OK],
  ["composer remove", "composer remove wget", ...OK],
  ["apt-get purge", "apt-get purge -y wget", ...OK],
  ["apt remove", "apt remove wget", ...OK],
  ["dnf erase", "dnf erase wget", ...OK],
  ["yum remove", "yum remove -y wget", ...OK],
  ["pacman -Rns", "pacman -Rns wget", ...OK],
  ["pacman --remove", "pacman --noconfirm --remove wget", ...OK],
  ["package names from a substitution", "npm rm $(cat unused.txt)", ...OK],
  // The folder an option removes from is changed, as the one install writes into.
  ["npm rm --prefix DIR in the workspace", "npm rm --prefix src lodash", ...OK],
  ["npm rm --prefix DIR outside", "npm rm --prefix ~/Documents lodash", ...ASK_OUT],
  ["gem uninstall -i DIR outside", "gem uninstall -i ~/Documents rimraf", ...ASK_OUT],
  ["cargo uninstall --root DIR outside", "cargo uninstall --root ~/Documents rimraf", ...ASK_OUT],
  ["uv pip uninstall --target DIR outside", "uv pip uninstall --target ~/Documents requests", ...ASK_OUT],
  ["pacman -R -r DIR outside", "pacman -R -r ~/Documents wget", ...ASK_OUT],
  // A runner's next word is a program, judged as such.
  ["npm exec rm fails closed", "npm exec rm -rf lodash", ...UNKNOWN],
  ["npm exec rm outside", "npm exec rm -rf ~/Documents", ...OUTSIDE],
  ["npx rm", "npx rm -rf ~/Documents", ...OUTSIDE],
  ["pnpm exec rm", "pnpm exec rm -rf ~/Documents", ...OUTSIDE],
  ["pnpm dlx rimraf", "pnpm dlx rimraf ~/Documents", ...OUTSIDE],
  ["yarn exec rm", "yarn exec rm -rf ~/Documents", ...OUTSIDE],
  ["yarn dlx rimraf", "yarn dlx rimraf ~/Documents", ...OUTSIDE],
  ["bun x rimraf (was ALLOW_NO_EFFECT)", "bun x rimraf ~/Documents", ...OUTSIDE],
  ["bun x rm (was ALLOW_NO_EFFECT)", "bun x rm -rf ~/Documents", ...OUTSIDE],
  ["bun x with bunx's options", "bun x --bun rimraf ~/Documents", ...OUTSIDE],
  ["bun exec runs Bun Shell text (was ALLOW_NO_EFFECT)", "bun exec 'rm -rf ~/Documents'", ...UNKNOWN],
  ["bun x of a checker", "bun x tsc --noEmit", ...OK],
  ["bunx rm", "bunx rm -rf ~/Documents", ...OUTSIDE],
  ["cargo run", "cargo run -- rm -rf ~/Documents", ...OUTSIDE],
  ["cargo r is cargo run", "cargo r -- rm -rf ~/Documents", ...OUTSIDE],
  // Not a removal subcommand of that manager: yarn runs a script or binary named rm.
  ["yarn rm is no yarn command", "yarn rm -rf ~/Documents", ...OUTSIDE],
  ["an option value before the subcommand", "npm --prefix /x rm -rf ~/Documents", ...OUTSIDE],
  ["a computed word before the subcommand", "npm $SUB rm -rf ~/Documents", ...OUTSIDE],
  ["another manager's removal word", "pip rm -rf ~/Documents", ...OUTSIDE],
];

table("a package manager's removal is no rm", REMOVALS);
