import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";

// Session 17: two false positives an earlier hunt found, and their dangerous neighbours.
// 1. `git worktree remove --force "$tmp"` of the worktree the line made in `tmp=$(mktemp -d)`
//    asked ASK_GIT_HISTORY_LOSS; it is now judged as `rm -rf "$tmp"` (git-subcommands.ts
//    freshWorktree, posix/temp-output.ts freshOperand).
// 2. Perl code naming a path segment of modifier letters with two `e`s after a `/`
//    (`/release/`) was read as `s///ee` and blocked; the test now reads substitutions
//    (perl-substitutions.ts), and reads every delimiter, which it did not before.
// Commands are only judged; nothing runs.
const fx = useGuardFixture();
const table = verdictRows(fx);
const HISTORY: [Decision, ReasonCode] = ["ASK", "ASK_GIT_HISTORY_LOSS"];
const TEMP: [Decision, ReasonCode] = ["ALLOW", "ALLOW_TEMP_PATH"];

const MADE = 'tmp=$(mktemp -d) && git worktree add "$tmp" HEAD';

table("a forced removal of the worktree the line made in a new temporary folder", [
  ["test run in a throwaway worktree", `${MADE} && (cd "$tmp" && npm test) && git worktree remove --force "$tmp"`, ...OK],
  ["-f, unquoted", 'tmp=$(mktemp -d) && git worktree add $tmp HEAD && git worktree remove -f $tmp', ...OK],
  ["twice forced, braced", 'tmp=$(mktemp -d) && git worktree add "${tmp}" && git worktree remove --force --force "${tmp}"', ...OK],
  ["a fresh folder that is no worktree", 'tmp=$(mktemp -d) && git worktree remove --force "$tmp"', ...TEMP],
  ["another repository's worktree there", 'tmp=$(mktemp -d) && git -C ../other worktree add "$tmp" && git -C ../other worktree remove --force "$tmp"', ...OK],
  ["without --force, as before", `${MADE} && git worktree remove "$tmp"`, ...OK],
  ["rm -rf after the add, as before", `${MADE} && rm -rf "$tmp"`, ...OK],
]);

table("a forced removal of any other worktree still asks or blocks", [
  // Red team: the folder removed and replaced by a link to a real worktree, which git follows.
  ["the fresh folder replaced by a link", 'tmp=$(mktemp -d) && rmdir "$tmp" && ln -s ../wt "$tmp" && git worktree remove --force "$tmp"', ...HISTORY],
  ["the fresh folder moved away and replaced by a link", 'tmp=$(mktemp -d) && mv "$tmp" /tmp/elsewhere && ln -s ../wt "$tmp" && git worktree remove --force "$tmp"', ...HISTORY],
  ["a worktree named by path", "git worktree remove --force ../other", ...HISTORY],
  ["one under /tmp that exists before the line", "git worktree remove --force /tmp/wt", ...HISTORY],
  ["a literal spelled like the stand-in", 'tmp=$(mktemp -d) && git worktree remove --force /tmp/tmp.XXXXXXXXXX', ...HISTORY],
  ["an unknown variable", 'git worktree remove --force "$tmp"', ...HISTORY],
  ["another worktree after a fresh one", `${MADE} && git worktree remove --force ../other`, ...HISTORY],
  ["the fresh one and another", `${MADE} && git worktree remove --force "$tmp" ../other`, ...HISTORY],
  ["a folder below the fresh one", `${MADE} && git worktree remove --force "$tmp/sub"`, ...HISTORY],
  ["a prefix assignment", 'tmp=$(mktemp -d) && X=1 git worktree remove --force "$tmp"', ...HISTORY],
  ["the name assigned again", 'tmp=$(mktemp -d) && tmp=../other && git worktree remove --force "$tmp"', ...UNKNOWN],
  ["in a loop", 'for i in 1 2; do tmp=$(mktemp -d) && git worktree add "$tmp" && git worktree remove --force "$tmp"; done', ...UNKNOWN],
  ["in a function body", 'tmp=$(mktemp -d) && f() { git worktree remove --force "$tmp"; } && f', ...UNKNOWN],
  ["unquoted under a changed IFS", 'IFS=/ && tmp=$(mktemp -d) && git worktree add $tmp && git worktree remove --force $tmp', ...UNKNOWN],
  ["an existing worktree moved into it", 'tmp=$(mktemp -d) && mv ../wt "$tmp/" && git worktree remove --force "$tmp"', ...UNKNOWN],
  ["an existing worktree moved to it", 'tmp=$(mktemp -d) && rmdir "$tmp" && git worktree move ../wt "$tmp" && git worktree remove --force "$tmp"', ...UNKNOWN],
  ["moved to it after a removal", `${MADE} && git worktree remove "$tmp" && git worktree move ../wt "$tmp" && git worktree remove --force "$tmp"`, ...UNKNOWN],
]);

