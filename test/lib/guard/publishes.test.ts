import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { EGRESS, OK, SECRET, verdictRows } from "../../support/verdict-rows.ts";
import { NPM_REGISTRY } from "../../../lib/guard/effects/public-indexes.ts";

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
put("clean/.npmrc", `${NPM_REGISTRY.slice("https:".length)}:_authToken=${TOKEN}\n`);
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
  // Session 11: the words read as getopt.ts optionWalk reads them: a quoted computed `--$X` may be
  // `--prefix=DIR` (it was read as no option, the running folder packed).
  ["a quoted computed --$X", 'cd clean && npm publish "--$X"', ...EGRESS],
  ["npm's -w and its value", "npm publish -w clean", ...OK],
  // nopt's abbreviations: `--prefi` is --prefix (npmOptionTakes resolves it); it was read as no folder.
  ["npm's --prefi abbreviation", "cd clean && npm publish --prefi ../leaky", ...EGRESS],
  ["npm's --prefi= abbreviation", "cd clean && npm publish --prefi=../leaky", ...EGRESS],
]);

table("crates and images", [
  ["a clean crate (target/ left out)", "cd crate && cargo publish", ...OK],
  ["a crate holding a key", "cargo publish --manifest-path crate-leaky/Cargo.toml", ...EGRESS],
  ["a crate's dry run", "cd crate-leaky && cargo publish --dry-run", ...OK],
  ["a computed --manifest-path= (its folder unknown)", 'cd crate && cargo publish --manifest-path="$(cat p)"', ...EGRESS],
  ["docker push", "docker push registry.invalid/x:1", ...EGRESS],
  ["docker image push", "docker image push registry.invalid/x:1", ...EGRESS],
  ["podman push", "podman push registry.invalid/x", ...EGRESS],
  ["a build that pushes", "docker buildx build --push -t registry.invalid/x .", ...EGRESS],
  ["a registry output", "docker buildx build --output=type=image,push=true -t registry.invalid/x .", ...EGRESS],
  ["compose push", "docker compose push", ...EGRESS],
  ["compose push's dry run", "docker compose push --dry-run", ...OK],
  ["a build that loads its image", "docker buildx build -t x --load .", ...OK],
  ["a pull sends nothing", "docker pull registry.invalid/x", ...OK],
  ["npm pack writes the tarball only", "cd clean && npm pack", ...OK],
  ["cargo build as before", "cd crate && cargo build", ...OK],
]);

// Files named to an uploader are judged by name as before (an unmodelled program reading them).
table("uploads of named files", [
  ["twine of built files", "twine upload dist/*", ...OK],
  ["a credential named", "twine upload ~/.pypirc", ...SECRET],
  ["gem push", "gem push x.gem", ...OK],
]);

