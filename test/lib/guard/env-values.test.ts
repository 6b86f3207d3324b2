import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, OUTSIDE, REMOTE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 13 (implicit-inputs.ts envValue, ownAssignment, envWrapped): a variable as the program
// sees it. The last of repeated assignments holds (`A=1 A=2 cmd` runs with A=2), and what `env`
// sets or unsets (`env A=2`, `env -u A`) holds over the command's own assignments and the line's.
// Each row names the verdict it had before. Commands are only judged.
const fx = useGuardFixture();
const table = verdictRows(fx);
const GET = (file: string) => `curl -so ${file} http://127.0.0.1/${file}`;
const LS = "mkdir -p bin; printf 'rm -rf ~' > bin/ls; chmod +x bin/ls";

table("the last of repeated assignments holds", [
  // Was ALLOW_NO_EFFECT (the first, ssh, was read).
  ["git's ssh command", "GIT_SSH_COMMAND=ssh GIT_SSH_COMMAND='rm -rf /home/user' git fetch", ...OUTSIDE],
  // Was BLOCK_OUTSIDE_WORKSPACE.
  ["an overridden one runs nothing", "GIT_SSH_COMMAND='rm -rf /home/user' GIT_SSH_COMMAND=ssh git fetch", ...OK],
  // Was ALLOW_NOOP.
  ["a loader variable", `${GET("x.so")}; LD_PRELOAD=/lib/a.so LD_PRELOAD=./x.so ls`, ...REMOTE],
  ["npm's script shell", `${GET("x.sh")}; npm_config_script_shell=/bin/sh npm_config_script_shell=./x.sh npm test`, ...REMOTE],
  // Was ASK_REMOTE_CODE.
  ["npm's script shell overridden", `${GET("x.sh")}; npm_config_script_shell=./x.sh npm_config_script_shell=/bin/sh npm test`, "ALLOW", "ALLOW_NOOP"],
  // Was ALLOW_NO_EFFECT (program-path.ts read the first PATH).
  ["PATH finds a written program", `${LS}; PATH=/usr/bin PATH=./bin ls`, ...UNKNOWN],
  // Was BLOCK_UNDETERMINABLE_EFFECT.
  ["PATH overridden", `${LS}; PATH=./bin PATH=/usr/bin ls`, ...OK],
]);

table("env's assignments and -u hold over the command's own and the line's", [
  // Was ALLOW_NO_EFFECT.
  ["env's value over the command's own", "GIT_SSH_COMMAND=ssh env GIT_SSH_COMMAND='rm -rf /home/user' git fetch", ...OUTSIDE],
  ["env's PATH over the command's own", `${LS}; PATH=/usr/bin env PATH=./bin ls`, ...UNKNOWN],
  ["env's loader variable over the command's own", `${GET("x.so")}; LD_PRELOAD=/lib/a.so env LD_PRELOAD=./x.so ls`, ...REMOTE],
  // Was BLOCK_OUTSIDE_WORKSPACE.
  ["env -u drops the command's own", "GIT_SSH_COMMAND='rm -rf /home/user' env -u GIT_SSH_COMMAND git fetch", ...OK],
  ["env -u drops the line's", "export GIT_SSH_COMMAND='rm -rf /home/user'; env -u GIT_SSH_COMMAND git fetch", ...OK],
  ["env --unset=NAME", "export GIT_SSH_COMMAND='rm -rf /home/user'; env --unset=GIT_SSH_COMMAND git fetch", ...OK],
  ["env -uNAME", "GIT_SSH_COMMAND='rm -rf /home/user' env -uGIT_SSH_COMMAND git fetch", ...OK],
  ["env -vu NAME", "GIT_SSH_COMMAND='rm -rf /home/user' env -vu GIT_SSH_COMMAND git fetch", ...OK],
  // Was ALLOW_NO_EFFECT: the name after `-vu` was read as the program, and what followed as its words.
  ["a value set after env -vu NAME", "env -vu X GIT_SSH_COMMAND='rm -rf /home/user' git fetch", ...OUTSIDE],
  // Was BLOCK_UNDETERMINABLE_EFFECT: the folder after `-vC` was read as the program.
  ["env -vC DIR", "env -vC /home/user rm -rf Documents", ...OUTSIDE],
  // Was ALLOW_TEMP_PATH (the command's own XDG_DATA_HOME was read).
  ["trash-empty's trash after env -u", "XDG_DATA_HOME=/tmp/x env -u XDG_DATA_HOME trash-empty", ...OUTSIDE],
  // Was BLOCK_UNDETERMINABLE_EFFECT (the unset marker was read as a folder).
  ["trash-empty's trash after unset", "unset XDG_DATA_HOME; trash-empty", ...OUTSIDE],
  // Were BLOCK_UNDETERMINABLE_EFFECT (an unset variable counted as set in the line).
  ["LESSOPEN unset earlier", "unset LESSOPEN; less README.md", ...OK],
  ["SHELL unset earlier", "unset SHELL; script -c ls", "ALLOW", "ALLOW_NOOP"],
  // Stay as they were.
  ["a variable env sets after -u", "env -u GIT_SSH_COMMAND GIT_SSH_COMMAND='rm -rf /home/user' git fetch", ...OUTSIDE],
  ["a loader variable env itself starts with", `${GET("x.so")}; LD_PRELOAD=./x.so env -u LD_PRELOAD ls`, ...REMOTE],
  ["an unset LESSOPEN is no preprocessor", "env -u LESSOPEN less README.md", ...OK],
  ["an unset SHELL is no shell of script's", "env -u SHELL script -c ls", "ALLOW", "ALLOW_NOOP"],
]);
