import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, ASK_OUT, NOOP, OK, OUTSIDE, PROTECTED, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Version control systems other than git (docs/check.md, "Other version control systems"):
// Mercurial (hg, chg), Sapling (sl), Subversion, Jujutsu, Fossil, Bazaar/Breezy, darcs, Pijul,
// git-annex and git-lfs. Every row here was ALLOW_NO_EFFECT (or ALLOW_NOOP) before
// lib/guard/effects/other-vcs.ts. The guard never runs these tools (`hg status` runs the
// repository's hooks): the verdicts come from the words alone.
const LOSS: [Decision, ReasonCode] = ["ASK", "ASK_GIT_HISTORY_LOSS"];
const STORE: [Decision, ReasonCode] = ["ASK", "ASK_DATA_STORE_DESTROY"];
const fx = useGuardFixture();
const table = verdictRows(fx);
// The stores of other VCS in the workspace, and a nested hg repository (session 9).
for (const path of [".hg/store/00changelog.i", ".svn/wc.db", ".jj/repo/store/type", ".bzr/branch-format", "vendor/lib/.hg/hgrc", ".hgignore"]) {
  mkdirSync(join(fx.ws, path, ".."), { recursive: true });
  writeFileSync(join(fx.ws, path), "x\n");
}

// Deleting files the guard cannot enumerate: untracked and ignored files of the whole working
// copy, as `git clean -f` when its targets cannot be listed.
table("deletes of files the guard cannot enumerate", [
  ["hg purge", "hg purge", ...UNKNOWN],
  ["hg purge --all", "hg purge --all", ...UNKNOWN],
  ["hg clean (purge's alias)", "hg clean --files", ...UNKNOWN],
  ["a unique prefix of purge", "hg pur --all", ...UNKNOWN],
  ["chg is hg", "chg purge", ...UNKNOWN],
  ["options before the subcommand", "hg -R . --config ui.verbose=1 purge", ...UNKNOWN],
  ["--cwd before the subcommand", "hg --cwd src purge --all", ...UNKNOWN],
  ["an inline repository option", "hg -R. purge", ...UNKNOWN],
  ["sl purge", "sl purge", ...UNKNOWN],
  ["sl clean", "sl clean --all", ...UNKNOWN],
  ["svn cleanup --remove-unversioned", "svn cleanup --remove-unversioned", ...UNKNOWN],
  ["svn cleanup --remove-ignored", "svn cleanup --remove-ignored .", ...UNKNOWN],
  ["svn options first", "svn --non-interactive cleanup --remove-unversioned", ...UNKNOWN],
  ["fossil clean", "fossil clean", ...UNKNOWN],
  ["fossil clean -x --force", "fossil clean -x --force", ...UNKNOWN],
  ["fossil clean --verily", "fossil clean --verily", ...UNKNOWN],
  ["fossil --chdir first", "fossil --chdir src clean --force", ...UNKNOWN],
  ["a unique prefix of fossil clean", "fossil cle --force", ...UNKNOWN],
  ["bzr clean-tree", "bzr clean-tree --unknown --force", ...UNKNOWN],
  ["brz clean-tree", "brz clean-tree --ignored --force", ...UNKNOWN],
]);

