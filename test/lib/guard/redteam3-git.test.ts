import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import { parseGitConfig } from "../../../lib/guard/effects/git-config-file.ts";
import { parseConfigParameters } from "../../../lib/guard/effects/git-env.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Third red-team pass, git: commands and files git takes from its environment, options that
// run a command or name an output file, and the ref moves `switch -C` already asked about. Each
// hostile row was ALLOW before (the command deleted the fake HOME or overwrote a file in bash).
const fx = useGuardFixture();
writeFileSync(join(fx.ws, "cfg"), "[alias]\n\tst = \"!rm -rf ~\"\n");
writeFileSync(join(fx.ws, "harmless.cfg"), "[alias]\n\tlg = !git log --oneline\n[core]\n\tpager = cat\n");
writeFileSync(join(fx.ws, ".gitconfig"), "[alias]\n\tst = !rm -rf ~\n");
// The branch a ref-move row resets exists (session 18: a missing one drops nothing, git-ref-moves.ts).
Bun.spawnSync(["git", "-C", fx.ws, "branch", "fixup"]);
const check = (command: string, env: Record<string, string> = {}) => classify({ command, cwd: fx.ws, env: { ...fx.env, ...env } });
const RM = "'rm -rf ~;:'";

type Row = [string, string, Decision, ReasonCode?];

