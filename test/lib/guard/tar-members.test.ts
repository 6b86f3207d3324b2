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
  ["a member renamed by a pattern", "tar -xf A.tar --transform=s,^pkg/,, pkg/.mcp.json", ...OK],
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

// Session 13 reread: GNU tar 1.34 (checked in the sandbox) refuses a member with a `..` component
// without -P ("Member name contains '..'"), and --strip-components drops leading components before
// writing. The first was judged as the path `..` resolves to, the second not judged at all.
table("a member's name as tar writes it", [
  ["--strip-components=1 puts pkg/.mcp.json at ./.mcp.json (was ALLOW_NO_EFFECT)", "tar -xf A.tar --strip-components=1 pkg/.mcp.json", ...PERSIST],
  ["--strip-components=2 into .git (was ALLOW_NO_EFFECT)", "tar -xf A.tar --strip-components 2 a/b/.git/hooks/pre-commit", ...PROTECTED],
  ["--strip abbreviated (was ALLOW_NO_EFFECT)", "tar -xf A.tar --strip=1 x/.git/hooks/pre-commit", ...PROTECTED],
  ["a member stripped to nothing is a folder the extraction judges", "tar -xf A.tar --strip-components=1 pkg", ...OK],
  ["a computed count is an unknown option value", 'tar -xf A.tar --strip-components="$N" x/.git/hooks/pre-commit', ...UNKNOWN],
  ["a member with .. is refused (was ASK_OUTSIDE_WORKSPACE)", "tar -xf A.tar ../.bashrc", ...OK],
  ["-P (any member may land anywhere) stays unknown", "tar -xPf A.tar ../.bashrc", ...UNKNOWN],
  // -C changes folder where it stands (GNU tar 1.34 in the sandbox): a member before it is
  // written in the working folder. Was ALLOW_NO_EFFECT (judged under /tmp/x).
  ["a member before -C is written here", "tar -xf A.tar .claude/settings.json -C /tmp/x", ...PROTECTED],
  ["a member after -C is written there", "tar -xf A.tar -C /tmp/x .claude/settings.json", ...OK],
  ["a relative -C after the first leaves the extraction unknown, as before", "tar -xf A.tar -C /tmp -C x .claude/settings.json", ...UNKNOWN],
]);

// Session 13 reread (extractors.ts unreadMembers, _memberWrites): unzip's and 7-Zip's members are
// written paths as tar's are: `unzip A.zip .env` asked ASK_SECRET_ACCESS, and a member in .git
// was not judged at all.
table("unzip and 7-Zip: a member named like a credential is written, not read (each was ASK_SECRET_ACCESS)", [
  ["unzip a key", "unzip A.zip id_rsa", ...OK],
  ["unzip an env file", "unzip -o A.zip .env", ...OK],
  ["unzip -d", "unzip A.zip .env -d out", ...OK],
  ["unzip -l lists it", "unzip -l A.zip .env", ...OK],
  ["unzip -x leaves it out", "unzip A.zip -x .env", ...OK],
  ["7z x", "7z x A.7z .env", ...OK],
  ["7z e", "7z e A.7z config/.env", ...OK],
  ["7z l lists it", "7z l A.7z id_rsa", ...OK],
]);

table("unzip and 7-Zip: the member judged where it is written (each was ALLOW_NO_EFFECT)", [
  ["unzip a git hook", "unzip A.zip .git/hooks/pre-commit", ...PROTECTED],
  ["unzip strips ../", "unzip A.zip ../.git/hooks/pre-commit", ...PROTECTED],
  ["unzip an MCP server list", "unzip -o A.zip .mcp.json", ...PERSIST],
  ["7z x a git hook", "7z x A.7z .git/hooks/pre-commit", ...PROTECTED],
]);

table("unzip and 7-Zip: what stays", [
  ["unzip -p prints the member: a read", "unzip -p A.zip .env", ...SECRET],
  ["unzip -c too", "unzip -c A.zip id_rsa", ...SECRET],
  ["7z -so too", "7z x -so A.7z .env", ...SECRET],
  ["7z a reads what it adds", "7z a A.7z .env", ...SECRET],
  ["the archive named like a key is read", "unzip .env.zip", ...SECRET],
  ["7z e writes the hook's name only", "7z e A.7z .git/hooks/pre-commit", ...OK],
  ["7z x -o into .git blocked already", "7z x A.7z -o.git hooks/pre-commit", ...PROTECTED],
  ["7z e -o into .git/hooks blocked already", "7z e A.7z -o.git/hooks x/pre-commit", ...PROTECTED],
  ["a workspace member", "unzip A.zip src/main.ts", ...OK],
]);
