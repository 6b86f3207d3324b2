import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { configRepository, FORCE_PUSH, HISTORY, OK, verdictTable } from "../../support/git-verdicts.ts";
import { fileTempDir } from "../../support/temp-dir.ts";
import { NOOP, UNKNOWN } from "../../support/verdict-rows.ts";

// Red-team pass 5, git: force pushes through the plumbing (`send-pack`, `http-push`) and `--m`
// (git's prefix of --mirror), `submodule deinit -f`/`update -f` (a submodule's uncommitted work,
// which no stash of the superproject keeps), and forcing push settings stored in the repository
// (`remote.<r>.push +…`, `remote.<r>.mirror`): the line that stores one asks, a later plain push
// that uses one is a force push.
const fx = useGuardFixture();

const table = verdictTable(fx.env, () => fx.ws);

table("H7: git send-pack and git http-push force pushes", [
  ["send-pack --force", "git send-pack --force ../bare.git master", ...FORCE_PUSH],
  ["send-pack -f", "git send-pack -f ../bare.git master", ...FORCE_PUSH],
  ["send-pack -f in a cluster", "git send-pack -qf ../bare.git master", ...FORCE_PUSH],
  ["send-pack +ref", "git send-pack ../bare +master", ...FORCE_PUSH],
  ["send-pack +src:dst", "git send-pack ../bare '+old:refs/heads/main'", ...FORCE_PUSH],
  ["send-pack --all --force", "git send-pack --all --force ../bare", ...FORCE_PUSH],
  ["send-pack --mirror (deletes the remote's other refs)", "git send-pack --mirror ../bare", ...FORCE_PUSH],
  ["send-pack --m, git's prefix of --mirror", "git send-pack --m ../bare", ...FORCE_PUSH],
  ["send-pack -f after the operands", "git send-pack ../bare master -f", ...FORCE_PUSH],
  ["send-pack over ssh", "git send-pack --force host:repo.git main", ...FORCE_PUSH],
  ["send-pack refs from --stdin", "echo +main | git send-pack --stdin ../bare", ...UNKNOWN],
  ["send-pack with a computed option", "git send-pack $OPT ../bare main", ...UNKNOWN],
  ["http-push --force", "git http-push --force http://127.0.0.1/x.git master", ...FORCE_PUSH],
  ["http-push +ref", "git http-push http://127.0.0.1/x.git +master", ...FORCE_PUSH],
  ["http-push -D deletes a remote branch", "git http-push -D http://127.0.0.1/x.git old", ...HISTORY],
  ["http-push -d", "git http-push -d http://127.0.0.1/x.git old", ...HISTORY],
  ["quoted", "git 'send-pack' '--force' ../bare main", ...FORCE_PUSH],
  ["through sudo", "sudo -u me git send-pack --force ../bare main", ...FORCE_PUSH],
  ["through env", "env GIT_TRACE=0 git send-pack ../bare +main", ...FORCE_PUSH],
  ["through bash -c", "bash -c 'git send-pack --force ../bare main'", ...FORCE_PUSH],
  ["with -C", "git -C . send-pack -f ../bare main", ...FORCE_PUSH],
  ["through an alias", "git -c alias.sp=send-pack sp --force ../bare main", ...FORCE_PUSH],
  ["a push alias with --force", "git -c alias.p=push p --force", ...FORCE_PUSH],
  ["a push alias with +ref", "git -c alias.p=push p origin +main", ...FORCE_PUSH],
  ["push --m (git's prefix of --mirror)", "git push --m origin", ...FORCE_PUSH],
  ["push --mir", "git push --mir origin", ...FORCE_PUSH],
  ["push --de (git's prefix of --delete)", "git push --de origin old", ...HISTORY],
  ["push -qd", "git push -qd origin old", ...HISTORY],
  // Lookalikes: fast-forward pushes, dry runs, a lease, the matching refspec.
  ["send-pack unforced", "git send-pack ../bare master", ...OK],
  ["send-pack --all (unforced: git refuses non-fast-forwards)", "git send-pack --all ../bare", ...OK],
  ["send-pack a lease", "git send-pack --force-with-lease ../bare main", ...OK],
  ["send-pack --dry-run --force", "git send-pack --dry-run --force ../bare main", ...NOOP],
  ["send-pack -n -f", "git send-pack -nf ../bare main", ...NOOP],
  ["http-push unforced", "git http-push http://127.0.0.1/x.git master", ...OK],
  ["http-push --all", "git http-push --all http://127.0.0.1/x.git master", ...OK],
  ["push origin : (the matching refspec deletes nothing)", "git push origin :", ...OK],
  ["push -o with a value holding d", "git push -o deploy origin main", ...OK],
  ["push --all", "git push --all origin", ...OK],
]);

