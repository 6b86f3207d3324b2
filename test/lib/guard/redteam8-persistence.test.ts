import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ASK_OUT, NOOP, OK, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Eighth red-team pass: start-up files of other programs, credential helpers and PATH folders
// created outside the workspace (H3), `git mv -f` over a file with uncommitted work (H5) and
// `git apply --unsafe-paths` (H6).
const fx = useGuardFixture();
mkdirSync(join(fx.ws, "docs"), { recursive: true });
writeFileSync(join(fx.ws, "docs", "README.md"), "docs\n");


const table = verdictRows(fx);

table("red-team 8 H3: start-up files, credential helpers and PATH folders ask", [
  ["~/.gdbinit", "echo 'shell rm -rf ~' > ~/.gdbinit", ...ASK_OUT],
  ["~/.gdbinit appended", "echo 'shell rm -rf ~' >> ~/.gdbinit", ...ASK_OUT],
  ["gdb's XDG init", "mkdir -p ~/.config/gdb; echo 'shell rm -rf ~' > ~/.config/gdb/gdbinit", ...ASK_OUT],
  ["~/.lesskey", "printf '#env\\nLESSOPEN=|rm -rf ~ %s\\n' > ~/.lesskey", ...ASK_OUT],
  ["~/.config/lesskey", "printf '#env\\nLESSOPEN=|x %s\\n' > ~/.config/lesskey", ...ASK_OUT],
  ["~/.psqlrc", "echo '\\! rm -rf ~' > ~/.psqlrc", ...ASK_OUT],
  ["~/.sqliterc", "echo '.shell rm -rf ~' > ~/.sqliterc", ...ASK_OUT],
  ["aws credential_process appended", "printf '[default]\\ncredential_process = sh -c x\\n' >> ~/.aws/config", ...ASK_OUT],
  ["aws config created", "printf '[default]\\ncredential_process = sh -c x\\n' > ~/.aws/config", ...ASK_OUT],
  ["gpg-agent pinentry", "echo 'pinentry-program /tmp/x' >> ~/.gnupg/gpg-agent.conf", ...ASK_OUT],
  ["ipython config", "mkdir -p ~/.ipython/profile_default; echo 'import os' > ~/.ipython/profile_default/ipython_config.py", ...ASK_OUT],
  ["jupyter config", "mkdir -p ~/.jupyter; echo 'import os' > ~/.jupyter/jupyter_server_config.py", ...ASK_OUT],
  ["gradle init script", "mkdir -p ~/.gradle/init.d; echo x > ~/.gradle/init.d/a.gradle", ...ASK_OUT],
  ["~/.emacs", "echo '(shell-command \"x\")' > ~/.emacs", ...ASK_OUT],
  ["~/.emacs.d/init.el", "mkdir -p ~/.emacs.d; echo x > ~/.emacs.d/init.el", ...ASK_OUT],
  ["~/.Rprofile", "echo 'system(\"x\")' > ~/.Rprofile", ...ASK_OUT],
  ["julia startup", "mkdir -p ~/.julia/config; echo x > ~/.julia/config/startup.jl", ...ASK_OUT],
  ["~/.ghci", "echo ':! x' > ~/.ghci", ...ASK_OUT],
  ["~/.screenrc", "echo 'exec x' > ~/.screenrc", ...ASK_OUT],
  ["~/.perldb", "echo x > ~/.perldb", ...ASK_OUT],
  ["direnvrc", "mkdir -p ~/.config/direnv; echo x > ~/.config/direnv/direnvrc", ...ASK_OUT],
  ["~/.cargo/bin", "mkdir -p ~/.cargo/bin; printf '#!/bin/sh\\nx\\n' > ~/.cargo/bin/git", ...ASK_OUT],
  ["~/.bun/bin", "mkdir -p ~/.bun/bin; printf '#!/bin/sh\\nx\\n' > ~/.bun/bin/git", ...ASK_OUT],
  ["~/.deno/bin", "mkdir -p ~/.deno/bin; echo x > ~/.deno/bin/git", ...ASK_OUT],
  ["~/go/bin", "mkdir -p ~/go/bin; echo x > ~/go/bin/git", ...ASK_OUT],
  ["pyenv shims", "mkdir -p ~/.pyenv/shims; echo x > ~/.pyenv/shims/python3", ...ASK_OUT],
  ["a file deeper in ~/go/bin's tree is no command", "echo x > ~/go/bin/x/y", ...NOOP],
  ["an ordinary new file outside", "echo x > ~/notes-new.txt", ...NOOP],
  ["a startup-like name in the workspace", "echo x > .gdbinit", ...NOOP],
]);

table("red-team 8 H5: git mv -f into a folder replaces the entry of the same name there", [
  ["into a folder holding the name", "git mv -f README.md docs", ...RELOCATE],
  ["into a folder without it", "git mv -f README.md src", ...OK],
]);

table("red-team 8 H6: git apply --unsafe-paths writes outside the work tree", [
  ["into the home", 'git apply --unsafe-paths --directory="$HOME" x.patch', ...UNKNOWN],
  ["a prefix of the option", "git apply --unsafe x.patch", ...UNKNOWN],
  ["--check writes nothing", "git apply --check --unsafe-paths x.patch", ...OK],
  ["without --unsafe-paths git keeps to the work tree", 'git apply --directory="$HOME" x.patch', ...OK],
  ["a plain apply", "git apply x.patch", ...OK],
]);
