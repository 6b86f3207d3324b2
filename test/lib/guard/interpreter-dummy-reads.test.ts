import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, RELOCATE, verdictRows } from "../../support/verdict-rows.ts";

// Session 18: interpreter code that reads a file by its literal name and then writes something
// else to it (`open("README.md").read(); open("README.md", "w").write("")`) was judged an in-place
// edit (ALLOW, as `sed -i`): any read of the same name before the write counted, though the write
// keeps nothing of it. The write is in place now only when it appends or writes what was read
// (in-place-edits.ts, as for Python loops); otherwise it is the overwrite a write alone is
// (RELOCATE_TREE: the file is copied first). Commands are only judged; nothing runs.
const fx = useGuardFixture();
const table = verdictRows(fx);
mkdirSync(join(fx.ws, "edits"), { recursive: true });
writeFileSync(join(fx.ws, "edits/app.py"), "old_name = 1\n");

/** A heredoc of `language` code, one statement a line. */
const heredoc = (program: string, ...lines: string[]) => `${program} - <<'EOF'\n${lines.join("\n")}\nEOF`;
const py = (...lines: string[]) => heredoc("python3", ...lines);
const node = (...lines: string[]) => heredoc("node", 'const fs = require("fs");', ...lines);
const ruby = (...lines: string[]) => heredoc("ruby", ...lines);
const perl = (...lines: string[]) => heredoc("perl", ...lines);
const READ = 'open(my $in, "<", "README.md") or die;';
const WRITE = 'open(my $out, ">", "README.md") or die;';

table("a read whose value the write does not use keeps nothing: an overwrite", [
  ["Python: the brief's one-liner", `python3 -c 'open("README.md").read(); open("README.md","w").write("")'`, ...RELOCATE],
  ["Python: as the write alone", `python3 -c 'open("README.md","w").write("")'`, ...RELOCATE],
  ["Python: pathlib", py("from pathlib import Path", 'Path("README.md").read_text()', 'Path("README.md").write_text("")'), ...RELOCATE],
  ["Python: a bound Path", py("from pathlib import Path", 'p = Path("README.md")', "p.read_bytes()", 'p.write_bytes(b"")'), ...RELOCATE],
  ["Python: the name given another value first", py('t = open("README.md").read()', 't = ""', 'open("README.md", "w").write(t)'), ...RELOCATE],
  ["Python: with-blocks, a literal written", py('with open("README.md") as h:', "    t = h.read()", 'with open("README.md", "w") as h:', '    h.write("")'), ...RELOCATE],
  ["Python: the name only in a string", py('t = open("README.md").read()', 'h = open("README.md", "w")', 'h.write("# t")'), ...RELOCATE],
  ["Python: an open handle given something else to dump", py("import json", 't = open("README.md").read()', 'json.dump({}, open("README.md", "w"))'), ...RELOCATE],
  ["Python: a dump of something else", py("import json", 'with open("README.md") as f:', "    data = json.load(f)", 'with open("README.md", "w") as f:', "    json.dump({}, f)"), ...RELOCATE],
  ["Python: printed, but not to the handle", py('t = open("README.md").read()', 'h = open("README.md", "w")', "print(t, h)"), ...RELOCATE],
  ["Python: read after the open truncated it", `python3 -c 'open("README.md","w").write(open("README.md").read())'`, ...RELOCATE],
  ["Python loop: read after the open truncated it", py("from pathlib import Path", 'for p in Path("edits").rglob("*.py"):', '    open(p, "w").write(open(p).read())'), ...RELOCATE],
  ["Node: the brief's one-liner", `node -e 'fs.readFileSync("README.md"); fs.writeFileSync("README.md", "")'`, ...RELOCATE],
  ["Node: the name only in a string", node('const t = fs.readFileSync("README.md", "utf8");', 'fs.writeFileSync("README.md", "t");'), ...RELOCATE],
  ["Node: a stream given a literal", node('const t = fs.readFileSync("README.md", "utf8");', 'const s = fs.createWriteStream("README.md");', 's.end("");'), ...RELOCATE],
  ["Node: a comment naming the value", node('const t = fs.readFileSync("README.md", "utf8");', 'fs.writeFileSync("README.md", "" /* t */);'), ...RELOCATE],
  ["Ruby: the brief's one-liner", `ruby -e 'File.read("README.md"); File.write("README.md", "")'`, ...RELOCATE],
  ["Ruby: without parentheses", ruby('File.readlines("README.md")', 'File.write "README.md", ""'), ...RELOCATE],
  ["Ruby: a block given a literal", ruby('t = File.read("README.md")', 'File.open("README.md", "w") { |f| f.write("") }'), ...RELOCATE],
  ["Perl: an open to read, then one to write", perl(READ, WRITE, 'print $out "";'), ...RELOCATE],
  ["Perl: lines read, something else printed", perl(READ, "my @lines = <$in>;", WRITE, 'print {$out} "x\\n";'), ...RELOCATE],
]);

