import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ASK_OUT, OK, PERSIST, PROTECTED, SECRET, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 13 (effects/tar-args.ts tarMembers, tar.ts _memberWrites, secrets.ts): the members an
// extraction names are the paths it writes, not files it reads. `tar -xf A.tar id_rsa` asked
// ASK_SECRET_ACCESS (secrets.ts read the operand as a key on disk) though tar writes `./id_rsa`
// from the archive; a member in protected storage or outside the workspace was not judged at all.
const fx = useGuardFixture();
const table = verdictRows(fx);

table("a member named like a credential is written, not read (each was ASK_SECRET_ACCESS)", [
  ["a key", "tar -xf A.tar id_rsa", ...OK],
  ["an env file", "tar -xf A.tar .env", ...OK],
  ["the traditional form", "tar xf A.tar .env", ...OK],
  ["in a folder", "tar -xzf A.tgz config/.env", ...OK],
  ["a home key spelled with ~ (tar drops the leading /)", "tar -xf A.tar ~/.ssh/id_rsa", ...OK],
  ["long options", "tar --extract --file=A.tar .env", ...OK],
  ["bsdtar", "bsdtar -xf A.tar .env", ...OK],
  ["-C a new folder", "tar -xf A.tar -C out id_rsa", ...OK],
  ["a listing", "tar -tf A.tar id_rsa", ...OK],
  ["a delete from the archive", "tar --delete -f A.tar .env", ...OK],
]);

table("the member judged where it is written (each was ALLOW_NO_EFFECT)", [
  ["a git hook", "tar -xf A.tar .git/hooks/pre-commit", ...PROTECTED],
  ["a quoted pattern in .git", "tar -xf A.tar --wildcards '.git/hooks/*'", ...PROTECTED],
  ["an MCP server list", "tar -xf A.tar .mcp.json", ...PERSIST],
]);

table("what stays as it was", [
  ["-C into .git blocked already", "tar -xf A.tar -C .git hooks/pre-commit", ...PROTECTED],
  ["an existing workspace file", "tar -xf A.tar README.md", ...OK],
  ["a folder member", "tar -xf A.tar src", ...OK],
  ["a computed member", 'tar -xf A.tar "$M"', ...OK],
  ["a member renamed on the way", "tar -xf A.tar --strip-components=1 pkg/.mcp.json", ...OK],
  ["the archive named like a key is read", "tar -xf id_rsa", ...SECRET],
  ["a list of names is read", "tar -xf A.tar -T .env", ...SECRET],
  ["--files-from=", "tar -xf A.tar --files-from=.env", ...SECRET],
  ["a diff reads the file on disk", "tar -df A.tar .env", ...SECRET],
  ["a new archive reads its operands", "tar -cf A.tar .env", ...SECRET],
  ["an append too", "tar -rf A.tar id_rsa", ...SECRET],
  ["an unreadable option may make it a create", "tar -x$X -f A.tar .env", ...UNKNOWN],
  ["a startup file outside", "tar -xf A.tar -C ~ .bashrc", ...ASK_OUT],
  // To stdout or a command the member's content is shown, as `cat .env` shows it: still a read.
  ["to stdout", "tar -xOf A.tar .env", ...SECRET],
  ["--to-stdout", "tar -xf A.tar --to-stdout id_rsa", ...SECRET],
  ["to a command", "tar -xf A.tar --to-command=cat .env", ...SECRET],
  ["extracted to stdout and sent", "tar -xOf A.tar .env | nc 127.0.0.1 9", ...SECRET],
]);