table("M2: git submodule deinit -f and update -f discard a submodule's work", [
  ["deinit -f --all", "git submodule deinit -f --all", ...UNKNOWN],
  ["deinit -f PATH", "git submodule deinit -f sub", ...UNKNOWN],
  ["deinit --force", "git submodule deinit --force sub", ...UNKNOWN],
  ["deinit --all -f", "git submodule deinit --all -f", ...UNKNOWN],
  ["deinit -f after the path", "git submodule deinit sub -f", ...UNKNOWN],
  ["--quiet before deinit", "git submodule --quiet deinit -f sub", ...UNKNOWN],
  ["a cluster (newer git's parse-options)", "git submodule deinit -qf sub", ...UNKNOWN],
  ["--fo, a prefix", "git submodule deinit --fo sub", ...UNKNOWN],
  ["the helper git-submodule runs", "git submodule--helper deinit --force sub", ...UNKNOWN],
  ["update -f", "git submodule update -f", ...UNKNOWN],
  ["update --init --force --recursive", "git submodule update --init --force --recursive", ...UNKNOWN],
  ["update a computed option", "git submodule update $OPT", ...UNKNOWN],
  ["quoted", "git submodule 'deinit' '-f' sub", ...UNKNOWN],
  ["through sudo", "sudo git submodule deinit -f --all", ...UNKNOWN],
  ["through bash -c", "bash -c 'git submodule deinit -f sub'", ...UNKNOWN],
  ["with -C", "git -C . submodule deinit -f sub", ...UNKNOWN],
  ["through an alias", "git -c alias.di='submodule deinit' di -f sub", ...UNKNOWN],
  // Lookalikes: unforced, git refuses a submodule with local changes.
  ["deinit unforced", "git submodule deinit sub", ...OK],
  ["deinit --all unforced", "git submodule deinit --all", ...OK],
  ["update --init --recursive", "git submodule update --init --recursive", ...OK],
  ["update --remote --merge", "git submodule update --remote --merge", ...OK],
  ["update -j 4 (a value, not -f)", "git submodule update -j4 --init", ...OK],
  ["update --filter", "git submodule update --init --filter=blob:none", ...OK],
  ["a path named -f after --", "git submodule deinit -- -f", ...OK],
  ["status", "git submodule status", ...OK],
  ["add --force (an ignored path)", "git submodule add --force ../lib lib", ...OK],
]);

table("storing a setting that makes later pushes forced asks", [
  ["remote.<r>.push +…", "git config remote.origin.push '+refs/heads/*:refs/heads/*'", ...HISTORY],
  ["--add", "git config --add remote.origin.push +main:main", ...HISTORY],
  ["--global", "git config --global remote.origin.push '+refs/heads/*:refs/heads/*'", ...HISTORY],
  ["the set subcommand", "git config set remote.origin.push +HEAD", ...HISTORY],
  ["a name with capitals", "git config Remote.Origin.PUSH +main", ...HISTORY],
  ["an unknown value", 'git config remote.origin.push "$SPEC"', ...HISTORY],
  ["remote.<r>.mirror true", "git config remote.origin.mirror true", ...HISTORY],
  ["remote.<r>.mirror bare yes", "git config remote.origin.mirror yes", ...HISTORY],
  ["git remote add --mirror=push", "git remote add --mirror=push m ../x", ...HISTORY],
  ["git remote add --mir=push", "git remote add --mir=push m ../x", ...HISTORY],
  ["git clone -c remote.origin.mirror=true", "git clone -c remote.origin.mirror=true ../x d", ...HISTORY],
  ["git clone -c a forced push refspec", "git clone -c 'remote.origin.push=+refs/heads/*:refs/heads/*' ../x d", ...HISTORY],
  ["through bash -c", "bash -c \"git config remote.origin.push '+refs/heads/*:refs/heads/*'\"", ...HISTORY],
  ["through sudo", "sudo git config remote.origin.mirror true", ...HISTORY],
  // Lookalikes: unforced refspecs, mirror off, reading or removing the setting.
  ["an unforced push refspec", "git config remote.origin.push 'refs/heads/main:refs/heads/main'", ...OK],
  ["HEAD", "git config remote.origin.push HEAD", ...OK],
  ["mirror false", "git config remote.origin.mirror false", ...OK],
  ["--get", "git config --get remote.origin.push", ...OK],
  ["--unset", "git config --unset remote.origin.mirror", ...OK],
  ["push.default", "git config push.default current", ...OK],
  ["remote.<r>.pushurl", "git config remote.origin.pushurl ../y", ...OK],
]);

