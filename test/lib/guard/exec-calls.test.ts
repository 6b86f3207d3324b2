import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { NOOP, OK, OUTSIDE, PROTECTED, UNKNOWN, type VerdictRow, verdictRows } from "../../support/verdict-rows.ts";

// exec-calls.ts: an interpreter's exec call read from its whole argument list (session 15). A call
// given the program and its arguments apart ran `rm -rf ~/Documents` as `rm` without operands
// (ALLOW_NO_EFFECT): only its first literal was read. Options that change where or how a command
// runs (env, shell, input, a computed cwd) are not read: unknown; a literal cwd is `cd FOLDER && …`.
const fx = useGuardFixture();
const table = verdictRows(fx);
const docs = `${fx.home}/Documents`;

const HOLES: VerdictRow[] = [
  ["node spawnSync argv (was ALLOW_NO_EFFECT)", `node -e 'require("child_process").spawnSync("rm", ["-rf", "${docs}"])'`, ...OUTSIDE],
  ["node execFileSync argv with stdio (was ALLOW_NO_EFFECT)", `node -e 'require("child_process").execFileSync("rm", ["-rf", "${docs}"], { stdio: "inherit" })'`, ...OUTSIDE],
  ["node cp.spawn argv", `node -e 'const cp = require("child_process"); cp.spawn("rm", ["-rf", "${docs}"])'`, ...OUTSIDE],
  ["node cp.execFile argv with a callback", `node -e 'const cp = require("child_process"); cp.execFile("rm", ["-rf", "${docs}"], (e) => console.log(e))'`, ...OUTSIDE],
  ["python os.execl (was ALLOW_NO_EFFECT)", `python3 -c 'import os; os.execl("/bin/rm", "rm", "-rf", "${docs}")'`, ...OUTSIDE],
  ["python os.execv (was ALLOW_NO_EFFECT)", `python3 -c 'import os; os.execv("/bin/rm", ["rm", "-rf", "${docs}"])'`, ...OUTSIDE],
  ["python os.execlp", `python3 -c 'import os; os.execlp("rm", "rm", "-rf", "${docs}")'`, ...OUTSIDE],
  ["ruby system with arguments apart (was ALLOW_NO_EFFECT)", `ruby -e 'system("rm", "-rf", "${docs}")'`, ...OUTSIDE],
  // (Perl rows name a system folder: the fixture's /tmp/leogriel-… reads as an `s///ee` modifier to opaque-code.ts.)
  ["perl system with arguments apart (was ALLOW_NO_EFFECT)", `perl -e 'system("rm", "-rf", "/usr/share/doc")'`, ...PROTECTED],
  ["perl system without parentheses", `perl -e 'system "rm", "-rf", "/usr/share/doc" or die "failed";'`, ...PROTECTED],
  ["python subprocess argv with check", `python3 -c 'import subprocess; subprocess.run(["rm", "-rf", "${docs}"], check=True)'`, ...OUTSIDE],
  // A literal cwd is a change of folder (cd FOLDER && COMMAND); other options that move or feed it are not read.
  ["node execSync with a literal cwd outside", `node -e 'require("child_process").execSync("rm -rf notes.txt", { cwd: "${docs}" })'`, ...OUTSIDE],
  ["node spawnSync with a literal cwd outside", `node -e 'require("child_process").spawnSync("rm", ["-rf", "notes.txt"], { cwd: "${docs}", stdio: "inherit" })'`, ...OUTSIDE],
  ["node a computed cwd", `node -e 'require("child_process").execSync("rm -rf build", { cwd: process.env.HOME })'`, ...UNKNOWN],
  ["node spawn with shell: true", `node -e 'require("child_process").spawnSync("rm -rf x", { shell: true })'`, ...UNKNOWN],
  ["node spawnSync with env", `node -e 'require("child_process").spawnSync("make", ["clean"], { env: { PATH: "/tmp/x" } })'`, ...UNKNOWN],
  ["node spawnSync with a computed argv", `node -e 'require("child_process").spawnSync("rm", process.argv.slice(1))'`, ...UNKNOWN],
  ["python subprocess with a literal cwd outside", `python3 -c 'import subprocess; subprocess.run(["rm", "-rf", "notes.txt"], cwd="${docs}")'`, ...OUTSIDE],
  ["python subprocess with a computed cwd", `python3 -c 'import os, subprocess; subprocess.run(["rm", "-rf", "build"], cwd=os.environ["HOME"])'`, ...UNKNOWN],
  ["python a quote in an argv word stays one word", `python3 -c 'import subprocess; subprocess.run(["rm", "-rf", "x'"'"'; rm -rf ${docs}"], cwd="src")'`, ...NOOP],
  ["python subprocess fed input", `python3 -c 'import subprocess; subprocess.run(["bash"], input="rm -rf ${docs}", text=True)'`, ...UNKNOWN],
  ["python subprocess argv with shell=True", `python3 -c 'import subprocess; subprocess.run(["rm -rf ${docs}"], shell=True)'`, ...UNKNOWN],
  ["python os.execve's environment", `python3 -c 'import os; os.execve("/usr/bin/make", ["make"], {"PATH": "/tmp/x"})'`, ...UNKNOWN],
  ["ruby system with an options hash", `ruby -e 'system("make", "clean", chdir: "${docs}")'`, ...UNKNOWN],
  ["ruby system with a computed argument", `ruby -e 'system("rm", "-rf", ARGV[0])'`, ...UNKNOWN],
  ["no tilde expansion without a shell", `node -e 'require("child_process").spawnSync("rm", ["-rf", "~"])'`, "ALLOW", "ALLOW_NOOP"],
];

