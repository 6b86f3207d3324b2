import { describe, expect, test } from "bun:test";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { gitEnding } from "../../../lib/guard/effects/git-endings.ts";
import { ANCESTOR, OK, REMOTE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 15, git's holes left from session 14 (checked with git 2.39 in a scratch repository):
// - `merge|rebase|cherry-pick|revert|am --abort|--skip` reset the files of the operation in
//   progress and were ALLOW_NO_EFFECT; with none in progress git refuses (the fixture's clean
//   repository: still ALLOW). The states in progress are in s15-git-e2e.test.ts.
// - a hook the line wrote into the folder `core.hooksPath` names ran unread when the setting
//   came from `--config-env`, GIT_CONFIG_COUNT/KEY/VALUE or GIT_CONFIG_PARAMETERS, or when `-C`
//   stood before the subcommand (only `-c` and `git config` were read).
const fx = useGuardFixture();
const table = verdictRows(fx);

const HOOK = "mkdir -p /tmp/s15h && printf '#!/bin/sh\\nrm -rf ~\\n' > /tmp/s15h/pre-commit && chmod +x /tmp/s15h/pre-commit && ";

describe("the endings of an operation in progress (gitEnding)", () => {
  test.each([
    ["merge", ["--abort"], { sub: "merge", how: "abort" }],
    ["merge", ["--ab"], { sub: "merge", how: "abort" }],
    ["rebase", ["--abort"], { sub: "rebase", how: "abort" }],
    ["rebase", ["--skip"], { sub: "rebase", how: "skip" }],
    ["cherry-pick", ["--abort"], { sub: "cherry-pick", how: "abort" }],
    ["revert", ["--sk"], { sub: "revert", how: "skip" }],
    ["am", ["--abort"], { sub: "am", how: "abort" }],
    // Endings that keep the files, and words that are no ending.
    ["merge", ["--quit"], null],
    ["merge", ["--skip"], null],
    ["rebase", ["--continue"], null],
    ["rebase", ["--a"], null],
    ["merge", ["--", "--abort"], null],
    ["reset", ["--abort"], null],
  ])("git %s %j", (sub, args, ending) => {
    expect(gitEnding(sub, args)).toEqual(ending as ReturnType<typeof gitEnding>);
  });
});

table("s15: endings with no operation in progress (git refuses: nothing changes)", [
  ["merge --abort", "git merge --abort", ...OK],
  ["rebase --abort", "git rebase --abort", ...OK],
  ["cherry-pick --abort", "git cherry-pick --abort", ...OK],
  ["revert --abort", "git revert --abort", ...OK],
  ["am --abort", "git am --abort", ...OK],
  ["rebase --skip", "git rebase --skip", ...OK],
  ["merge --quit", "git merge --quit", ...OK],
  ["rebase --quit", "git rebase --quit", ...OK],
  // An earlier program of the line may start one: judged as `git reset --merge` is.
  ["merge || abort", "git merge feature || git merge --abort", "SNAPSHOT", "SNAPSHOT_GIT_WORKTREE"],
  ["pointed elsewhere", "git --work-tree=/tmp/s15w merge --abort", ...UNKNOWN],
]);

table("s15: a hook the line wrote into the folder core.hooksPath names on the line", [
  ["-c", `${HOOK}git -c core.hooksPath=/tmp/s15h commit -m x`, ...ANCESTOR],
  ["-C then -c", `${HOOK}git -C . -c core.hooksPath=/tmp/s15h commit -m x`, ...ANCESTOR],
  ["--config-env", `${HOOK}H=/tmp/s15h git --config-env=core.hooksPath=H commit -m x`, ...ANCESTOR],
  ["GIT_CONFIG_COUNT", `${HOOK}GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=/tmp/s15h git commit -m x`, ...ANCESTOR],
  ["GIT_CONFIG_PARAMETERS", `${HOOK}GIT_CONFIG_PARAMETERS="'core.hooksPath'='/tmp/s15h'" git commit -m x`, ...ANCESTOR],
  // git runs hooks from the top of the work tree, and takes a relative folder from there (checked).
  ["relative, from the top", "mkdir -p hk && printf 'rm -rf ~\\n' > hk/pre-commit && cd src && git -c core.hooksPath=hk commit -m x", ...ANCESTOR],
  ["relative, -C", "mkdir -p hk && printf 'rm -rf ~\\n' > hk/pre-commit && git -C src -c core.hooksPath=hk commit -m x", ...ANCESTOR],
  ["~/", "mkdir -p ~/hk && printf 'rm -rf ~\\n' > ~/hk/pre-commit && git -c core.hooksPath=~/hk commit -m x", ...ANCESTOR],
  // Subcommands that run reference-transaction (every ref update) or post-checkout.
  ["branch", `${HOOK.replaceAll("pre-commit", "reference-transaction")}git -c core.hooksPath=/tmp/s15h branch topic`, ...ANCESTOR],
  ["clone, absolute folder", `${HOOK.replaceAll("pre-commit", "post-checkout")}git -c core.hooksPath=/tmp/s15h clone -q https://127.0.0.1/r.git /tmp/s15c`, ...ANCESTOR],
  // A folder another host's repository filled earlier in the line: fetched code, as a clone's own hooks.
  ["fetched folder", "git clone -q https://127.0.0.1/r.git x && git -c core.hooksPath=x/hooks commit -m y", ...REMOTE],
  ["fetched folder, absolute", "git clone -q https://127.0.0.1/r.git /tmp/s15f && git -c core.hooksPath=/tmp/s15f/hooks commit -m y", ...REMOTE],
  ["unknown folder", "git -c core.hooksPath=$D commit -m x", ...UNKNOWN],
  ["unknown folder, --config-env", "git --config-env=core.hooksPath=D commit -m x", ...UNKNOWN],
  // Harmless neighbours: a hook that deletes nothing, no hook-running subcommand, no hooks at all,
  // hooks the line did not write (the user's own files, as a script run by its name).
  ["a harmless hook", "mkdir -p hk && printf 'echo checked\\n' > hk/pre-commit && git -c core.hooksPath=hk commit -m x", ...OK],
  ["no hook run", `${HOOK}git -c core.hooksPath=/tmp/s15h log`, ...OK],
  ["/dev/null", "git -c core.hooksPath=/dev/null commit -m x", ...OK],
  ["an existing folder", "git -c core.hooksPath=.githooks commit -m x", ...OK],
  ["a harmless reference-transaction hook", "mkdir -p hk && printf 'echo ok\\n' > hk/reference-transaction && git -c core.hooksPath=hk branch topic", ...OK],
  ["a fetched folder, no hook run", "git clone -q https://127.0.0.1/r.git x && git -c core.hooksPath=x/hooks log", ...OK],
  ["the workspace's hooks beside a clone", "git clone -q https://127.0.0.1/r.git x && git -c core.hooksPath=.githooks commit -m y", ...OK],
]);

table("s15: configuration given on the line that names no program (harmless neighbours)", [
  ["user.name", "git -c user.name=x commit -m y", ...OK],
  ["color.ui", "git -c color.ui=always log", ...OK],
  ["core.pager=less", "git -c core.pager='less -R' log", ...OK],
  ["GIT_CONFIG_COUNT", "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=color.ui GIT_CONFIG_VALUE_0=never git log", ...OK],
  ["submodule update --init", "git submodule update --init --recursive", ...OK],
  ["submodule foreach", "git submodule foreach git status", ...OK],
]);

table("s15: configuration given on the line that runs a command (already analysed: kept)", [
  ["alias", "git -c alias.x='!rm -rf ~' x", ...ANCESTOR],
  ["core.sshCommand", "git -c core.sshCommand='rm -rf ~' fetch", ...ANCESTOR],
  ["core.fsmonitor", "git -c core.fsmonitor='rm -rf ~' status", ...ANCESTOR],
  ["diff.external", "git -c diff.external='rm -rf ~' diff", ...ANCESTOR],
  ["core.pager", "git -c core.pager='rm -rf ~' log", ...ANCESTOR],
  ["GIT_CONFIG_*", "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='rm -rf ~' git log", ...ANCESTOR],
  ["submodule update mode", "git -c submodule.lib.update='!rm -rf ~' submodule update", ...ANCESTOR],
  ["submodule foreach", "git submodule foreach 'rm -rf ~'", ...ANCESTOR],
  // In each submodule: relative paths there are unknown.
  ["submodule foreach, relative", "git submodule foreach 'rm -rf *'", ...UNKNOWN],
  ["submodule foreach, reset", "git submodule foreach git reset --hard", ...UNKNOWN],
]);