table("Perl code naming a path of modifier letters", [
  ["open a release file", `perl -e 'open(my $f, "<", "/srv/release/notes.txt") or die; print <$f>'`, ...OK],
  ["a fixture folder", `perl -e 'print -d "/tmp/leogriel-guard-x/y" ? 1 : 0'`, ...OK],
  ["a match on the path", "perl -ne 'print if m{/release/}' notes.txt", ...OK],
  ["a substitution of it", "perl -pe 's{/release/}{/releases/}g' notes.txt", ...OK],
  ["interpolated after an array element", `perl -e 'my @s = split /,/, $x; print "$s[0]/release/ee"'`, ...OK],
  ["a single e", "perl -e 's/x/$c/e'", ...OK],
]);

table("Perl substitutions that evaluate twice still block", [
  ["s///ee", "perl -e 's/x/$c/ee'", ...UNKNOWN],
  ["-pe", "perl -pe 's/x/$c/ee' a.txt", ...UNKNOWN],
  ["bound", "perl -e '$x =~ s/a/b/ee'", ...UNKNOWN],
  ["bound, no space", "perl -e '$x=~s/a/b/ee'", ...UNKNOWN],
  ["braces", "perl -e 's{x}{$c}ee'", ...UNKNOWN],
  ["braces over a comment", "perl -e 's{x} # c\n{$c}ee'", ...UNKNOWN],
  ["a comment before the delimiter", "perl -e 's #c\n/x/$c/ee'", ...UNKNOWN],
  ["hashes", "perl -e 's#x#$c#ee'", ...UNKNOWN],
  ["single quotes", `perl -e "s'x'\\$c'ee"`, ...UNKNOWN],
  ["parentheses", "perl -e 's(x)($c)ee'", ...UNKNOWN],
  ["parentheses around a resolved call", `perl -e 's(x)(unlink("a") . $c)ee'`, ...UNKNOWN],
  ["angle brackets", "perl -e 's<x><$c>ee'", ...UNKNOWN],
  ["mixed brackets", "perl -e 's(x)<$c>ee'", ...UNKNOWN],
  ["braces then slashes", "perl -e 's{x}/$c/ee'", ...UNKNOWN],
  ["commas", "perl -e 's,x,$c,ee'", ...UNKNOWN],
  ["a letter after a space", "perl -e 's xaxcxee'", ...UNKNOWN],
  ["backslashes", "perl -e 's\\x\\$c\\ee'", ...UNKNOWN],
  ["an escaped delimiter", "perl -e 's/x\\/y/$c/ee'", ...UNKNOWN],
  ["nested braces", "perl -e 's{a{b}c}{$c}ee'", ...UNKNOWN],
  ["an escaped brace", "perl -e 's{a\\}b}{$c}ee'", ...UNKNOWN],
  ["eeg", "perl -e 's/x/$code/eeg'", ...UNKNOWN],
  ["ege", "perl -e 's/x/$c/ege'", ...UNKNOWN],
  ["gee", "perl -e 's/x/$c/gee'", ...UNKNOWN],
  ["after an operator", "perl -e '$y = $x %s/a/$c/ee'", ...UNKNOWN],
  ["a letter run after the modifiers", "perl -e 's/x/$c/eeand 1'", ...UNKNOWN],
  ["a delimiter outside the BMP", "perl -e 'use utf8; s\u{1F600}x\u{1F601}y\u{1F600}$c\u{1F600}ee'", ...UNKNOWN],
  ["in a heredoc", "perl <<'EOF'\nmy $c = <STDIN>;\ns/x/$c/ee;\nEOF", ...UNKNOWN],
]);
