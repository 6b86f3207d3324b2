import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, ASK_OUT, NOOP, OK, OUTSIDE, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Eighth red-team pass, programs: gdb's one-dash long options (C4), venv's abbreviated --clear
// (C5), cargo's other target-dir settings (C6), bun's cache folder (C7), flock -c (C8), sg (C9),
// python's standard modules that write files (H1, H2).
const fx = useGuardFixture();
mkdirSync(join(fx.ws, ".venv"), { recursive: true });
writeFileSync(join(fx.ws, "out.json"), "{}\n");


const table = verdictRows(fx);

table("red-team 8 C4: gdb's long options with one dash, `=` and full names", [
  ["-init-eval-command=", "gdb -batch -init-eval-command='shell rm -rf ~'", ...ANCESTOR],
  ["--init-eval-command=", "gdb -batch --init-eval-command='shell rm -rf ~'", ...ANCESTOR],
  ["-init-eval-command WORD", "gdb -batch -init-eval-command 'shell rm -rf ~'", ...ANCESTOR],
  ["-init-eval (a prefix)", "gdb -batch -init-eval 'shell rm -rf ~'", ...ANCESTOR],
  ["-eval-command=", "gdb -batch -eval-command='shell rm -rf ~'", ...ANCESTOR],
  ["-ex=", "gdb -batch -ex='shell rm -rf ~'", ...ANCESTOR],
  ["-iex=", "gdb -batch -iex='shell rm -rf ~'", ...ANCESTOR],
  ["-command= of a written file", "printf 'shell rm -rf ~\\n' > x.gdb; gdb -batch -command=x.gdb", ...ANCESTOR],
  ["-init-command= of a written file", "printf 'shell rm -rf ~\\n' > x.gdb; gdb -batch -init-command=x.gdb", ...ANCESTOR],
  ["-x= of a written file", "printf 'shell rm -rf ~\\n' > x.gdb; gdb -batch -x=x.gdb", ...ANCESTOR],
  ["a harmless -ex=", "gdb -batch -ex='print 1'", ...OK],
  ["a pid and a backtrace", "gdb -p 1234 -batch -ex bt", ...OK],
]);

table("red-team 8 C5: argparse prefixes of venv's --clear", [
  ["--cl", "python3 -m venv --cl ~/Documents", ...OUTSIDE],
  ["--cle", "python3 -m venv --cle ~/Documents", ...OUTSIDE],
  ["--clea", "python3 -m venv --clea ~/Documents", ...OUTSIDE],
  ["virtualenv --cl", "virtualenv --cl ~/Documents", ...OUTSIDE],
  ["--cl in the workspace", "python3 -m venv --cl .venv", ...RELOCATE],
  ["--copies is no --clear", "python3 -m venv --copies ~/Documents", ...OK],
]);

table("red-team 8 C6: cargo's target folder from --config and CARGO_BUILD_TARGET_DIR", [
  ["CARGO_BUILD_TARGET_DIR", "CARGO_BUILD_TARGET_DIR=~/Documents cargo clean", ...OUTSIDE],
  ["CARGO_BUILD_TARGET_DIR exported", "export CARGO_BUILD_TARGET_DIR=~; cargo clean", ...ANCESTOR],
  ["--config before clean", `cargo --config 'build.target-dir="${fx.home}/Documents"' clean`, ...OUTSIDE],
  ["--config after clean, single quotes", `cargo clean --config "build.target-dir='${fx.home}/Documents'"`, ...OUTSIDE],
  ["--config=", `cargo --config=build.target-dir=\\"${fx.home}\\" clean`, ...ANCESTOR],
  ["an inline table the guard does not read", `cargo --config 'build={target-dir="/x"}' clean`, ...UNKNOWN],
  ["CARGO_TARGET_DIR wins over CARGO_BUILD_TARGET_DIR", "CARGO_TARGET_DIR=target2 CARGO_BUILD_TARGET_DIR=~/Documents cargo clean", ...NOOP],
  ["another --config", "cargo --config net.retry=2 clean", ...OK],
  ["cargo build with CARGO_BUILD_TARGET_DIR", "CARGO_BUILD_TARGET_DIR=~/Documents cargo build", ...OK],
]);

