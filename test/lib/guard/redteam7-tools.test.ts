import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, ASK_OUT, OK, OUTSIDE, PROTECTED, RELOCATE } from "../../support/verdict-rows.ts";

// Seventh red-team pass, developer tools: output folders emptied by a build option (C1), cmake -E
// (C2), npm packages that delete or copy (H3), formatters writing in place (H4).
const fx = useGuardFixture();
mkdirSync(join(fx.ws, "dist"), { recursive: true });
mkdirSync(join(fx.ws, ".venv"), { recursive: true });
mkdirSync(join(fx.home, "proj2"), { recursive: true });
writeFileSync(join(fx.home, "proj2", "m.rs"), "fn main(){}\n");
writeFileSync(join(fx.ws, "a.txt"), "a\n");

type Row = [string, string, Decision, ReasonCode];

function table(title: string, rows: Row[]): void {
  describe(title, () => {
    for (const [name, command, decision, reason] of rows) {
      test(`${name}: ${JSON.stringify(command)}`, () => {
        const r = classify({ command, cwd: fx.ws, env: fx.env, dialect: "posix" });
        expect([r.decision, r.reason]).toEqual([decision, reason]);
      });
    }
  });
}

table("red-team 7 C1: options that empty an output folder are `rm -rf DIR`", [
  ["cargo clean --target-dir", "cargo clean --target-dir ~/Documents", ...OUTSIDE],
  ["cargo clean --target-dir=", `cargo clean --target-dir=${fx.home}/Documents`, ...OUTSIDE],
  ["cargo clean of the home folder", "cargo clean --target-dir ~", ...ANCESTOR],
  ["toolchain and global options first", "cargo +nightly -v clean --release --target-dir ~/Documents", ...OUTSIDE],
  ["CARGO_TARGET_DIR prefix", "CARGO_TARGET_DIR=~/.ssh cargo clean", ...OUTSIDE],
  ["CARGO_TARGET_DIR through env", `env CARGO_TARGET_DIR=${fx.home}/Documents cargo clean`, ...OUTSIDE],
  ["CARGO_TARGET_DIR exported earlier", "export CARGO_TARGET_DIR=~/Documents; cargo clean", ...OUTSIDE],
  ["under sudo", "sudo cargo clean --target-dir ~/Documents", ...OUTSIDE],
  ["in bash -c", "bash -c 'cargo clean --target-dir ~/Documents'", ...OUTSIDE],
  ["cargo clean in the workspace relocates", "cargo clean --target-dir dist", ...RELOCATE],
  ["plain cargo clean (target/) stays allowed", "cargo clean", ...OK],
  ["cargo clean --dry-run", "cargo clean -n --target-dir ~", ...OK],
  ["cargo build --target-dir", "cargo build --target-dir target", ...OK],
  ["venv --clear", "python3 -m venv --clear ~/Documents", ...OUTSIDE],
  ["venv --clear after other options", "python3 -m venv --without-pip --clear ~/.ssh", ...OUTSIDE],
  ["venv --clear with a prompt value", "python3 -m venv --prompt x --clear ~/Documents", ...OUTSIDE],
  ["virtualenv --clear", "virtualenv --clear ~/Documents", ...OUTSIDE],
  ["venv --clear in the workspace relocates", "python3 -m venv --clear .venv", ...RELOCATE],
  ["venv without --clear", "python3 -m venv .venv", ...OK],
  ["pytest --basetemp", "pytest --basetemp ~/Documents", ...OUTSIDE],
  ["pytest --basetemp= absolute", `pytest -q --basetemp=${fx.home}`, ...ANCESTOR],
  ["python -m pytest --basetemp", "python3 -m pytest -q --basetemp ~/Documents", ...OUTSIDE],
  ["plain pytest", "pytest", ...OK],
  ["vite --emptyOutDir --outDir", "vite build --outDir ~/Documents --emptyOutDir", ...OUTSIDE],
  ["vite --outDir= in the workspace empties it", "npx vite build --outDir=dist", ...RELOCATE],
  ["vite --outDir outside without --emptyOutDir writes", "vite build --outDir ~/Documents", ...ASK_OUT],
  ["plain vite build", "vite build", ...OK],
  ["mkdocs -d", "mkdocs build -d ~/Documents", ...OUTSIDE],
  ["mkdocs --site-dir", `mkdocs build --site-dir ${fx.home}/Documents`, ...OUTSIDE],
  ["plain mkdocs build", "mkdocs build", ...OK],
  ["hugo --cleanDestinationDir", "hugo --cleanDestinationDir -d ~/Documents", ...OUTSIDE],
  ["hugo --destination= without cleaning writes", `hugo --destination=${fx.home}/Documents`, ...ASK_OUT],
  ["go mod vendor -o", "go mod vendor -o ~/Documents", ...OUTSIDE],
  ["plain go mod vendor", "go mod vendor", ...OK],
  ["docker build -o", "docker build -o ~/Documents .", ...OUTSIDE],
  ["docker buildx --output type=local,dest=", `docker buildx build --output type=local,dest=${fx.home}/Documents .`, ...OUTSIDE],
  ["docker build --output=type=tar onto a startup file", `docker build --output=type=tar,dest=${fx.home}/.bashrc .`, ...ASK_OUT],
  ["docker build without -o", "docker build -t x .", ...OK],
]);

