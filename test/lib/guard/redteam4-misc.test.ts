import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { EGRESS, NOOP, OK } from "../../support/verdict-rows.ts";

// Fourth red-team pass: Terraform arguments from the environment, file servers behind a
// wrapper's folder change or a versioned npx package, git settings that run commands, forced
// fetches into local branches.
const fx = useGuardFixture();

type Row = [string, string, Decision, ReasonCode, string?];
const DESTROY: [Decision, ReasonCode] = ["ASK", "ASK_INFRA_DESTROY"];

function table(title: string, rows: Row[]): void {
  describe(title, () => {
    for (const [name, command, decision, reason, cwd] of rows) {
      test(name, () => {
        const r = classify({ command, cwd: cwd === undefined ? fx.ws : cwd === "~" ? fx.home : `${fx.ws}/${cwd}`, env: fx.env });
        expect([r.decision, r.reason]).toEqual([decision, reason]);
      });
    }
  });
}

// 3. A saved plan given through TF_CLI_ARGS is `apply PLANFILE` (it may be a destroy plan and
// skips Terraform's prompt): judged exactly like the operand on the command line.
table("red-team 4: TF_CLI_ARGS operands", [
  ["a plan file in TF_CLI_ARGS_apply", "TF_CLI_ARGS_apply=p terraform apply", ...DESTROY],
  ["a plan file in TF_CLI_ARGS", "TF_CLI_ARGS=p terraform apply", ...DESTROY],
  ["a plan file after -auto-approve", "TF_CLI_ARGS_apply='-auto-approve p' terraform apply", ...DESTROY],
  ["exported earlier", "export TF_CLI_ARGS_apply=p; terraform apply", ...DESTROY],
  ["through env", "env TF_CLI_ARGS_apply=p terraform apply", ...DESTROY],
  ["tofu", "TF_CLI_ARGS_apply=tfplan tofu apply -auto-approve", ...DESTROY],
  ["terragrunt", "TF_CLI_ARGS_apply=p terragrunt apply", ...DESTROY],
  ["a quoted plan path after a valued option", `TF_CLI_ARGS_apply="-var 'a=b c' 'my plan'" terraform apply`, ...DESTROY],
  ["a quote left open is unknown", `TF_CLI_ARGS_apply="-var 'a=b" terraform apply`, ...DESTROY],
  ["-replace from the environment", "TF_CLI_ARGS_apply=-replace=aws_instance.db terraform apply", ...DESTROY],
  ["workspace delete from the environment", "TF_CLI_ARGS_workspace='delete prod' terraform workspace", ...DESTROY],
  // Options and their values are no plan file.
  ["a variable with its value", "TF_CLI_ARGS_apply='-var region=eu-west-1 -no-color' terraform apply", ...OK],
  ["a quoted variable value with a space", `TF_CLI_ARGS_apply="-var 'tags=a b'" terraform apply`, ...OK],
  ["a plan's own operand (a new plan file, session 9)", "TF_CLI_ARGS_plan=-no-color terraform plan -out=p", ...NOOP],
  ["TF_CLI_ARGS for plan only", "TF_CLI_ARGS_plan=p terraform apply", ...OK],
]);