// Uncommitted work discarded with no copy kept, and history rewritten without a backup.
table("work or history a VCS command loses", [
  ["hg update --clean", "hg update --clean", ...LOSS],
  ["hg up -C REV", "hg up -C default", ...LOSS],
  ["hg checkout -C", "hg checkout -C tip", ...LOSS],
  ["hg co --clean", "hg co --clean", ...LOSS],
  ["-C in a cluster", "hg up -vC", ...LOSS],
  ["a unique prefix of update", "hg upd -C", ...LOSS],
  ["hg --cwd DIR up -C", "hg --cwd src up -C", ...LOSS],
  ["hg revert --no-backup", "hg revert -a --no-backup", ...LOSS],
  ["hg revert -C", "hg revert -C src/main.ts", ...LOSS],
  ["hg revert -aC", "hg revert -aC", ...LOSS],
  ["hg rollback", "hg rollback", ...LOSS],
  ["a unique prefix of rollback", "hg rollb", ...LOSS],
  ["hg strip --no-backup", "hg strip --no-backup -r 5", ...LOSS],
  ["hg debugstrip --no-backup", "hg debugstrip --no-backup 5", ...LOSS],
  ["hg prune (evolve)", "hg prune -r .", ...LOSS],
  ["svn revert", "svn revert -R .", ...LOSS],
  ["svn revert FILE", "svn revert src/main.ts", ...LOSS],
  ["svn options first", "svn --non-interactive revert -R .", ...LOSS],
  ["svn switch --force", "svn switch --force ^/branches/x", ...LOSS],
  ["svn sw --force", "svn sw --force ^/branches/x .", ...LOSS],
  ["svn resolve --accept theirs-full", "svn resolve --accept theirs-full -R .", ...LOSS],
  ["svn resolve --accept=tf", "svn resolve --accept=tf src/main.ts", ...LOSS],
  ["svn update --accept base", "svn update --accept base", ...LOSS],
  ["svn merge --accept tc", "svn merge --accept tc ^/trunk", ...LOSS],
  ["svn up --accept theirs-conflict", "svn up --accept theirs-conflict", ...LOSS],
  ["bzr revert --no-backup", "bzr revert --no-backup", ...LOSS],
  ["brz revert --no-backup", "brz revert --no-backup src", ...LOSS],
  ["pijul reset", "pijul reset", ...LOSS],
  ["pijul reset FILE", "pijul reset src/main.ts", ...LOSS],
  ["sl revert --no-backup", "sl revert --all --no-backup", ...LOSS],
  ["sl goto -C", "sl goto -C main", ...LOSS],
  ["sl goto --clean", "sl goto --clean .", ...LOSS],
  ["jj op abandon", "jj op abandon ..@-", ...LOSS],
  ["jj operation abandon", "jj operation abandon abc", ...LOSS],
  ["jj -R REPO op abandon", "jj -R . op abandon abc", ...LOSS],
  ["jj options between", "jj op --ignore-working-copy abandon abc", ...LOSS],
  ["fossil checkout --force (no undo)", "fossil checkout --force trunk", ...LOSS],
  ["fossil purge obliterate", "fossil purge obliterate", ...LOSS],
  ["darcs obliterate without an output bundle", "darcs obliterate -a -p x", ...LOSS],
]);

// A computed word where the subcommand or a deciding option stands: any of them may be the
// destructive reading.
table("computed subcommands and options", [
  ["hg $SUB", 'hg "$SUB" --all', ...UNKNOWN],
  ["hg $ARGS", "hg $ARGS", ...UNKNOWN],
  ["hg -R repo $SUB", "hg -R . $SUB", ...UNKNOWN],
  ["svn $SUB", "svn $SUB -R .", ...UNKNOWN],
  ["jj $SUB", "jj $SUB", ...UNKNOWN],
  ["jj op $SUB", "jj op $SUB abc", ...UNKNOWN],
  ["fossil $(cat f)", 'fossil "$(cat f)"', ...UNKNOWN],
  ["bzr $SUB", "bzr $SUB", ...UNKNOWN],
  ["darcs $SUB", "darcs $SUB", ...UNKNOWN],
  ["pijul $SUB", "pijul $SUB", ...UNKNOWN],
  ["sl $SUB", "sl $SUB", ...UNKNOWN],
  ["git annex $SUB", "git annex $SUB --force .", ...UNKNOWN],
  ["hg up $FLAGS", "hg up $FLAGS", ...UNKNOWN],
  ["hg revert $OPTS", "hg revert $OPTS --all", ...UNKNOWN],
  ["hg strip $OPTS", "hg strip $OPTS -r 5", ...UNKNOWN],
  ["svn switch $OPTS", "svn switch $OPTS ^/branches/x", ...UNKNOWN],
  ["bzr revert $OPTS", "bzr revert $OPTS", ...UNKNOWN],
  ["svn up $X", "svn up $X", ...UNKNOWN],
  ["an option from a file", 'hg update "$(cat opts)"', ...UNKNOWN],
  ["a quoted revision stays one", 'hg update "$REV"', ...OK],
  ["a quoted computed value of -r", 'hg update -r "$REV"', ...OK],
  ["an unquoted one may be several words", "hg update -r $REV", ...UNKNOWN],
  ["a computed --cwd", 'hg --cwd "$D" rm -f main.ts', ...UNKNOWN],
  ["a computed --cwd, an absolute path", 'hg --cwd "$D" rm -f ~/Documents', ...OUTSIDE],
]);

