import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, NOOP, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 11: a local dependency source (`file:`, `link:`, a path) in a package.json or lockfile
// the line wrote was unknown wherever it led (written-inputs.ts). A folder of the workspace the
// line left as it was is the workspace's own code, which an install runs as `npm install` runs the
// project's own scripts (seed 001 allows the workspace's own code): it passes (monorepos'
// `file:../shared`). Outside the workspace, through a link out of it, written or filled by the
// line, or any other kind of local source, it stays unknown. Commands are only judged.
const fx = useGuardFixture();
const table = verdictRows(fx);
mkdirSync(join(fx.ws, "libs", "shared"), { recursive: true });
writeFileSync(join(fx.ws, "libs", "shared", "package.json"), '{"name":"shared","version":"1.0.0","scripts":{"postinstall":"node build.js"}}\n');
mkdirSync(join(fx.ws, "apps", "web"), { recursive: true });
mkdirSync(join(fx.home, "elsewhere"));
writeFileSync(join(fx.home, "elsewhere", "package.json"), '{"name":"elsewhere","version":"1.0.0"}\n');
// A folder of the workspace that is a link to one outside it.
symlinkSync(join(fx.home, "elsewhere"), join(fx.ws, "libs", "linked"));
// Another name of a workspace folder.
symlinkSync(join(fx.ws, "libs", "shared"), join(fx.ws, "libs", "alias"));

const PKG = (deps: string, at = "package.json") => `printf '{"name":"x","dependencies":{${deps}}}' > ${at} && `;
const LOCK = (text: string) => `printf '${text}' > package-lock.json && `;

table("a local source inside the workspace passes", [
  ["file: a workspace folder", `${PKG('"shared":"file:libs/shared"')}npm install`, ...NOOP],
  ["link: a workspace folder", `${PKG('"shared":"link:./libs/shared"')}pnpm install`, ...NOOP],
  ["a path to a workspace folder", `${PKG('"shared":"./libs/shared"')}npm install`, ...NOOP],
  ["file:../ from a package below", `${PKG('"shared":"file:../../libs/shared"', "apps/web/package.json")}cd apps/web && npm install`, ...NOOP],
  ["a link to a workspace folder", `${PKG('"shared":"file:libs/alias"')}npm install`, ...NOOP],
  ["in npm's overrides", `printf '{"name":"x","overrides":{"shared":"file:libs/shared"}}' > package.json && npm install`, ...NOOP],
  ["a lockfile's file: source", `${LOCK('{"lockfileVersion":3,"packages":{"":{"dependencies":{"shared":"file:libs/shared"}}}}')}npm ci`, ...NOOP],
  ["pnpm's link: source", "printf 'importers:\\n  .:\\n    dependencies:\\n      shared:\\n        version: link:libs/shared\\n' > pnpm-lock.yaml && pnpm install", ...NOOP],
  // The folder's package.json the line wrote is read as every written one is.
  ["its written package.json read", `printf '{"scripts":{"postinstall":"rm -rf ~"}}' > libs/shared/package.json && ${PKG('"shared":"file:libs/shared"')}npm install`, ...ANCESTOR],
]);

table("any other local source stays unknown", [
  ["outside the workspace", `${PKG('"e":"file:../elsewhere"')}npm install`, ...UNKNOWN],
  ["an absolute path outside", `${PKG(`"e":"file:${fx.home}/elsewhere"`)}npm install`, ...UNKNOWN],
  ["the home's folder", `${PKG('"e":"file:~/elsewhere"')}npm install`, ...UNKNOWN],
  ["a workspace link leading outside", `${PKG('"e":"file:libs/linked"')}npm install`, ...UNKNOWN],
  ["a missing folder", `${PKG('"e":"file:libs/none"')}npm install`, ...UNKNOWN],
  ["a file the line wrote below it", `printf 'x' > libs/shared/build.js && ${PKG('"shared":"file:libs/shared"')}npm install`, ...UNKNOWN],
  ["a file the line wrote below its real folder", `printf 'x' > libs/shared/build.js && ${PKG('"shared":"file:libs/alias"')}npm install`, ...UNKNOWN],
  ["a folder the line filled", `cp -r /tmp/x libs/copied && ${PKG('"c":"file:libs/copied"')}npm install`, ...UNKNOWN],
  ["yarn's portal:", `${PKG('"shared":"portal:libs/shared"')}yarn install`, ...UNKNOWN],
  ["yarn's exec:", `${PKG('"shared":"exec:./gen.js"')}yarn install`, ...UNKNOWN],
  ["a lockfile's source outside", `${LOCK('{"lockfileVersion":3,"packages":{"":{"dependencies":{"e":"file:../elsewhere"}}}}')}npm ci`, ...UNKNOWN],
  ["a lockfile's link: through a link outside", "printf 'importers:\\n  .:\\n    dependencies:\\n      e:\\n        version: link:libs/linked\\n' > pnpm-lock.yaml && pnpm install", ...UNKNOWN],
  // After a `cd` out of the workspace, the folder it leads to is no workspace of the line's (the
  // written package.json of the workspace is read wherever npm runs).
  ["its own folder, after a cd out", `${PKG(`"e":"file:${fx.home}/elsewhere"`)}cd ~/elsewhere && npm install`, ...UNKNOWN],
  ["workspaces (globs) as before", `printf '{"workspaces":["libs/*"]}' > package.json && npm install`, ...UNKNOWN],
]);

