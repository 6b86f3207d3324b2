import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, RELOCATE, REMOTE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 11: scratch folders made by mktemp (posix/temp-output.ts, posix/cwd-flow.ts). Agents
// work in `$(mktemp -d)` all the time; `d=$(mktemp -d) && …` was read for a lowercase name only,
// and entering the folder (`cd "$d"`) made the directory unknown, as its stand-in
// `$TMPDIR/tmp.XXXXXXXXXX` does not exist. mktemp's behaviour (GNU coreutils 9.1, bash 5.2, dash,
// zsh) was confirmed in test/support/sandbox.sh. Commands are only judged.
const fx = useGuardFixture();
const table = verdictRows(fx);
const noTmpdir = verdictRows({ ws: fx.ws, env: { ...fx.env, TMPDIR: undefined } });
const URL = "https://example.com/x/y.git";
const TEMP = ["ALLOW", "ALLOW_TEMP_PATH"] as const;

table("a fresh folder in an uppercase name", [
  ["a clone into it", `D=$(mktemp -d) && git clone ${URL} "$D"`, ...OK],
  ["a file written in it", `D=$(mktemp -d) && touch "$D/a"`, ...OK],
  ["a copy into it, then its removal", `TMP=$(mktemp -d) && cp -r src "$TMP" && rm -rf "$TMP"`, ...TEMP],
  ["its removal after a clone (cleanup)", `D=$(mktemp -d) && git clone ${URL} "$D" && rm -rf "$D"`, ...OK],
  ["a name below it", `D=$(mktemp -d) && rm -rf "$D/sub"`, ...TEMP],
  ["a fresh file for an edit", `D=$(mktemp) && cat package.json > "$D" && mv "$D" package.json`, ...TEMP],
]);

table("an uppercase name the shell reads, or anything but the fresh folder, as before", [
  ["reassigned after ;", `D=$(mktemp -d); D=~; rm -rf "$D"`, ...UNKNOWN],
  ["reassigned after && (two values: unknown)", `D=$(mktemp -d) && D=~ && rm -rf "$D"`, ...UNKNOWN],
  ["joined with an unknown", `D=$(mktemp -d) && rm -rf "$D$X"`, ...UNKNOWN],
  ["after ; (a failed mktemp leaves it empty)", `D=$(mktemp -d); rm -rf "$D"/*`, ...UNKNOWN],
  ["IFS splits on its letters", `IFS=$(mktemp -d) && rm -rf "$IFS"`, ...UNKNOWN],
  ["HOME moves ~", `HOME=$(mktemp -d) && rm -rf ~/x`, ...UNKNOWN],
  ["GLOBIGNORE", `GLOBIGNORE=$(mktemp -d) && rm -rf "$GLOBIGNORE"`, ...UNKNOWN],
  ["a TMPDIR the line sets", `TMPDIR=/var/tmp; D=$(mktemp -d) && rm -rf "$D"`, ...UNKNOWN],
]);

table("cd into the fresh folder of d=$(mktemp -d) && …", [
  ["a file written there", `d=$(mktemp -d) && cd "$d" && touch a`, ...OK],
  ["unquoted", `d=$(mktemp -d) && cd $d && touch a`, ...OK],
  ["braced, a clone there", `D=$(mktemp -d) && cd "\${D}" && git clone ${URL}`, ...OK],
  ["a repository made there", `d=$(mktemp -d) && cd "$d" && git init`, ...OK],
  ["its entries removed", `d=$(mktemp -d) && cd "$d" && rm -rf *`, ...TEMP],
  ["with a cleanup trap", `d=$(mktemp -d) && trap 'rm -rf "$d"' EXIT && cd "$d" && git clone ${URL}`, ...TEMP],
  ["-t with a template", `d=$(mktemp -d -t build.XXXXXX) && cd "$d" && touch a`, ...OK],
  ["--tmpdir=/tmp", `d=$(mktemp -d --tmpdir=/tmp) && cd "$d" && touch a`, ...OK],
]);