table("red-team 7 C2: cmake -E commands are the coreutils they stand for", [
  ["chdir DIR CMD runs CMD in DIR", "cmake -E chdir ~ rm -rf .ssh", ...OUTSIDE],
  ["chdir in bash -c", "bash -c 'cmake -E chdir ~ rm -rf Documents'", ...OUTSIDE],
  ["remove_directory", "cmake -E remove_directory ~/Documents", ...OUTSIDE],
  ["rm -rf outside", "cmake -E rm -rf ~/Documents", ...OUTSIDE],
  ["copy onto a startup file", "cmake -E copy a.txt ~/.bashrc", ...ASK_OUT],
  ["copy_if_different", "cmake -E copy_if_different a.txt ~/.bashrc", ...ASK_OUT],
  ["rename", "cmake -E rename a.txt ~/.bashrc", ...ASK_OUT],
  ["create_symlink", "cmake -E create_symlink /dev/null ~/.bashrc", ...ASK_OUT],
  ["create_hardlink", "cmake -E create_hardlink a.txt ~/.bashrc", ...ASK_OUT],
  ["copy_directory into the home folder", "cmake -E copy_directory src ~", ...ASK_OUT],
  ["env wrapper", "cmake -E env FOO=1 rm -rf ~/Documents", ...OUTSIDE],
  ["time wrapper", "sudo cmake -E time rm -rf ~/Documents", ...OUTSIDE],
  ["remove_directory in the workspace relocates", "cmake -E remove_directory src", ...RELOCATE],
  ["the everyday clean relocates (was a false positive)", "cmake -E rm -rf build", ...RELOCATE],
  ["rm -r dist", "cmake -E rm -r dist", ...RELOCATE],
  ["echo", "cmake -E echo hi", ...OK],
  ["make_directory", "cmake -E make_directory out", ...OK],
  ["cmake --build", "cmake --build build", ...OK],
  ["configure", "cmake -S . -B build", ...OK],
]);

table("red-team 7 H3: npm packages that delete or copy", [
  ["npx del-cli", "npx del-cli ~/Documents --force", ...OUTSIDE],
  ["pnpm dlx del-cli", "pnpm dlx del-cli ~/Documents", ...OUTSIDE],
  ["yarn dlx trash-cli", "yarn dlx trash-cli ~/Documents", ...OUTSIDE],
  ["bunx versioned trash-cli", "bunx trash-cli@5 ~/Documents", ...OUTSIDE],
  ["trash from node_modules/.bin", "./node_modules/.bin/trash ~/Documents", ...OUTSIDE],
  ["cpy --rename onto a startup file", "npx cpy a.txt ~ --rename=.bashrc", ...ASK_OUT],
  ["ncp onto a startup file", "npx ncp a.txt ~/.bashrc", ...ASK_OUT],
  ["cpx --clean empties its destination", "npx cpx 'src/**' ~/Documents --clean", ...OUTSIDE],
  ["degit --force over a home folder", "npx degit user/repo ~/Documents --force", ...ASK_OUT],
  ["rimraf as before", "npx rimraf ~/Documents", ...OUTSIDE],
  ["del-cli in the workspace relocates", "npx del-cli dist", ...RELOCATE],
  ["del-cli --dry-run", "npx del-cli --dry-run ~/Documents", ...OK],
  ["degit into a new folder", "npx degit user/repo app", ...OK],
]);

table("red-team 7 H4: formatters and fixing linters edit in place", [
  ["rustfmt", "rustfmt ~/proj2/m.rs", ...ASK_OUT],
  ["prettier --write", "prettier --write ~/.bashrc", ...ASK_OUT],
  ["npx prettier -w", "npx prettier -w ~/.bashrc", ...ASK_OUT],
  ["prettier onto protected storage", "prettier --write .git/config", ...PROTECTED],
  ["black", "black ~/proj2", ...ASK_OUT],
  ["python -m black", "python3 -m black ~/proj2", ...ASK_OUT],
  ["black in another folder after cd", "cd ~/proj2 && black .", ...ASK_OUT],
  ["ruff format", "ruff format ~/proj2", ...ASK_OUT],
  ["ruff check --fix", "ruff check --fix ~/proj2", ...ASK_OUT],
  ["clang-format -i", "clang-format -i ~/.bashrc", ...ASK_OUT],
  ["eslint --fix", "npx eslint --fix ~/proj2", ...ASK_OUT],
  ["gofmt -w", "gofmt -w ~/.bashrc", ...ASK_OUT],
  ["yq -i", "yq -i '.x=1' ~/.bashrc", ...ASK_OUT],
  ["yq -Pi", "yq -Pi '.x=1' ~/.bashrc", ...ASK_OUT],
  ["yq eval -i", "yq eval -i '.x=1' ~/.bashrc", ...ASK_OUT],
  ["yq eval -i in the workspace", "yq eval -i '.x=1' a.txt", ...OK],
  ["under sudo", "sudo -u x black ~/proj2", ...ASK_OUT],
  ["prettier --write src", "prettier --write src", ...OK],
  ["black .", "black .", ...OK],
  ["ruff check --fix .", "ruff check --fix .", ...OK],
  ["poetry run black .", "poetry run black .", ...OK],
  ["eslint --fix .", "npx eslint --fix .", ...OK],
  ["black --check outside", "black --check ~/proj2", ...OK],
  ["ruff format --check outside", "ruff format --check ~/proj2", ...OK],
  ["clang-format to stdout", "clang-format ~/.bashrc", ...OK],
  ["yq read", "yq '.x' ~/.bashrc", ...OK],
  // A package manager's install names packages (was ALLOW_NOOP, read as coreutils install onto ./ruff).
  ["pip install black ruff", "pip install black ruff", ...OK],
]);
