import { beforeAll } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { type VerdictRow, verdictRows } from "../../support/verdict-rows.ts";

// code-writes.ts: interpreter code that writes a file named by a plain literal is a write of that
// file (it was BLOCK_UNDETERMINABLE_EFFECT, or for Ruby's File.open/IO.write not seen at all);
// any name or mode the code computes stays unknown, and running the written file stays unknown.
const fx = useGuardFixture();
const table = verdictRows(fx);
const home = fx.home;

beforeAll(() => writeFileSync(join(fx.ws, "package.json"), '{"name":"app","version":"1.0.0"}\n'));

const WORKSPACE: VerdictRow[] = [
  ["python open 'w' of a new file", `python3 -c "open('out.txt', 'w').write('hello')"`, "ALLOW", "ALLOW_NOOP"],
  ["python open 'a' edits in place", `python3 -c "open('README.md', 'a').write('x')"`, "ALLOW", "ALLOW_NO_EFFECT"],
  ["python open 'w' of an existing file is relocated like > README.md", `python3 -c "open('README.md', 'w').write('x')"`, "RELOCATE", "RELOCATE_TREE"],
  ["python pathlib read then write_text", `python3 -c "import pathlib; p = pathlib.Path('README.md'); p.write_text(p.read_text().replace('a', 'b'))"`, "ALLOW", "ALLOW_NO_EFFECT"],
  ["python Path.write_text of a new file", `python3 -c "from pathlib import Path; Path('dist/x.txt').write_text('x')"`, "ALLOW", "ALLOW_NOOP"],
  [
    "python heredoc json.load then json.dump into the same file",
    `python - <<'EOF'\nimport json\nwith open("package.json") as f:\n    data = json.load(f)\ndata["version"] = "1.2.0"\nwith open("package.json", "w") as f:\n    json.dump(data, f, indent=2)\nEOF`,
    "ALLOW",
    "ALLOW_NO_EFFECT",
  ],
  ["python open of /dev/null", `python3 -c "open('/dev/null', 'w').write('x')"`, "ALLOW", "ALLOW_NO_EFFECT"],
  ["node writeFileSync of a new file", `node -e "require('fs').writeFileSync('dist/version.txt', '1.0.0')"`, "ALLOW", "ALLOW_NOOP"],
  [
    "node reads then writes package.json",
    `node -e "const fs=require('fs'); const p=JSON.parse(fs.readFileSync('package.json','utf8')); p.version='1.2.3'; fs.writeFileSync('package.json', JSON.stringify(p, null, 2))"`,
    "ALLOW",
    "ALLOW_NO_EFFECT",
  ],
  ["node fs.promises.writeFile", `node -e "require('fs').promises.writeFile('dist/a.txt', 'x')"`, "ALLOW", "ALLOW_NOOP"],
  ["node import fs from 'fs'", `node --input-type=module -e "import fs from 'node:fs'; fs.writeFileSync('dist/a.txt', 'x')"`, "ALLOW", "ALLOW_NOOP"],
  // Session 15: a named import only called reads as the module's member (interpreters.ts _namedCalls).
  ["node named import", `node --input-type=module -e "import { writeFileSync } from 'fs'; writeFileSync('a.txt', 'x')"`, "ALLOW", "ALLOW_NOOP"],
  ["perl open '>' of a literal", `perl -e 'open(my $fh, ">", "out.txt") or die; print $fh "hi";'`, "ALLOW", "ALLOW_NOOP"],
  ["ruby File.write", `ruby -e "File.write('out.txt', 'x')"`, "ALLOW", "ALLOW_NOOP"],
  ["ruby File.open 'w'", `ruby -e "File.open('out.txt', 'w') { |f| f.puts 'x' }"`, "ALLOW", "ALLOW_NOOP"],
];