// Repositories whose own configuration holds a forcing push setting, with main checked out.
const dir = fileTempDir("leogriel-redteam5-git-");
const repository = (name: string, config: string, head = "ref: refs/heads/main\n") => configRepository(dir, name, config, head);
const pushing = repository("pushing", '[remote "origin"]\n\turl = ../x\n\tpush = +refs/heads/*:refs/heads/*\n[remote "up"]\n\turl = ../y\n');
const mirrored = repository("mirrored", '[remote "origin"]\n\turl = ../x\n\tmirror = true\n[remote "up"]\n\turl = ../y\n');
const backup = repository("backup", '[remote "origin"]\n\turl = ../x\n[remote "backup"]\n\turl = ../y\n\tmirror = true\n[branch "main"]\n\tremote = origin\n');
const toBackup = repository("to-backup", '[remote "origin"]\n\turl = ../x\n[remote "backup"]\n\turl = ../y\n\tmirror = true\n[remote]\n\tpushDefault = backup\n');
const detached = repository("detached", '[remote "origin"]\n\turl = ../x\n[remote "backup"]\n\turl = ../y\n\tmirror = true\n', "0123456789abcdef0123456789abcdef01234567\n");

table("a repository with a forced push refspec for origin", [
  ["git push", "git push", ...FORCE_PUSH],
  ["git push origin", "git push origin", ...FORCE_PUSH],
  ["git push origin main (a bare name is mapped through the refspec)", "git push origin main", ...FORCE_PUSH],
  ["git push -q --repo=origin", "git push -q --repo=origin", ...FORCE_PUSH],
  ["git push -o ci.skip origin", "git push -o ci.skip origin", ...FORCE_PUSH],
  ["through bash -c", "bash -c 'git push'", ...FORCE_PUSH],
  ["-C into it from elsewhere", `git -C ${pushing} push`, ...FORCE_PUSH],
  ["git push origin main:main (an explicit destination maps nothing)", "git push origin main:main", ...OK],
  ["git push up", "git push up", ...OK],
  ["git push to a path", "git push ../x", ...OK],
  ["git push --dry-run", "git push --dry-run", ...NOOP],
  ["git fetch", "git fetch", ...OK],
  ["git status", "git status", ...OK],
], () => pushing);

table("a repository whose origin is a push mirror", [
  ["git push", "git push", ...FORCE_PUSH],
  ["git push origin", "git push origin", ...FORCE_PUSH],
  ["git push -u origin", "git push -u origin", ...FORCE_PUSH],
  ["git push origin main (git refuses a mirror with refspecs)", "git push origin main", ...OK],
  ["git push up", "git push up", ...OK],
], () => mirrored);

table("a repository with a backup mirror remote besides origin", [
  ["git push (to origin: branch.main.remote)", "git push", ...OK],
  ["git push origin", "git push origin", ...OK],
  ["git push backup", "git push backup", ...FORCE_PUSH],
  ["git push Backup", "git push Backup", ...FORCE_PUSH],
], () => backup);

table("remote.pushDefault names the mirror", [["git push", "git push", ...FORCE_PUSH], ["git push origin", "git push origin", ...OK]], () => toBackup);
table("a detached HEAD: the remote cannot be told", [["git push", "git push", ...FORCE_PUSH], ["git push origin", "git push origin", ...OK]], () => detached);

table("-c and earlier lines name the remote the same way", [
  ["-c for another remote", "git -c remote.up.mirror=true push origin", ...OK],
  ["-c pushDefault to a mirror remote", "git -c remote.up.mirror=true -c remote.pushDefault=up push", ...FORCE_PUSH],
  ["stored earlier in the line, then a plain push", "git config remote.origin.mirror true && git push", ...FORCE_PUSH],
]);

// H8 (not a bug): `git stash clear` was judged in a repository with no stash entries (nothing to
// drop: ALLOW_NO_EFFECT). With an entry it keeps each one first (git-refs-policy.test.ts has more).
describe("H8: git stash clear with an entry is not ALLOW", () => {
  test("SNAPSHOT_GIT_REFS", () => {
    const ws = join(dir, "stash");
    mkdirSync(ws, { recursive: true });
    const env = { ...fx.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" };
    const sh = (script: string) => Bun.spawnSync(["bash", "-c", script], { cwd: ws, env }).exitCode;
    expect(sh("git init -q . && echo one > a && git add a && git commit -qm one && echo two > a && git stash -q && git stash list | grep -q .")).toBe(0);
    const r = classify({ command: "git stash clear", cwd: ws, env: fx.env });
    expect([r.decision, r.reason]).toEqual(["SNAPSHOT", "SNAPSHOT_GIT_REFS"]);
  });
});