// Working files deleted through the VCS: judged as `rm -rf PATH` (relocated in the workspace,
// refused outside it), forced or not: unforced, the tools delete unmodified tracked files only,
// but the guard cannot tell which those are without running the VCS.
table("working-file deletes through a VCS", [
  ["svn delete --force", "svn delete --force src", ...RELOCATE],
  ["svn rm", "svn rm src", ...RELOCATE],
  ["svn remove --force FILE", "svn remove --force README.md", ...RELOCATE],
  ["svn del outside", "svn del --force ~/Documents", ...OUTSIDE],
  ["svn rm a protected path", "svn rm --force /etc/hosts", ...PROTECTED],
  ["svn rm the home", "svn rm --force ~", ...ANCESTOR],
  ["svn rm --keep-local deletes nothing", "svn rm --keep-local src", ...OK],
  ["svn rm URL deletes in the repository (its history keeps it)", "svn rm ^/branches/x -m gone", ...OK],
  ["svn rm with a peg revision", "svn rm --force src@BASE", ...RELOCATE],
  ["svn rm --targets FILE", "svn rm --force --targets list.txt", ...UNKNOWN],
  ["hg remove -f", "hg remove -f src/main.ts", ...RELOCATE],
  ["hg rm -f", "hg rm -f src", ...RELOCATE],
  ["hg rm", "hg rm README.md", ...RELOCATE],
  ["hg rm outside", "hg rm -f ~/.bashrc", ...OUTSIDE],
  ["hg --cwd DIR rm -f", "hg --cwd src rm -f main.ts", ...RELOCATE],
  ["hg --cwd DIR rm -f outside", "hg --cwd ~ rm -f Documents", ...OUTSIDE],
  ["hg rm -A records deletes only", "hg rm -A src", ...OK],
  ["hg rm -n is a dry run", "hg rm -n src", ...NOOP],
  ["hg rm of a fileset", "hg rm -f 'set:modified()'", ...UNKNOWN],
  ["hg rm -I PATTERN", "hg rm -f -I '*.ts'", ...UNKNOWN],
  ["sl rm -f", "sl rm -f src", ...RELOCATE],
  ["fossil rm --hard", "fossil rm --hard src", ...RELOCATE],
  ["fossil delete --hard", "fossil delete --hard README.md", ...RELOCATE],
  ["fossil rm --hard outside", "fossil rm --hard ~/Documents", ...OUTSIDE],
  ["fossil rm unmanages only", "fossil rm src", ...OK],
  ["fossil rm --soft wins", "fossil rm --hard --soft src", ...OK],
  ["bzr remove --force", "bzr remove --force src", ...RELOCATE],
  ["bzr rm", "bzr rm README.md", ...RELOCATE],
  ["bzr remove --keep", "bzr remove --keep src", ...OK],
]);

