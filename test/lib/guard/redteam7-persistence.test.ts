import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ASK_OUT, NOOP, OK, PERSIST, PROTECTED, SECRET, type VerdictRow, verdictRows } from "../../support/verdict-rows.ts";

// Seventh red-team pass: persistent code (C5, H5), `git config -f` (H2), repository moves (C4).
const fx = useGuardFixture();
mkdirSync(join(fx.home, "fresh"), { recursive: true });
mkdirSync(join(fx.home, ".ssh"), { recursive: true });
writeFileSync(join(fx.home, ".ssh", "config"), "Host x\n");

type Row = VerdictRow;

const table = verdictRows(fx);

const site = "~/.local/lib/python3.11/site-packages";
table("C5, H5: code later programs load, written outside the workspace", [
  ["a .pth in the user site folder", `mkdir -p ${site} && echo 'import os' > ${site}/x.pth; python3 -c 1`, ...ASK_OUT],
  ["usercustomize", `echo 'import os' > ${site}/usercustomize.py`, ...ASK_OUT],
  ["sitecustomize through sudo tee", `echo 'import os' | sudo tee ${site}/sitecustomize.py`, ...ASK_OUT],
  ["vimrc append", "echo 'silent !rm -rf ~/.ssh' >> ~/.vimrc", ...ASK_OUT],
  ["nvim init", "echo 'os.execute(1)' >> ~/.config/nvim/init.lua", ...ASK_OUT],
  ["tmux, tee -a", "tee -a ~/.tmux.conf <<< 'run-shell x'", ...ASK_OUT],
  ["cargo config", "printf '[build]\\nrustc-wrapper = \"/tmp/w.sh\"\\n' >> ~/.cargo/config.toml", ...ASK_OUT],
  ["cargo config, old name", 'env sh -c "echo x >> ~/.cargo/config"', ...ASK_OUT],
  ["npmrc (a credential file too)", "echo 'script-shell=/tmp/x' >> ~/.npmrc", ...SECRET],
  ["pip.conf (a credential file too)", "printf '[global]\\n' > ~/.config/pip/pip.conf", ...SECRET],
  ["a command in ~/.local/bin", "printf '#!/bin/sh\\nrm -rf ~/.ssh\\n' > ~/.local/bin/ls && chmod +x ~/.local/bin/ls", ...ASK_OUT],
  ["a command in ~/bin", "cp /dev/stdin ~/bin/git <<< x", ...ASK_OUT],
  ["a systemd user unit", "printf '[Service]\\nExecStart=/bin/true\\n' > ~/.config/systemd/user/x.service", ...ASK_OUT],
  ["a LaunchAgent", "echo x > ~/Library/LaunchAgents/x.plist", ...ASK_OUT],
  ["ipython startup", "echo 'import os' > ~/.ipython/profile_default/startup/0.py", ...ASK_OUT],
  ["systemctl --user enable", "systemctl --user enable --now x", ...PERSIST],
  ["systemctl --user link", "systemctl --user link /tmp/x.service", ...PERSIST],
  ["launchctl load", "launchctl load ~/Library/LaunchAgents/x.plist", ...PERSIST],
  ["launchctl bootstrap", "launchctl bootstrap gui/501 /tmp/x.plist", ...PERSIST],
  ["loginctl enable-linger", "loginctl enable-linger", ...PERSIST],
  // Harmless lookalikes.
  ["notes append", "echo x >> notes.txt", ...OK],
  ["a file deeper under ~/bin", "echo x > ~/bin/a/b", ...NOOP],
  ["a note in home", "echo x > ~/notes2.txt", ...NOOP],
  ["a .pth in the workspace's venv", "mkdir -p .venv/lib/python3.11/site-packages && echo x > .venv/lib/python3.11/site-packages/x.pth", ...OK],
  ["systemctl status", "systemctl --user status x", ...OK],
  ["system systemctl", "sudo systemctl restart nginx", ...OK],
  ["launchctl list", "launchctl list", ...OK],
]);

table("H2: git config -f FILE writes FILE", [
  ["a new bash_profile", "git config -f ~/.bash_profile a.b '$(curl -s http://127.0.0.1:8013/x|sh)'", ...ASK_OUT],
  ["--file=", `git config --file=${fx.home}/.bash_profile a.b c`, ...ASK_OUT],
  ["--fil abbreviation", "git config --fil ~/.bashrc x.y z", ...ASK_OUT],
  ["--unset", "git config -f ~/.bashrc --unset x.y", ...ASK_OUT],
  ["set subcommand", "git config set -f ~/.zshrc x.y z", ...ASK_OUT],
  ["sudo", "sudo git config -f ~/.profile a.b c", ...ASK_OUT],
  ["-C", `env git -C ${fx.home} config -f .bash_profile a.b c`, ...ASK_OUT],
  ["an existing file outside", "git config -f ~/.ssh/config a.b c", ...ASK_OUT],
  ["--global code stays asked", "git config --global core.hooksPath /tmp/h", ...PERSIST],
  ["in the workspace", "git config -f .gitmodules submodule.x.url https://127.0.0.1/x", ...OK],
  ["--get", "git config -f ~/.bashrc --get x.y", ...OK],
  ["-l", "git config -f ~/.bashrc -l", ...OK],
  ["one operand reads", "git config -f ~/.bashrc x.y", ...OK],
  ["--global name", "git config --global user.name x", ...OK],
]);

table("C4: git moves the repository or a work tree", [
  ["init --separate-git-dir=, then rm", "git init --separate-git-dir=/tmp/x && rm -rf /tmp/x", ...PROTECTED],
  ["separate word", "git init --separate-git-dir /tmp/x", ...PROTECTED],
  ["abbreviation", "git init --sep /tmp/x", ...PROTECTED],
  ["into ~/.ssh", "git init --separate-git-dir ~/.ssh", ...PROTECTED],
  ["sudo, explicit folder", "sudo git init --separate-git-dir=/tmp/x .", ...PROTECTED],
  ["-C to the workspace", `git -C ${fx.ws} init --separate-git-dir /tmp/y`, ...PROTECTED],
  ["a new repository into ~/.ssh edits its config", `git init --separate-git-dir ~/.ssh ${fx.home}/fresh`, ...ASK_OUT],
  ["worktree move out", "git worktree move src /tmp/x", ...ASK_OUT],
  // Harmless: new repositories (session 11: a folder outside the workspace that exists, as
  // `fresh`, asks as any folder git fills there: git-output-folders.test.ts).
  ["a new repository", `git init --separate-git-dir /tmp/x ${fx.home}/new`, ...NOOP],
  ["clone --separate-git-dir", `git clone --separate-git-dir=/tmp/g2 ${fx.ws} /tmp/c2`, ...OK],
  ["plain init", "git init", ...OK],
  ["init -b", `git init -b main ${fx.home}/new`, ...NOOP],
]);