table("cd into it, then anything that may be elsewhere, as before", [
  ["cd .. out of it", `d=$(mktemp -d) && cd "$d" && cd .. && rm -rf *`, ...UNKNOWN],
  ["a folder below it", `d=$(mktemp -d) && cd "$d" && mkdir x && cd x && touch a`, ...UNKNOWN],
  ["after ; (mktemp may have failed)", `d=$(mktemp -d) && cd "$d"; rm -rf *`, ...UNKNOWN],
  ["d after ;", `d=$(mktemp -d); cd "$d" && rm -rf *`, ...UNKNOWN],
  ["a fresh file is no folder", `d=$(mktemp) && cd "$d" && rm -rf *`, ...UNKNOWN],
  ["a file's name in a group", `a=$(mktemp -d) && b=$(mktemp) && { cd "$b"; rm -rf *; }`, ...UNKNOWN],
  ["reassigned to the stand-in's spelling", `d=$(mktemp -d) && d=/tmp/tmp.XXXXXXXXXX && { cd "$d"; rm -rf *; }`, ...UNKNOWN],
  ["the stand-in spelled out", `d=$(mktemp -d) && { cd /tmp/tmp.XXXXXXXXXX; rm -rf *; }`, ...UNKNOWN],
  ["reassigned in a subshell", `d=$(mktemp -d) && ( d=/tmp/tmp.XXXXXXXXXX ) && { cd "$d"; rm -rf *; }`, ...UNKNOWN],
  ["settled only in a subshell", `d=/tmp/tmp.XXXXXXXXXX; ( d=$(mktemp -d) && : ); { cd "$d"; rm -rf *; }`, ...UNKNOWN],
  ["a trimmed value", `d=$(mktemp -d) && { cd "\${d%X}X"; rm -rf *; }`, ...UNKNOWN],
  ["split by an IFS the line sets", `d=$(mktemp -d) && IFS=/ && { cd $d; rm -rf *; }`, ...UNKNOWN],
  ["a link to HOME removed with a slash", `d=$(mktemp -d) && cd "$d" && ln -s ~ h && rm -rf h/`, ...UNKNOWN],
  ["find -L through a link", `d=$(mktemp -d) && cd "$d" && ln -s ~/Documents h && find -L . -delete`, ...UNKNOWN],
  ["a subshell's cd does not move the line", `d=$(mktemp -d) && (cd "$d" && touch a) && rm -rf *`, ...RELOCATE],
  ["in a loop", `for i in 1; do d=$(mktemp -d) && cd "$d" && rm -rf *; done`, ...UNKNOWN],
  ["cd -P", `d=$(mktemp -d) && cd -P "$d" && touch a`, ...UNKNOWN],
  // Only what runs after the cd's own `&&` runs in the folder: the cd fails once the line removed
  // or locked it, and a command after `;` or `||` runs where the line was.
  ["after ; in a group", `d=$(mktemp -d) && { cd "$d"; rm -rf *; }`, ...UNKNOWN],
  ["a locked folder", `d=$(mktemp -d) && chmod 000 "$d" && { cd "$d"; rm -rf *; }`, ...UNKNOWN],
  ["after the && chain closed in a group", `d=$(mktemp -d) && { cd "$d" && touch a; rm -rf *; }`, ...UNKNOWN],
  ["after ||", `d=$(mktemp -d) && cd "$d" && touch a || rm -rf *`, ...UNKNOWN],
  ["a negated cd", `d=$(mktemp -d) && ! cd "$d" && rm -rf *`, ...UNKNOWN],
  ["a cd in a pipeline stage", `d=$(mktemp -d) && true | cd "$d" && rm -rf *`, ...RELOCATE],
  ["a cd in the background", `d=$(mktemp -d) && cd "$d" & rm -rf *`, ...RELOCATE],
  ["an if's condition", `d=$(mktemp -d) && if cd "$d"; then rm -rf *; fi`, ...UNKNOWN],
  ["the folder replaced by a link", `d=$(mktemp -d) && rmdir "$d" && ln -s ~ "$d" && cd "$d" && rm -rf *`, ...UNKNOWN],
  ["a function body run after a reassignment", `d=$(mktemp -d) && f() { cd "$d" && rm -rf *; } && d=~ && f`, ...UNKNOWN],
  ["a loop body that reassigns", `d=$(mktemp -d) && while true; do cd "$d" && rm -rf *; d=~; done`, ...UNKNOWN],
  ["a program the line fetched there (remote code, as ./newdir/install.sh after a clone)", `d=$(mktemp -d) && git clone ${URL} "$d" && cd "$d" && ./install.sh`, ...REMOTE],
]);

