import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { configRepository, FORCE_PUSH, HISTORY, OK, verdictTable } from "../../support/git-verdicts.ts";
import { fileTempDir } from "../../support/temp-dir.ts";

// Session 4: fetches that move or delete local branches beyond `git fetch REPO +a:b` (red-team 4):
// forced refspecs given to `git pull`, `--fo`, patterns such as `+refs/*:refs/*`, `--prune` with a
// refspec into refs/heads, `--refmap`, and forced refspecs configured in `remote.<r>.fetch`
// (stored with `git config`, given with `-c`, GIT_CONFIG_*, or already in the repository's own
// configuration). A lease pushed into the repository itself moves its own branch.
const fx = useGuardFixture();

const table = verdictTable(fx.env, () => fx.ws);

table("git pull with a forced refspec moves a local branch like a forced fetch", [
  ["+src:dst from a remote", "git pull origin +main:main", ...HISTORY],
  ["+src:dst from the repository itself", "git pull . +x:y", ...HISTORY],
  ["refs/heads/ spelled out", "git pull . +refs/heads/x:refs/heads/y", ...HISTORY],
  ["from a path", "git pull ../other +main:feature", ...HISTORY],
  ["-f with src:dst", "git pull -f . x:y", ...HISTORY],
  ["-f in a cluster", "git pull -qf . x:y", ...HISTORY],
  ["--force", "git pull --force . x:y", ...HISTORY],
  ["--fo, the shortest prefix git takes", "git pull --fo . x:y", ...HISTORY],
  ["-f after the operands", "git pull . x:y -f", ...HISTORY],
  ["after merge options with values", "git pull -s ours -X theirs --rebase=merges . +x:y", ...HISTORY],
  ["a second refspec", "git pull origin main +dev:dev", ...HISTORY],
  ["after --", "git pull -- . +x:y", ...HISTORY],
  ["through sudo", "sudo -u me git pull . +x:y", ...HISTORY],
  ["through env", "env GIT_TERMINAL_PROMPT=0 git pull . +x:y", ...HISTORY],
  ["through bash -c", "bash -c 'git pull -f . x:y'", ...HISTORY],
  ["quoted", "git pull '.' '+x:y'", ...HISTORY],
  ["with -C", "git -C . pull . +x:y", ...HISTORY],
  // Lookalikes: fast-forwards, remote-tracking refs, no refspec, a value that only looks forced.
  ["an unforced refspec", "git pull . x:y", ...OK],
  ["a plain pull", "git pull", ...OK],
  ["pull --rebase", "git pull --rebase origin main", ...OK],
  ["pull --ff-only", "git pull --ff-only", ...OK],
  ["-f without a refspec", "git pull -f origin", ...OK],
  ["a forced source only", "git pull origin +main", ...OK],
  ["into a remote-tracking ref", "git pull origin '+main:refs/remotes/origin/main'", ...OK],
  ["-s takes its value: -sf is the strategy f", "git pull -sf . x:y", ...OK],
  ["-r takes the rest of the cluster", "git pull -rf . x:y", ...OK],
]);

table("git fetch: more spellings of a forced fetch into a branch", [
  ["--fo", "git fetch --fo . x:y", ...HISTORY],
  ["a pattern over every ref", "git fetch origin '+refs/*:refs/*'", ...HISTORY],
  ["a pattern that matches refs/heads/", "git fetch origin '+refs/h*:refs/h*'", ...HISTORY],
  ["--prune with an unforced refspec into refs/heads (deletes branches the remote lacks)", "git fetch -p origin 'refs/heads/*:refs/heads/*'", ...HISTORY],
  ["--prune in a cluster", "git fetch -qp origin 'refs/heads/*:refs/heads/*'", ...HISTORY],
  ["--refmap into refs/heads", "git fetch --refmap='+refs/heads/*:refs/heads/*' origin main", ...HISTORY],
  ["--refmap as two words", "git fetch --refmap '+refs/heads/*:refs/heads/*' origin main", ...HISTORY],
  ["refspecs from --stdin", "git fetch --stdin origin < specs", ...HISTORY],
  ["-m: every operand is a remote", "git fetch -m origin upstream", ...OK],
  ["--prune alone", "git fetch --prune origin", ...OK],
  ["--prune with one branch (no pattern: nothing to prune)", "git fetch -p origin main:main", ...OK],
  ["--prune-tags", "git fetch --prune-tags origin '+refs/tags/*:refs/tags/*'", ...OK],
  ["--prune into remote-tracking refs", "git fetch -p origin 'refs/heads/*:refs/remotes/origin/*'", ...OK],
  ["a pattern into tags", "git fetch origin '+refs/tags/*:refs/tags/*'", ...OK],
]);