table("red-team 8 C7: bun pm cache rm empties the cache folder its environment names", [
  ["BUN_INSTALL_CACHE_DIR", "BUN_INSTALL_CACHE_DIR=~/Documents bun pm cache rm", ...OUTSIDE],
  ["BUN_INSTALL", "BUN_INSTALL=~ bun pm cache rm", ...OUTSIDE],
  ["exported", "export BUN_INSTALL_CACHE_DIR=~; bun pm cache rm", ...ANCESTOR],
  ["the default cache", "bun pm cache rm", ...OK],
  ["listing the cache", "BUN_INSTALL_CACHE_DIR=~/Documents bun pm cache", ...OK],
]);

table("red-team 8 C8, C9: flock -c and sg run command text", [
  ["flock FILE -c", "flock /tmp/l -c 'rm -rf ~'", ...ANCESTOR],
  ["flock -x FILE -c", "flock -x /tmp/l -c 'rm -rf ~'", ...ANCESTOR],
  ["flock -w N FILE --command", "flock -w 5 /tmp/l --command 'rm -rf ~'", ...ANCESTOR],
  ["flock -n FILE COMMAND", "flock -n /tmp/l rm -rf ~", ...ANCESTOR],
  ["flock -c harmless", "flock /tmp/l -c ls", ...OK],
  ["sg GROUP -c", "sg root -c 'rm -rf ~'", ...ANCESTOR],
  ["sg GROUP TEXT", "sg root 'rm -rf ~'", ...ANCESTOR],
  ["sg - GROUP -c", "sg - root -c 'rm -rf ~'", ...ANCESTOR],
  ["sg computed text", 'sg root -c "$CMD"', ...UNKNOWN],
  ["sg harmless", "sg staff -c ls", ...OK],
]);

table("red-team 8 H1, H2: python's standard modules and perl's open that write files", [
  ["zipfile -e into the home", "python3 -m zipfile -e x.zip ~", ...ASK_OUT],
  ["tarfile -e into a home folder", "python3 -m tarfile -e x.tar ~/Documents", ...ASK_OUT],
  ["tarfile --extract into the home", "python3 -m tarfile --extract x.tar ~", ...ASK_OUT],
  ["json.tool OUT", "python3 -m json.tool x.json ~/.bashrc", ...ASK_OUT],
  ["json.tool --indent N IN OUT", "python3 -m json.tool --indent 2 x.json ~/.bashrc", ...ASK_OUT],
  ["cProfile -o", "python3 -m cProfile -o ~/.bashrc x.py", ...ASK_OUT],
  ["profile -o", "python3 -m profile -o ~/.bashrc x.py", ...ASK_OUT],
  ["zipapp -o after the source", "python3 -m zipapp src -o ~/.bashrc", ...ASK_OUT],
  ["zipfile -c over a home file", "python3 -m zipfile -c ~/.bashrc a.txt", ...ASK_OUT],
  ["zipfile -e in the workspace", "python3 -m zipfile -e x.zip out", ...OK],
  ["zipfile -l", "python3 -m zipfile -l ~/x.zip", ...OK],
  ["json.tool to stdout", "python3 -m json.tool ~/x.json", ...OK],
  ["json.tool into the workspace", "python3 -m json.tool x.json out.json", ...RELOCATE],
  ["perl open for writing, three arguments", `perl -e 'open(F, ">", "$ENV{HOME}/.bashrc"); print F "x"'`, ...UNKNOWN],
  ["perl open for writing, two arguments", `perl -e 'open F, ">>$ENV{HOME}/.bashrc"; print F "x"'`, ...UNKNOWN],
  ["perl open for reading", `perl -e 'open(F, "<", "a.txt"); print <F>'`, ...OK],
  ["cProfile -o in the workspace, script options after", "python3 -m cProfile -o prof.out x.py -o ~/.bashrc", ...NOOP],
]);