table("cd into it, then what runs after its &&", [
  ["a subshell", `d=$(mktemp -d) && cd "$d" && (rm -rf *)`, ...TEMP],
  ["a group", `d=$(mktemp -d) && cd "$d" && { rm -rf *; }`, ...TEMP],
  ["an EXIT trap set there", `d=$(mktemp -d) && cd "$d" && trap 'rm -rf *' EXIT && touch a`, ...TEMP],
  ["twice", `d=$(mktemp -d) && cd "$d" && cd "$d" && rm -rf *`, ...TEMP],
  ["a fetched script run by bash asks, as anywhere", `d=$(mktemp -d) && git clone ${URL} "$d" && cd "$d" && bash install.sh`, "ASK", "ASK_REMOTE_CODE"],
]);

// `cd "$(mktemp -d)"` is not read: when mktemp fails (a full disk, a missing TMPDIR) it prints
// nothing, and `cd ""` succeeds and stays (bash 5.2, dash and zsh in the sandbox), so what follows
// `&&` runs in the working directory the line started in.
table("cd into a substitution, as before", [
  ["a file written there", `cd "$(mktemp -d)" && touch a`, ...UNKNOWN],
  ["cd .. out of it", `cd "$(mktemp -d)" && cd .. && rm -rf *`, ...UNKNOWN],
  ["into a credential folder", `cd "$(mktemp -p ~/.ssh -d)" && touch a`, ...UNKNOWN],
]);

table("mktemp's options and templates", [
  ["-dt NAME", `d=$(mktemp -dt build.XXXXXX) && rm -rf "$d"`, ...TEMP],
  ["--tmpdir NAME", `d=$(mktemp -d --tmpdir build.XXXXXX) && rm -rf "$d"`, ...TEMP],
  ["-p TMPDIR", `d=$(mktemp -d -p /tmp) && rm -rf "$d"`, ...TEMP],
  ["-p TMPDIR with a template", `d=$(mktemp -d -p /tmp x.XXXXXX) && rm -rf "$d"`, ...TEMP],
  ["-p another temporary folder than TMPDIR (BSD's mktemp takes TMPDIR)", `d=$(mktemp -d -p /var/tmp) && rm -rf "$d"`, ...UNKNOWN],
  ["-p a credential folder", `d=$(mktemp -d -p ~/.ssh) && touch "$d/a"`, ...UNKNOWN],
  ["-p a relative folder", `d=$(mktemp -d -p .git) && touch "$d/a"`, ...UNKNOWN],
  ["-p with ..", `d=$(mktemp -d -p /tmp/../etc) && rm -rf "$d"`, ...UNKNOWN],
  ["-p computed", `d=$(mktemp -d -p "$X") && rm -rf "$d"`, ...UNKNOWN],
  ["-t with a path", `d=$(mktemp -d -t ../x.XXXXXX) && rm -rf "$d"`, ...UNKNOWN],
  ["a template alone is made in the working directory", `d=$(mktemp -d x.XXXXXX) && rm -rf "$d"`, ...UNKNOWN],
  ["an absolute template", `d=$(mktemp -d /tmp/x.XXXXXX) && rm -rf "$d"`, ...UNKNOWN],
  ["-u makes nothing", `d=$(mktemp -d -u) && rm -rf "$d"`, ...UNKNOWN],
  ["-t not ending its cluster's letters", `d=$(mktemp -td x.XXXXXX) && rm -rf "$d"`, ...UNKNOWN],
  ["-t with a TMPDIR the line sets", `TMPDIR=/tmp; d=$(mktemp -d -t x.XXXXXX) && rm -rf "$d"`, ...UNKNOWN],
]);

noTmpdir("mktemp -p with TMPDIR unset", [
  ["-p /var/tmp", `d=$(mktemp -d -p /var/tmp) && rm -rf "$d"`, ...TEMP],
  ["-p a credential folder", `d=$(mktemp -d -p ~/.ssh) && cd "$d" && touch a`, ...UNKNOWN],
  ["-p an autostart folder", `d=$(mktemp -d -p ~/.config/autostart) && cd "$d" && touch a.desktop`, ...UNKNOWN],
]);
