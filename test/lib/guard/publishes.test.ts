import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { EGRESS, OK, SECRET, verdictRows } from "../../support/verdict-rows.ts";

// Session 9 (hunt B): a publish uploads the package folder. Seed 001 allows pushing the
// workspace and ordinary workspace files may be sent (`curl -T src/main.ts`), so a publish is
// judged by what it sends, as any sender of a tree is (sent-tree.ts): a credential file among
// the files the tool packs, or a tree that cannot be walked, is ASK_DATA_EGRESS (`rsync -a . host:`);
// a clean package passes. An image holds what its build copied in, which the guard cannot
// enumerate. Every EGRESS and SECRET row was ALLOW_NO_EFFECT. Commands are only judged.
const fx = useGuardFixture();
const table = verdictRows(fx);
// A fake token, built at run time.
const TOKEN = ["npm", "_", "x".repeat(36)].join("");
const put = (path: string, text = "x\n") => {
  mkdirSync(join(fx.ws, path, ".."), { recursive: true });
  writeFileSync(join(fx.ws, path), text);
};
put("clean/package.json", '{"name":"clean","version":"1.0.0"}\n');
put("clean/index.js");
// npm never packs .npmrc; yarn may.
put("clean/.npmrc", `//registry.npmjs.org/:_authToken=${TOKEN}\n`);
put("leaky/package.json", '{"name":"leaky","version":"1.0.0"}\n');
put("leaky/.env", "TOKEN=not a key\n");
put("ignored/package.json", '{"name":"ignored","version":"1.0.0"}\n');
put("ignored/.gitignore", "node_modules/\n.env\n");
put("ignored/.env", "TOKEN=not a key\n");
put("negated/package.json", '{"name":"negated","version":"1.0.0"}\n');
put("negated/.npmignore", ".env*\n!.env.example\n");
put("negated/.env", "TOKEN=not a key\n");
put("listed/package.json", '{"name":"listed","version":"1.0.0","files":["dist"]}\n');
put("listed/dist/index.js");
put("listed/.env", "TOKEN=not a key\n");
put("listed-key/package.json", '{"name":"listed-key","version":"1.0.0","files":["dist/**/*.js","keys"]}\n');
put("listed-key/keys/id_rsa", "not a key\n");
put("crate/Cargo.toml", '[package]\nname = "crate"\nversion = "0.1.0"\n');
put("crate/src/lib.rs");
put("crate/target/debug/.env", "TOKEN=not a key\n");
put("crate-leaky/Cargo.toml", '[package]\nname = "crate-leaky"\nversion = "0.1.0"\n');
put("crate-leaky/certs/server.key", "not a key\n");

table("package publishes", [
  ["a clean package", "cd clean && npm publish", ...OK],
  ["its folder named", "npm publish ./clean", ...OK],
  ["pnpm", "pnpm publish clean", ...OK],
  ["npm never packs .npmrc; yarn may", "cd clean && yarn publish", ...EGRESS],
  ["yarn berry's own npm command", "cd clean && yarn npm publish", ...EGRESS],
  ["a credential in the package", "cd leaky && npm publish", ...EGRESS],
  ["pnpm too", "pnpm publish leaky", ...EGRESS],
  ["a workspace of it", "npm publish -w leaky", ...EGRESS],
  ["left out by .gitignore", "cd ignored && npm publish", ...OK],
  ["an ignore file the reading cannot follow", "cd negated && npm publish", ...EGRESS],
  // An .npmignore the line writes takes .gitignore's place (npm-packlist): not on disk when judged.
  ["a written .npmignore in place of .gitignore", "cd ignored && printf 'x.log\\n' > .npmignore && npm publish", ...EGRESS],
  ["only package.json's files", "cd listed && npm publish --access public", ...OK],
  ["a key among the files", "cd listed-key && npm publish", ...EGRESS],
  ["bun", "cd leaky && bun publish", ...EGRESS],
  ["bun, a clean package", "cd ignored && bun publish", ...OK],
  ["a dry run", "cd leaky && npm publish --dry-run", ...OK],
  ["a computed --prefix= (its folder unknown)", 'cd clean && npm publish --prefix="$(cat p)"', ...EGRESS],
  ["pnpm's computed --dir=", 'cd clean && pnpm publish --dir="$(cat p)"', ...EGRESS],
  ["pnpm's -C before the subcommand", "pnpm -C leaky publish", ...EGRESS],
  ["yarn's --cwd before the subcommand", "yarn --cwd leaky publish", ...EGRESS],
  ["bun's --cwd before the subcommand", "bun --cwd leaky publish", ...EGRESS],
  ["npm's --prefix before the subcommand", "npm --prefix leaky publish", ...EGRESS],
  ["a clean package named by -C", "pnpm -C clean publish", ...OK],
  ["an operand below -C", "pnpm -C . publish clean", ...OK],
  ["a credential as the tarball", "npm publish ~/.ssh/id_rsa.tar", ...SECRET],
]);

table("crates and images", [
  ["a clean crate (target/ left out)", "cd crate && cargo publish", ...OK],
  ["a crate holding a key", "cargo publish --manifest-path crate-leaky/Cargo.toml", ...EGRESS],
  ["a crate's dry run", "cd crate-leaky && cargo publish --dry-run", ...OK],
  ["a computed --manifest-path= (its folder unknown)", 'cd crate && cargo publish --manifest-path="$(cat p)"', ...EGRESS],
  ["docker push", "docker push registry.example.com/x:1", ...EGRESS],
  ["docker image push", "docker image push registry.example.com/x:1", ...EGRESS],
  ["podman push", "podman push registry.example.com/x", ...EGRESS],
  ["a build that pushes", "docker buildx build --push -t registry.example.com/x .", ...EGRESS],
  ["a registry output", "docker buildx build --output=type=image,push=true -t registry.example.com/x .", ...EGRESS],
  ["compose push", "docker compose push", ...EGRESS],
  ["compose push's dry run", "docker compose push --dry-run", ...OK],
  ["a build that loads its image", "docker buildx build -t x --load .", ...OK],
  ["a pull sends nothing", "docker pull registry.example.com/x", ...OK],
  ["npm pack writes the tarball only", "cd clean && npm pack", ...OK],
  ["cargo build as before", "cd crate && cargo build", ...OK],
]);

// Files named to an uploader are judged by name as before (an unmodelled program reading them).
table("uploads of named files", [
  ["twine of built files", "twine upload dist/*", ...OK],
  ["a credential named", "twine upload ~/.pypirc", ...SECRET],
  ["gem push", "gem push x.gem", ...OK],
]);