table("git push into the repository itself", [
  // A forced push stays a force push, into `.` as anywhere (seed 001: BLOCK_FORCE_PUSH).
  ["+a:b into .", "git push . +a:b", ...FORCE_PUSH],
  ["--force after the refspec", "git push . a:b --force", ...FORCE_PUSH],
  ["-f", "git push -f . a:b", ...FORCE_PUSH],
  ["refs/heads/ spelled out", "git push . +refs/heads/a:refs/heads/b", ...FORCE_PUSH],
  // A lease moves the branch whatever it held, once the expected commit matches.
  ["a lease into .", "git push --force-with-lease=b:0123abc . a:b", ...HISTORY],
  ["a lease prefix into ./", "git push --force-with=b:0123abc ./ a:b", ...HISTORY],
  ["a lease with --repo=.", "git push --force-with-lease --repo=. a:b", ...HISTORY],
  // Lookalikes: an unforced push into . only fast-forwards; a lease to a remote passes (seed 001).
  ["an unforced push into .", "git push . a:b", ...OK],
  ["a lease to a remote", "git push --force-with-lease origin a:b", ...OK],
  ["a lease to a path", "git push --force-with-lease ../mirror a:b", ...OK],
  // git expands `--force-w` to --force-with-lease (it was read as --force and blocked).
  ["a prefix of --force-with-lease to a remote", "git push --force-with origin main", ...OK],
  ["a prefix of --force-if-includes", "git push --force-with-lease --force-i origin main", ...OK],
  ["--force- is ambiguous to git, still a force here", "git push --force- origin main", ...FORCE_PUSH],
]);

table("a forced refspec stored in remote.<r>.fetch", [
  ["git config", "git config remote.origin.fetch '+refs/heads/*:refs/heads/*'", ...HISTORY],
  ["--add", "git config --add remote.origin.fetch '+refs/heads/*:refs/heads/*'", ...HISTORY],
  ["--global", "git config --global --add remote.origin.fetch '+refs/*:refs/*'", ...HISTORY],
  ["the set subcommand with --append", "git config set --append remote.origin.fetch +main:main", ...HISTORY],
  ["--replace-all", "git config --replace-all remote.up.fetch '+refs/heads/*:refs/heads/*'", ...HISTORY],
  ["a name with capitals", "git config remote.Origin.FETCH '+refs/heads/x:refs/heads/x'", ...HISTORY],
  ["an unknown value", 'git config remote.origin.fetch "$SPEC"', ...HISTORY],
  ["git remote add --mirror=fetch", "git remote add --mirror=fetch m ../x", ...HISTORY],
  ["git remote add --mirror (both)", "git remote add --mirror m ../x", ...HISTORY],
  ["git remote add -f --mir=fetch", "git remote add -f --mir=fetch m ../x", ...HISTORY],
  ["git clone -c", "git clone -c 'remote.origin.fetch=+refs/heads/*:refs/heads/*' ../x d", ...HISTORY],
  ["through bash -c", "bash -c \"git config remote.origin.fetch '+refs/heads/*:refs/heads/*'\"", ...HISTORY],
  // Lookalikes: the default refspec, reading or removing the setting, an unforced refspec.
  ["the default refspec", "git config remote.origin.fetch '+refs/heads/*:refs/remotes/origin/*'", ...OK],
  ["an unforced refspec into refs/heads", "git config remote.origin.fetch 'refs/heads/main:refs/heads/main'", ...OK],
  ["--get", "git config --get remote.origin.fetch", ...OK],
  ["--unset", "git config --unset remote.origin.fetch '+refs/heads'", ...OK],
  ["--get-all", "git config --get-all remote.origin.fetch", ...OK],
  ["git remote add", "git remote add -f up ../x", ...OK],
  ["git remote add --mirror=push (every later push to m is a mirror push: redteam5-git)", "git remote add --mirror=push m ../x", ...HISTORY],
  ["git remote set-branches", "git remote set-branches origin main", ...OK],
  ["git clone --mirror", "git clone --mirror ../x m.git", ...OK],
]);

