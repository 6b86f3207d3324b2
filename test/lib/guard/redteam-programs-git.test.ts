import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

// Red-team findings C1, C19, C20, H1, H2, H5–H7: git configuration, environment and subcommands
// that change which tree git touches, force a push, or run a command.
const ROWS: Array<[string, string, Decision, ReasonCode]> = [
  ["a clean of ignored files would delete the quarantine the relocation creates", "git clean -fdx", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["a clean of only ignored files would delete the quarantine too", "git clean -fdX", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["a double-forced clean of ignored files is refused the same way", "git clean -ffdx", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["excluding the quarantine folder keeps the compensation alive", "git clean -fdx -e .agent-guard", "RELOCATE", "RELOCATE_TREE"],
  ["a clean limited to a pathspec that cannot reach the quarantine is relocated", "git clean -fdx build", "RELOCATE", "RELOCATE_TREE"],
  ["a plain clean leaves the ignored quarantine alone", "git clean -fd", "RELOCATE", "RELOCATE_TREE"],
  ["GIT_WORK_TREE points the clean at another tree", "GIT_WORK_TREE=$HOME git clean -fdx", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an exported GIT_DIR points the reset at another repository", "export GIT_DIR=/tmp/x; git reset --hard", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["env GIT_INDEX_FILE changes the index a checkout discards from", "env GIT_INDEX_FILE=/tmp/i git checkout -- .", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["core.worktree through -c changes the cleaned tree", "git -c core.worktree=/tmp/x clean -fd", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a + push refspec in -c forces the push", "git -c remote.origin.push=+HEAD:refs/heads/main push origin", "BLOCK", "BLOCK_FORCE_PUSH"],
  ["a mirror remote in -c is a mirror push", "git -c remote.origin.mirror=true push origin", "BLOCK", "BLOCK_FORCE_PUSH"],
  ["a + push refspec configured earlier in the line forces the push", "git config remote.origin.push '+refs/heads/*:refs/heads/*' && git push", "BLOCK", "BLOCK_FORCE_PUSH"],
  ["deleting a remote branch loses history", "git push origin --delete main", "ASK", "ASK_GIT_HISTORY_LOSS"],
  ["an empty-source refspec deletes the remote branch", "git push origin :main", "ASK", "ASK_GIT_HISTORY_LOSS"],
  ["an ordinary push is allowed", "git push origin main", "ALLOW", "ALLOW_NO_EFFECT"],
  ["core.fsmonitor runs its value as a command", "git -c core.fsmonitor='rm -rf ~ #' status", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["diff.external runs its value", "git -c diff.external='rm -rf ~ #' diff", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["core.sshCommand runs its value", "git -c core.sshCommand='rm -rf ~/Documents' fetch", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["a filter driver runs its value", "git -c filter.x.smudge='rm -rf ~' checkout main", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["an unreadable config value that git runs is unknown", "git -c core.pager=$P log", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["include.path loads configuration the guard has not read", "git -c include.path=/tmp/evil status", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a harmless pager setting stays allowed", "git -c core.pager=cat log", "ALLOW", "ALLOW_NO_EFFECT"],
  ["a shell alias configured earlier runs when called", "git config alias.x '!rm -rf ~'; git x", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a git alias configured earlier is the git command it names", "git config alias.x 'reset --hard'; git x", "SNAPSHOT", "SNAPSHOT_GIT_WORKTREE"],
  ["an alias that names itself stops at the depth bound", "git config alias.x x; git x", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["rebase --exec runs its command", "git rebase --exec 'rm -rf ~' HEAD~2", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["rebase -x runs its command", "git rebase -x 'rm -rf ~/Documents' main", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["submodule foreach runs its command in each submodule", "git submodule foreach 'rm -rf ~'", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["submodule foreach with a relative delete cannot know the directory", "git submodule foreach rm -rf src", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["bisect run runs its program", "git bisect run rm -rf ~", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["reflog expiry through -c before gc loses history", "git -c gc.reflogExpire=now -c gc.reflogExpireUnreachable=now gc", "ASK", "ASK_GIT_HISTORY_LOSS"],
  ["update-ref from stdin can delete every snapshot ref", "git for-each-ref --format='delete %(refname)' refs/agent-guard | git update-ref --stdin", "ASK", "ASK_GIT_HISTORY_LOSS"],
  ["update-ref moving a branch drops its commits", "git update-ref refs/heads/main 4b825dc642cb6eb9a060e54bf8d69288fbee4904", "ASK", "ASK_GIT_HISTORY_LOSS"],
  ["read-tree -u --reset discards the worktree", "git read-tree -u --reset HEAD", "SNAPSHOT", "SNAPSHOT_GIT_WORKTREE"],
  ["checkout-index -f overwrites the worktree", "git checkout-index -f -a", "SNAPSHOT", "SNAPSHOT_GIT_WORKTREE"],
];

describe("red team: git configuration, environment and subcommands", () => {
  for (const [name, command, decision, reason] of ROWS) {
    test(`${name}: ${decision} ${reason}`, () => {
      const r = check(command);
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }
});

describe("red team: forced checkout over untracked files", () => {
  test("git checkout -f and git switch -f onto a branch that tracks an untracked file collide", () => {
    const git = (...args: string[]) => Bun.spawnSync(["git", "-C", fx.ws, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { stdout: "ignore", stderr: "ignore" });
    git("checkout", "-qb", "other");
    Bun.write(`${fx.ws}/tracked-elsewhere.txt`, "branch copy\n");
    git("add", "tracked-elsewhere.txt");
    git("commit", "-qm", "other");
    git("checkout", "-q", "-");
    Bun.spawnSync(["sh", "-c", `echo untracked > '${fx.ws}/tracked-elsewhere.txt'`]);
    expect(check("git checkout -f other").reason).toBe("BLOCK_GIT_RESET_COLLISION");
    expect(check("git switch -f other").reason).toBe("BLOCK_GIT_RESET_COLLISION");
    expect(check("git checkout -f HEAD").reason).toBe("SNAPSHOT_GIT_WORKTREE");
  });
});