// Recoverable commands, read-only and ordinary ones stay ALLOW.
table("recoverable and ordinary commands", [
  ["hg revert keeps .orig files", "hg revert --all", ...OK],
  ["hg revert -a", "hg revert -a", ...OK],
  ["hg revert -n", "hg revert -n --no-backup --all", ...NOOP],
  ["hg strip keeps a backup bundle", "hg strip -r 5", ...OK],
  ["hg push -f adds heads", "hg push -f", ...OK],
  ["hg histedit", "hg histedit", ...OK],
  ["hg status", "hg status", ...OK],
  ["hg st is status, not strip", "hg st", ...OK],
  ["hg log", "hg log -r tip", ...OK],
  ["hg diff", "hg diff", ...OK],
  ["hg commit", "hg commit -m 'update -C docs'", ...OK],
  ["hg up REV", "hg up default", ...OK],
  ["hg update", "hg update", ...OK],
  ["hg purge --print lists", "hg purge --print", ...NOOP],
  ["hg pull -u", "hg pull -u", ...OK],
  ["an ambiguous prefix", "hg ro", ...OK],
  ["svn status", "svn status", ...OK],
  ["svn update", "svn update", ...OK],
  ["svn commit", "svn commit -m x", ...OK],
  ["svn cleanup", "svn cleanup", ...OK],
  ["svn switch", "svn switch ^/branches/x", ...OK],
  ["svn log", "svn log -l 5", ...OK],
  ["svn resolve --accept mine-full keeps local work", "svn resolve --accept mine-full -R .", ...OK],
  ["svn update --accept postpone", "svn update --accept p", ...OK],
  ["svn resolve --accept working", "svn resolve --accept working src/main.ts", ...OK],
  ["svn update with a computed --accept", 'svn update --accept "$A"', ...UNKNOWN],
  ["jj log", "jj log", ...OK],
  ["jj new", "jj new", ...OK],
  ["jj describe", "jj describe -m x", ...OK],
  ["jj abandon", "jj abandon @", ...OK],
  ["jj restore", "jj restore", ...OK],
  ["jj restore --from", "jj restore --from @- src", ...OK],
  ["jj undo", "jj undo", ...OK],
  ["jj op restore", "jj op restore abc", ...OK],
  ["jj op log", "jj op log", ...OK],
  ["jj edit", "jj edit x", ...OK],
  ["jj git push is jj's own", "jj git push --force", ...OK],
  ["fossil revert (fossil undo)", "fossil revert", ...OK],
  ["fossil undo", "fossil undo", ...OK],
  ["fossil timeline", "fossil timeline", ...OK],
  ["fossil clean -n", "fossil clean -n", ...NOOP],
  ["fossil checkout", "fossil checkout trunk", ...OK],
  ["bzr revert keeps .~N~ backups", "bzr revert", ...OK],
  ["bzr log", "bzr log", ...OK],
  ["bzr clean-tree --dry-run", "bzr clean-tree --dry-run --unknown", ...NOOP],
  ["darcs revert (darcs unrevert)", "darcs revert -a", ...OK],
  ["darcs obliterate -o keeps a bundle", "darcs obliterate -a -o x.dpatch", ...OK],
  ["darcs whatsnew", "darcs whatsnew", ...OK],
  ["pijul record", "pijul record -m x", ...OK],
  ["sl revert", "sl revert --all", ...OK],
  ["sl goto", "sl goto main", ...OK],
  ["sl status", "sl status", ...OK],
  ["git lfs prune (the remote keeps them)", "git lfs prune", ...OK],
  ["git lfs fetch", "git lfs fetch", ...OK],
  ["git annex drop checks copies", "git annex drop .", ...OK],
  ["git annex unused --force", "git annex unused --force", ...OK],
  ["git annex dropunused", "git annex dropunused all", ...OK],
  ["a wrapped program after jj's subcommand", "jj util exec -- rm -rf ~", ...ANCESTOR],
]);

// Exports and archives write the tree's files into a folder (replacing what is there, as
// `tar -x -C DIR` does) or one archive file.
table("exports and archives", [
  ["svn export --force into the home", "svn export --force http://127.0.0.1:9/r/trunk ~", ...ASK_OUT],
  ["svn export --force of a working copy", "svn export --force . ~", ...ASK_OUT],
  ["svn export --force into the workspace", "svn export --force ^/trunk out", ...OK],
  ["svn export's default folder", "svn export --force ^/trunk", ...OK],
  ["svn export --force into a system folder", "svn export --force http://127.0.0.1:9/r/trunk /etc", ...PROTECTED],
  ["unforced, svn refuses an existing folder", "svn export http://127.0.0.1:9/r/trunk ~", ...OK],
  ["hg archive onto a file outside", "hg archive -t tar ~/.bashrc", ...ASK_OUT],
  ["hg archive of files into the home", "hg archive -t files ~", ...ASK_OUT],
  ["hg archive by its extension", "hg archive -r tip ~/.bashrc.zip", ...NOOP],
  ["hg archive into the workspace", "hg archive out", ...OK],
  ["hg archive to stdout", "hg archive -t tar -", ...OK],
  ["hg archive with a name pattern", "hg archive ~/x-%h", ...UNKNOWN],
  ["hg archive with computed options", "hg archive $OPTS out", ...UNKNOWN],
  ["darcs obliterate -O writes a bundle", "darcs obliterate -O -a", ...OK],
]);

