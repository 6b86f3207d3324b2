import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";

// Session 18: a variable the line set only from `mktemp` holds the new entry or nothing
// (posix/temp-output.ts _freshOrEmpty), read only where that assignment surely ran.
// 1. A redirection to `"$d"` after `d=$(cat f); false && d=$(mktemp)` (or `||`, an `if` body)
//    was read as the new file: d may still hold what `cat f` printed (a false negative).
// Commands are only judged; nothing runs.
const fx = useGuardFixture();
const table = verdictRows(fx);
const TEMP: [Decision, ReasonCode] = ["ALLOW", "ALLOW_TEMP_PATH"];

table("a redirection to a mktemp name after code that may not have run", [
  ["false &&", 'tmp=$(cat f); false && tmp=$(mktemp); echo data > "$tmp"', ...UNKNOWN],
  ["||", 'tmp=$(cat f) || tmp=$(mktemp); echo data > "$tmp"', ...UNKNOWN],
  ["true ||", 'tmp=$(cat f); true || tmp=$(mktemp); echo data > "$tmp"', ...UNKNOWN],
  ["a test &&", 'tmp=$(cat f); [ -n "$x" ] && tmp=$(mktemp); cat notes.txt > "$tmp"', ...UNKNOWN],
  ["an if body", 'tmp=$(cat f); if false; then tmp=$(mktemp); fi; echo data > "$tmp"', ...UNKNOWN],
]);

table("a redirection to a mktemp name that surely ran, as before", [
  ["after ;", 'tmp=$(mktemp); npm test > "$tmp" 2>&1; cat "$tmp"', ...TEMP],
  ["|| exit", 'tmp=$(mktemp) || exit 1; npm test > "$tmp"', ...TEMP],
  ["in a group", 'tmp=$(cat f); { tmp=$(mktemp); }; echo data > "$tmp"', ...TEMP],
  ["in a subshell after", 'tmp=$(mktemp); (echo b > "$tmp")', ...TEMP],
]);