table("red-team 8 C10: code in interpreter options and modules the line wrote", [
  ["timeit statement", `python3 -m timeit -n1 'import os; os.system("rm -rf ~")'`, ...ANCESTOR],
  ["timeit -s setup", `python3 -m timeit -s 'import os; os.system("rm -rf ~")' pass`, ...ANCESTOR],
  ["timeit --setup=", `python3 -m timeit --setup='import shutil; shutil.rmtree("/home")' pass`, ...ANCESTOR],
  ["pdb -c with !", `python3 -m pdb -c '!import os; os.system("rm -rf ~")' x.py`, ...ANCESTOR],
  ["pdb -c without !", `python3 -m pdb -c 'import os; os.system("rm -rf ~")' -c c x.py`, ...ANCESTOR],
  ["pdb of a written script", `printf 'import os; os.system("rm -rf ~")' > x.py; python3 -m pdb x.py`, ...ANCESTOR],
  ["cProfile of a written script", `printf 'import os; os.system("rm -rf ~")' > x.py; python3 -m cProfile -s time x.py`, ...ANCESTOR],
  ["a harmless timeit", "python3 -m timeit -n 3 'sum(range(10))'", ...OK],
  ["pdb continue", "python3 -m pdb -c continue x.py", ...OK],
  // A named import only called is read as the module's call since session 15 (interpreters.ts _namedCalls): was UNKNOWN.
  ["node --import data: URL", `node --import 'data:text/javascript,import{execSync}from"child_process";execSync("rm -rf ~")' -e 1`, ...ANCESTOR],
  ["node --loader= data: URL, encoded", `node --loader='data:text/javascript,require(%22child_process%22).execSync(%22rm%20-rf%20~%22)' x.js`, ...ANCESTOR],
  ["node --import base64 data: URL", `node --import 'data:text/javascript;base64,${Buffer.from('require("child_process").execSync("rm -rf ~")').toString("base64")}' x.js`, ...ANCESTOR],
  ["NODE_OPTIONS --import data: URL", `NODE_OPTIONS='--import=data:text/javascript,require("fs").rmSync("/home",{recursive:true})' node x.js`, ...ANCESTOR],
  ["a data: URL after the script is its argument", `node x.js --import 'data:text/javascript,require("child_process").execSync("rm -rf ~")'`, ...OK],
  ["a file preload", "node --import ./register.mjs x.js", ...OK],
  ["perl -M with code", "perl '-Mstrict;system q(rm -rf ~);' -e 1", ...UNKNOWN],
  ["perl -M in a cluster", `perl -wM'POSIX;system("rm -rf ~")' -e 1`, ...ANCESTOR],
  ["perl -MModule=args", "perl -MList::Util=sum,max -e 'print sum(1,2)'", ...OK],
  ["perl -mstrict", "perl -mstrict -e 1", ...OK],
  ["python -c importing a written module", `printf 'import os; os.system("rm -rf ~")' > x.py; python3 -c 'import x'`, ...ANCESTOR],
  ["from a written package", `mkdir -p p; printf 'import os; os.system("rm -rf ~")' > p/__init__.py; python3 -c 'from p import y'`, ...ANCESTOR],
  ["a written script importing a written module", `printf 'import os; os.system("rm -rf ~")' > x.py; echo 'import x' > main.py; python3 main.py`, ...ANCESTOR],
  ["unread text imported", "jq . y > x.py; python3 -c 'import x'", ...UNKNOWN],
  ["node -e requiring a written file", `printf 'require("child_process").execSync("rm -rf ~")' > x.js; node -e 'require("./x.js")'`, ...ANCESTOR],
  ["node -e importing a written file without extension", `printf 'require("child_process").execSync("rm -rf ~")' > x.js; node -e 'import("./x")'`, ...UNKNOWN],
  ["a harmless written module", "echo 'y = 1' > x.py; python3 -c 'import x'", ...NOOP],
  ["a module the line did not write", "python3 -c 'import json'", ...OK],
]);

