import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ASK_OUT, OK, OUTSIDE, PROTECTED, RELOCATE, verdictRows } from "../../support/verdict-rows.ts";

// The archive zip, 7z and rar create or update is written (effects/archive-writes.ts); 7z's
// `-sdel` deletes what it added. Session 8's hunt: each ASK/BLOCK/RELOCATE row was ALLOW before.
const fx = useGuardFixture();
const table = verdictRows(fx);

table("the archive a command writes is judged", [
  ["zip onto a startup file (no suffix added: the name has a dot)", "zip -r ~/.bashrc src", ...ASK_OUT],
  ["zip into a system folder", "zip -r /etc/x.zip src", ...PROTECTED],
  ["zip -O writes a new archive", "zip -O /etc/x.zip old.zip src", ...PROTECTED],
  ["7z a", "7z a ~/.bashrc src", ...ASK_OUT],
  ["7z a with a type switch", "7z a -tzip ~/.bashrc src", ...ASK_OUT],
  ["7za", "7za a /etc/x.7z src", ...PROTECTED],
  ["7z d rewrites the archive", "7z d ~/.bashrc x", ...ASK_OUT],
  ["rar a", "rar a /etc/x src", ...PROTECTED],
  ["7z -sdel deletes what it added", "7zz a -sdel archive.7z scratch.txt", ...RELOCATE],
  ["7z -sdel outside the workspace", "7z a -sdel a.7z ~/Documents", ...OUTSIDE],
]);

table("archives in the workspace and readings pass", [
  ["zip -r out.zip src", "zip -r out.zip src -x '*.git*'", ...OK],
  ["zip into dist", "zip -r dist/app.zip src", ...OK],
  ["a new archive in the home folder (.zip added)", "zip -r ~/backup src", ...OK],
  ["7z a in the workspace", "7z a archive.7z file.txt", ...OK],
  ["7z x", "7z x a.7z", ...OK],
  ["7z l", "7z l a.7z", ...OK],
  ["unrar x", "unrar x a.rar", ...OK],
]);
