import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, PROTECTED, TEMP, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 18: interpreter code that changes its folder (`os.chdir`, `process.chdir`, `chdir`,
// `Dir.chdir`) runs the shell commands it starts there: `os.chdir('..'); os.system('rm -rf
// project')` deleted the workspace and was ALLOW_NOOP (rm judged in the line's folder, where
// `project` does not exist). The calls the code makes are now judged with the folder unknown
// (unknown-folder.ts inUnknownFolder): a relative name is unknown, an absolute one judged as
// anywhere, and a `cd /abs` inside the command places what follows. Commands are only judged.
const fx = useGuardFixture();
const table = verdictRows(fx);

table("a command the code runs after changing its folder", [
  ["python os.system", `python3 -c "import os; os.chdir('..'); os.system('rm -rf project')"`, ...UNKNOWN],
  ["python subprocess", `python3 -c "import os, subprocess; os.chdir('..'); subprocess.run(['rm', '-rf', 'project'])"`, ...UNKNOWN],
  ["python os.popen", `python3 -c "import os; os.chdir('/etc'); os.popen('rm passwd')"`, ...UNKNOWN],
  ["node execSync", `node -e "process.chdir('..'); require('child_process').execSync('rm -rf project')"`, ...UNKNOWN],
  ["perl system", `perl -e "chdir('..'); system('rm -rf project')"`, ...UNKNOWN],
  ["ruby system", `ruby -e "Dir.chdir('..'); system('rm -rf project')"`, ...UNKNOWN],
  ["php system", `php -r "chdir('..'); system('rm -rf project');"`, ...UNKNOWN],
  ["a git command", `python3 -c "import os; os.chdir('../other'); os.system('git reset --hard')"`, ...UNKNOWN],
]);

table("commands the code runs that name their files, as before", [
  ["an absolute path", `python3 -c "import os; os.chdir('..'); os.system('rm -rf /tmp/x')"`, ...TEMP],
  ["a cd to an absolute folder first", `python3 -c "import os; os.chdir('..'); os.system('cd /tmp && rm -rf x')"`, ...TEMP],
  ["no chdir", `python3 -c "import os; os.system('rm -rf /tmp/x')"`, ...TEMP],
  ["a harmless command", `python3 -c "import os; os.chdir('..'); os.system('ls')"`, ...OK],
]);

table("deletes and file calls in code that changes its folder, as before", [
  ["a relative delete", `python3 -c "import os; os.chdir('/etc'); os.remove('passwd')"`, ...UNKNOWN],
  ["an absolute delete", `python3 -c "import os; os.chdir('/etc'); os.remove('/tmp/x')"`, ...TEMP],
  ["a protected absolute delete", `python3 -c "import os; os.chdir('/tmp'); os.remove('/etc/passwd')"`, ...PROTECTED],
  ["pathlib, relative", `python3 -c "import os, pathlib; os.chdir('/etc'); pathlib.Path('passwd').unlink()"`, ...UNKNOWN],
  ["pathlib, absolute", `python3 -c "import os, pathlib; os.chdir('/etc'); pathlib.Path('/tmp/x').unlink()"`, ...TEMP],
  ["node rmSync, relative", `node -e "process.chdir('..'); require('fs').rmSync('project', {recursive: true})"`, ...UNKNOWN],
  ["perl unlink, relative", `perl -e "chdir('/etc'); unlink('passwd')"`, ...UNKNOWN],
  ["php unlink, relative", `php -r "chdir('/etc'); unlink('passwd');"`, ...UNKNOWN],
  ["a relative chmod", `python3 -c "import os; os.chdir('..'); os.chmod('x', 0o777)"`, ...UNKNOWN],
  ["a relative write", `python3 -c "import os; os.chdir('..'); open('x', 'w').write('')"`, ...UNKNOWN],
]);
