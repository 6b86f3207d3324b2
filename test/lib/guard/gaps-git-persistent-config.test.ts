import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, PERSIST } from "../../support/verdict-rows.ts";

// `git config` storing a setting git runs as code (hooks folder, fsmonitor, ssh command, pager,
// editor, askpass, credential helper, `!` alias, …): every later git command runs it and no check
// sees those runs (git-persistent-config.ts). Reading or removing settings stays allowed.
const fx = useGuardFixture();
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

type Row = [string, string, Decision, ReasonCode];

const ROWS: Row[] = [
  ["a hooks folder outside the work tree", "git config core.hooksPath /tmp/hooks", ...PERSIST],
  ["a global hooks folder", "git config --global core.hooksPath ~/.githooks", ...PERSIST],
  ["a global relative hooks folder runs every clone's hooks", "git config --global core.hooksPath .githooks", ...PERSIST],
  ["a system hooks folder", "git config --system core.hooksPath /srv/hooks", ...PERSIST],
  ["a hooks folder above the work tree", "git config --local core.hooksPath ../hooks", ...PERSIST],
  ["a hooks folder in a named file", "git config --file ~/.gitconfig core.hooksPath .githooks", ...PERSIST],
  ["the new set subcommand", "git config set core.hooksPath /tmp/hooks", ...PERSIST],
  ["fsmonitor as a script", "git config core.fsmonitor ./monitor.sh", ...PERSIST],
  ["global fsmonitor", "git config --global core.fsmonitor /tmp/x", ...PERSIST],
  ["sshCommand", 'git config core.sshCommand "ssh -o ProxyCommand=/tmp/p"', ...PERSIST],
  ["a pager that is a shell", 'git config core.pager "sh -c ./p"', ...PERSIST],
  ["a per-command pager script", "git config pager.log ./pager.sh", ...PERSIST],
  ["an editor script", "git config core.editor /tmp/ed", ...PERSIST],
  ["askPass", "git config --global core.askPass /tmp/askpass", ...PERSIST],
  ["a shell credential helper", "git config credential.helper '!f() { echo password=x; }; f'", ...PERSIST],
  ["a credential helper by path", "git config --global credential.https://x.invalid.helper /tmp/h", ...PERSIST],
  ["a shell alias", "git config --global alias.st '!git status'", ...PERSIST],
  ["--add of a shell alias", "git config --add alias.x '!sh x.sh'", ...PERSIST],
  ["a clean filter", 'git config filter.x.clean "./clean %f"', ...PERSIST],
  ["a diff driver", "git config diff.external ./d.sh", ...PERSIST],
  ["a config hook command", "git config hook.pre.command ./run.sh", ...PERSIST],
  ["key spelled in capitals", "git config CORE.HOOKSPATH /tmp/hooks", ...PERSIST],
  ["key and value quoted", "git config 'core.hooksPath' \"/tmp/hooks\"", ...PERSIST],
  ["a value the guard cannot read", 'git config core.hooksPath "$DIR"', ...PERSIST],
  ["git -C elsewhere", "git -C ../other config core.hooksPath /tmp/hooks", ...PERSIST],
  ["behind sudo", "sudo git config --system core.sshCommand 'ssh -i /tmp/k'", ...PERSIST],
  ["behind env", "env GIT_TRACE=1 git config core.askPass /tmp/a", ...PERSIST],
  ["inside bash -c", "bash -c 'git config --global core.hooksPath /tmp/h'", ...PERSIST],
  ["inside eval", "eval 'git config core.fsmonitor ./m.sh'", ...PERSIST],
  // Session 12: a stored URL rewrite fetches or pushes every later clone of those URLs elsewhere
  ["a fetch URL rewritten", "git config --global url.http://127.0.0.1/mirror/.insteadOf https://host.invalid/", ...PERSIST],
  ["a push URL rewritten", "git config url.ssh://git@host.invalid/.pushInsteadOf git@forge.invalid:", ...PERSIST],
  ["the set subcommand, key in capitals", "git config set --global url.http://127.0.0.1/.InsteadOf https://host.invalid/", ...PERSIST],
  ["an empty base: the URLs become local paths", "git config --global url..insteadOf https://host.invalid/", ...PERSIST],
  ["--add, in another file", "git config --file ~/.gitconfig --add url.http://127.0.0.1/.insteadOf https://host.invalid/", ...PERSIST],
  // dangerous now as well: judged as the command it is
  ["a value that deletes the home folder", "git config --global core.fsmonitor 'rm -rf ~'", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  // reading, removing, harmless values, and lookalikes
  ["--get", "git config --get core.hooksPath", ...OK],
  ["--get with a value pattern", "git config --get core.fsmonitor 'rm -rf ~'", ...OK],
  ["--get-regexp", "git config --get-regexp '^alias\\.'", ...OK],
  ["-l", "git config -l", ...OK],
  ["--list --show-origin", "git config --list --show-origin", ...OK],
  ["the new get subcommand", "git config get core.hooksPath", ...OK],
  ["--unset", "git config --unset core.hooksPath", ...OK],
  ["an ordinary setting", "git config --global user.email dev@x.invalid", ...OK],
  ["a git alias without !", "git config --global alias.co checkout", ...OK],
  ["fsmonitor on (the built-in daemon)", "git config core.fsmonitor true", ...OK],
  ["fsmonitor off", "git config core.fsmonitor false", ...OK],
  ["a known pager with options", 'git config --global core.pager "less -FRX"', ...OK],
  ["no pager", "git config core.pager cat", ...OK],
  ["a known editor", 'git config --global core.editor "code --wait"', ...OK],
  ["Git's store helper", "git config --global credential.helper store", ...OK],
  ["the cache helper with its timeout", "git config credential.helper 'cache --timeout=3600'", ...OK],
  ["the repository's own hooks folder", "git config core.hooksPath .githooks", ...OK],
  ["husky's hooks folder", "git config --local core.hooksPath .husky/_", ...OK],
  ["echo of the command", "echo git config core.hooksPath /tmp/hooks", ...OK],
  ["-c runs nothing later", "git -c core.pager=cat log -1", ...OK],
  ["a URL rewrite read", "git config --get-regexp '^url\\.'", ...OK],
  ["a URL rewrite removed", "git config --unset url.http://127.0.0.1/.insteadOf", ...OK],
  ["a remote's URL (no rewrite of others)", "git config remote.origin.url https://host.invalid/x/y", ...OK],
];

describe("git config storing code later git commands run", () => {
  for (const [name, command, decision, reason] of ROWS) {
    test(name, () => {
      const result = check(command);
      expect([result.decision, result.reason]).toEqual([decision, reason]);
    });
  }
});