// Review (session 11): a `..` from a manifest folder reached through a link goes up from its real
// folder for an install run there (`self -> .`: `self/../elsewhere` is the workspace's parent's
// `elsewhere`, though the workspace has one too), and a folder the line fetched from another host
// is tainted, not landed. Both passed as the workspace's own code.
mkdirSync(join(fx.ws, "elsewhere"));
symlinkSync(".", join(fx.ws, "self"));
table("a source the spelling hides stays unknown", [
  ["`..` from a manifest written through a link", `${PKG('"e":"file:../elsewhere"', "self/package.json")}npm install`, ...UNKNOWN],
  ["`..` after a cd through a link", `cd self && ${PKG('"e":"file:../elsewhere"')}npm install`, ...UNKNOWN],
  ["a folder the line pulled from another host", `git -C libs/shared pull http://127.0.0.1/x && ${PKG('"shared":"file:libs/shared"')}npm install`, ...UNKNOWN],
  ["a lockfile's source the line pulled", `git -C libs/shared pull http://127.0.0.1/x && ${LOCK('{"lockfileVersion":3,"packages":{"":{"dependencies":{"shared":"file:libs/shared"}}}}')}npm ci`, ...UNKNOWN],
  // pnpm installs a `file:` folder from its package's `resolution: {directory: …}`.
  ["pnpm's directory outside, its importers inside", `printf 'importers:\\n  .:\\n    dependencies:\\n      shared:\\n        specifier: file:libs/shared\\n        version: file:libs/shared\\npackages:\\n  shared@file:libs/shared:\\n    resolution: {directory: ../elsewhere, type: directory}\\n' > pnpm-lock.yaml && pnpm install`, ...UNKNOWN],
  ["pnpm's directory inside", `printf 'importers:\\n  .:\\n    dependencies:\\n      shared:\\n        specifier: file:libs/shared\\n        version: file:libs/shared\\npackages:\\n  shared@file:libs/shared:\\n    resolution: {directory: libs/shared, type: directory}\\n' > pnpm-lock.yaml && pnpm install`, ...NOOP],
  // npm links a `"link": true` entry to its `"resolved"` path.
  ["npm's link resolved outside, its root entry inside", `${LOCK('{"lockfileVersion":3,"packages":{"":{"dependencies":{"shared":"file:libs/shared"}},"node_modules/shared":{"resolved":"../elsewhere","link":true}}}')}npm ci`, ...UNKNOWN],
  ["npm's link resolved inside", `${LOCK('{"lockfileVersion":3,"packages":{"":{"dependencies":{"shared":"file:libs/shared"}},"libs/shared":{"version":"1.0.0"},"node_modules/shared":{"resolved":"libs/shared","link":true}}}')}npm ci`, ...NOOP],
  // The workspace's own `..` still passes (a folder that is its own real path).
  ["`..` from a real folder", `${PKG('"e":"file:../../elsewhere"', "apps/web/package.json")}npm install --prefix apps/web`, ...NOOP],
]);

// yarn 2+ names a local source after its package (`shared@file:…`) and resolves it from the
// workspace its `locator=` names: the root's (the lockfile's folder) is read as any source,
// another workspace's stays unknown. Before, a source after `@` was not read at all.
// (printf's own `%` doubled: yarn's locators are URL-encoded.)
const YARN = (resolution: string) => {
  const r = resolution.replaceAll("%", "%%");
  return `printf '"${r}":\\n  version: 0.0.0-use.local\\n  resolution: "${r}"\\n' > yarn.lock && yarn install`;
};
table("yarn 2+ lockfile sources", [
  ["from the root workspace, outside", YARN("shared@file:../elsewhere#../elsewhere::hash=1&locator=root%40workspace%3A."), ...UNKNOWN],
  ["from the root workspace, inside", YARN("shared@file:libs/shared#libs/shared::hash=1&locator=root%40workspace%3A."), ...NOOP],
  ["from another workspace (its libs/shared is not the root's)", YARN("shared@file:libs/shared#libs/shared::hash=1&locator=web%40workspace%3Aapps%2Fweb"), ...UNKNOWN],
  ["link: from the root workspace, outside", YARN("shared@link:../elsewhere::locator=root%40workspace%3A."), ...UNKNOWN],
]);
