import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ASK_OUT, NOOP, OK, OUTSIDE, SECRET, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Red-team pass 12 (docs/check.md, "Also seen" of the session 5 hunt): xargs' unknown input was
// one unknown word, and mv, cp, ln or chmod with one operand do nothing, so `cat list.txt | xargs
// mv` was ALLOW_NO_EFFECT while xargs may pass `a b dir`. Unknown input is now read as one word,
// two words (two or more) and, without -r, none (GNU xargs runs the command once on empty input);
// `-n 1` gives each run one word, `-I` one line per run. And `ln TARGET` with one operand links
// TARGET into the working directory (`ln -sf /x/.bashrc` run in HOME replaced ~/.bashrc).
const fx = useGuardFixture();
const table = verdictRows(fx);

table("xargs of unknown input: any number of words", [
  ["mv of a list", "cat list.txt | xargs mv", ...UNKNOWN],
  ["mv of downloaded names", "curl -s https://example.com/list | xargs mv", ...UNKNOWN],
  ["mv from a redirection", "xargs mv < list.txt", ...UNKNOWN],
  ["-n 2 still passes two", "cat list.txt | xargs -n 2 mv", ...UNKNOWN],
  ["-L 1 passes every word of a line", "cat list.txt | xargs -L 1 mv", ...UNKNOWN],
  ["-n 1 then -L 1: the last counts", "cat list.txt | xargs -n 1 -L 1 mv", ...UNKNOWN],
  ["-0 items", "cat list.txt | xargs -0 mv", ...UNKNOWN],
  ["cp", "cat list.txt | xargs cp", ...UNKNOWN],
  ["cp -r", "cat list.txt | xargs cp -r", ...UNKNOWN],
  ["ln", "cat list.txt | xargs ln", ...UNKNOWN],
  ["ln -s", "cat list.txt | xargs ln -s", ...UNKNOWN],
  ["chmod with the mode in the input", "cat list.txt | xargs chmod", ...UNKNOWN],
  ["chown", "cat list.txt | xargs chown", ...UNKNOWN],
  ["install", "cat list.txt | xargs install", ...UNKNOWN],
  ["rsync", "cat list.txt | xargs rsync", ...UNKNOWN],
  ["empty input runs git reset --hard once", "cat list.txt | xargs git reset --hard", ...UNKNOWN],
  ["rm as before", "cat list.txt | xargs rm -rf", ...UNKNOWN],
]);

table("xargs of unknown input: what the count does not change", [
  ["grep", "cat list.txt | xargs grep foo", ...OK],
  ["wc -l", "git ls-files | xargs wc -l", ...OK],
  ["cat", "cat list.txt | xargs cat", ...OK],
  ["ls", "cat list.txt | xargs ls -l", ...OK],
  ["-n 1 mv gets one operand per run", "cat list.txt | xargs -n 1 mv", ...OK],
  ["-I: one line per run into a folder", "cat list.txt | xargs -I{} cp {} dest/", ...NOOP],
  ["cp -t into a folder", "cat list.txt | xargs cp -t dest/", ...NOOP],
  ["-r: no run on empty input", "cat list.txt | xargs -r echo", ...OK],
  ["a credential file read as before", "echo ~/.ssh/id_rsa | xargs cat", ...SECRET],
  ["-I mv still moves unknown names", "cat list.txt | xargs -I{} mv {} dest/", ...UNKNOWN],
]);

table("ln with one operand links into the working directory", [
  ["over a startup file in HOME", "cd ~ && ln -sf /tmp/evil/.bashrc", ...OUTSIDE],
  ["the same with the folder named", "cd ~ && ln -sf /tmp/evil/.bashrc .", ...OUTSIDE],
  ["into ~/.ssh", "cd ~/.ssh && ln -sf /tmp/x/authorized_keys", ...ASK_OUT],
  ["xargs -n 1 ln -sf in HOME", "cd ~ && cat list.txt | xargs -n 1 ln -sf", ...ASK_OUT],
  ["a new link in the workspace", "ln -s ../shared/config.json", ...OK],
  ["-T wants a destination", "cd ~ && ln -sfT /tmp/evil/.bashrc", ...OK],
]);