table("git-annex drops that may lose the last copy", [
  ["git annex drop --force", "git annex drop --force .", ...STORE],
  ["git annex dropunused --force", "git annex dropunused --force all", ...STORE],
  ["git options first", "git -C . annex drop --force x", ...STORE],
  ["git-annex", "git-annex drop --force x", ...STORE],
  ["git annex drop --numcopies=0", "git annex drop --numcopies=0 big.iso", ...STORE],
  ["git annex drop -N 0", "git annex drop -N 0 big.iso", ...STORE],
  ["git annex drop --mincopies 0", "git annex drop --mincopies 0 big.iso", ...STORE],
  ["git -c annex.numcopies=0", "git -c annex.numcopies=0 annex drop big.iso", ...STORE],
  ["git-annex -c annex.numcopies=0", "git-annex drop -c annex.numcopies=0 big.iso", ...STORE],
  ["git annex drop --numcopies=2 checks copies", "git annex drop --numcopies=2 big.iso", ...OK],
  ["git -c annex.numcopies=2 checks copies", "git -c annex.numcopies=2 annex drop big.iso", ...OK],
]);

// jj util gc --expire prunes operations and unreachable commits older than the time given.
table("jj util gc --expire", [
  ["jj util gc --expire=now", "jj util gc --expire=now", ...LOSS],
  ["jj util gc --expire now", "jj util gc --expire now", ...LOSS],
  ["jj util gc keeps two weeks", "jj util gc", ...OK],
  ["jj util completion", "jj util completion bash", ...OK],
]);

// Configuration given on the command line that runs code: hooks, shell aliases, editors, pagers
// and merge tools run as shell text (hg runs hooks in the repository's root, which the guard does
// not know: a relative path there is unknown), an alias of the command run is that command, an
// extension loads Python the guard does not read.
table("configuration on the command line that runs code", [
  ["an hg hook", "hg --config hooks.pre-status='rm -rf ~' status", ...ANCESTOR],
  ["an hg hook with a relative path", "hg --config 'hooks.post-log=rm -rf src' log", ...UNKNOWN],
  ["--config after the subcommand", "hg log --config hooks.pre-log='rm -rf ~'", ...ANCESTOR],
  ["--config= inline", "hg --config=hooks.pre-log='rm -rf ~' log", ...ANCESTOR],
  ["a Python hook", "hg --config hooks.pre-log=python:mod.fn log", ...UNKNOWN],
  ["a shell alias run", "hg --config 'alias.st=!rm -rf ~' st", ...ANCESTOR],
  ["an alias of the command run", "hg --config 'alias.status=purge --all' status", ...UNKNOWN],
  ["an alias not run", "hg --config 'alias.x=!rm -rf ~' log", ...OK],
  ["an extension from a file", "hg --config extensions.evil=/tmp/x.py status", ...UNKNOWN],
  ["a bundled extension enabled", "hg --config extensions.rebase= log", ...OK],
  ["an editor", "hg --config ui.editor='rm -rf ~' commit", ...ANCESTOR],
  ["sl too", "sl --config hooks.pre-status='rm -rf ~' status", ...ANCESTOR],
  ["a computed configuration", 'hg --config "$C" log', ...UNKNOWN],
  ["a user name", "hg --config ui.username=x commit -m y", ...OK],
  ["a jj alias", `jj --config 'aliases.x=["op", "abandon"]' x`, ...UNKNOWN],
  ["a jj config file", "jj --config-file x.toml log", ...UNKNOWN],
  ["a jj user name", "jj --config user.name=x describe -m y", ...OK],
]);

// Configuration files the tool reads by itself, written earlier in the line: their hooks and
// aliases are code the guard does not read (as a Makefile written before `make`).
table("configuration files the line wrote", [
  ["the repository's hgrc", "printf '[hooks]\\npre-status=rm -rf ~\\n' >> .hg/hgrc; hg status", ...PROTECTED], // session 9: the store itself is protected
  ["sl reads it too", "printf '[hooks]\\npre-status=rm -rf ~\\n' >> .hg/hgrc; sl status", ...PROTECTED], // session 9: the store itself is protected
  ["HGRCPATH names a written file", "printf '[hooks]\\npre-log=rm -rf ~\\n' > x.rc; HGRCPATH=x.rc hg log", ...UNKNOWN],
  ["jj's repository configuration", "printf '[aliases]\\nl = [\"op\", \"abandon\"]\\n' >> .jj/repo/config.toml; jj l", ...PROTECTED], // session 9: the store itself is protected
  ["another file written", "echo x > notes.txt; hg status", ...NOOP],
]);