table("a forced refspec given to one fetch through -c or the environment", [
  ["-c fetch", "git -c remote.origin.fetch=+refs/heads/*:refs/heads/* fetch", ...HISTORY],
  ["-c pull", "git -c 'remote.origin.fetch=+refs/heads/*:refs/heads/*' pull", ...HISTORY],
  ["-c fetch origin", "git -c remote.origin.fetch=+refs/heads/*:refs/heads/* fetch origin", ...HISTORY],
  ["-c fetch --all", "git -c remote.up.fetch=+refs/heads/*:refs/heads/* fetch --all", ...HISTORY],
  ["-c remote update", "git -c remote.origin.fetch=+refs/heads/*:refs/heads/* remote update", ...HISTORY],
  ["-c with a later default entry (a list, not one value)", "git -c remote.origin.fetch=+refs/heads/*:refs/heads/* -c remote.origin.fetch=+refs/heads/*:refs/remotes/origin/* fetch", ...HISTORY],
  ["-c unforced, with -f", "git -c remote.origin.fetch=refs/heads/*:refs/heads/* fetch -f", ...HISTORY],
  ["-c unforced, with fetch.prune", "git -c fetch.prune=true -c remote.origin.fetch=refs/heads/*:refs/heads/* fetch", ...HISTORY],
  ["--config-env", "SPEC='+refs/heads/*:refs/heads/*' git --config-env=remote.origin.fetch=SPEC fetch", ...HISTORY],
  ["GIT_CONFIG_COUNT", "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.fetch GIT_CONFIG_VALUE_0='+refs/heads/*:refs/heads/*' git fetch", ...HISTORY],
  ["GIT_CONFIG_COUNT exported", "export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.fetch GIT_CONFIG_VALUE_0='+refs/*:refs/*'; git pull", ...HISTORY],
  ["GIT_CONFIG_PARAMETERS", "GIT_CONFIG_PARAMETERS=\"'remote.origin.fetch=+refs/heads/*:refs/heads/*'\" git fetch origin", ...HISTORY],
  ["stored earlier in the line", "git config remote.origin.fetch '+refs/heads/*:refs/heads/*' && git fetch", ...HISTORY],
  ["through sudo", "sudo git -c remote.origin.fetch=+refs/heads/*:refs/heads/* fetch", ...HISTORY],
  ["GIT_CONFIG_COUNT through env", "env GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.fetch GIT_CONFIG_VALUE_0=+refs/heads/*:refs/heads/* git fetch", ...HISTORY],
  ["through bash -c", "bash -c \"git -c 'remote.origin.fetch=+refs/*:refs/*' pull\"", ...HISTORY],
  ["the key in capitals", "git -c REMOTE.origin.FETCH=+refs/heads/*:refs/heads/* fetch", ...HISTORY],
  ["an unknown -c value", "git -c remote.origin.fetch=$X fetch", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  // Lookalikes: another subcommand, another remote, the default refspec.
  ["-c with status", "git -c remote.origin.fetch=+refs/heads/*:refs/heads/* status", ...OK],
  ["-c for another remote", "git -c remote.up.fetch=+refs/heads/*:refs/heads/* fetch origin", ...OK],
  ["-c the default refspec", "git -c remote.origin.fetch=+refs/heads/*:refs/remotes/origin/* fetch", ...OK],
  ["GIT_CONFIG_COUNT with the default refspec", "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.fetch GIT_CONFIG_VALUE_0='+refs/heads/*:refs/remotes/origin/*' git fetch", ...OK],
]);

// Repositories whose own configuration holds a refspec: read once per fetch, pull or remote update.
const dir = fileTempDir("leogriel-refspecs-");
function repository(name: string, config: string, worktree = false): string {
  const ws = configRepository(dir, name, config);
  if (!worktree) return ws;
  // A linked worktree: `.git` is a file naming its git directory, whose commondir is the repository's.
  const wt = join(dir, `${name}-wt`);
  mkdirSync(join(ws, ".git", "worktrees", "wt"), { recursive: true });
  writeFileSync(join(ws, ".git", "worktrees", "wt", "commondir"), "../..\n");
  mkdirSync(wt, { recursive: true });
  writeFileSync(join(wt, ".git"), `gitdir: ${join(ws, ".git", "worktrees", "wt")}\n`);
  return wt;
}
const FORCED = '[remote "origin"]\n\turl = ../x\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n\tfetch = +refs/heads/*:refs/heads/*\n';
const forced = repository("forced", FORCED);
const linked = repository("linked", FORCED, true);
const pruning = repository("pruning", '[fetch]\n\tprune\n[remote "origin"]\n\turl = ../x\n\tfetch = refs/heads/*:refs/heads/*\n');
const plain = repository("plain", '[remote "origin"]\n\turl = ../x\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[remote "up"]\n\tfetch = refs/heads/*:refs/heads/*\n');

writeFileSync(join(dir, "global.cfg"), FORCED);
table("a config file named by GIT_CONFIG_GLOBAL", [
  ["git fetch", `GIT_CONFIG_GLOBAL=${join(dir, "global.cfg")} git fetch`, ...HISTORY],
  ["git status", `GIT_CONFIG_GLOBAL=${join(dir, "global.cfg")} git status`, ...OK],
]);

table("a repository whose configuration holds a forced refspec into refs/heads", [
  ["git fetch", "git fetch", ...HISTORY],
  ["git fetch origin", "git fetch origin", ...HISTORY],
  ["git fetch origin main (the opportunistic update uses it)", "git fetch origin main", ...HISTORY],
  ["git pull", "git pull", ...HISTORY],
  ["git pull --rebase", "git pull --rebase", ...HISTORY],
  ["git remote update", "git remote update", ...HISTORY],
  ["git fetch --all", "git fetch --all", ...HISTORY],
  ["-C into it from elsewhere", `git -C ${forced} fetch`, ...HISTORY],
  ["a fetch from a URL uses no configured refspec", "git fetch ../x", ...OK],
  ["another remote", "git fetch up", ...OK],
  ["git status", "git status", ...OK],
], () => forced);

table("the same in a linked worktree", [["git fetch", "git fetch", ...HISTORY], ["git status", "git status", ...OK]], () => linked);

table("a repository that prunes with an unforced refspec into refs/heads", [
  ["git fetch", "git fetch", ...HISTORY],
  ["git remote prune origin", "git remote prune origin", ...HISTORY],
], () => pruning);

table("a repository with the default refspec", [
  ["git fetch", "git fetch origin", ...OK],
  ["git pull", "git pull origin main", ...OK],
  ["an unforced refspec into refs/heads fast-forwards", "git fetch up", ...OK],
  ["but -f forces it", "git fetch -f up", ...HISTORY],
  ["and --prune deletes with it", "git fetch --prune up", ...HISTORY],
], () => plain);
