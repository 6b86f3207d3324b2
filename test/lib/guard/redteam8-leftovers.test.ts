import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, ASK_OUT, EGRESS, NOOP, OK, OUTSIDE, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Eighth red-team pass, the findings left in files its helper could not edit (each confirmed with
// GNU tar 1.34 and perl 5.36 in a sandbox): tar's programs fed the members or the archive (C12),
// perl's own -I/-M switches loading a module the line wrote (C10f), and python's combined flags
// before -m (`-Im`), which the build-output and file-server readings missed. And one reading of
// which operand is the script of the interpreters inline-code.ts reads (script-operands.ts, with
// code-options.ts): lua and expect run their script after `-e`/`-c` code (lua's manual, expect's).
const fx = useGuardFixture();
mkdirSync(join(fx.ws, ".venv"), { recursive: true });


const table = verdictRows(fx);

const MOD = "printf 'system q(rm -rf ~);1;' >";

table("red-team 8 C12: tar feeds each member (--to-command) or the archive (-I) to a program's stdin", [
  ["--to-command=sh", "tar --to-command=sh -xf x.tar", ...UNKNOWN],
  ["--to-command sh", "tar --to-command sh -xf x.tar", ...UNKNOWN],
  ["TAR_OPTIONS, -xf", "TAR_OPTIONS=--to-command=sh tar -xf x.tar", ...UNKNOWN],
  ["TAR_OPTIONS, xf", "TAR_OPTIONS=--to-command=sh tar xf x.tar", ...UNKNOWN],
  ["sh -s", "tar --to-command='sh -s' -xf x.tar", ...UNKNOWN],
  ["through env", "tar --to-command='env sh' -xf x.tar", ...UNKNOWN],
  ["through cat |", "tar --to-command='cat | bash' -xf x.tar", ...UNKNOWN],
  ["sh -c sh", "tar --to-command='sh -c sh' -xf x.tar", ...UNKNOWN],
  ["python3", "tar --to-command=python3 -xf x.tar", ...UNKNOWN],
  ["python3 -", "tar --to-command='python3 -' -xf x.tar", ...UNKNOWN],
  ["-I 'sh -s --' of a script (tar adds -d)", "tar -I 'sh -s --' -xf s.sh", ...UNKNOWN],
  ["--use-compress-program='python3 -'", "tar --use-compress-program='python3 -' -xf s.py", ...UNKNOWN],
  ["-Ish", "tar -Ish -cf x.tar a", ...UNKNOWN],
  ["a checksum per member", "tar --to-command=sha256sum -xf x.tar", ...OK],
  ["members as data to a script", "tar --to-command='python3 s.py' -xf x.tar", ...OK],
  ["sh -c reading into /dev/null", `tar --to-command='sh -c "cat > /dev/null"' -xf x.tar`, ...OK],
  ["a compressor", "tar -I 'zstd -d' -xf x.tar.zst", ...OK],
]);

table("red-team 8 C10f: perl's own -I/-M/-m load a module the line wrote", [
  ["-I. -MX", `${MOD} X.pm; perl -I. -MX -e 1`, ...UNKNOWN],
  ["-I . -MX", `${MOD} X.pm; perl -I . -MX -e 1`, ...UNKNOWN],
  ["-mX", `${MOD} X.pm; perl -mX -I. -e 1`, ...UNKNOWN],
  ["-M-X", `${MOD} X.pm; perl -M-X -I. -e 1`, ...UNKNOWN],
  ["-MX=args", `${MOD} X.pm; perl -I. -MX=foo -e 1`, ...UNKNOWN],
  ["after the -e code", `${MOD} X.pm; perl -e 1 -I. -MX`, ...UNKNOWN],
  ["in a cluster", `${MOD} X.pm; perl -wI. -MX -e 1`, ...UNKNOWN],
  ["-M in a cluster", `${MOD} X.pm; perl -I. -wMX -e 1`, ...UNKNOWN],
  ["before a script", `${MOD} X.pm; perl -I. -MX s.pl`, ...UNKNOWN],
  ["-Ilib -MY::Z", `mkdir -p lib/Y; ${MOD} lib/Y/Z.pm; perl -Ilib -MY::Z -e 1`, ...UNKNOWN],
  ["PERL5LIB", `mkdir -p lib/Y; ${MOD} lib/Y/Z.pm; PERL5LIB=lib perl -MY::Z -e 1`, ...UNKNOWN],
  ["-MX after the script is its argument", `${MOD} X.pm; perl -I. s.pl -MX`, ...NOOP],
  ["-MX after -- is the script", `${MOD} X.pm; perl -I. -- -MX`, ...NOOP],
  ["a harmless module", "printf '1;' > X.pm; perl -I. -MX -e 1", ...NOOP],
  ["an installed module", "perl -Mstrict -we 'print 1'", ...OK],
]);

table("red-team 8: python's flags before -m as python reads them (script-operands.ts)", [
  ["-Im venv --clear", "python3 -Im venv --clear ~/Documents", ...OUTSIDE],
  ["-Imvenv --clear", "python3 -Imvenv --clear ~/Documents", ...OUTSIDE],
  ["-Esm pytest --basetemp", "python3 -Esm pytest --basetemp ~/Documents", ...OUTSIDE],
  ["-Im zipfile -e", "python3 -Im zipfile -e x.zip ~", ...ASK_OUT],
  ["-Im json.tool", "python3 -Im json.tool x.json ~/.bashrc", ...ASK_OUT],
  ["-Im http.server -d", "python3 -Im http.server -d ~", ...EGRESS],
  ["--check-hash-based-pycs VALUE -m http.server", "python3 --check-hash-based-pycs always -m http.server -d ~", ...EGRESS],
  ["-Im venv --clear in the workspace", "python3 -Im venv --clear .venv", ...RELOCATE],
  ["-m after -c CODE is the code's argument", "python3 -c 'print(1)' -m venv --clear ~/Documents", ...OK],
  ["-m after a script is its argument", "python3 x.py -m venv --clear ~/Documents", ...OK],
]);

const LUA = `printf 'os.execute("rm -rf ~")' > x.lua;`;

table("red-team 8: the script of the interpreters inline-code.ts reads, as script-operands.ts names it", [
  ["lua runs its script after -e", `${LUA} lua -e 'x=1' x.lua`, ...ANCESTOR],
  ["expect runs its script after -c", "printf 'exec rm -rf ~' > x.exp; expect -c 'set a 1' x.exp", ...ANCESTOR],
  ["a computed script after -e", "lua -e 'x=1' \"$F\"", ...UNKNOWN],
  ["a script after --", `${LUA} lua -- x.lua`, ...ANCESTOR],
  ["lua -l MOD, then the script", `${LUA} lua -l socket x.lua`, ...ANCESTOR],
  ["julia -t N reads stdin without a script", "echo 'quit()' | julia -t 4", ...UNKNOWN],
  ["julia -t N, then the script", "printf 'run(`rm -rf ~`)' > x.jl; julia -t 4 x.jl", ...ANCESTOR],
  ["an option word the guard cannot read", 'lua -e"$C"', ...UNKNOWN],
  ["Rscript -e: the operand is the code's argument", "printf 'system(\"rm -rf ~\")' > x.R; Rscript -e 'x <- 1' x.R", ...NOOP],
  ["lua -e alone reads no stdin", "echo 'os.execute(\"rm -rf ~\")' | lua -e 'x=1'", ...OK],
  ["an existing script", "lua x.lua", ...OK],
]);