table("a write of what was read stays an in-place edit", [
  ["Python: the brief's edit", `python3 -c 'p=open("README.md").read(); open("README.md","w").write(p.replace("x","y"))'`, ...OK],
  ["Python: with-blocks", py('with open("README.md") as h:', "    t = h.read()", 'with open("README.md", "w") as h:', '    h.write(t.replace("a", "b"))'), ...OK],
  ["Python: pathlib, read in the write", py("from pathlib import Path", 'Path("README.md").write_text(Path("README.md").read_text().upper())'), ...OK],
  ["Python: an f-string", py('t = open("README.md").read()', 'open("README.md", "w").write(f"{t}\\n")'), ...OK],
  ["Python: dumped into an open handle", py("import json", 'd = json.load(open("README.md"))', 'json.dump(d, open("README.md", "w"), indent=2)'), ...OK],
  ["Python: printed to the handle", py('t = open("README.md").read()', 'h = open("README.md", "w")', "print(t.strip(), file=h)"), ...OK],
  ["Python: appending", `python3 -c 'open("README.md").read(); open("README.md","a").write("x")'`, ...OK],
  ["Node: the brief's edit", `node -e 'fs.writeFileSync("README.md", fs.readFileSync("README.md","utf8").replace("a","b"))'`, ...OK],
  ["Node: through a second name", node('const t = fs.readFileSync("README.md", "utf8");', 'const lines = t.split("\\n");', 'fs.writeFileSync("README.md", lines.join("\\n"));'), ...OK],
  ["Node: a value read into a name, no semicolons", node('let t = fs.readFileSync("README.md", "utf8")', "fs.writeFileSync('README.md', t + '\\n')"), ...OK],
  ["Node: a stream", node('const t = fs.readFileSync("README.md", "utf8");', 'const s = fs.createWriteStream("README.md");', "s.write(t.trim());", "s.end();"), ...OK],
  ["Ruby: read in the write (was RELOCATE)", `ruby -e 'File.write("README.md", File.read("README.md").gsub("a", "b"))'`, ...OK],
  ["Ruby: the brief's edit", ruby('t = File.read("README.md").gsub("a", "b")', 'File.write("README.md", t)'), ...OK],
  ["Ruby: a block", ruby('t = File.read("README.md")', 'File.open("README.md", "w") { |f| f.puts t.upcase }'), ...OK],
  ["Ruby: read through a block", ruby('t = File.open("README.md") { |f| f.read }', 'File.write("README.md", t.strip)'), ...OK],
  ["Perl: lines printed back", perl(READ, "my @lines = <$in>;", "close $in;", WRITE, "print $out map { s/a/b/r } @lines;"), ...OK],
  ["Perl: slurped and substituted", perl(READ, "local $/;", "my $t = <$in>;", "$t =~ s/a/b/g;", WRITE, "print {$out} $t;"), ...OK],
]);
