import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, ASK_OUT, NOOP, OK, OUTSIDE, RELOCATE, SECRET, UNKNOWN } from "../../support/verdict-rows.ts";

// Sixth red-team pass, cmd and PowerShell. No cmd.exe or pwsh runs here: each row rests on the
// documented behaviour cited in lib/guard/dialects/* (learn.microsoft.com windows-commands and
// PowerShell references).
const fx = useGuardFixture();
mkdirSync(join(fx.ws, "empty"), { recursive: true });

type Row = [string, string, Decision, ReasonCode];

const judge = (command: string, dialect: string) => {
  const r = classify({ command, cwd: fx.ws, env: fx.env, dialect });
  return [r.decision, r.reason];
};

function table(title: string, dialect: string, rows: Row[]): void {
  describe(title, () => {
    for (const [name, command, decision, reason] of rows) {
      test(`${name}: ${JSON.stringify(command)}`, () => {
        expect(judge(command, dialect)).toEqual([decision, reason]);
      });
    }
  });
}

/** Rows judged exactly as their POSIX equivalent is (whatever that verdict is today). */
function likePosix(title: string, dialect: string, rows: Array<[string, string, string]>): void {
  describe(title, () => {
    for (const [name, command, posix] of rows) {
      test(`${name}: ${JSON.stringify(command)} is judged like ${JSON.stringify(posix)}`, () => {
        expect(judge(command, dialect)).toEqual(judge(posix, "posix"));
      });
    }
  });
}