// 6. A file server over the home folder: a wrapper's folder change reaches the server (and every
// inner command's relative paths); npx/bunx package specs with a version or tag are the package.
table("red-team 4: file servers behind a folder change or a versioned package", [
  ["env -C ~ python3 -m http.server", "env -C ~ python3 -m http.server", ...EGRESS],
  ["env --chdir ~", "env --chdir ~ python3 -m http.server 8000", ...EGRESS],
  ["env --chdir=$HOME", 'env --chdir="$HOME" python3 -m http.server', ...EGRESS],
  ["env -C with the folder attached", "env -C$HOME python3 -m http.server", ...EGRESS],
  ["env -C ~/.ssh", "env -C ~/.ssh python3 -m http.server", ...EGRESS],
  ["sudo -D ~", "sudo -D ~ python3 -m http.server", ...EGRESS],
  ["sudo --chdir=$HOME", 'sudo --chdir="$HOME" python3 -m http.server', ...EGRESS],
  ["sudo -D ~ with a variable for the command", "sudo -D ~ PYTHONUNBUFFERED=1 python3 -m http.server", ...EGRESS],
  ["env -C ~ php -S", "env -C ~ php -S 0.0.0.0:8000", ...EGRESS],
  ["env -C ~ npx http-server", "env -C ~ npx http-server", ...EGRESS],
  ["env -C ~ with -S", "env -C ~ -S 'python3 -m http.server'", ...EGRESS],
  ["env -C ~ inside bash -c", "bash -c 'env -C ~ python3 -m http.server'", ...EGRESS],
  ["npx -y http-server@14 ~", "npx -y http-server@14 ~", ...EGRESS],
  ["npx serve@latest ~", "npx serve@latest ~", ...EGRESS],
  ["bunx serve@14 ~", "bunx serve@14 ~", ...EGRESS],
  ["npx http-server@14.1.1 from the home folder", "npx http-server@14.1.1", ...EGRESS, "~"],
  ["python -c starting http.server in ~", "cd ~ && python3 -c 'import http.server as h; h.test()'", ...EGRESS],
  ["python -c serve_forever in ~", `cd ~ && python3 -c 'from http.server import *; HTTPServer(("",8000),SimpleHTTPRequestHandler).serve_forever()'`, ...EGRESS],
  ["python -c serving another directory", `python3 -c 'import http.server as h, functools; h.test(functools.partial(h.SimpleHTTPRequestHandler, directory="/"))'`, ...EGRESS],
  // A project folder without secrets stays ALLOW, wherever the server starts from.
  ["env -C src python3 -m http.server", "env -C src python3 -m http.server", ...OK],
  ["sudo -D with a clean folder", "sudo -D src python3 -m http.server", ...OK],
  ["npx http-server@14 on a clean folder", "npx -y http-server@14 src", ...OK],
  ["a versioned package that serves nothing", "npx -y cowsay@1 hello", ...OK],
  ["python -c http.server in a clean folder", "python3 -c 'import http.server as h; h.test()'", ...OK],
  ["python -c that only imports http.server", "cd ~ && python3 -c 'import http.server; print(http.server.__file__)'", ...OK],
  ["env -C ~ ls", "env -C ~ ls -la", ...OK],
]);