// What agents' scripts run every day stays allowed.
const EVERYDAY: VerdictRow[] = [
  ["node spawnSync npm test inheriting stdio", `node -e 'const { spawnSync } = require("child_process"); spawnSync("npm", ["test"], { stdio: "inherit" })'`, ...OK],
  ["node a one-word argv array (read as an array, not a computed key)", `node -e 'require("child_process").spawnSync("git", ["status"])'`, ...OK],
  ["node stdio as an array and an encoding", `node -e 'require("child_process").spawnSync("git", ["status", "--short"], { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" })'`, ...OK],
  ["node execSync with an encoding", `node -e 'const { execSync } = require("child_process"); console.log(execSync("git status --short", { encoding: "utf8" }))'`, ...OK],
  ["node cp.exec with a callback", `node -e 'const cp = require("child_process"); cp.exec("ls", (err, out) => console.log(out))'`, ...OK],
  ["python subprocess.run with capture_output, text, check", `python3 -c 'import subprocess; subprocess.run(["git", "status"], capture_output=True, text=True, check=True)'`, ...OK],
  ["node execSync in a workspace folder", `node -e 'require("child_process").execSync("npm test", { cwd: "src", stdio: "inherit" })'`, ...OK],
  ["python subprocess.run in a workspace folder", `python3 -c 'import subprocess; subprocess.run(["git", "status"], cwd="src", check=True)'`, ...OK],
  ["python subprocess.run shell=True", `python3 -c 'import subprocess; subprocess.run("npm test", shell=True, check=True)'`, ...OK],
  ["python check_output", `python3 -c 'import subprocess; print(subprocess.check_output(["git", "rev-parse", "HEAD"], text=True))'`, ...OK],
  ["python os.popen with a mode", `python3 -c 'import os; print(os.popen("git log -1", "r").read())'`, ...OK],
  ["python os.execvp", `python3 -c 'import os; os.execvp("git", ["git", "status"])'`, ...OK],
  ["ruby system with arguments apart", `ruby -e 'system("git", "status")'`, ...OK],
  ["perl system compared", `perl -e 'system("make", "test") == 0 or die'`, ...OK],
  ["php exec with an output variable (read as before)", `php -r 'exec("git status", $out); print_r($out);'`, ...OK],
];

table("exec calls: arguments apart and options", HOLES);
table("exec calls: everyday scripts", EVERYDAY);