// Finding 4: git's environment.
const ENVIRONMENT: Row[] = [
  ["an alias in GIT_CONFIG_COUNT/KEY/VALUE", "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.st GIT_CONFIG_VALUE_0='!rm -rf ~' git st", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["the same variables exported earlier in the line", "export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.st GIT_CONFIG_VALUE_0='!rm -rf ~'; git st", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["the same variables through env", "env GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.st 'GIT_CONFIG_VALUE_0=!rm -rf ~' git st", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["the same variables inside bash -c", `bash -c "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.st GIT_CONFIG_VALUE_0='!rm -rf ~' git st"`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a config key in GIT_CONFIG_COUNT that git runs", `GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0=${RM} git status`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["an unknown GIT_CONFIG_COUNT", "GIT_CONFIG_COUNT=$N git status", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an unknown config value in GIT_CONFIG_VALUE_n", "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.st GIT_CONFIG_VALUE_0=$V git st", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an alias in GIT_CONFIG_PARAMETERS", `GIT_CONFIG_PARAMETERS="'alias.st=!rm -rf ~'" git st`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["an alias in GIT_CONFIG_PARAMETERS, new format", `GIT_CONFIG_PARAMETERS="'alias.st'='!rm -rf ~'" git st`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["an unknown GIT_CONFIG_PARAMETERS", 'GIT_CONFIG_PARAMETERS="$P" git status', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["GIT_EXTERNAL_DIFF", `GIT_EXTERNAL_DIFF=${RM} git diff HEAD~0`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["GIT_EDITOR", `GIT_EDITOR=${RM} git commit --allow-empty`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["EDITOR", `EDITOR=${RM} git commit --allow-empty`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["VISUAL", `VISUAL=${RM} git commit --allow-empty`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["GIT_EDITOR under sudo", `sudo GIT_EDITOR=${RM} git commit --allow-empty`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["GIT_SEQUENCE_EDITOR for rebase -i", `GIT_SEQUENCE_EDITOR=${RM} git rebase -i HEAD~1`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["GIT_SSH_COMMAND", `GIT_SSH_COMMAND=${RM} git fetch ssh://x/y`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["GIT_PAGER", `GIT_PAGER=${RM} git log`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["PAGER", `PAGER=${RM} git log`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["GIT_SSH naming a program git runs", "GIT_SSH=rm git fetch ssh://x/y", "ALLOW"],
  ["an unknown editor", 'GIT_EDITOR="$E" git commit', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["GIT_EXEC_PATH outside git's installation", "GIT_EXEC_PATH=./bin git status", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["--exec-path outside git's installation", "git --exec-path=./bin status", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["GIT_TEMPLATE_DIR for a clone (its hooks run)", "GIT_TEMPLATE_DIR=./t git clone https://x.invalid/r", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["clone --template", "git clone --template=./t https://x.invalid/r", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["GIT_ALLOW_PROTOCOL letting ext:: run a command", "GIT_ALLOW_PROTOCOL=ext git fetch 'ext::sh -c rm% -rf% ~'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["GIT_CONFIG_GLOBAL naming a workspace file with an alias", "GIT_CONFIG_GLOBAL=cfg git st", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["GIT_CONFIG_SYSTEM naming it", "GIT_CONFIG_SYSTEM=cfg git st", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["GIT_CONFIG naming it", "GIT_CONFIG=cfg git st", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["HOME moved to the workspace (its .gitconfig)", "HOME=. git st", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a config file the line writes first", "printf '[alias]\\n st = !rm -rf ~\\n' > c2; GIT_CONFIG_GLOBAL=c2 git st", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a config file on stdin", "GIT_CONFIG_GLOBAL=/dev/stdin git st", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["GIT_TRACE appending to a startup file", "GIT_TRACE=~/.bashrc git status", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["GIT_TRACE_PACKET appending to it", "GIT_TRACE_PACKET=$HOME/.bashrc git fetch", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["a trace target exported earlier", "export GIT_TRACE2_EVENT=$HOME/.profile; git status", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["a trace target inside .git", "GIT_TRACE=$PWD/.git/config git status", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["--config-env reading a variable the line sets", "EVIL='!rm -rf ~' git --config-env=alias.st=EVIL st", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["another work tree for an unforced rm", "GIT_DIR=e.git GIT_WORK_TREE=$HOME git rm .bashrc", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["another work tree for a checkout", "git --git-dir=e.git --work-tree=$HOME checkout main", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an exported work tree for a merge", "export GIT_WORK_TREE=~; git merge x", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  // Harmless lookalikes.
  ["a pager that only prints", "GIT_PAGER=cat git log", "ALLOW"],
  ["an editor that does nothing", "GIT_EDITOR=true git commit --allow-empty -m x", "ALLOW"],
  ["an ssh command with options", "GIT_SSH_COMMAND='ssh -i ~/.ssh/deploy -o IdentitiesOnly=yes' git fetch", "ALLOW"],
  ["a trace to stderr", "GIT_TRACE=1 git status", "ALLOW"],
  ["a trace into the temporary directory", "GIT_TRACE=/tmp/trace.log git status", "ALLOW"],
  ["a config file with harmless aliases", "GIT_CONFIG_GLOBAL=harmless.cfg git lg", "ALLOW"],
  ["a config file that does not exist", "GIT_CONFIG_GLOBAL=missing.cfg git status", "ALLOW"],
  ["a config file whose alias is not called", "GIT_CONFIG_GLOBAL=cfg git status", "ALLOW"],
  ["git's own exec path", "GIT_EXEC_PATH=/usr/lib/git-core git status", "ALLOW"],
  ["another repository for a read", "GIT_DIR=e.git git log", "ALLOW"],
  ["a harmless -c config in GIT_CONFIG_PARAMETERS", `GIT_CONFIG_PARAMETERS="'color.ui=never'" git log`, "ALLOW"],
];

// Finding 5: options whose value git runs.
const OPTIONS: Row[] = [
  ["fetch --upload-pack", `git fetch --upload-pack=${RM} origin`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["fetch --upload-pack as the next word", `git fetch --upload-pack ${RM} origin`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["fetch --upl (an abbreviation git accepts)", `git fetch --upl=${RM} origin`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["pull --upload-pack", `git pull --upload-pack=${RM} origin`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["clone -u", `git clone -u ${RM} REPO x`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["clone -qu clustered and attached", `git clone -qu${RM} REPO x`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["clone -c with a key git runs", `git clone -c core.fsmonitor=${RM} REPO x`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["ls-remote --upload-pack", `git ls-remote --upload-pack=${RM} REPO`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["ls-remote --exec", `git ls-remote --exec=${RM} REPO`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["archive --remote --exec", `git archive --remote=REPO --exec=${RM} HEAD`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["push --receive-pack", `git push --receive-pack=${RM} REPO`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["push --exec", `git push --exec=${RM} REPO`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["push --rec (abbreviated)", `git push --rec ${RM} REPO`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["difftool -y -x", `git difftool -y -x ${RM} HEAD`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["difftool -yx clustered", `git difftool -yx ${RM} HEAD`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["difftool --extcmd", `git difftool --extcmd=${RM} HEAD`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["difftool --ext abbreviated", `git difftool --ext ${RM} HEAD`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["grep -O attached", `git grep -O${RM} PATTERN`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["grep -nO clustered", `git grep -nO${RM} PATTERN`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["grep --open-files-in-pager", `git grep --open-files-in-pager=${RM} PATTERN`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["grep --open abbreviated", `git grep --open=${RM} PATTERN`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a credential helper run with !", "git -c credential.helper='!rm -rf ~' credential fill <<<'url=https://x'", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a credential helper given as an absolute path with arguments", `git -c credential.helper='/bin/sh -c "rm -rf ~"' credential fill`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a submodule update command", "git -c submodule.x.update='!rm -rf ~' submodule update", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a trailer command", "git -c trailer.s.command='rm -rf ~' commit --trailer s=x", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["instaweb --httpd", `git instaweb --httpd=${RM}`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["send-email --sendmail-cmd", `git send-email --sendmail-cmd=${RM} x.patch`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["an option hidden in an unknown expansion", "git fetch $OPTS origin", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  // Harmless lookalikes.
  ["a plain fetch", "git fetch origin main", "ALLOW"],
  ["fetch -u (--update-head-ok, no command)", "git fetch -u origin", "ALLOW"],
  ["a quoted variable as an operand", 'git fetch "$REMOTE"', "ALLOW"],
  ["a plain clone", "git clone http://127.0.0.1:8766/x/y", "ALLOW"],
  ["grep -e taking -O as its pattern", `git grep -e -O${RM} x`, "ALLOW"],
  ["grep -O with the default pager", "git grep -O x", "ALLOW"],
  ["difftool with a named tool", "git difftool -y -t vimdiff HEAD", "ALLOW"],
  ["a stored credential helper", "git -c credential.helper=store credential fill", "ALLOW"],
  ["a credential cache with options", "git -c credential.helper='cache --timeout=3600' push origin main", "ALLOW"],
];

// Finding 6: subcommands that run commands.
const RUNNERS: Row[] = [
  ["submodule foreach with dashed arguments", "git submodule foreach rm -rf ~", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["submodule foreach --recursive", "git submodule foreach --recursive rm -rf ~", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["submodule -q foreach -q --", "git submodule -q foreach -q -- rm -rf ~", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["rebase -qx clustered", "git rebase -qx 'rm -rf ~' HEAD~1", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["rebase --exe= abbreviated", "git rebase --exe='rm -rf ~' HEAD~1", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["rebase --ex abbreviated, next word", "git rebase --ex 'rm -rf ~' HEAD~1", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["rebase -xCMD attached", "git rebase -x'rm -rf ~' HEAD~1", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["bisect run", "git bisect run rm -rf ~", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["filter-branch --tree-filter", "git filter-branch --tree-filter 'rm -rf ~' HEAD", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["filter-branch --msg-filter=", "git filter-branch --msg-filter='rm -rf ~' HEAD", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["filter-branch --index-filter climbing out of its checkout", "git filter-branch --index-filter 'rm -rf ../../../Documents' HEAD", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["a shell alias runs at the top of the work tree", "git -c alias.x='!rm -rf src' x", "RELOCATE", "RELOCATE_TREE"],
  // Harmless lookalikes.
  ["submodule foreach git pull", "git submodule foreach git pull", "ALLOW"],
  ["submodule foreach echo", "git submodule foreach 'echo $name'", "ALLOW"],
  ["rebase -x running tests", "git rebase -x 'npm test' main", "ALLOW"],
  ["rebase -X strategy option", "git rebase -Xours main", "ALLOW"],
  ["bisect run make", "git bisect run make test", "ALLOW"],
  ["filter-branch removing a file in its own checkout asks for the history only", "git filter-branch --tree-filter 'rm -f secrets.txt' HEAD", "ASK", "ASK_GIT_HISTORY_LOSS"],
  ["filter-branch with git rm --cached", "git filter-branch --index-filter 'git rm --cached --ignore-unmatch secrets.txt' HEAD", "ASK", "ASK_GIT_HISTORY_LOSS"],
];

// Finding 7: output files.
const OUTPUTS: Row[] = [
  ["diff --output onto a startup file", "git diff --output=$HOME/.bashrc", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["diff --output as the next word", "git diff --output ~/.bashrc", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["archive -o onto a document", "git archive -o ~/Documents/notes.txt HEAD", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["archive -vo clustered", "git archive -vo ~/Documents/notes.txt HEAD", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["archive --outp abbreviated", "git archive --outp=$HOME/Documents/notes.txt HEAD", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["log --output onto a document", "git log -1 --output=$HOME/Documents/notes.txt", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["show --output onto a document", "git show --output=$HOME/Documents/notes.txt", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["stash show --output", "git stash show -p --output=$HOME/.bashrc", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["bundle create onto a document", "git bundle create ~/Documents/notes.txt HEAD", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["diff --output into .git", "git diff --output=.git/config", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["format-patch -o into .git", "git format-patch -o .git/hooks HEAD~1", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["diff --output onto a workspace file is relocated", "git diff --output=README.md", "RELOCATE", "RELOCATE_TREE"],
  ["checkout-index -f under another prefix", "git checkout-index -a -f --prefix=$HOME/", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["-C moves where a relative output lands", "git -C src diff --output=main.ts", "RELOCATE", "RELOCATE_TREE"],
  // Harmless lookalikes.
  ["diff --output to a new file", "git diff --output=out.diff", "ALLOW"],
  ["log --output to /dev/null", "git log -p --output=/dev/null", "ALLOW"],
  ["archive into a new file", "git archive -o release.tar HEAD", "ALLOW"],
  ["format-patch into a folder", "git format-patch -o patches/ HEAD~1", "ALLOW"],
  ["checkout-index into an export folder", "git checkout-index -a --prefix=export/", "ALLOW"],
  ["diff --output-indicator-new is no output file", "git diff --output-indicator-new=+ HEAD", "ALLOW"],
];

// Finding 14: ref moves, as `switch -C` (asks) and `reset --soft/--mixed` (allowed, reflog kept).
const REFS: Row[] = [
  ["checkout -B resets an existing branch like switch -C", "git checkout -B master HEAD~1", "ASK", "ASK_GIT_HISTORY_LOSS"],
  ["checkout -qB clustered", "git checkout -qB master HEAD~1", "ASK", "ASK_GIT_HISTORY_LOSS"],
  ["checkout -Bname attached", "git checkout -Bmaster", "ASK", "ASK_GIT_HISTORY_LOSS"],
  ["switch -C", "git switch -C master HEAD~1", "ASK", "ASK_GIT_HISTORY_LOSS"],
  ["switch -Cname attached is -C, not -f", "git switch -Cfixup", "ASK", "ASK_GIT_HISTORY_LOSS"],
  ["checkout -b creates", "git checkout -b feature", "ALLOW"],
  ["checkout -bname with an f in it forces nothing", "git checkout -bfix", "ALLOW"],
  ["reset --keep moves the current branch, keeping local changes (reflog kept, like --soft)", "git reset --keep HEAD~1", "ALLOW"],
  ["reset --soft", "git reset --soft HEAD~1", "ALLOW"],
  ["rebase --onto rewrites the current branch (reflog kept, like any rebase)", "git rebase --onto HEAD~1 HEAD master", "ALLOW"],
];

describe("red team 3: git", () => {
  for (const [group, rows] of [["environment", ENVIRONMENT], ["options that run commands", OPTIONS], ["subcommands that run commands", RUNNERS], ["output files", OUTPUTS], ["ref moves", REFS]] as const) {
    describe(group, () => {
      for (const [name, command, decision, reason] of rows) {
        test(`${name}: ${decision}${reason ? ` ${reason}` : ""}`, () => {
          const r = check(command);
          expect(reason ? [r.decision, r.reason] : r.decision).toEqual(reason ? [decision, reason] : decision);
        });
      }
    });
  }
});

describe("red team 3: git reads the check's environment", () => {
  test("a command-carrying variable of the hook's environment is analysed", () => {
    expect(check("git commit --allow-empty", { GIT_EDITOR: "rm -rf ~;:" }).reason).toBe("BLOCK_PROTECTED_ANCESTOR");
    expect(check("git log", { PAGER: "rm -rf ~;:" }).reason).toBe("BLOCK_PROTECTED_ANCESTOR");
    expect(check("git st", { GIT_CONFIG_GLOBAL: join(fx.ws, "cfg") }).reason).toBe("BLOCK_PROTECTED_ANCESTOR");
    expect(check("git status", { GIT_TRACE: join(fx.home, ".bashrc") }).reason).toBe("ASK_OUTSIDE_WORKSPACE");
  });
  test("everyday values of the hook's environment stay allowed", () => {
    const env = { EDITOR: "vim", VISUAL: "code --wait", PAGER: "less -R", GIT_PAGER: "delta --dark", GIT_ASKPASS: "/usr/share/code/resources/app/extensions/git/dist/askpass.sh", SSH_ASKPASS: "/usr/lib/ssh/ssh-askpass" };
    for (const command of ["git status", "git log -5", "git commit -m x", "git fetch origin", "git rebase -i HEAD~2"]) expect(check(command, env).decision).toBe("ALLOW");
  });
  test("a variable the line unsets is not read from the environment", () => {
    expect(check("unset GIT_EDITOR; git commit", { GIT_EDITOR: "rm -rf ~;:" }).decision).toBe("ALLOW");
  });
});

describe("red team 3: git's config syntax", () => {
  test("GIT_CONFIG_PARAMETERS in both formats, with quotes escaped", () => {
    expect(parseConfigParameters(`'alias.a=!echo' 'core.pager'='less -R' 'x.y=it'\\''s'`)).toEqual([
      ["alias.a", "!echo"],
      ["core.pager", "less -R"],
      ["x.y", "it's"],
    ]);
    expect(parseConfigParameters("alias.a=!echo")).toBeNull();
    expect(parseConfigParameters("'alias.a=!echo")).toBeNull();
  });
  test("config files: headers, subsections, quoting, comments, continuations", () => {
    const text = '[alias]\n  st = "!rm -rf ~" # note\n[Core] Pager = less \\\n  -R\n[diff "x"]\n\ttextconv = cat ; c\n[alias.y] z\n';
    expect(parseGitConfig(text)).toEqual([
      ["alias.st", "!rm -rf ~"],
      ["core.pager", "less   -R"],
      ["diff.x.textconv", "cat"],
      ["alias.y.z", "true"],
    ]);
    expect(parseGitConfig("[alias\nx = y")).toBeNull();
    expect(parseGitConfig('[a]\nx = "open')).toBeNull();
    expect(parseGitConfig("x = 1")).toBeNull();
  });
});