// H5. `cmd [switches] /c|/r|/k TEXT` runs TEXT; `start [options] ["title"] PROGRAM` runs PROGRAM
// (learn.microsoft.com/windows-server/administration/windows-commands/cmd, …/start).
table("red-team 6 H5: cmd switches before /c, /r, /k and start", "cmd", [
  ["/d before /c (Node's shell:true spelling is /d /s /c)", "cmd /d /c rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["/q before /c", "cmd /q /c rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["/d /s /c with the text quoted", 'cmd /d /s /c "rd /s /q %USERPROFILE%\\.ssh"', ...OUTSIDE],
  ["/s /c with the program quoted inside", 'cmd /s /c ""rd" /s /q %USERPROFILE%\\.ssh"', ...OUTSIDE],
  ["/e:on /v:on /c", "cmd /e:on /v:on /c rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["/r is /c", "cmd /r rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["/R in upper case", "cmd /R rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["/k runs the text first", "cmd /k rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["switches attached to each other", "cmd /D/C rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["switches attached to the name", "cmd/d/c rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["the text attached to /c", "cmd /d /crd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["cmd.exe", "cmd.exe /d /c rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["CMD.EXE by its full path", 'C:\\Windows\\System32\\CMD.EXE /d /s /c "rd /s /q %USERPROFILE%\\.ssh"', ...OUTSIDE],
  ["a quoted full path", '"C:\\Windows\\System32\\cmd.exe" /d /c rd /s /q %USERPROFILE%\\.ssh', ...OUTSIDE],
  ["a caret-escaped & reaches the inner cmd as a separator", "cmd /c echo hi ^& rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["a quoted & runs inside", 'cmd /d /c "echo hi & rd /s /q %USERPROFILE%"', ...ANCESTOR],
  ["cmd in cmd", "cmd /d /c cmd /q /r rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["an unknown variable", "cmd /d /c rd /s /q %SOMEDIR%", ...UNKNOWN],
  // Over a set the guard cannot read (a literal set is read per item: false-positives-windows.test.ts).
  ["a loop variable stays unknown inside", "for %i in (%SOMEDIR%) do cmd /d /c rd /s /q %i", ...UNKNOWN],
  ["a loop over home stays unknown inside", "for %i in (%USERPROFILE%) do cmd /d /c rd /s /q %i", ...UNKNOWN],
  ["call cmd", "call cmd /d /c rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["start /b cmd /c", "start /b cmd /c rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["start /min cmd /c", "start /min cmd /c rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["start cmd /c", "start cmd /c rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ['start "" /wait cmd /c', 'start "" /wait cmd /c rd /s /q %USERPROFILE%\\.ssh', ...OUTSIDE],
  ["start with a quoted program after the title", 'start "" "rd" /s /q %USERPROFILE%\\.ssh', ...OUTSIDE],
  ["start /affinity takes a value", "start /affinity 3 cmd /c rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["start /d runs the program in that folder", "start /d %USERPROFILE% /b rd /s /q .ssh", ...OUTSIDE],
  ["start /wait robocopy.exe", "start /wait robocopy.exe empty %USERPROFILE% /MIR", ...ANCESTOR],
  ["commands piped into cmd", "echo rd /s /q %USERPROFILE%\\.ssh | cmd /q", ...OUTSIDE],
  ["a root path spelled with a backslash is no switch", "rd /s /q \\a", ...OUTSIDE],
  // Harmless lookalikes.
  ["cmd /d /c echo", "cmd /d /c echo hi", ...OK],
  ["Node's spelling of a test run", 'cmd /d /s /c "npm test"', ...OK],
  ["a quoted program path with blanks", 'cmd /c "C:\\Program Files\\nodejs\\node.exe" --version', ...OK],
  ["echo of a delete", "cmd /c echo rd /s /q %USERPROFILE%", ...OK],
  ["cmd without /c reads stdin", "cmd /q", ...OK],
  ["start an editor", "start notepad README.md", ...OK],
  ["start /b a build", 'start "" /b npm run build', ...OK],
  ["start /d a workspace folder", "start /d src /b rd /s /q gen", ...NOOP],
]);

table("red-team 6 H5: cmd from PowerShell", "powershell", [
  ["cmd /r", "cmd /r rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["cmd.exe /d /c with quoted text", 'cmd.exe /d /c "rd /s /q %USERPROFILE%\\.ssh"', ...OUTSIDE],
  ["& and a full path", "& C:\\Windows\\System32\\cmd.exe /d /c rd /s /q %USERPROFILE%\\.ssh", ...OUTSIDE],
  ["Start-Process cmd /d /c", "Start-Process cmd -ArgumentList '/d /c rd /s /q %USERPROFILE%'", ...ANCESTOR],
  ["Set-Location first", "Set-Location ~; cmd /d /c rd /s /q .ssh", ...OUTSIDE],
  ["an unknown argument", "cmd /d /c rd /s /q $dir", ...UNKNOWN],
  ["cmd /c echo", "cmd /c echo hi", ...OK],
  ["cmd /c a build", "cmd /d /s /c 'npm run build'", ...OK],
]);

// H6. `del DIR` deletes the files directly in DIR (as `del DIR\*`), dotfiles included
// (learn.microsoft.com/windows-server/administration/windows-commands/del).
table("red-team 6 H6: del and erase of a folder", "cmd", [
  ["del /q of the keys folder", "del /q %USERPROFILE%\\.ssh", ...ASK_OUT],
  ["the switch last", "del %USERPROFILE%\\.ssh /q", ...ASK_OUT],
  ["erase", "erase /q %USERPROFILE%\\.ssh", ...ASK_OUT],
  ["a folder of documents", "del /q %USERPROFILE%\\Documents", ...ASK_OUT],
  ["with /f and /a", "del /f /a /q %USERPROFILE%\\Documents", ...ASK_OUT],
  ["a trailing backslash", "del /q %USERPROFILE%\\Documents\\", ...ASK_OUT],
  ["DIR\\*", "del /q %USERPROFILE%\\Documents\\*", ...ASK_OUT],
  ["DIR\\*.*", "erase %USERPROFILE%\\Documents\\*.*", ...ASK_OUT],
  ["after cd /d", "cd /d %USERPROFILE% & del /q Documents", ...OUTSIDE],
  ["through cmd /c", "cmd /d /c del /q %USERPROFILE%\\Documents", ...ASK_OUT],
  ["a workspace folder is relocated", "del /q src", ...RELOCATE],
  ["a workspace folder's files", "del src\\*", ...RELOCATE],
  // Harmless lookalikes.
  ["one workspace file", "del scratch.txt", ...RELOCATE],
  ["a file through cmd /c", "cmd /c del scratch.txt", ...RELOCATE],
  ["a missing name", "del /q nothing-here", ...NOOP],
  ["an empty folder", "del /q empty", ...NOOP],
  ["the profile's dotfiles are its files", "del /q %USERPROFILE%", ...ASK_OUT],
  ["a workspace pattern's dotted twins", "del /q build\\*", ...RELOCATE],
  ["a pattern that matches nothing", "del *.tmp", ...NOOP],
]);
table("red-team 6 H6: del from PowerShell's cmd", "powershell", [
  ["Set-Location then cmd /c del", "Set-Location ~; cmd /c del /q Documents", ...OUTSIDE],
  ["cmd /c del of a workspace file", "cmd /c del scratch.txt", ...RELOCATE],
]);

// H7. Programs by any spelling: `.exe`, a full path, upper case; forfiles takes `-` switches.
table("red-team 6 H7: robocopy and forfiles spellings (cmd)", "cmd", [
  ["robocopy.exe", "robocopy.exe empty %USERPROFILE% /MIR", ...ANCESTOR],
  ["ROBOCOPY.EXE", "ROBOCOPY.EXE empty %USERPROFILE% /MIR", ...ANCESTOR],
  ["a full path", "C:\\Windows\\System32\\robocopy.exe empty %USERPROFILE% /MIR", ...ANCESTOR],
  ["a quoted full path", '"C:\\Windows\\System32\\robocopy.exe" empty %USERPROFILE%\\.ssh /PURGE', ...OUTSIDE],
  ["a dash option", "robocopy empty %USERPROFILE%\\.ssh -MIR", ...OUTSIDE],
  ["forfiles.exe", 'forfiles.exe /p %USERPROFILE% /s /c "cmd /c del @path"', ...UNKNOWN],
  ["forfiles with dash switches", 'forfiles -p %USERPROFILE% -s -c "cmd /c del @path"', ...UNKNOWN],
  ["FORFILES.EXE -C with cmd /d /c", 'FORFILES.EXE -P %USERPROFILE% -C "cmd /d /c rd /s /q @path"', ...UNKNOWN],
  ["forfiles -c with a literal profile path", 'forfiles -m x.txt -c "cmd /c rd /s /q %USERPROFILE%"', ...ANCESTOR],
  // Harmless lookalikes.
  ["robocopy.exe into the workspace", "robocopy.exe src b /E", ...OK],
  ["forfiles.exe listing", "forfiles.exe -s -m *.log", ...OK],
  ["another program by its full path", "C:\\tools\\git.exe status", ...OK],
]);
table("red-team 6 H7: robocopy and forfiles spellings (PowerShell)", "powershell", [
  ["Start-Process robocopy.exe", "Start-Process robocopy.exe -ArgumentList 'empty',$HOME,'/MIR'", ...ANCESTOR],
  ["Start-Process by full path", "Start-Process C:\\Windows\\System32\\robocopy.exe -ArgumentList 'empty',$HOME,'/MIR'", ...ANCESTOR],
  ["& and a full path", "& C:\\Windows\\System32\\ROBOCOPY.EXE empty $HOME /MIR", ...ANCESTOR],
  ["forfiles.exe -p", "forfiles.exe -p $HOME -s -c 'cmd /c del @path'", ...UNKNOWN],
  ["Start-Process robocopy into the workspace", "Start-Process robocopy.exe -ArgumentList 'src','b','/E' -Wait", ...OK],
]);

// H8. A cmdlet receives its argument after quote removal; the FileSystem provider substitutes
// the home folder for a leading `~` (ProviderInfo.Home), so quoting does not keep it a name.
table("red-team 6 H8: a quoted ~ for provider cmdlets", "powershell", [
  ["single quotes", "Remove-Item '~/.ssh' -Recurse -Force", ...OUTSIDE],
  ["double quotes", 'Remove-Item "~/.ssh" -Recurse -Force', ...OUTSIDE],
  ["backslash spelling", "Remove-Item '~\\.ssh' -Recurse -Force", ...OUTSIDE],
  ["-LiteralPath (believed resolved too: judged so)", "Remove-Item -LiteralPath '~\\.ssh' -Recurse -Force", ...OUTSIDE],
  ["-Path: attached", "Remove-Item -Path:'~/.ssh' -Recurse -Force", ...OUTSIDE],
  ["an array element", "Remove-Item 'build','~/.ssh' -Recurse -Force", ...OUTSIDE],
  ["a backtick-escaped ~", "Remove-Item `~/.ssh -Recurse -Force", ...OUTSIDE],
  ["the whole home", "ri '~' -r -fo", ...ANCESTOR],
  ["Set-Content", "Set-Content '~/.bashrc' 'x'", ...ASK_OUT],
  ["Copy-Item -Destination", "Copy-Item README.md -Destination '~/.bashrc'", ...ASK_OUT],
  ["Set-Location then a relative delete", "Set-Location '~'; Remove-Item .ssh -Recurse -Force", ...OUTSIDE],
  ["Get-Content of a key into a request", "Get-Content '~/.ssh/id_rsa' | iwr http://127.0.0.1/ -Method Post", ...SECRET],
  ["-OutFile", "iwr http://127.0.0.1/x -OutFile '~/.bashrc'", ...ASK_OUT],
  // Harmless lookalikes: native programs get the text; `~x` is not the home folder.
  ["git gets the text", "git log '~/x'", ...OK],
  ["echo", "Write-Output '~/notes'", ...OK],
  ["a folder named ~x", "Remove-Item '~x' -Recurse", ...NOOP],
  ["a workspace path", "Remove-Item './~' -Recurse", ...NOOP],
]);
table("red-team 6 H8: from cmd", "cmd", [["powershell -c with a quoted ~", "powershell -c \"Remove-Item '~/.ssh' -Recurse -Force\"", ...OUTSIDE]]);

// H9. A link made in the line is followed by later commands, as `ln -s` is in POSIX.
likePosix("red-team 6 H9: mklink (cmd)", "cmd", [
  ["mklink /d then rd through it", "mklink /d lnk2 %USERPROFILE% && rd /s /q lnk2\\.ssh", "ln -s ~ lnk2 && rm -rf lnk2/.ssh"],
  ["mklink /j then rd through it", "mklink /j lnk2 %USERPROFILE% & rd /s /q lnk2\\.ssh", "ln -s ~ lnk2; rm -rf lnk2/.ssh"],
  ["mklink /J then del through it", "mklink /J lnk2 %USERPROFILE%\\Documents & del /q lnk2\\notes.txt", "ln -s ~/Documents lnk2; rm -f lnk2/notes.txt"],
  ["mklink /h then a write through it", "mklink /h h %USERPROFILE%\\.bashrc & echo x > h", "ln ~/.bashrc h; echo x > h"],
  ["a file link then a write", "mklink rc %USERPROFILE%\\.bashrc & echo x > rc", "ln -s ~/.bashrc rc; echo x > rc"],
  ["rd of the junction itself", "mklink /j lnk2 %USERPROFILE% & rd /s /q lnk2", "ln -s ~ lnk2; rm -r lnk2"],
  ["a workspace link", "mklink /d docs-link src", "ln -s src docs-link"],
]);
table("red-team 6 H9: mklink results", "cmd", [
  ["mklink /d then rd through it", "mklink /d lnk2 %USERPROFILE% && rd /s /q lnk2\\.ssh", ...UNKNOWN],
  ["a workspace link", "mklink /d docs-link src", ...OK],
]);
likePosix("red-team 6 H9: New-Item links (PowerShell)", "powershell", [
  ["a junction then Remove-Item", "New-Item -ItemType Junction -Path l -Target ~ ; Remove-Item l/.ssh -Recurse -Force", "ln -s ~ l; rm -rf l/.ssh"],
  ["a symbolic link by -Value", "New-Item -ItemType SymbolicLink -Path l -Value $HOME ; Remove-Item l/.ssh -Recurse -Force", "ln -s ~ l; rm -rf l/.ssh"],
  ["-ItemType prefix and -Name", "ni -It sym -Path . -Name l -Target $HOME; Remove-Item l/.ssh -Recurse", "ln -s ~ l; rm -r l/.ssh"],
  ["a hard link then a write", "New-Item -ItemType HardLink -Path h -Target $HOME/.bashrc; Set-Content h x", "ln ~/.bashrc h; truncate -s0 h"],
  ["mklink through cmd /c", "cmd /c mklink /j l %USERPROFILE%; Remove-Item l\\.ssh -Recurse -Force", "ln -s ~ l; rm -rf l/.ssh"],
]);
table("red-team 6 H9: New-Item link edges", "powershell", [
  ["a dynamic item type", "New-Item -ItemType $t -Path l -Target $HOME", ...UNKNOWN],
  ["a relative target for a link in another folder", "New-Item -ItemType SymbolicLink -Path sub/l -Target ../x", ...UNKNOWN],
  ["a workspace link", "New-Item -ItemType SymbolicLink -Path l -Target src", ...OK],
  ["a new file is still nothing", "New-Item -ItemType File -Path x.txt", ...OK],
  ["a new folder is still nothing", "New-Item -ItemType Directory -Path build -Force", ...OK],
]);

// M5. `ren SRC NEWNAME` moves SRC to NEWNAME in its own folder.
likePosix("red-team 6 M5: ren and rename", "cmd", [
  ["ren of a profile file", "ren %USERPROFILE%\\.bashrc x", "mv ~/.bashrc ~/x"],
  ["rename of a key", "rename %USERPROFILE%\\.ssh\\id_rsa x", "mv ~/.ssh/id_rsa ~/.ssh/x"],
  ["ren of a workspace file", "ren scratch.txt s.txt", "mv scratch.txt s.txt"],
  ["ren in a workspace folder", "ren src\\main.ts m.ts", "mv src/main.ts src/m.ts"],
]);
table("red-team 6 M5: ren results", "cmd", [
  ["rename of a key asks", "rename %USERPROFILE%\\.ssh\\id_rsa x", ...SECRET],
  ["an unknown new name", "ren %USERPROFILE%\\.bashrc %X%", ...UNKNOWN],
]);

// False positives: an expression statement runs nothing; robocopy /MIR is rsync --delete.
table("red-team 6 false positives: PowerShell expressions", "powershell", [
  ["$env:PATH -split", "$env:PATH -split ';'", ...OK],
  ["a variable", "$env:PATH", ...OK],
  ["a property", "$PSVersionTable.PSVersion", ...OK],
  ["-join", "$parts -join ','", ...OK],
  ["-replace with a list", "$x -replace 'a','b'", ...OK],
  ["arithmetic", "$n + 1", ...OK],
  // Hostile: an expression that calls or holds a command.
  ["a method call", "$d.Delete()", ...UNKNOWN],
  // The assigned command runs and is judged as itself (Windows false-positive hunt: `$out = npm run build`).
  ["an assignment from a command", "$x = Remove-Item ~ -Recurse", ...ANCESTOR],
  ["& runs what a variable names", "& $x", ...UNKNOWN],
  [". runs what a variable names", ". $x ~", ...UNKNOWN],
  ["a subexpression operand", "$x -eq $(Remove-Item ~ -Recurse)", ...ANCESTOR],
  ["a parenthesised operand", "$x -eq (Remove-Item ~ -Recurse)", ...ANCESTOR],
  ["a static method", "[IO.Directory]::Delete($HOME, $true)", ...UNKNOWN],
  ["a later statement", "$x; Remove-Item ~ -Recurse", ...ANCESTOR],
]);
likePosix("red-team 6 false positives: robocopy /MIR is rsync --delete", "cmd", [
  ["into a missing folder", "robocopy src build2 /MIR", "rsync -a --delete src/ build2/"],
  ["into an existing folder", "robocopy src build /MIR", "rsync -a --delete src/ build/"],
]);