table("red-team 8 C11: ssh configurations and programs the line wrote, ZIPOPT, PERL5DB", [
  ["ssh -F with a ProxyCommand", "printf 'Host *\\n  ProxyCommand rm -rf ~\\n' > cfg; ssh -F cfg host", ...ANCESTOR],
  ["ssh -Fcfg, KnownHostsCommand=", "printf 'Host *\\n  KnownHostsCommand=rm -rf ~\\n' > cfg; ssh -Fcfg host", ...ANCESTOR],
  ["ssh -F with Match exec", `printf 'Match exec "rm -rf ~"\\n' > cfg; ssh -F cfg host`, ...ANCESTOR],
  ["an Include the config names", `printf 'Include ${fx.ws}/inc\\n' > cfg; printf 'ProxyCommand rm -rf ~\\n' > inc; ssh -F cfg host`, ...ANCESTOR],
  ["scp -F", "printf 'ProxyCommand rm -rf ~\\n' > cfg; scp -F cfg a host:b", ...ANCESTOR],
  ["sftp -F", "printf 'ProxyCommand rm -rf ~\\n' > cfg; sftp -F cfg host", ...ANCESTOR],
  ["through rsync -e", "printf 'ProxyCommand rm -rf ~\\n' > cfg; rsync -e 'ssh -F cfg' a host:b", ...ANCESTOR],
  // Session 13: one reader of rsync's -e/--rsh (unread-words.ts rsyncShells): after `--` (popt
  // stops there) `-e` and its next word are files sent, no command run. Was BLOCK_PROTECTED_ANCESTOR.
  ["rsync -e after --", "rsync -a -- -e 'rm -rf ~' host:b", ...OK],
  ["rsync --rsh=", "rsync -av --rsh='rm -rf ~' a host:b", ...ANCESTOR],
  ["rsync cluster ending in e", "rsync -avze 'rm -rf ~' a host:b", ...ANCESTOR],
  // Session 13 reread: popt reads -e's value from the rest of its cluster too, a leading `=`
  // dropped (checked with rsync 3.2.7), and without -e rsync runs RSYNC_RSH, RSYNC_CONNECT_PROG
  // for a daemon. Each was ALLOW_NO_EFFECT.
  ["rsync -e'CMD' attached", "rsync -e'rm -rf ~' -a a host:b", ...ANCESTOR],
  ["rsync -ae=CMD", "rsync -ae='rm -rf ~' a host:b", ...ANCESTOR],
  ["RSYNC_RSH of the command", "RSYNC_RSH='rm -rf ~' rsync -a a host:b", ...ANCESTOR],
  ["RSYNC_RSH exported earlier, ssh's ProxyCommand", `export RSYNC_RSH='ssh -oProxyCommand="rm -rf ~"'; rsync -a a host:b`, ...ANCESTOR],
  ["RSYNC_RSH computed", 'RSYNC_RSH="$X" rsync -a a host:b', ...UNKNOWN],
  ["RSYNC_CONNECT_PROG for a daemon", "RSYNC_CONNECT_PROG='rm -rf ~' rsync -a a rsync://host/m/", ...ANCESTOR],
  ["-B takes the e: a block size, no shell", "rsync -Be 'rm -rf ~' a host:b", ...OK],
  ["-e overrides RSYNC_RSH", "RSYNC_RSH='rm -rf ~' rsync -e ssh a host:b", ...OK],
  ["RSYNC_RSH for a local copy runs nothing", "RSYNC_RSH='rm -rf ~' rsync -a a b", ...NOOP],
  ["RSYNC_RSH of plain ssh", "RSYNC_RSH='ssh -p 2222' rsync -a a host:b", ...OK],
  ["a config of unread text", "jq . x > cfg; ssh -F cfg host", ...UNKNOWN],
  ["scp -S of a written program", "printf '#!/bin/sh\\nrm -rf ~\\n' > x; chmod +x x; scp -S ./x a b:c", ...ANCESTOR],
  ["sftp -S of a written program", "printf '#!/bin/sh\\nrm -rf ~\\n' > x; chmod +x x; sftp -S ./x host", ...ANCESTOR],
  ["a harmless written config", "printf 'Host x\\n  User me\\n  ProxyCommand none\\n' > cfg; ssh -F cfg host true", ...NOOP],
  ["an existing config", "ssh -F ~/.ssh/config host", ...OK],
  ["-F after the remote command is its argument", "printf 'ProxyCommand rm -rf ~\\n' > cfg; ssh host ls -F cfg", ...NOOP],
  // Session 13: ssh's -P takes a value (ssh-options.ts, one list for every reader): `-P TAG` is no
  // host, and -F after the host is still ssh's. Was ALLOW_NOOP.
  ["-P TAG, then -F after the host", "printf 'ProxyCommand rm -rf ~\\n' > cfg; ssh -P tag host -F cfg", ...ANCESTOR],
  ["ZIPOPT", `ZIPOPT='-T -TT "rm -rf ~"' zip x.zip a`, ...UNKNOWN],
  ["PERL5DB under -d", `PERL5DB='system("rm -rf ~")' perl -d -e 1`, ...ANCESTOR],
  ["PERL5DB under -de", `PERL5DB='system("rm -rf ~")' perl -de 1`, ...ANCESTOR],
  ["PERL5DB without -d", `PERL5DB='system("rm -rf ~")' perl -e 1`, ...OK],
  ["-d:Module does not read PERL5DB", `PERL5DB='system("rm -rf ~")' perl -d:NYTProf x.pl`, ...OK],
]);
