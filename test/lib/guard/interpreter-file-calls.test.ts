import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { NOOP, OK, PROTECTED, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 17 (file-calls.ts; code-writes.ts's Path.open, fs.open, createWriteStream and Perl's
// computed open mode): interpreter calls that rename onto, re-permission, touch, link over or
// open for writing a file were ALLOW_NO_EFFECT (`Path('README.md').replace('/etc/passwd')`,
// `os.chmod('.git/config', 0o777)`, `Path(p).open(m)`). A call with literal files is judged as
// the shell tool that does the same (chmod, touch, ln -s, ln, mv -T, cp, mv); one whose file
// or mode the code computes is unknown. Commands are only judged, except the end-to-end row.
const fx = useGuardFixture();
const table = verdictRows(fx);
const bashrc = join(fx.home, ".bashrc");

table("the session's rows", [
  ["Path.replace onto /etc/passwd", `python3 -c "import pathlib; pathlib.Path('README.md').replace('/etc/passwd')"`, ...PROTECTED],
  ["Path.chmod of /etc/passwd, as chmod 777 /etc/passwd", `python3 -c "import pathlib; pathlib.Path('/etc/passwd').chmod(0o777)"`, ...OK],
  ["os.chmod of /etc/passwd, as chmod 777 /etc/passwd", `python3 -c "import os; os.chmod('/etc/passwd', 0o777)"`, ...OK],
  ["Path.open with a computed mode", `python3 -c "m='w'; import pathlib; pathlib.Path('/etc/passwd').open(m)"`, ...UNKNOWN],
]);

table("Python: protected targets", [
  ["Path.replace of .git/config", `python3 -c "import pathlib; pathlib.Path('.git/config').replace('x.txt')"`, ...PROTECTED],
  ["Path.replace onto .git/config", `python3 -c "from pathlib import Path; Path('README.md').replace('.git/config')"`, ...PROTECTED],
  ["Path.rename onto .git/config (was unknown)", `python3 -c "from pathlib import Path; Path('README.md').rename('.git/config')"`, ...PROTECTED],
  ["Path.chmod of .git/config", `python3 -c "from pathlib import Path; Path('.git/config').chmod(0o777)"`, ...PROTECTED],
  ["Path.lchmod of .git/config", `python3 -c "from pathlib import Path; Path('.git/config').lchmod(0o777)"`, ...PROTECTED],
  ["Path.touch of .git/config", `python3 -c "from pathlib import Path; Path('.git/config').touch()"`, ...PROTECTED],
  ["Path.symlink_to makes .git/config a link", `python3 -c "from pathlib import Path; Path('.git/config').symlink_to('README.md')"`, ...PROTECTED],
  ["Path.hardlink_to makes .git/config a link", `python3 -c "from pathlib import Path; Path('.git/config').hardlink_to('README.md')"`, ...PROTECTED],
  ["Path.open('w') of .git/config (was unknown)", `python3 -c "from pathlib import Path; Path('.git/config').open('w')"`, ...PROTECTED],
  ["Path.open(mode='a') of /etc/passwd", `python3 -c "from pathlib import Path; Path('/etc/passwd').open(mode='a')"`, ...PROTECTED],
  ["a bound Path's open with a computed mode", `python3 -c "from pathlib import Path; p = Path('.git/config'); m = 'w'; p.open(m)"`, ...UNKNOWN],
  ["os.chmod of .git/config", `python3 -c "import os; os.chmod('.git/config', 0o777)"`, ...PROTECTED],
  ["os.lchmod of .git/config", `python3 -c "import os; os.lchmod('.git/config', 0o777)"`, ...PROTECTED],
  ["os.chown of .git/config", `python3 -c "import os; os.chown('.git/config', 0, 0)"`, ...PROTECTED],
  ["os.lchown of .git/config", `python3 -c "import os; os.lchown('.git/config', 0, 0)"`, ...PROTECTED],
  ["shutil.chown of .git/config", `python3 -c "import shutil; shutil.chown('.git/config', 'root')"`, ...PROTECTED],
  ["from os import chmod", `python3 -c "from os import chmod; chmod('.git/config', 0o777)"`, ...PROTECTED],
  ["os.symlink over .git/config", `python3 -c "import os; os.symlink('README.md', '.git/config')"`, ...PROTECTED],
  ["os.link over .git/config", `python3 -c "import os; os.link('README.md', '.git/config')"`, ...PROTECTED],
  ["os.utime of .git/config, as touch", `python3 -c "import os; os.utime('.git/config')"`, ...PROTECTED],
  ["a heredoc's os.chmod", `python3 - <<'PY'\nimport os\nos.chmod('.git/config', 0o777)\nPY`, ...PROTECTED],
  ["os.chmod of ~/.bashrc, as chmod 600 ~/.bashrc", `python3 -c "import os; os.chmod(os.path.expanduser('~/.bashrc'), 0o600)"`, ...OK],
  ["Path.touch of ~/.bashrc, as touch ~/.bashrc", `python3 -c "from pathlib import Path; Path('${bashrc}').touch()"`, "ASK", "ASK_OUTSIDE_WORKSPACE"],
]);

table("Python: computed targets and aliases fail closed", [
  ["os.chmod of a name", `python3 -c "import os, sys; os.chmod(sys.argv[1], 0o777)"`, ...UNKNOWN],
  ["os.chmod of a bound name", `python3 -c "import os; p = '.git/config'; os.chmod(p, 0o777)"`, ...UNKNOWN],
  ["os.chmod taken as a value", `python3 -c "import os; f = os.chmod; f('.git/config', 0o777)"`, ...UNKNOWN],
  ["chmod imported under another name, taken as a value", `python3 -c "from os import chmod as c; f = c"`, ...UNKNOWN],
  ["a bound Path's chmod", `python3 -c "from pathlib import Path; p = Path('.git/config'); p.chmod(0o777)"`, ...UNKNOWN],
  ["a Path's replace whose receiver is computed", `python3 -c "import sys; from pathlib import Path; Path(sys.argv[1]).replace('.git/config')"`, ...UNKNOWN],
  ["one-argument replace on any receiver (no string's)", `python3 -c "x.replace(y)"`, ...UNKNOWN],
  ["os.chmod with dir_fd", `python3 -c "import os; os.chmod('config', 0o777, dir_fd=3)"`, ...UNKNOWN],
  ["a relative os.remove after chdir (was ALLOW_NOOP)", `python3 -c "import os; os.chdir('/etc'); os.remove('passwd')"`, ...UNKNOWN],
  ["a relative os.chmod after chdir", `python3 -c "import os; os.chdir('.git'); os.chmod('config', 0o777)"`, ...UNKNOWN],
  ["a link made beside another call", `python3 -c "import os; os.symlink('.git/config', 'c'); os.chmod('c', 0o777)"`, ...UNKNOWN],
]);

table("Python: harmless neighbours", [
  ["a string's replace", `python3 -c "print('a-b'.replace('-', '_'))"`, ...OK],
  ["a file's text replaced", `python3 -c "s = open('README.md').read().replace('a', 'b'); print(s)"`, ...OK],
  ["a Path's text replaced", `python3 -c "from pathlib import Path; print(Path('README.md').read_text().replace('a', 'b'))"`, ...OK],
  ["datetime.replace by keyword", `python3 -c "import datetime; print(datetime.datetime.now().replace(year=2020))"`, ...OK],
  ["dataclasses.replace", `python3 -c "import dataclasses; dataclasses.replace(x)"`, ...OK],
  ["os.path.exists", `python3 -c "import os; print(os.path.exists('/etc/passwd'))"`, ...OK],
  ["open to read", `python3 -c "print(open('README.md').read())"`, ...OK],
  ["Path.open to read", `python3 -c "from pathlib import Path; print(Path('.git/config').open().read())"`, ...OK],
  ["Path.open('r')", `python3 -c "from pathlib import Path; print(Path('README.md').open('r').read())"`, ...OK],
  ["Path.open('a') of a workspace file, as >>", `python3 -c "from pathlib import Path; Path('README.md').open('a').write('x')"`, ...OK],
  ["Path.open('w') of a new file", `python3 -c "from pathlib import Path; Path('new.txt').open('w').write('x')"`, ...NOOP],
  ["Path.open('w') of a tracked file, as > README.md", `python3 -c "from pathlib import Path; Path('README.md').open('w').write('x')"`, ...RELOCATE],
  ["writing a new file", `python3 -c "open('new.txt', 'w').write('x')"`, ...NOOP],
  ["os.chmod of a workspace file", `python3 -c "import os; os.chmod('scratch.txt', 0o644)"`, ...OK],
  ["Path.chmod of a workspace file", `python3 -c "from pathlib import Path; Path('src/main.ts').chmod(0o644)"`, ...OK],
  ["Path.touch of a new file", `python3 -c "from pathlib import Path; Path('new.txt').touch()"`, ...OK],
  ["os.symlink to a new name", `python3 -c "import os; os.symlink('README.md', 'link.md')"`, ...OK],
  ["Path.rename to a new name, as mv -T", `python3 -c "from pathlib import Path; Path('scratch.txt').rename('old.txt')"`, ...OK],
  ["Path.replace onto a tracked file, as mv -T", `python3 -c "from pathlib import Path; Path('scratch.txt').replace('README.md')"`, ...RELOCATE],
]);

table("Node", [
  ["fs.chmodSync of .git/config (was unknown)", `node -e "require('fs').chmodSync('.git/config', 0o777)"`, ...PROTECTED],
  ["fs.lchmodSync of .git/config", `node -e "require('fs').lchmodSync('.git/config', 0o777)"`, ...PROTECTED],
  ["fs.lchownSync of .git/config", `node -e "require('fs').lchownSync('.git/config', 0, 0)"`, ...PROTECTED],
  ["fs.promises.chmod of .git/config", `node -e "require('fs').promises.chmod('.git/config', 0o777)"`, ...PROTECTED],
  ["fs.linkSync over .git/config", `node -e "require('fs').linkSync('README.md', '.git/config')"`, ...PROTECTED],
  ["fs/promises symlink over .git/config", `node -e "require('fs/promises').symlink('README.md', '.git/config')"`, ...PROTECTED],
  ["fs.utimesSync of .git/config, as touch", `node -e "require('fs').utimesSync('.git/config', 0, 0)"`, ...PROTECTED],
  ["createWriteStream of /etc/passwd", `node -e "require('fs').createWriteStream('/etc/passwd')"`, ...PROTECTED],
  ["createWriteStream appending to .git/config", `node -e "require('fs').createWriteStream('.git/config', { flags: 'a' })"`, ...PROTECTED],
  ["fs.openSync 'w' of .git/config", `node -e "const fs = require('fs'); fs.openSync('.git/config', 'w')"`, ...PROTECTED],
  ["fs.promises.open 'w' of /etc/passwd", `node -e "require('fs').promises.open('/etc/passwd', 'w')"`, ...PROTECTED],
  ["fs/promises open 'r+' of .git/config", `node -e "require('fs/promises').open('.git/config', 'r+')"`, ...PROTECTED],
  ["a named import", `node -e "const { chmodSync } = require('fs'); chmodSync('.git/config', 0o777)"`, ...PROTECTED],
  ["chmodSync of a computed name", `node -e "require('fs').chmodSync(process.argv[1], 0o777)"`, ...UNKNOWN],
  ["chmodSync taken as a value", `node -e "const fs = require('fs'); const c = fs.chmodSync; c('.git/config', 0o777)"`, ...UNKNOWN],
  ["openSync with numeric flags", `node -e "const fs = require('fs'); fs.openSync('.git/config', fs.constants.O_WRONLY)"`, ...UNKNOWN],
  ["openSync 'w' of a computed name", `node -e "require('fs').openSync(process.env.HOME + '/.bashrc', 'w')"`, ...UNKNOWN],
  ["createWriteStream with computed flags", `node -e "require('fs').createWriteStream('log.txt', { flags: f })"`, ...UNKNOWN],
  ["openSync to read", `node -e "require('fs').openSync('.git/config', 'r')"`, ...OK],
  ["openSync without flags reads", `node -e "require('fs').openSync('README.md')"`, ...OK],
  ["createWriteStream of a new log, appending, as >> log.txt", `node -e "require('fs').createWriteStream('log.txt', { flags: 'a' })"`, ...OK],
  ["chmodSync of a workspace file", `node -e "require('fs').chmodSync('scratch.txt', 0o644)"`, ...OK],
  ["existsSync", `node -e "console.log(require('fs').existsSync('/etc/passwd'))"`, ...OK],
  ["a string's replace", `node -e "console.log('a-b'.replace('-', '_'))"`, ...OK],
]);

table("Perl, Ruby, PHP", [
  ["Perl chmod of .git/config", `perl -e 'chmod 0777, ".git/config"'`, ...PROTECTED],
  ["Perl chown of .git/config", `perl -e 'chown 0, 0, ".git/config" or die'`, ...PROTECTED],
  ["Perl utime of .git/config", `perl -e 'utime undef, undef, ".git/config"'`, ...PROTECTED],
  ["Perl symlink over .git/config", `perl -e 'symlink "README.md", ".git/config"'`, ...PROTECTED],
  ["Perl link over .git/config", `perl -e 'link("README.md", ".git/config")'`, ...PROTECTED],
  ["File::Copy copy onto /etc/passwd", `perl -MFile::Copy -e 'copy("README.md", "/etc/passwd")'`, ...PROTECTED],
  ["File::Copy move onto .git/config", `perl -e 'use File::Copy; move("README.md", ".git/config")'`, ...PROTECTED],
  ["Perl open with a computed mode", `perl -e 'my $m = ">"; open(my $f, $m, ".git/config")'`, ...UNKNOWN],
  ["Perl two-argument open of a computed name", `perl -e 'open(F, $ARGV[0])'`, ...UNKNOWN],
  ["Perl chmod of a list", `perl -e 'chmod 0777, @ARGV'`, ...UNKNOWN],
  ["Perl open to read a computed name", `perl -e 'open(my $f, "<", $ARGV[0]) or die; print <$f>'`, ...OK],
  ["Perl matching the word link", `perl -ne 'print if /link/' README.md`, ...OK],
  ["Perl printing the word chmod", `perl -e 'print "chmod done\\n"'`, ...OK],
  ["Perl chmod of a workspace file", `perl -e 'chmod 0644, "scratch.txt"'`, ...OK],
  ["Ruby File.chmod of .git/config", `ruby -e 'File.chmod 0777, ".git/config"'`, ...PROTECTED],
  ["Ruby File.lchown of .git/config", `ruby -e 'File.lchown(0, 0, ".git/config")'`, ...PROTECTED],
  ["Ruby File.symlink over .git/config", `ruby -e 'File.symlink("README.md", ".git/config")'`, ...PROTECTED],
  ["Ruby File.link over .git/config", `ruby -e 'File.link("README.md", ".git/config")'`, ...PROTECTED],
  ["Ruby File.utime of .git/config", `ruby -e 'File.utime(0, 0, ".git/config")'`, ...PROTECTED],
  ["Ruby File.chmod of a computed name", `ruby -e 'File.chmod(0777, ARGV[0])'`, ...UNKNOWN],
  ["Ruby Pathname#chmod", `ruby -e 'require "pathname"; Pathname.new(".git/config").chmod(0777)'`, ...UNKNOWN],
  ["Ruby File.chmod of a workspace file", `ruby -e 'File.chmod(0644, "scratch.txt")'`, ...OK],
  ["Ruby File.symlink? only asks (was BLOCK)", `ruby -e 'puts File.symlink?(ARGV[0]), File.symlink?(".git/config")'`, ...OK],
  ["PHP chmod of .git/config", `php -r 'chmod(".git/config", 0777);'`, ...PROTECTED],
  ["PHP chgrp of .git/config", `php -r 'chgrp(".git/config", "root");'`, ...PROTECTED],
  ["PHP touch of .git/config", `php -r 'touch(".git/config");'`, ...PROTECTED],
  ["PHP symlink over .git/config", `php -r 'symlink("README.md", ".git/config");'`, ...PROTECTED],
  ["PHP link over .git/config", `php -r 'link("README.md", ".git/config");'`, ...PROTECTED],
  ["PHP copy onto /etc/passwd", `php -r 'copy("README.md", "/etc/passwd");'`, ...PROTECTED],
  ["PHP chmod of a computed name", `php -r 'chmod($argv[1], 0777);'`, ...UNKNOWN],
  ["PHP copy to a new file", `php -r 'copy("README.md", "new.txt");'`, ...NOOP],
]);

// Each call literal is judged as the shell tool named beside it: whatever the policy says of the tool.
describe("a call with literal files gets its shell tool's verdict", () => {
  const pairs: Array<[string, string]> = [
    [`python3 -c "import os; os.chmod('/etc/passwd', 0o777)"`, "chmod 777 /etc/passwd"],
    [`python3 -c "import os; os.chmod('.git/config', 0o777)"`, "chmod 777 .git/config"],
    [`python3 -c "import os; os.utime('${bashrc}')"`, `touch ${bashrc}`],
    [`python3 -c "from pathlib import Path; Path('README.md').replace('/etc/passwd')"`, "mv -T README.md /etc/passwd"],
    [`python3 -c "from pathlib import Path; Path('README.md').rename('x.md')"`, "mv -T README.md x.md"],
    [`python3 -c "import os; os.symlink('/etc/passwd', 'p')"`, "ln -s /etc/passwd p"],
    [`node -e "require('fs').linkSync('.git/config', 'gc')"`, "ln .git/config gc"],
    [`perl -MFile::Copy -e 'copy("README.md", "scratch.txt")'`, "cp README.md scratch.txt"],
    [`ruby -e 'File.chmod(0600, "${bashrc}")'`, `chmod 600 ${bashrc}`],
  ];
  for (const [call, tool] of pairs) {
    test(`${call} ~ ${tool}`, () => {
      const judged = (command: string) => {
        const r = classify({ command, cwd: fx.ws, env: fx.env });
        return [r.decision, r.reason];
      };
      expect(judged(call)).toEqual(judged(tool));
    });
  }
});

// One harmless case run for real, in a temporary folder as the working directory: the verdict is
// `mv -T a.txt b.txt`'s there (b.txt is replaced, so it is relocated first), and python3 does
// move a.txt onto b.txt.
describe("end to end", () => {
  test.skipIf(!Bun.which("python3"))("Path.replace moves a file onto another, as mv -T", () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), "leogriel-file-calls-")));
    try {
      writeFileSync(join(dir, "a.txt"), "new\n");
      writeFileSync(join(dir, "b.txt"), "old\n");
      const command = `python3 -c "import pathlib; pathlib.Path('a.txt').replace('b.txt')"`;
      const judged = (line: string) => {
        const r = classify({ command: line, cwd: dir, env: fx.env });
        return [r.decision, r.reason];
      };
      expect(judged(command)).toEqual([...RELOCATE]);
      expect(judged(command)).toEqual(judged("mv -T a.txt b.txt"));
      const run = Bun.spawnSync(["sh", "-c", command], { cwd: dir });
      expect(run.exitCode).toBe(0);
      expect(existsSync(join(dir, "a.txt"))).toBe(false);
      expect(readFileSync(join(dir, "b.txt"), "utf8")).toBe("new\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