const OUTSIDE: VerdictRow[] = [
  ["python open 'w' of a file outside", `python3 -c "open('${home}/Documents/notes.txt', 'w').write('x')"`, "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["node appendFileSync to a file outside", `node -e "require('fs').appendFileSync('${home}/Documents/notes.txt', 'x')"`, "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["perl open '>>' of a file outside", `perl -e 'open(my $fh, ">>", "../Documents/notes.txt"); print $fh "x";'`, "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["ruby File.open 'a' of a file outside (was allowed)", `ruby -e "File.open('${home}/Documents/notes.txt', 'a') { |f| f.puts 'x' }"`, "ASK", "ASK_OUTSIDE_WORKSPACE"],
];

const PROTECTED: VerdictRow[] = [
  ["python write of .git/config", `python3 -c "open('.git/config', 'w').write('x')"`, "BLOCK", "BLOCK_PROTECTED_PATH"],
  // As `echo x >> ~/.ssh/authorized_keys` (policy.ts: a write outside the workspace asks).
  ["python append to ~/.ssh asks like >>", `python3 -c "open('${home}/.ssh/authorized_keys', 'a').write('x')"`, "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["python write of a credential store asks like > ~/.git-credentials", `python3 -c "open('${home}/.git-credentials', 'w').write('x')"`, "ASK", "ASK_SECRET_ACCESS"],
  ["python write of the workspace's .env is an ordinary write", `python3 -c "open('.env', 'w').write('PORT=1')"`, "ALLOW", "ALLOW_NOOP"],
  ["python write of the guard's config", `python3 -c "open('.leogriel/config.json', 'w').write('{}')"`, "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["node write of .git/config", `node -e "require('fs').writeFileSync('.git/config', 'x')"`, "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["ruby IO.write of .git/config (was allowed)", `ruby -e "IO.write('.git/config', 'x')"`, "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["ruby File.open 'w' of a system file (was allowed)", `ruby -e "File.open('/etc/hosts', 'w') { |f| f.puts 'x' }"`, "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["perl open '>' of .git/config", `perl -e 'open(FH, ">.git/config"); print FH "x"'`, "BLOCK", "BLOCK_PROTECTED_PATH"],
];

const COMPUTED: VerdictRow[] = [
  ["python f-string name", `python3 -c "x = 'a'; open(f'{x}.txt', 'w').write('x')"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["python variable name", `python3 -c "import sys; open(sys.argv[1], 'w').write('x')"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["python name joined at run time", `python3 -c "import os; open(os.path.join('a', 'b'), 'w').write('x')"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["python expanduser", `python3 -c "import os; open(os.path.expanduser('~/.bashrc'), 'a').write('x')"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["python a ~ name", `python3 -c "open('~/.bashrc', 'a').write('x')"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["python computed mode", `python3 -c "m = 'w'; open('out.txt', m).write('x')"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["python open passed around", `python3 -c "f = open; f('${home}/.bashrc', 'w').write('x')"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["python unpacked open arguments", `python3 -c "open(*['${home}/.bashrc', 'w']).write('x')"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["python an opener function", `python3 -c "import os; open('x', opener=lambda p, f: os.open('${home}/.bashrc', os.O_WRONLY))"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["python chdir before a relative write", `python3 -c "import os; os.chdir('${home}'); open('.bashrc', 'w').write('x')"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["python a Path bound twice", `python3 -c "import pathlib; p = pathlib.Path('README.md'); q = p; q.write_text('x')"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["python a Path joined at run time", `python3 -c "from pathlib import Path; (Path('dist') / 'x.txt').write_text('x')"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["python open( inside a string hides nothing", `python3 -c "x = 'open('; exec('1'); y = ', \\"w\\")'"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["node name from the environment", `node -e "require('fs').writeFileSync(process.env.HOME + '/.bashrc', 'x')"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["node a flag option", `node -e "require('fs').writeFileSync('a.txt', 'x', {flag: 'a'})"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["node named import passed around", `node --input-type=module -e "import { writeFileSync } from 'fs'; [['a.txt', 'x']].forEach((a) => writeFileSync(...a)); g(writeFileSync)"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["node a write call passed around", `node -e "const fs = require('fs'); const w = fs.writeFileSync; w('${home}/.bashrc', 'x')"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["node an fs binding's member by a computed key", `node -e "const f = require('fs'); f['rm' + 'Sync']('${home}', {recursive: true})"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["perl interpolated name", `perl -e 'open(FH, ">$ENV{HOME}/.bashrc"); print FH "x"'`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["perl sysopen with flags (was allowed)", `perl -MFcntl -e 'sysopen(my $fh, "$ENV{HOME}/.bashrc", O_WRONLY|O_TRUNC)'`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["python os.open with flags (was allowed)", `python3 -c "import os; os.open('${home}/.bashrc', os.O_WRONLY | os.O_TRUNC)"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["ruby computed name", `ruby -e "File.open(ENV['HOME'] + '/.bashrc', 'w') { |f| f.puts 'x' }"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["ruby computed mode", `ruby -e "m = 'w'; File.open('out.txt', m) { |f| f.puts 'x' }"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
];

const WRITE_THEN_RUN: VerdictRow[] = [
  ["python writes a script the line runs", `python3 -c "open('s.sh', 'w').write('rm -rf ~')" && bash s.sh`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["python appends to a script the line wrote with known text", `echo ls > s.sh && python3 -c "open('s.sh', 'a').write('rm -rf ~')" && bash s.sh`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["node writes a script the line runs", `node -e "require('fs').writeFileSync('run.sh', 'rm -rf ~')" && ./run.sh`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["perl writes a script the line sources", `perl -e 'open(my $fh, ">", "env.sh"); print $fh "rm -rf ~";' && . ./env.sh`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["ruby writes a module python then imports", `ruby -e "File.write('helper.py', 'x')" && python3 -c "import helper"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
];

// Deletes by code are judged as before.
const DELETES: VerdictRow[] = [
  ["python rmtree of an ignored folder", `python3 -c "import shutil; shutil.rmtree('build')"`, "RELOCATE", "RELOCATE_TREE"],
  ["node rmSync of the home", `node -e "require('fs').rmSync('${home}', {recursive: true})"`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
];

table("code writes: a literal name in the workspace", WORKSPACE);
table("code writes: outside the workspace", OUTSIDE);
table("code writes: protected paths", PROTECTED);
table("code writes: computed names and modes stay unknown", COMPUTED);
table("code writes: running the written file", WRITE_THEN_RUN);
table("code writes: deletes unchanged", DELETES);
