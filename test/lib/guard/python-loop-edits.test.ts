import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, RELOCATE, verdictRows } from "../../support/verdict-rows.ts";

// Session 18: a Python loop over a folder's files that reads each file and then writes something
// else (`for p in Path(".").iterdir(): p.read_bytes(); p.write_text("")`) was judged an in-place
// edit (ALLOW, as `sed -i`): any read of the loop's file before the write counted. The write is in
// place now only when it writes what was read (in-place-edits.ts); otherwise it is the
// overwrite a loop that only writes is (RELOCATE_TREE). Commands are only judged; nothing runs.
const fx = useGuardFixture();
const table = verdictRows(fx);
for (const [path, text] of Object.entries({ "edits/app.py": "old_name = 1\n", "edits/pkg/util.py": "print(old_name)\n" })) {
  mkdirSync(join(fx.ws, path, ".."), { recursive: true });
  writeFileSync(join(fx.ws, path), text);
}

/** A Python heredoc looping over the .py files of edits/ with the given body. */
const loop = (...body: string[]) => `python3 - <<'PY'\nfrom pathlib import Path\nfor p in Path("edits").rglob("*.py"):\n${body.map((l) => `    ${l}`).join("\n")}\nPY`;

table("a read whose value the write does not use keeps nothing: an overwrite", [
  ["the brief's one-liner", `python3 - <<'PY'\nfrom pathlib import Path\nfor p in Path("edits").iterdir(): p.read_bytes(); p.write_text("")\nPY`, ...RELOCATE],
  ["as a loop that only writes", `python3 - <<'PY'\nfrom pathlib import Path\nfor p in Path("edits").iterdir(): p.write_text("")\nPY`, ...RELOCATE],
  ["read into a name, something else written", loop("t = p.read_text()", 'p.write_text("")'), ...RELOCATE],
  ["the name given another value first", loop("t = p.read_text()", 't = ""', "p.write_text(t)"), ...RELOCATE],
  ["read after the write", loop('p.write_text("t")', "t = p.read_text()"), ...RELOCATE],
  ["open(p) read, open(p, 'w') given a literal", loop("open(p).read()", 'open(p, "w").write("")'), ...RELOCATE],
  ["with-blocks, a literal written", loop("with open(p) as h:", "    t = h.read()", 'with open(p, "w") as h:', '    h.write("")'), ...RELOCATE],
  ["the name only in a string", loop("t = p.read_text()", 'h = p.open("w")', 'h.write("# t")'), ...RELOCATE],
  ["an open handle given something else to dump", loop("t = p.read_text()", 'json.dump({}, open(p, "w"))'), ...RELOCATE],
]);

table("a write of what was read stays an in-place edit", [
  ["read in the write", loop('p.write_text(p.read_text().replace("old_name", "new_name"))'), ...OK],
  ["read into a name", loop("t = p.read_text()", 'p.write_text(t.replace("old_name", "new_name"))'), ...OK],
  ["through a second name", loop("t = p.read_text()", "u = t.upper()", "p.write_text(u)"), ...OK],
  ["bytes", loop("p.write_bytes(p.read_bytes())"), ...OK],
  ["an f-string", loop("t = p.read_text()", 'p.write_text(f"{t}\\n")'), ...OK],
  ["lines joined", loop("lines = p.read_text().splitlines()", 'p.write_text("\\n".join(l for l in lines if l))'), ...OK],
  ["with-blocks", loop("with open(p) as h:", "    t = h.read()", 'with open(p, "w") as h:', '    h.write(t.replace("old_name", "new_name"))'), ...OK],
  ["open chained", loop("t = open(p).read()", 'open(p, "w").write(t + "x")'), ...OK],
  ["a handle by name", loop("t = p.read_text()", 'h = open(p, "w")', "h.write(t)"), ...OK],
  ["dumped into an open handle (was RELOCATE_TREE)", loop("t = p.read_text()", 'json.dump(t, open(p, "w"))'), ...OK],
  ["appending", loop('p.open("a").write("# end\\n")'), ...OK],
]);