// The folder change reaches deletes too: relative paths are judged in the wrapper's folder.
table("red-team 4: relative paths after a wrapper's folder change", [
  ["env -C ~ rm -rf .ssh", "env -C ~ rm -rf .ssh", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["sudo -D ~ rm -rf .ssh", "sudo -D ~ rm -rf .ssh", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["sudo -D/ rm -rf etc", "sudo -D/ rm -rf etc", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
]);

// 13. Git settings whose value git runs, missing from the one shared list (git-config.ts): stored
// they ask (ASK_PERSISTENT_CODE), given for one run (`-c`, GIT_CONFIG_*) the value is the command.
const STORED: [Decision, ReasonCode] = ["ASK", "ASK_PERSISTENT_CODE"];
const HOME_GONE: [Decision, ReasonCode] = ["BLOCK", "BLOCK_PROTECTED_ANCESTOR"];
table("red-team 4: git settings that run commands", [
  ["imap.tunnel stored", 'git config imap.tunnel "ssh -q mail /usr/bin/imapd ./Maildir"', ...STORED],
  ["imap.tunnel in another case, global", "git config --global IMAP.Tunnel 'nc mail 143'", ...STORED],
  ["gpg.ssh.defaultKeyCommand stored", 'git config gpg.ssh.defaultKeyCommand "ssh-add -L"', ...STORED],
  ["guitool.<x>.cmd stored", "git config guitool.deploy.cmd ./deploy.sh", ...STORED],
  ["tar.<format>.command stored", 'git config tar.tar.xz.command "xz -c"', ...STORED],
  ["instaweb.httpd stored with set", "git config set instaweb.httpd ./httpd", ...STORED],
  ["imap.tunnel deleting now", 'git config imap.tunnel "rm -rf ~"', ...HOME_GONE],
  ["-c imap.tunnel", "git -c imap.tunnel='rm -rf ~' imap-send < patch", ...HOME_GONE],
  ["-c gpg.ssh.defaultKeyCommand", "git -c gpg.format=ssh -c gpg.ssh.defaultKeyCommand='rm -rf ~' commit -S -m x", ...HOME_GONE],
  ["-c guitool cmd", "git -c guitool.x.cmd='rm -rf ~' gui", ...HOME_GONE],
  ["-c tar command", "git -c tar.tgz.command='rm -rf ~' archive --format=tgz HEAD", ...HOME_GONE],
  ["GIT_CONFIG_* imap.tunnel", "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=imap.tunnel GIT_CONFIG_VALUE_0='rm -rf ~' git imap-send", ...HOME_GONE],
  ["--config-env imap.tunnel", "T='rm -rf ~' git --config-env=imap.tunnel=T imap-send", ...HOME_GONE],
  // Settings beside them that run nothing.
  ["imap.host", "git config imap.host imaps://127.0.0.1", ...OK],
  ["gpg.format", "git config gpg.format ssh", ...OK],
  ["gpg.ssh.allowedSignersFile", "git config gpg.ssh.allowedSignersFile ~/.ssh/allowed_signers", ...OK],
  ["tar.umask", "git config tar.umask 002", ...OK],
  ["guitool.<x>.noConsole", "git config guitool.x.noConsole true", ...OK],
  ["http proxy", "git config http.http://127.0.0.1:8766.proxy http://127.0.0.1:3128", ...OK],
]);

// 14. A forced fetch into a local branch moves it off its commits, like `branch -f`.
const HISTORY: [Decision, ReasonCode] = ["ASK", "ASK_GIT_HISTORY_LOSS"];
table("red-team 4: forced fetches into local branches", [
  ["+src:dst from .", "git fetch . +master:feat2", ...HISTORY],
  ["-f with src:dst", "git fetch -f . master:feat2", ...HISTORY],
  ["--force", "git fetch --force . master:feat2", ...HISTORY],
  ["a prefix of --force", "git fetch --forc . master:feat2", ...HISTORY],
  ["-f in a cluster", "git fetch -qf origin main:feature", ...HISTORY],
  ["from a remote into a branch", "git fetch origin +main:local-branch", ...HISTORY],
  ["into refs/heads/", "git fetch origin +main:refs/heads/feature", ...HISTORY],
  ["a wildcard into refs/heads/", "git fetch origin '+refs/heads/*:refs/heads/*'", ...HISTORY],
  ["after a valued option", "git fetch --depth 1 origin +main:feature", ...HISTORY],
  ["through a wrapper", "sudo -u me git fetch . +main:feature", ...HISTORY],
  ["through bash -c", "bash -c 'git fetch -f . main:feature'", ...HISTORY],
  // Fast-forwards, remote-tracking refs, tags and FETCH_HEAD.
  ["an unforced fetch into a branch", "git fetch origin main:feature", ...OK],
  ["a plain fetch", "git fetch origin", ...OK],
  ["forced without a refspec", "git fetch -f origin", ...OK],
  ["a forced src only", "git fetch origin +main", ...OK],
  ["into remote-tracking refs", "git fetch origin '+refs/heads/*:refs/remotes/origin/*'", ...OK],
  ["forced tags", "git fetch -f origin '+refs/tags/*:refs/tags/*'", ...OK],
  ["--prune", "git fetch --prune origin", ...OK],
  ["-j with its value attached", "git fetch -j4 --all", ...OK],
]);