// Session 8: programs svn runs by its options and configuration, and those hg and svn take from
// their environment (judged as run, like git's `-c core.editor` and GIT_EDITOR); HGRCPATH set by
// the line names configuration the guard does not read, as `--config-file` does.
table("programs svn runs, and hg's and svn's environment", [
  ["svn --editor-cmd is shell text", "svn commit --editor-cmd 'rm -rf ~'", ...ANCESTOR],
  ["svn --editor-cmd with an editor", "svn commit --editor-cmd vim", ...OK],
  ["svn --diff-cmd runs a script the line wrote", "printf 'rm -rf ~\\n' > x.sh; svn diff --diff-cmd ./x.sh", ...ANCESTOR],
  ["svn --diff3-cmd too", "printf 'rm -rf ~\\n' > x.sh; svn merge --diff3-cmd=./x.sh ^/trunk", ...ANCESTOR],
  ["svn --diff-cmd runs the program without a shell", "svn diff --diff-cmd 'rm -rf ~'", ...OK],
  ["svn --diff-cmd of a computed program", 'svn diff --diff-cmd "$X"', ...UNKNOWN],
  ["svn --config-option's editor", "svn commit --config-option 'config:helpers:editor-cmd=rm -rf ~'", ...ANCESTOR],
  ["svn --config-option's diff program", "printf 'rm -rf ~\\n' > x.sh; svn diff --config-option config:helpers:diff-cmd=./x.sh", ...ANCESTOR],
  ["svn --config-option's tunnel", "svn --config-option 'config:tunnels:x=rm -rf ~' co svn+x://127.0.0.1/r", ...ANCESTOR],
  ["svn --config-option computed", 'svn log --config-option "$C"', ...UNKNOWN],
  ["svn --config-option of another setting", "svn up --config-option=servers:global:http-timeout=5", ...OK],
  ["SVN_EDITOR", "SVN_EDITOR='rm -rf ~' svn commit", ...ANCESTOR],
  ["HGEDITOR", "HGEDITOR='rm -rf ~' hg commit", ...ANCESTOR],
  ["HGEDITOR exported earlier", "export HGEDITOR='rm -rf ~'; hg commit", ...ANCESTOR],
  ["EDITOR for hg", "EDITOR='rm -rf ~' hg commit", ...ANCESTOR],
  ["HGEDITOR computed", 'HGEDITOR="$E" hg commit', ...UNKNOWN],
  ["HGEDITOR with an editor", "HGEDITOR=vim hg commit", ...OK],
  ["HGMERGE", "HGMERGE='rm -rf ~' hg merge", ...ANCESTOR],
  ["HGMERGE of hg's own tool", "HGMERGE=internal:merge hg merge", ...OK],
  ["ui.merge", "sl --config ui.merge='rm -rf ~' merge", ...ANCESTOR],
  ["HGRCPATH set by the line", "HGRCPATH=/tmp/x.rc hg log", ...UNKNOWN],
  ["HGRCPATH emptied", "HGRCPATH= hg log", ...OK],
  ["HGRCPATH=/dev/null", "HGRCPATH=/dev/null hg log", ...OK],
]);

// Session 9: jj's and bzr's editors (JJ_EDITOR, BZR_EDITOR, BRZ_EDITOR, then VISUAL and EDITOR)
// and jj's pager are judged as hg's and svn's are; JJ_CONFIG and a plugin path set by the line
// name files the guard does not read.
table("jj's and bzr's environment", [
  ["JJ_EDITOR", "JJ_EDITOR='rm -rf ~' jj describe", ...ANCESTOR],
  ["JJ_EDITOR exported earlier", "export JJ_EDITOR='rm -rf ~'; jj describe", ...ANCESTOR],
  ["EDITOR for jj", "EDITOR='rm -rf ~' jj split", ...ANCESTOR],
  ["PAGER for jj", "PAGER='rm -rf ~' jj log", ...ANCESTOR],
  ["JJ_EDITOR computed", 'JJ_EDITOR="$E" jj describe', ...UNKNOWN],
  ["JJ_EDITOR with an editor", "JJ_EDITOR='code --wait' jj describe", ...OK],
  ["JJ_CONFIG set by the line", "JJ_CONFIG=/tmp/x.toml jj log", ...UNKNOWN],
  ["JJ_CONFIG emptied", "JJ_CONFIG= jj log", ...OK],
  ["BZR_EDITOR", "BZR_EDITOR='rm -rf ~' bzr commit", ...ANCESTOR],
  ["BRZ_EDITOR", "BRZ_EDITOR='rm -rf ~' brz commit", ...ANCESTOR],
  ["EDITOR for bzr", "EDITOR='rm -rf ~' bzr commit", ...ANCESTOR],
  ["BZR_EDITOR with an editor", "BZR_EDITOR=nano bzr commit", ...OK],
  ["BZR_PLUGIN_PATH set by the line", "BZR_PLUGIN_PATH=./plugins bzr status", ...UNKNOWN],
  ["BRZ_PLUGIN_PATH's keywords", "BRZ_PLUGIN_PATH=-site:-user brz status", ...OK],
]);

