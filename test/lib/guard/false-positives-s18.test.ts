import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { HISTORY, OK, verdictRows } from "../../support/verdict-rows.ts";

// Session 18's false-positive hunt on agent-style commands (helper `hunt`): a forced branch
// create (`checkout -B`, `switch -C`, `branch -f`), a forced rename or copy (`branch -M main`,
// GitHub's new-repository steps), a forced tag and a tag delete asked ASK_GIT_HISTORY_LOSS even
// when the ref they overwrite does not exist, while `branch -D` of a missing branch was
// ALLOW_NO_EFFECT already. The refs preflight now reads their names
// (git-ref-moves.ts): none exists, nothing is dropped; one exists, the command asks as before.
// Commands are only judged; nothing runs.
const fx = useGuardFixture();
const git = (...args: string[]) => Bun.spawnSync(["git", "-C", fx.ws, "-c", "user.name=t", "-c", "user.email=t@t", ...args]);
git("branch", "feature");
git("tag", "v1");
const current = new TextDecoder().decode(git("branch", "--show-current").stdout).trim();
const table = verdictRows(fx);

table("a forced create or tag of a ref that does not exist (was ASK_GIT_HISTORY_LOSS)", [
  ["checkout -B", "git checkout -B feat/x", ...OK],
  ["checkout -B with a start point", "git checkout -B feat/x origin/main", ...OK],
  ["checkout -qB clustered", "git checkout -qB feat/x HEAD", ...OK],
  ["checkout -B with the name attached", "git checkout -Bfeat/x", ...OK],
  ["checkout -B --track", "git checkout -B feat/x --track origin/main", ...OK],
  ["switch -C", "git switch -C release/1.2 origin/main", ...OK],
  ["switch --force-create", "git switch --force-create feat/x", ...OK],
  ["switch --force-create=", "git switch --force-create=feat/x HEAD", ...OK],
  ["branch -f", "git branch -f feat/x HEAD", ...OK],
  ["branch --force", "git branch --force feat/x", ...OK],
  ["tag -d", "git tag -d v9", ...OK],
  ["tag --delete of two", "git tag --delete v9 v10", ...OK],
  ["tag -f", "git tag -f v9", ...OK],
  ["tag -fa with a message", 'git tag -fa v9 -m "Release 9"', ...OK],
  ["tag -a -f -m", "git tag -a v9 -f -m release", ...OK],
  ["branch -M onto a new name", "git branch -M trunk", ...OK],
  ["branch -M of the checked-out branch onto itself", `git branch -M ${current}`, ...OK],
  ["branch -M OLD NEW", "git branch -M feature trunk", ...OK],
  ["branch -M of a branch onto itself", "git branch -M feature feature", ...OK],
  ["branch --move --force", "git branch --move --force feature trunk", ...OK],
  ["branch -C onto a new name", "git branch -C feature trunk", ...OK],
]);

table("a ref that exists, or one the preflight cannot tell, still asks", [
  ["checkout -B of an existing branch", "git checkout -B feature", ...HISTORY],
  ["checkout -qB of an existing branch", "git checkout -qB feature HEAD~1", ...HISTORY],
  ["switch -C of an existing branch", "git switch -C feature", ...HISTORY],
  ["branch -f of an existing branch", "git branch -f feature HEAD", ...HISTORY],
  ["tag -d of an existing tag", "git tag -d v1", ...HISTORY],
  ["tag -d of a missing and an existing tag", "git tag -d v9 v1", ...HISTORY],
  ["tag -f of an existing tag", "git tag -fa v1 -m moved", ...HISTORY],
  ["a name that case folding may find", "git checkout -B Feature", ...HISTORY],
  ["a computed name", 'git checkout -B "$B"', ...HISTORY],
  ["the branch checked out before", "git checkout -B @{-1}", ...HISTORY],
  ["an option the preflight does not follow", "git tag -u KEY -f v9", ...HISTORY],
  ["a tag name after --", "git tag -d -- v9", ...HISTORY],
  ["renamed onto the name first", "git branch -m feature feat/x && git checkout -B feat/x", ...HISTORY],
  ["fetched onto the name first", "git fetch origin main:feat/x && git checkout -B feat/x HEAD", ...HISTORY],
  ["set by update-ref first", "git update-ref refs/heads/feat/x feature && git checkout -B feat/x", ...HISTORY],
  ["created and moved in one line", "git checkout -B feat/x && git checkout -B feat/x HEAD~1", ...HISTORY],
  ["in a loop", "for b in a b; do git checkout -B x; done", ...HISTORY],
  ["another repository", "git -C ../other checkout -B feat/x", ...HISTORY],
  ["branch -M onto an existing branch", "git branch -M feature", ...HISTORY],
  ["branch -M OLD onto an existing NEW", `git branch -M ${current} feature`, ...HISTORY],
  ["branch -C onto an existing branch", "git branch -C feature", ...HISTORY],
  ["branch -M onto a name case folding may find", "git branch -M Feature", ...HISTORY],
  // A commit earlier in the line may have made refs the preflight cannot see (unseen-writes.ts): left asking.
  ["branch -M after a commit in the line", "git add -A && git commit -m init && git branch -M trunk", ...HISTORY],
]);