// Session 10: publishes that build first, or send what a build left (build-publishes.ts). Python
// builds and deno send a part of the project folder, walked less what they never pack and the
// .gitignore's names; poetry without --build and hatch send the archives in dist/; vsce packs the
// folder less .vscodeignore's names; Maven's and Gradle's sends are whatever the build assembles,
// which the guard cannot enumerate (ASK_DATA_EGRESS, as docker push). Each EGRESS row was ALLOW_NO_EFFECT.
put("py/pyproject.toml", '[project]\nname = "py"\nversion = "1.0.0"\n');
put("py/py/__init__.py");
put("py/dist/py-1.0.0.tar.gz");
put("py/.gitignore", ".env\n");
put("py/.env", "TOKEN=not a key\n");
put("py-leaky/pyproject.toml", '[project]\nname = "py_leaky"\nversion = "1.0.0"\n');
put("py-leaky/py_leaky/__init__.py");
put("py-leaky/.env", "TOKEN=not a key\n");
put("py-leaky/dist/id_rsa", "not a key\n");
put("py-include/pyproject.toml", '[tool.poetry]\ninclude = [".env"]\n');
put("py-packages/pyproject.toml", '[tool.poetry]\nname = "pp"\npackages = [{ include = "pp" }]\n');
put("py-packages/pp/__init__.py");
put("py-packages/.gitignore", ".env\n");
put("py-packages/.env", "TOKEN=not a key\n");
put("py-include/.gitignore", ".env\n");
put("py-include/.env", "TOKEN=not a key\n");
put("deno/deno.json", '{"name":"@s/deno","version":"1.0.0","exports":"./mod.ts"}\n');
put("deno/mod.ts");
put("deno/.gitignore", ".env\n");
put("deno/.env", "TOKEN=not a key\n");
put("deno-include/deno.json", '{"name":"@s/d","version":"1.0.0","exports":"./mod.ts","publish":{"include":["mod.ts",".env"]}}\n');
put("deno-include/mod.ts");
put("deno-include/.gitignore", ".env\n");
put("deno-include/.env", "TOKEN=not a key\n");
put("ext/package.json", '{"name":"ext","version":"1.0.0","engines":{"vscode":"^1.80.0"}}\n');
put("ext/extension.js");
put("ext/.vscodeignore", ".env\n");
put("ext/.env", "TOKEN=not a key\n");
put("ext-leaky/package.json", '{"name":"ext-leaky","version":"1.0.0"}\n');
put("ext-leaky/.env", "TOKEN=not a key\n");
table("publishes that build first", [
  ["poetry --build, a clean project (.env ignored)", "cd py && poetry publish --build", ...OK],
  ["poetry --build, a credential in the project", "cd py-leaky && poetry publish --build", ...EGRESS],
  ["poetry's -C folder", "poetry -C py-leaky publish --build", ...EGRESS],
  ["an include list in pyproject.toml: .gitignore not followed", "cd py-include && poetry publish --build", ...EGRESS],
  ["a package folder named with include in packages: .gitignore followed", "cd py-packages && poetry publish --build", ...OK],
  ["poetry --build --dry-run sends nothing", "cd py-leaky && poetry publish --build --dry-run", ...OK],
  ["poetry without --build sends dist/", "cd py && poetry publish", ...OK],
  ["a key in dist/", "cd py-leaky && poetry publish", ...EGRESS],
  ["flit builds and sends", "cd py-leaky && flit publish", ...EGRESS],
  ["flit, a clean project", "cd py && flit publish", ...OK],
  ["hatch sends dist/", "cd py && hatch publish", ...OK],
  ["hatch's -p names a configured project (its folder unknown)", "hatch -p py publish", ...EGRESS],
  ["hatch's named archive with a key beside it", "hatch publish py-leaky/dist", ...EGRESS],
  ["hatch's named archive", "hatch publish ~/.ssh/id_rsa", ...SECRET],
  ["uv sends dist/", "cd py && uv publish", ...OK],
  ["uv, a key in dist/", "cd py-leaky && uv publish", ...EGRESS],
  ["uv's --directory", "uv --directory py-leaky publish", ...EGRESS],
  ["uv's named file", "uv publish ~/.ssh/id_rsa", ...SECRET],
  ["pdm builds and sends", "cd py-leaky && pdm publish", ...EGRESS],
  ["pdm, a clean project", "cd py && pdm publish", ...OK],
  ["pdm --no-build sends dist/", "pdm publish -p py --no-build", ...OK],
  // A short option's value attached, and argparse's prefixes of pdm's long names (were not read:
  // the running folder was judged).
  ["pdm's -pDIR", "cd py && pdm publish -p../py-leaky", ...EGRESS],
  ["pdm's --proj DIR (argparse's prefix of --project)", "cd py && pdm publish --proj ../py-leaky", ...EGRESS],
  ["pdm's --proj=DIR", "cd py && pdm publish --proj=../py-leaky", ...EGRESS],
  ["poetry's -CDIR", "cd py && poetry -C../py-leaky publish --build", ...EGRESS],
  ["pdm's -p\"$D\" is an unknown folder", 'cd py && pdm publish -p"$D"', ...EGRESS],
  ["pdm's -pDIR, a clean project", "cd py-leaky && pdm publish -p../py", ...OK],
  // A valued short option after flags in one cluster (argparse, cleo, click, clap, commander).
  ["pdm's -vp DIR (was the running folder)", "cd py && pdm publish -vp ../py-leaky", ...EGRESS],
  ["pdm's -vpDIR (was the running folder)", "cd py && pdm publish -vp../py-leaky", ...EGRESS],
  ["poetry's -vC DIR (was the running folder)", "cd py && poetry -vC ../py-leaky publish --build", ...EGRESS],
  ["pdm's -vp DIR, a clean project", "cd py-leaky && pdm publish -vp ../py", ...OK],
  ["uv run is no publish", "cd py-leaky && uv run pytest", ...OK],
  ["deno, .env ignored", "cd deno && deno publish", ...OK],
  ["deno, an include list: .gitignore not followed", "cd deno-include && deno publish", ...EGRESS],
  ["deno --dry-run", "cd deno-include && deno publish --dry-run", ...OK],
  ["vsce, .env left out by .vscodeignore", "cd ext && vsce publish", ...OK],
  ["vsce, a credential in the extension", "cd ext-leaky && vsce publish", ...EGRESS],
  ["vsce through npx", "cd ext-leaky && npx @vscode/vsce publish", ...EGRESS],
  ["ovsx", "cd ext-leaky && ovsx publish", ...EGRESS],
  ["vsce's named package", "vsce publish -i ~/.ssh/id_rsa", ...SECRET],
  ["mvn deploy", "mvn -q clean deploy -DskipTests", ...EGRESS],
  ["the Maven wrapper", "./mvnw deploy", ...EGRESS],
  ["deploy-file", "mvn deploy:deploy-file -Dfile=x.jar", ...EGRESS],
  ["jib pushes an image", "mvn compile jib:build", ...EGRESS],
  ["mvn install stays local", "mvn install", ...OK],
  ["deploy skipped", "mvn -Dmaven.deploy.skip=true deploy", ...OK],
  ["gradle publish", "gradle publish", ...EGRESS],
  ["a subproject's publish", "./gradlew :lib:publish", ...EGRESS],
  ["a prefix gradle expands", "./gradlew pub", ...EGRESS],
  ["an unread task", "gradle $TASK", ...EGRESS],
  ["publishToMavenLocal stays local", "./gradlew publishToMavenLocal", ...OK],
  ["publish excluded", "./gradlew -x publish build", ...OK],
  ["gradle's dry run", "./gradlew publish --dry-run", ...OK],
]);