// Session 10: BZR_HOME/BRZ_HOME (and XDG_CONFIG_HOME or HOME moved by the line) name the folder
// Bazaar and Breezy take their configuration and plugins from: computed, written by the line or
// holding plugins or configuration files it is unknown, as HGRCPATH and JJ_CONFIG are. Each
// unknown row was ALLOW_NO_EFFECT before.
for (const path of ["bzr-plugins/.bazaar/plugins/x.py", "brz-conf/breezy/breezy.conf", "bzr-xdg/bazaar/bazaar.conf", "bzr-empty/.bazaar/authentication.conf"]) {
  mkdirSync(join(fx.ws, path, ".."), { recursive: true });
  writeFileSync(join(fx.ws, path), "[DEFAULT]\n");
}
mkdirSync(join(fx.ws, "bzr-none"), { recursive: true });
table("bzr's and brz's configuration folder", [
  ["BZR_HOME written by the line", "mkdir -p h/.bazaar/plugins && cp x.py h/.bazaar/plugins/ && BZR_HOME=h bzr status", ...UNKNOWN],
  ["BZR_HOME's bazaar.conf written", "printf '[DEFAULT]\\neditor=rm -rf ~\\n' > h/.bazaar/bazaar.conf; BZR_HOME=$PWD/h bzr commit", ...UNKNOWN],
  ["BZR_HOME exported, the folder written after", "export BZR_HOME=/tmp/h; printf x > /tmp/h/.bazaar/locations.conf; bzr log", ...UNKNOWN],
  ["BZR_HOME computed", 'BZR_HOME="$D" bzr status', ...UNKNOWN],
  ["BZR_HOME after a program that writes unseen files", "python3 mk.py; BZR_HOME=bzr-none bzr status", ...UNKNOWN],
  ["BZR_HOME holding plugins", "BZR_HOME=bzr-plugins bzr status", ...UNKNOWN],
  ["BRZ_HOME holding breezy.conf", "BRZ_HOME=brz-conf brz commit", ...UNKNOWN],
  ["brz falls back to BZR_HOME's folder", "BZR_HOME=bzr-plugins brz status", ...UNKNOWN],
  ["XDG_CONFIG_HOME's bazaar folder", "XDG_CONFIG_HOME=bzr-xdg bzr commit", ...UNKNOWN],
  ["HOME moved to a written folder", "mkdir -p h/.bazaar && printf x > h/.bazaar/bazaar.conf && HOME=$PWD/h bzr status", ...UNKNOWN],
  ["BZR_HOME emptied is the working folder", "mkdir -p .bazaar/plugins && cp x.py .bazaar/plugins/ && BZR_HOME= bzr status", ...UNKNOWN],
  ["BZR_HOME of a folder with no configuration", "BZR_HOME=bzr-none bzr status", ...OK],
  ["BZR_HOME with credentials only", "BZR_HOME=bzr-empty bzr log", ...OK],
  ["BZR_HOME of a missing folder", "BZR_HOME=/tmp/no-such-bzr-home bzr status", ...OK],
  ["BRZ_HOME is not bzr's", "BRZ_HOME=brz-conf bzr status", ...OK],
  ["git ignores BZR_HOME", "BZR_HOME=bzr-plugins git status", ...OK],
]);

