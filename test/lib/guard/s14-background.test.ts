import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, OK, RELOCATE, UNKNOWN, type VerdictRow, verdictRows } from "../../support/verdict-rows.ts";

// Session 14, background jobs and compounds (posix/parser.ts): a list that starts by closing a
// compound is the list that opened it (`{ a; } && { b; } &`, `esac && … &`), `esac` is a command
// with the pipe or list after it, a compound closed as a pipeline stage is that stage, and a trap
// set in a subshell is judged like any other (effects/traps.ts).
const fx = useGuardFixture();
const table = verdictRows(fx);
const FLOOD: VerdictRow extends [string, string, ...infer R] ? R : never = ["BLOCK", "BLOCK_FORK_BOMB"];

// Each of these was read as if only the last compound (or nothing) ran in the background.
table("a list sent to the background with every compound it holds", [
  ["esac && … &: the cd stays in the job", "case a in a) cd /tmp;; esac && true & rm -rf *", ...RELOCATE],
  ["esac && … &: a run kept to the line's end", "case a in a) ./x.sh;; esac && true & echo 'rm -rf ~' > x.sh", ...ANCESTOR],
  ["esac && … &: a function starting itself", "f() { case 1 in 1) f;; esac && true & }; f", ...FLOOD],
  ["esac &: a job in each pass of an endless loop", "while true; do case 1 in 1) make;; esac & done", ...FLOOD],
  ["} && { … } &: the first group too", "{ cd /tmp; } && { true; } & rm -rf *", ...RELOCATE],
  ["} && { … } &: a function starting itself", "f() { { f; } && { true; } & }; f", ...FLOOD],
  ["fi && … &", "if true; then cd /tmp; fi && true & rm -rf *", ...RELOCATE],
  ["done || … &", "while true; do cd /tmp; break; done || true & rm -rf *", ...RELOCATE],
  [") && … &", "( cd /tmp ) && ( true ) & rm -rf *", ...RELOCATE],
  ["a pipeline inside a background group is kept to the line's end", "{ ./x.sh | cat; } & echo 'rm -rf ~' > x.sh", ...ANCESTOR],
  ["a removal in the background is still judged", "case x in x) rm -rf ~;; esac && echo ok &", ...ANCESTOR],
  ["rm -rf ~ &", "rm -rf ~ &", ...ANCESTOR],
]);

table("esac followed by a pipe or a list", [
  ["a case piped into a shell", "case a in a) echo 'rm -rf ~';; esac | bash", ...UNKNOWN],
  ["esac || cd: the cd may not run", "case a in a) true;; esac || cd ~; rm -rf *", ...UNKNOWN],
  ["esac > log still writes the log", "case a in a) echo hi;; esac > log", ...OK],
  ["esac on its own line", "case a in\n a) echo hi\nesac", ...OK],
]);

table("a compound closed as a pipeline stage is that stage", [
  ["a group's cd stays in the stage", "{ cd ~; } | cat; rm -rf *", ...RELOCATE],
  ["a loop's cd stays in the stage", "while true; do cd ~; break; done | cat; rm -rf *", ...RELOCATE],
  ["a case's cd stays in the stage", "case a in a) cd ~;; esac | cat; rm -rf *", ...RELOCATE],
]);

// The everyday lines of the brief, with the floods that stay refused.
table("background servers and floods", [
  ["two watchers and a wait", "npm run watch & npm run serve & wait", ...OK],
  ["a subshell killing its jobs on exit", "(trap 'kill 0' EXIT; npm run api & npm run web & wait)", ...OK],
  ["a server probed then stopped", "python3 -m http.server 8000 & sleep 1; curl -s http://127.0.0.1:8000/ >/dev/null; kill %1", ...OK],
  ["a subshell trap sees a later assignment", "d=/tmp/x; ( trap 'rm -rf \"$d\"' EXIT; d=~ )", ...UNKNOWN],
  ["a subshell trap after a cd", "( trap 'rm -rf ./*' EXIT; cd ~ )", ...UNKNOWN],
  ["a subshell trap removing HOME", "( trap 'rm -rf ~' EXIT; true )", ...ANCESTOR],
  ["the classic fork bomb", ":(){ :|:& };:", ...FLOOD],
  ["renamed", "bomb() { bomb | bomb & }; bomb", ...FLOOD],
  ["a job started in each pass", "while true; do work & done", ...FLOOD],
  ["an endless loop in the background is one job", "while true; do sleep 1; done &", ...OK],
  ["a harmless background case", "case a in a) sleep 1;; esac && echo ok &", ...OK],
]);
