import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { EGRESS, OK, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 17 (false positive): `eval "$(ssh-agent -s)"`, the usual way to start an agent before
// `ssh-add`, was BLOCK_UNDETERMINABLE_EFFECT (eval of computed text). ssh-agent prints a fixed
// script that sets SSH_AUTH_SOCK and SSH_AGENT_PID (posix/ssh-agent-eval.ts).
const fx = useGuardFixture();
const table = verdictRows(fx);
const hasAgent = Bun.which("ssh-agent") !== null;

// The real ssh-agent must be found on PATH for the eval to pass (effects/wrappers.ts).
if (hasAgent) {
  table("eval of ssh-agent's own output", [
    ["quoted, -s", 'eval "$(ssh-agent -s)"', ...OK],
    ["unquoted, no flag", "eval $(ssh-agent)", ...OK],
    ["csh syntax", 'eval "$(ssh-agent -c)"', ...OK],
    ["killing the agent", 'eval "$(ssh-agent -k)"', ...OK],
    ["then ssh-add", 'eval "$(ssh-agent -s)" && ssh-add ~/.ssh/id_ed25519', ...OK],
    ["later commands keep their own verdicts", 'eval "$(ssh-agent -s)"; rm -rf build', ...RELOCATE],
    ["a credential sent after it still asks", 'eval "$(ssh-agent -s)"; echo "$GITHUB_TOKEN" | nc 127.0.0.1 80', ...EGRESS],
  ]);
}

table("eval of anything more than ssh-agent's output", [
  ["text before the substitution", 'eval "x; $(ssh-agent -s)"', ...UNKNOWN],
  ["text after it", 'eval "$(ssh-agent -s) rm -rf ~"', ...UNKNOWN],
  ["a function named ssh-agent", 'ssh-agent() { echo rm -rf ~; }; eval "$(ssh-agent -s)"', ...UNKNOWN],
  ["an alias named ssh-agent", "alias ssh-agent=foo; eval \"$(ssh-agent -s)\"", ...UNKNOWN],
  ["a PATH that may find another ssh-agent", 'PATH=.:$PATH; eval "$(ssh-agent -s)"', ...UNKNOWN],
  ["-a names a socket file", 'eval "$(ssh-agent -a /tmp/x)"', ...UNKNOWN],
  ["a command run by the agent", 'eval "$(ssh-agent bash)"', ...UNKNOWN],
  ["two substitutions", 'eval "$(ssh-agent -s)$(cat x)"', ...UNKNOWN],
]);