// Session 8: configuration files written before the tool reads them: svn's configuration folder;
// the user's configuration of hg, svn, bzr and jj written at all asks as `~/.gitconfig` does.
table("other VCS configuration files written", [
  ["svn's --config-dir", "printf '[helpers]\\neditor-cmd=rm -rf ~\\n' > cfg/config; svn --config-dir cfg commit", ...UNKNOWN],
  ["svn's user configuration", "printf '[helpers]\\neditor-cmd=rm -rf ~\\n' > ~/.subversion/config; svn commit", ...UNKNOWN],
  ["~/.hgrc", "printf '[hooks]\\npre-status=rm -rf ~\\n' > ~/.hgrc", ...ASK_OUT],
  ["hg's XDG hgrc", "printf '[hooks]\\npre-status=x\\n' >> ~/.config/hg/hgrc", ...ASK_OUT],
  ["~/.subversion/config", "printf '[helpers]\\neditor-cmd=x\\n' > ~/.subversion/config", ...ASK_OUT],
  ["~/.bazaar/bazaar.conf", "printf '[ALIASES]\\nst=x\\n' >> ~/.bazaar/bazaar.conf", ...ASK_OUT],
  ["jj's user configuration", "printf '[aliases]\\n' >> ~/.config/jj/config.toml", ...ASK_OUT],
  ["Sapling's repository configuration", "printf '[hooks]\\npre-status=rm -rf ~\\n' >> .sl/config; sl status", ...PROTECTED], // session 9: the store itself is protected
  ["Sapling's user configuration", "printf '[hooks]\\n' >> ~/.config/sapling/sapling.conf", ...ASK_OUT],
]);

// Session 8: bzr switch --force loses the bound branch's local commits; fossil scrub deletes from
// the repository itself, with no undo (as git's `gc --prune=now` and `reflog expire` ask).
table("bzr switch --force and fossil scrub", [
  ["bzr switch --force", "bzr switch --force other", ...LOSS],
  ["brz switch --force", "brz switch --force other", ...LOSS],
  ["bzr switch --force by a prefix", "bzr switch --for other", ...LOSS],
  ["bzr switch", "bzr switch other", ...OK],
  ["bzr switch $OPTS", "bzr switch $OPTS other", ...UNKNOWN],
  ["fossil scrub", "fossil scrub", ...LOSS],
  ["fossil scrub --verily --force", "fossil scrub --verily --force repo.fossil", ...LOSS],
  ["fossil scrub --private", "fossil scrub --private", ...LOSS],
  ["a unique prefix of scrub", "fossil scr --verily", ...LOSS],
]);

// Session 9: the other tools' stores are protected storage as any `.git` is (docs/check.md,
// "Decisions where the spec is silent"): each row was RELOCATE (or ALLOW_NOOP) before.
table("other VCS stores", [
  ["hg's store", "rm -rf .hg", ...PROTECTED],
  ["svn's", "rm -rf .svn", ...PROTECTED],
  ["jj's", "rm -rf .jj", ...PROTECTED],
  ["bzr's", "rm -rf .bzr", ...PROTECTED],
  ["inside one", "rm -rf .hg/store", ...PROTECTED],
  ["a nested repository's", "rm -rf vendor/lib/.hg", ...PROTECTED],
  ["moved away", "mv .svn /tmp/svn-old", ...PROTECTED],
  ["overwritten", "echo x > .jj/repo/store/type", ...PROTECTED],
  ["darcs's, not there yet", "rm -rf _darcs", ...PROTECTED],
  ["a file beside the store", "rm .hgignore", ...RELOCATE],
  ["read", "cat .hg/store/00changelog.i", ...OK],
  ["the tool's own command", "hg commit -m x", ...OK],
]);

// Session 10: Fossil's repository (a `*.fossil` file anywhere) and its checkout database
// (`.fslckout`, `_FOSSIL_`) are stores too; each row was ALLOW (NOOP or NO_EFFECT) before.
table("fossil's stores", [
  ["a repository deleted", "rm -f repo.fossil", ...PROTECTED],
  ["one moved away", "mv project.fossil /tmp/", ...PROTECTED],
  ["one overwritten", "cp other.txt repo.fossil", ...PROTECTED],
  ["re-permissioned", "chmod 600 repo.fossil", ...PROTECTED],
  ["the checkout database", "rm .fslckout", ...PROTECTED],
  ["the Windows checkout database", "echo x > _FOSSIL_", ...PROTECTED],
  ["the user's configuration database", "rm -rf ~/.fossil", ...PROTECTED],
  ["in a nested folder", "rm -rf vendor/lib/.fslckout", ...PROTECTED],
  ["versioned settings are ordinary files", "rm .fossil-settings/ignore-glob", ...NOOP],
  ["a name that only starts so", "rm repo.fossil.txt", ...NOOP],
  ["read", "cat repo.fossil", ...OK],
  ["fossil's own commands", "fossil clone http://127.0.0.1/x x.fossil", ...OK],
]);
