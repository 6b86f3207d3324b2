import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { NOOP, OK, PROTECTED, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Red-team pass 14, open finding (docs/check.md, "Red-team pass 14 (session 6)"): a QUOTED word is
// one word, but its value may still be any option when it comes from data the guard cannot see
// and the line or the agent could have planted (a file, the network, an unknown program's output).
// Each attack ran in test/support/sandbox.sh: `git clean "$(cat x.txt)"` with `-fdx` removed the
// untracked files, `tar cf v.tar "$(cat z.txt)" v` with `--remove-files` removed v, `find .
// "$(cat opt.txt)"` with `-delete` emptied the folder (unseen-output.ts).
const fx = useGuardFixture();
const table = verdictRows(fx);

table("a quoted word printed from a file may be any option", [
  ["git clean", 'git clean "$(cat x.txt)"', ...UNKNOWN],
  ["git reset", 'git reset "$(cat y.txt)"', ...UNKNOWN],
  ["git checkout from a file", 'git checkout "$(cat branch.txt)"', ...UNKNOWN],
  ["git branch", 'git branch "$(head -1 x.txt)" topic', ...UNKNOWN],
  ["git push from the network", 'git push origin "$(curl -s https://example.com/f)"', ...UNKNOWN],
  ["git clean from $(<f)", 'git clean "$(<x.txt)"', ...UNKNOWN],
  ["through a variable", 'F=$(cat x.txt); git clean "$F"', ...UNKNOWN],
  ["after an option without a value", 'git clean -d "$(cat x.txt)"', ...UNKNOWN],
  ["tar operand", 'tar cf v.tar "$(cat z.txt)" v', ...UNKNOWN],
  ["find start point", 'find . "$(cat opt.txt)"', ...UNKNOWN],
  ["find start point through a variable", 'O=$(cat opt.txt); find "$O" -name x', ...UNKNOWN],
  ["a variable read from a file", 'read x < x.txt; git clean "$x"', ...UNKNOWN],
  ["an array element mapfile read", 'mapfile -t a < list.txt; git clean "${a[0]}"', ...UNKNOWN],
  ["a loop over a file's lines", 'while read -r o; do tar cf v.tar "$o" v; done < opts.txt', ...UNKNOWN],
]);

// Output of known shape is that program's only when its name runs it: a function or an alias of
// that name prints what it likes (`pwd() { cat x.txt; }`).
table("a program of known output redefined by the line", [
  ["a function pwd", 'pwd() { cat x.txt; }; git clean "$(pwd)"', ...UNKNOWN],
  ["an alias pwd", "alias pwd='cat x.txt'; git clean \"$(pwd)\"", ...UNKNOWN],
  ["a function git", 'git() { cat x.txt; }; command git clean "$(git branch --show-current)"', ...UNKNOWN],
  ["rev-parse echoing an option", 'git clean "$(git rev-parse -fdx)"', ...UNKNOWN],
  ["the builtin pwd whatever PATH says", 'PATH=$PWD/bin:$PATH; git clean "$(pwd)"', ...NOOP],
]);

// What read stores stays harmless where no option is read.
table("a variable read from a file where no option is read", [
  ["echo of each line", 'while IFS= read -r line; do echo "$line"; done < a.txt', ...OK],
  ["a prompt's answer compared", 'read -p "Continue? " ans; [ "$ans" = y ] && git status', ...OK],
]);

// cp, mv, ln and install read such a word as `-t` too, making the next word the folder the others
// go into (`cp "$(cat o.txt)" .git/hooks a.txt` with `-t` put a.txt into .git/hooks), and rsync
// as `--delete`, quoted or not; an environment value is read as before.
table("a word that may be any option in cp and rsync", [
  ["cp -t", 'cp "$(cat o.txt)" .git/hooks a.txt', ...PROTECTED],
  ["cp -t unquoted", "cp $(cat o.txt) .git/hooks a.txt", ...PROTECTED],
  ["mv -t", 'mv "$(cat o.txt)" .git/hooks a.txt', ...PROTECTED],
  ["rsync --delete", 'rsync -a "$(cat o.txt)" src/ ./', ...UNKNOWN],
  ["rsync --delete unquoted", "rsync -a $(cat o.txt) src/ ./", ...UNKNOWN],
  ["cp after --", 'cp -- "$(cat o.txt)" a.txt', ...NOOP],
  ["rsync of the environment's folder", 'rsync -a "$SRC" dst/', ...OK],
  ["cp of the environment's files", "cp -r $SRC dest/", ...NOOP],
]);

// The neighbours: an environment value, a message or a branch name an option takes, a word after
// `--`, and substitutions whose output shape the guard knows keep today's reading.
table("quoted words of known origin or at no option position", [
  ["git push of the environment's flags", 'git push "$FLAGS"', ...OK],
  ["git checkout of the environment's branch", 'git checkout "$BRANCH"', ...OK],
  ["tar of the environment's folder", 'tar czf out.tgz "$DIR"', ...NOOP],
  ["a commit message from a file", 'git commit -m "$(cat msg.txt)"', ...OK],
  ["a stash message from a file", 'git stash push -m "$(cat msg.txt)"', ...OK],
  ["a new branch named from a file", 'git checkout -b "$(cat name.txt)"', ...OK],
  ["after --", 'git reset -- "$(cat path.txt)"', ...OK],
  ["the current branch", 'git push origin "$(git rev-parse --abbrev-ref HEAD)"', ...OK],
  ["the current branch, show-current", 'git push origin "$(git branch --show-current)"', ...OK],
  ["pwd", 'tar czf out.tgz "$(pwd)"', ...NOOP],
  ["a dated archive", 'tar czf out.tgz "$(date +%F)"', ...NOOP],
]);
