import { beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Windows programs (native executables cmd and PowerShell both run) and cmdlets the guard did not
// know (session 7 hunts 11 and 12): persistence, destroyed backups, recursive ownership and ACL
// changes, registry deletes, and the Linux commands wsl runs. Commands are only judged, never
// run. `@H` is the fixture's home folder; `@S` the user's Startup folder below it.

const fx = useGuardFixture();
const STARTUP = "@H\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\Programs\\Startup";
const judge = (dialect: string, command: string) =>
  classify({ command: command.replaceAll("@S", STARTUP).replaceAll("@H", fx.home), cwd: fx.ws, env: { ...fx.env, USERPROFILE: fx.home }, dialect }).reason as string;

beforeAll(() => {
  // diskpart scripts (data: the guard reads them, nothing runs them).
  writeFileSync(join(fx.ws, "wipe.txt"), "select disk 1\r\nclean\r\n");
  writeFileSync(join(fx.ws, "short.txt"), "sel dis 1\ncre par pri\n");
  writeFileSync(join(fx.ws, "list.txt"), "rem show the disks\nlist disk\nexit\n");
  writeFileSync(join(fx.ws, "plain.reg"), "Windows Registry Editor Version 5.00\r\n\r\n[HKEY_CURRENT_USER\\Software\\MyApp]\r\n\"x\"=\"1\"\r\n");
  // MOF files (data: compiled by nothing here): one registering an event subscription, one a class.
  writeFileSync(join(fx.ws, "sub.mof"), '#pragma namespace("\\\\\\\\.\\\\root\\\\subscription")\ninstance of __EventFilter as $F { Name = "x"; };\n');
  writeFileSync(join(fx.ws, "plain.mof"), "class MyApp_Setting { [key] string Name; };\n");
  writeFileSync(join(fx.ws, "run.reg"), "Windows Registry Editor Version 5.00\r\n\r\n[HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Run]\r\n\"x\"=\"C:\\\\a.exe\"\r\n");
});

type Row = [dialect: string, name: string, command: string, reason: string];

// Persistence: a command that runs later (at logon, on a schedule, as a service, at every cmd
// start) outside any hook asks, as crontab, `systemctl --user enable` and `launchctl load` do.
const PERSISTENCE: Row[] = [
  ["cmd", "schtasks /create", "schtasks /create /tn x /tr C:\\a.exe /sc onlogon", "ASK_PERSISTENT_CODE"],
  ["cmd", "schtasks /change", "schtasks /change /tn x /tr C:\\b.exe", "ASK_PERSISTENT_CODE"],
  ["cmd", "schtasks /run", "schtasks /run /tn x", "ASK_PERSISTENT_CODE"],
  ["cmd", "a task whose command deletes a folder outside the workspace", 'schtasks /create /tn x /sc once /st 00:00 /tr "cmd /c rd /s /q @H\\Documents"', "BLOCK_OUTSIDE_WORKSPACE"],
  ["powershell", "schtasks.exe /create from PowerShell", "schtasks.exe /create /tn x /tr C:\\a.exe /sc onlogon", "ASK_PERSISTENT_CODE"],
  ["cmd", "schtasks /query reads", "schtasks /query /fo list", "ALLOW_NO_EFFECT"],
  ["cmd", "reg add of the Run key", "reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v x /d C:\\a.exe /f", "ASK_PERSISTENT_CODE"],
  ["cmd", "reg add of RunOnce by the long root name", "reg add HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\RunOnce /v x /d C:\\a.exe", "ASK_PERSISTENT_CODE"],
  ["cmd", "reg add of Winlogon", 'reg add "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v Userinit /d C:\\a.exe /f', "ASK_PERSISTENT_CODE"],
  ["cmd", "reg add of Image File Execution Options", 'reg add "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Image File Execution Options\\sethc.exe" /v Debugger /d cmd.exe', "ASK_PERSISTENT_CODE"],
  ["cmd", "reg add of a service", "reg add HKLM\\SYSTEM\\CurrentControlSet\\Services\\x /v ImagePath /d C:\\a.exe", "ASK_PERSISTENT_CODE"],
  ["cmd", "reg add of a Wow6432Node Run key", "reg add HKLM\\SOFTWARE\\Wow6432Node\\Microsoft\\Windows\\CurrentVersion\\Run /v x /d C:\\a.exe", "ASK_PERSISTENT_CODE"],
  ["cmd", "reg add of cmd's AutoRun", 'reg add "HKCU\\Software\\Microsoft\\Command Processor" /v AutoRun /d C:\\a.bat', "ASK_PERSISTENT_CODE"],
  ["cmd", "reg add of a key the guard cannot read", "reg add %KEY% /v x /d y", "ASK_PERSISTENT_CODE"],
  ["cmd", "reg add of the logon script in HKCU\\Environment", "reg add HKCU\\Environment /v UserInitMprLogonScript /d C:\\x.bat /f", "ASK_PERSISTENT_CODE"],
  ["cmd", "reg add of another variable in HKCU\\Environment", "reg add HKCU\\Environment /v JAVA_HOME /d C:\\jdk /f", "ALLOW_NO_EFFECT"],
  ["cmd", "reg add of a protocol's open command (the ms-settings UAC bypass)", "reg add HKCU\\Software\\Classes\\ms-settings\\shell\\open\\command /ve /d cmd.exe /f", "ASK_PERSISTENT_CODE"],
  ["cmd", "reg add of a file type's open command under HKCR", "reg add HKCR\\txtfile\\shell\\open\\command /ve /d cmd.exe /f", "ASK_PERSISTENT_CODE"],
  ["cmd", "reg add of a file extension's type", "reg add HKCU\\Software\\Classes\\.myext /ve /d myfile /f", "ALLOW_NO_EFFECT"],
  ["cmd", "reg add of an Active Setup StubPath", 'reg add "HKLM\\SOFTWARE\\Microsoft\\Active Setup\\Installed Components\\{X}" /v StubPath /d C:\\x.exe /f', "ASK_PERSISTENT_CODE"],
  ["cmd", "reg add of Session Manager's BootExecute", 'reg add "HKLM\\SYSTEM\\CurrentControlSet\\Control\\Session Manager" /v BootExecute /t REG_MULTI_SZ /d x /f', "ASK_PERSISTENT_CODE"],
  ["cmd", "reg add of another Session Manager value", 'reg add "HKLM\\SYSTEM\\CurrentControlSet\\Control\\Session Manager" /v GlobalFlag /t REG_DWORD /d 0 /f', "ALLOW_NO_EFFECT"],
  ["cmd", "reg copy onto Software\\Classes may write a shell command", "reg copy HKCU\\Software\\MyApp HKCU\\Software\\Classes /s", "ASK_PERSISTENT_CODE"],
  ["cmd", "reg add of an application's key", "reg add HKCU\\Software\\MyApp /v x /d 1 /f", "ALLOW_NO_EFFECT"],
  ["cmd", "reg query of the Run key reads", "reg query HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run", "ALLOW_NO_EFFECT"],
  ["cmd", "reg import of a file that writes the Run key", "reg import run.reg", "ASK_PERSISTENT_CODE"],
  ["cmd", "reg import of a file the guard cannot read", "reg import missing.reg", "ASK_PERSISTENT_CODE"],
  ["cmd", "reg import of an application's keys", "reg import plain.reg", "ALLOW_NO_EFFECT"],
  ["powershell", "New-ItemProperty on the Run key", "New-ItemProperty -Path HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run -Name x -Value C:\\a.exe", "ASK_PERSISTENT_CODE"],
  ["powershell", "Set-ItemProperty on the Run key", "Set-ItemProperty -Path HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run -Name x -Value C:\\a.exe", "ASK_PERSISTENT_CODE"],
  ["powershell", "sp (Set-ItemProperty) on Winlogon by position", "sp 'HKLM:\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon' Shell C:\\a.exe", "ASK_PERSISTENT_CODE"],
  ["powershell", "a Registry:: provider path", "Set-ItemProperty -Path Registry::HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Run -Name x -Value C:\\a.exe", "ASK_PERSISTENT_CODE"],
  ["powershell", "a key the guard cannot read", "Set-ItemProperty -Path $key -Name x -Value y", "ASK_PERSISTENT_CODE"],
  ["powershell", "a drive-relative key (HKCU:Software…)", "Set-ItemProperty -Path HKCU:Software\\Microsoft\\Windows\\CurrentVersion\\Run -Name x -Value C:\\a.exe", "ASK_PERSISTENT_CODE"],
  ["powershell", "a relative key after Set-Location", "Set-Location HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion; Set-ItemProperty -Path Run -Name x -Value C:\\a.exe", "ASK_PERSISTENT_CODE"],
  ["powershell", "Set-ItemProperty of the logon script in HKCU:\\Environment", "Set-ItemProperty -Path HKCU:\\Environment -Name UserInitMprLogonScript -Value C:\\x.bat", "ASK_PERSISTENT_CODE"],
  ["powershell", "Set-ItemProperty of another variable in HKCU:\\Environment", "Set-ItemProperty -Path HKCU:\\Environment -Name JAVA_HOME -Value C:\\jdk", "ALLOW_NO_EFFECT"],
  ["powershell", "New-ItemProperty in HKCU:\\Environment of a computed name", "New-ItemProperty -Path HKCU:\\Environment -Name $n -Value C:\\x.bat", "ASK_PERSISTENT_CODE"],
  ["powershell", "Set-ItemProperty of a protocol's open command", "Set-ItemProperty -Path HKCU:\\Software\\Classes\\ms-settings\\shell\\open\\command -Name '(default)' -Value cmd.exe", "ASK_PERSISTENT_CODE"],
  ["powershell", "Set-ItemProperty on an application's key", "Set-ItemProperty -Path HKCU:\\Software\\MyApp -Name x -Value 1", "ALLOW_NO_EFFECT"],
  ["powershell", "Set-ItemProperty on a file", "Set-ItemProperty -Path src\\main.ts -Name IsReadOnly -Value $true", "ALLOW_NO_EFFECT"],
  ["powershell", "Set-ItemProperty -WhatIf", "Set-ItemProperty -Path HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run -Name x -Value y -WhatIf", "ALLOW_NO_EFFECT"],
  ["powershell", "Register-ScheduledTask", "Register-ScheduledTask -TaskName x -Action $a -Trigger $t", "ASK_PERSISTENT_CODE"],
  ["powershell", "New-ScheduledTask piped into Register-ScheduledTask", "New-ScheduledTask -Action $a -Trigger $t | Register-ScheduledTask x", "ASK_PERSISTENT_CODE"],
  ["powershell", "New-ScheduledTaskAction alone makes an object", "New-ScheduledTaskAction -Execute C:\\a.exe", "ALLOW_NO_EFFECT"],
  ["powershell", "Get-ScheduledTask reads", "Get-ScheduledTask", "ALLOW_NO_EFFECT"],
  ["cmd", "sc create", "sc create x binPath= C:\\a.exe start= auto", "ASK_PERSISTENT_CODE"],
  ["cmd", "sc config on another machine", "sc \\\\host config x binPath= C:\\a.exe", "ASK_PERSISTENT_CODE"],
  ["cmd", "sc query reads", "sc query x", "ALLOW_NO_EFFECT"],
  ["powershell", "sc.exe create (sc alone is Set-Content there)", "sc.exe create x binPath= C:\\a.exe", "ASK_PERSISTENT_CODE"],
  ["powershell", "New-Service", "New-Service -Name x -BinaryPathName C:\\a.exe", "ASK_PERSISTENT_CODE"],
  ["cmd", "a copy into the Startup folder", 'copy a.bat "@S\\a.bat"', "ASK_PERSISTENT_CODE"],
  ["cmd", "a copy into the Startup folder by its name", 'copy a.bat "@S"', "ASK_PERSISTENT_CODE"],
  ["cmd", "a redirection into the Startup folder", 'echo calc > "@S\\a.bat"', "ASK_PERSISTENT_CODE"],
  ["powershell", "Set-Content into the Startup folder", 'Set-Content "~\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\a.bat" calc', "ASK_PERSISTENT_CODE"],
  ["powershell", "New-Item -Value into the Startup folder", 'New-Item -Path "~\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\a.bat" -Value calc', "ASK_PERSISTENT_CODE"],
  ["powershell", "New-Item (no -Force) of a Git hook", "New-Item -Path .git\\hooks\\pre-commit -Value 'rm -rf ~'", "BLOCK_PROTECTED_PATH"],
  ["powershell", "New-Item (no -Force) of an existing startup file fails", "New-Item -ItemType File -Path ~\\.bashrc", "ALLOW_NO_EFFECT"],
  ["powershell", "New-Item of a file in the workspace", "New-Item -ItemType File -Path src\\new.ts", "ALLOW_NO_EFFECT"],
  ["posix", "a POSIX redirection into the Startup folder", 'echo calc > "$HOME/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup/a.bat"', "ASK_PERSISTENT_CODE"],
  ["cmd", "a listing of the Startup folder reads", 'dir "@S"', "ALLOW_NO_EFFECT"],
];

// Backups destroyed: shadow copies, the backup catalog, automatic recovery.
const BACKUPS: Row[] = [
  ["cmd", "vssadmin delete shadows", "vssadmin delete shadows /all /quiet", "BLOCK_DISK_DESTROY"],
  ["powershell", "vssadmin.exe delete shadows", "vssadmin.exe delete shadows /all /quiet", "BLOCK_DISK_DESTROY"],
  ["cmd", "vssadmin resize shadowstorage", "vssadmin resize shadowstorage /for=C: /on=C: /maxsize=401MB", "BLOCK_DISK_DESTROY"],
  ["cmd", "vssadmin list shadows reads", "vssadmin list shadows", "ALLOW_NO_EFFECT"],
  ["cmd", "wmic shadowcopy delete", "wmic shadowcopy delete", "BLOCK_DISK_DESTROY"],
  ["cmd", "wmic shadowcopy list reads", "wmic shadowcopy list brief", "ALLOW_NO_EFFECT"],
  ["cmd", "wmic process call create runs its command", 'wmic process call create "cmd /c rd /s /q @H\\Documents"', "BLOCK_OUTSIDE_WORKSPACE"],
  ["powershell", "Win32_ShadowCopy piped into Remove-WmiObject", "Get-WmiObject Win32_ShadowCopy | Remove-WmiObject", "BLOCK_DISK_DESTROY"],
  ["powershell", "Win32_ShadowCopy piped into Remove-CimInstance", "Get-CimInstance -ClassName Win32_ShadowCopy | Remove-CimInstance", "BLOCK_DISK_DESTROY"],
  ["powershell", "Remove-CimInstance of a class the guard does not know", "Get-CimInstance Win32_UserProfile | Remove-CimInstance", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "Get-CimInstance Win32_ShadowCopy reads", "Get-CimInstance Win32_ShadowCopy", "ALLOW_NO_EFFECT"],
  ["cmd", "wbadmin delete catalog", "wbadmin delete catalog -quiet", "BLOCK_DISK_DESTROY"],
  ["cmd", "wbadmin delete systemstatebackup", "wbadmin delete systemstatebackup -keepversions:0", "BLOCK_DISK_DESTROY"],
  ["cmd", "wbadmin get versions reads", "wbadmin get versions", "ALLOW_NO_EFFECT"],
  ["cmd", "bcdedit recoveryenabled no", "bcdedit /set {default} recoveryenabled no", "BLOCK_DISK_DESTROY"],
  ["powershell", "bcdedit recoveryenabled no from PowerShell", "bcdedit /set '{default}' recoveryenabled no", "BLOCK_DISK_DESTROY"],
  ["cmd", "bcdedit /enum reads", "bcdedit /enum", "ALLOW_NO_EFFECT"],
  ["cmd", "bcdedit /delete of the running boot entry", "bcdedit /delete {current}", "BLOCK_DISK_DESTROY"],
  ["cmd", "bcdedit /import replaces the boot store", "bcdedit /import C:\\bcd.bak", "BLOCK_DISK_DESTROY"],
  ["cmd", "bcdedit bootstatuspolicy ignoreallfailures", "bcdedit /set {default} bootstatuspolicy ignoreallfailures", "BLOCK_DISK_DESTROY"],
  ["cmd", "bcdedit bootstatuspolicy displayallfailures", "bcdedit /set {default} bootstatuspolicy displayallfailures", "ALLOW_NO_EFFECT"],
  ["cmd", "diskpart /s with clean", "diskpart /s wipe.txt", "BLOCK_DISK_DESTROY"],
  ["cmd", "diskpart /s with abbreviated commands", "diskpart /s short.txt", "BLOCK_DISK_DESTROY"],
  ["cmd", "diskpart reading a script on stdin", "diskpart < wipe.txt", "BLOCK_DISK_DESTROY"],
  ["cmd", "diskpart fed clean by echo", "echo clean | diskpart", "BLOCK_DISK_DESTROY"],
  ["cmd", "diskpart /s of a script the guard cannot read", "diskpart /s missing.txt", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["cmd", "diskpart /s that lists", "diskpart /s list.txt", "ALLOW_NO_EFFECT"],
];

// robocopy is rsync of the folders' contents (/MIR, /PURGE: --delete); /MOV and /MOVE move the
// source like mv. Each row states the command it must agree with.
const AGREE: Array<[name: string, a: [string, string], b: [string, string]]> = [
  ["robocopy /MIR outside the workspace", ["cmd", "robocopy src @H\\Documents /MIR"], ["posix", "rsync -a --delete src/ @H/Documents/"]],
  ["robocopy /PURGE in the workspace", ["cmd", "robocopy src build /PURGE"], ["posix", "rsync -a --delete src/ build/"]],
  ["robocopy /MIR from PowerShell", ["powershell", "robocopy src ~\\Documents /MIR"], ["posix", "rsync -a --delete src/ @H/Documents/"]],
  ["robocopy /MOVE out of the home", ["cmd", "robocopy @H\\Documents build /MOVE"], ["posix", "mv -T @H/Documents build"]],
  ["robocopy /MOV out of the workspace", ["cmd", "robocopy src @H\\Documents /MOV"], ["posix", "mv -T src @H/Documents"]],
  ["robocopy /MOV into the temporary directory", ["cmd", "robocopy @H\\Documents %TEMP%\\x /MOV"], ["posix", "mv -T @H/Documents /tmp/x"]],
  ["takeown /r of a system tree", ["cmd", "takeown /f C:\\Windows\\System32 /r /d y"], ["posix", "chmod -R 777 /Windows/System32"]],
  ["takeown /r of the Windows folder", ["cmd", "takeown /f C:\\Windows /r"], ["posix", "chmod -R 777 /Windows"]],
  ["icacls /reset /t", ["cmd", "icacls C:\\Windows /reset /t"], ["posix", "chmod -R 777 /Windows"]],
  ["icacls /grant /t of the home", ["cmd", "icacls @H /grant Everyone:F /t"], ["posix", "chmod -R 777 @H"]],
  ["icacls.exe /inheritance /t from PowerShell", ["powershell", "icacls.exe C:\\Windows\\System32 /inheritance:r /t"], ["posix", "chmod -R 777 /Windows/System32"]],
  ["icacls /t in the workspace", ["cmd", "icacls src /grant Everyone:F /t"], ["posix", "chmod -R 777 src"]],
  ["reg delete /f", ["cmd", "reg delete HKLM\\SOFTWARE\\x /f"], ["powershell", "Remove-Item -Path HKLM:\\SOFTWARE\\x -Recurse"]],
  ["reg.exe delete from PowerShell", ["powershell", "reg.exe delete HKCU\\Software\\x /f"], ["powershell", "Remove-Item -Path HKCU:\\Software\\x -Recurse"]],
  ["ren of a folder outside the workspace", ["cmd", "ren @H\\Documents old"], ["cmd", "move @H\\Documents @H\\old"]],
  ["Rename-Item of a folder outside the workspace", ["powershell", "Rename-Item ~\\Documents old"], ["cmd", "move @H\\Documents @H\\old"]],
  ["ren in a system tree", ["cmd", "ren C:\\Windows\\System32\\x y"], ["posix", "mv /Windows/System32/x /Windows/System32/y"]],
  ["Rename-Item in a system tree", ["powershell", "Rename-Item C:\\Windows\\System32\\x y"], ["posix", "mv /Windows/System32/x /Windows/System32/y"]],
  ["wsl rm -rf ~", ["cmd", "wsl rm -rf ~"], ["posix", "rm -rf ~"]],
  ["New-Item of a new startup file", ["powershell", "New-Item -ItemType File -Path ~\\.zshrc"], ["posix", "touch ~/.zshrc"]],
  ["Remove-ItemProperty is reg delete /v", ["powershell", "Remove-ItemProperty -Path HKCU:\\Software\\x -Name y"], ["cmd", "reg delete HKCU\\Software\\x /v y /f"]],
  ["Copy-ItemProperty onto the Run key is reg copy", ["powershell", "Copy-ItemProperty -Path HKCU:\\Software\\x -Destination HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run -Name y"], ["cmd", "reg copy HKCU\\Software\\x HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /f"]],
  ["%APPDATA% is the home's AppData\\Roaming", ["cmd", "rd /s /q %APPDATA%\\Code"], ["posix", "rm -rf @H/AppData/Roaming/Code"]],
];

const ACLS: Row[] = [
  ["cmd", "takeown /r in a system tree", "takeown /f C:\\Windows\\System32 /r /d y", "BLOCK_PROTECTED_PATH"],
  ["cmd", "icacls /t of the Windows folder", "icacls C:\\Windows /reset /t", "BLOCK_PROTECTED_ANCESTOR"],
  ["cmd", "icacls /t of the home", "icacls @H /grant Everyone:F /t", "BLOCK_PROTECTED_ANCESTOR"],
  ["cmd", "icacls shows a folder's ACL", "icacls C:\\Windows\\System32", "ALLOW_NO_EFFECT"],
  ["cmd", "takeown /r in the workspace", "takeown /f src /r", "ALLOW_NO_EFFECT"],
  ["cmd", "reg delete", "reg delete HKLM\\SOFTWARE\\x /f", "BLOCK_UNDETERMINABLE_EFFECT"],
];

// wsl runs a Linux command: judged as the POSIX dialect judges it (its `~` the Linux home).
const WSL: Row[] = [
  ["cmd", "wsl CMD", "wsl rm -rf ~", "BLOCK_PROTECTED_ANCESTOR"],
  ["cmd", "wsl -e CMD", "wsl -e rm -rf ~", "BLOCK_PROTECTED_ANCESTOR"],
  ["cmd", "wsl --exec CMD", "wsl --exec rm -rf /home", "BLOCK_PROTECTED_ANCESTOR"],
  ["cmd", "wsl -- CMD", "wsl -- rm -rf ~", "BLOCK_PROTECTED_ANCESTOR"],
  ["cmd", "wsl bash -c with double quotes", 'wsl bash -c "rm -rf ~"', "BLOCK_PROTECTED_ANCESTOR"],
  ["cmd", "wsl bash -c with single quotes (cmd passes them on)", "wsl bash -c 'rm -rf ~'", "BLOCK_PROTECTED_ANCESTOR"],
  ["cmd", "wsl -d DISTRO -u USER CMD", "wsl -d Ubuntu -u root rm -rf ~/.ssh", "BLOCK_OUTSIDE_WORKSPACE"],
  ["cmd", "wsl --cd ~ CMD", "wsl --cd ~ rm -rf Documents", "BLOCK_OUTSIDE_WORKSPACE"],
  ["cmd", "the default shell reading stdin", "echo rm -rf ~ | wsl", "BLOCK_PROTECTED_ANCESTOR"],
  ["powershell", "wsl from PowerShell", "wsl rm -rf ~", "BLOCK_PROTECTED_ANCESTOR"],
  ["powershell", "a quoted ~ reaches the Linux shell as ~", "wsl rm -rf '~'", "BLOCK_PROTECTED_ANCESTOR"],
  ["powershell", "wsl bash -c from PowerShell", "wsl bash -c 'rm -rf ~'", "BLOCK_PROTECTED_ANCESTOR"],
  ["posix", "wsl.exe from bash", "wsl.exe rm -rf '~'", "BLOCK_PROTECTED_ANCESTOR"],
  ["cmd", "wsl --unregister", "wsl --unregister Ubuntu", "BLOCK_DISK_DESTROY"],
  ["powershell", "wsl.exe --unregister", "wsl.exe -d x --unregister Ubuntu", "BLOCK_DISK_DESTROY"],
  ["cmd", "an option the guard cannot read", "wsl %OPT% Ubuntu", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["cmd", "a workspace folder", "wsl rm -rf build", "RELOCATE_TREE"],
  ["cmd", "wsl --shutdown", "wsl --shutdown", "ALLOW_NO_EFFECT"],
  ["cmd", "wsl --list --verbose", "wsl --list --verbose", "ALLOW_NO_EFFECT"],
  ["cmd", "wsl -l -v", "wsl -l -v", "ALLOW_NO_EFFECT"],
  ["cmd", "wsl --status", "wsl --status", "ALLOW_NO_EFFECT"],
  ["cmd", "wsl ls -la", "wsl ls -la", "ALLOW_NO_EFFECT"],
  ["powershell", "wsl git status", "wsl git status", "ALLOW_NO_EFFECT"],
  ["cmd", "wsl alone", "wsl", "ALLOW_NO_EFFECT"],
];

// Session 8 (review leftovers of session 7): COM and file-association hijacks below
// Software\Classes at any depth, WMI's permanent event subscriptions, the Startup folder spelled
// with %APPDATA%/$env:APPDATA (and the all-users one with %ProgramData%, a system tree), Set-Item
// on a registry key (its default value), and registry values removed, cleared, renamed or moved
// by the *-ItemProperty cmdlets (unknown, as `reg delete` is).
const SESSION8: Row[] = [
  ["cmd", "a COM server's TreatAs (COM hijack)", 'reg add "HKCU\\Software\\Classes\\CLSID\\{11111111-2222-3333-4444-555555555555}\\TreatAs" /ve /d {x} /f', "ASK_PERSISTENT_CODE"],
  ["cmd", "a COM scriptlet", "reg add HKCU\\Software\\Classes\\CLSID\\{x}\\ScriptletURL /ve /d http://127.0.0.1/x.sct /f", "ASK_PERSISTENT_CODE"],
  ["cmd", "a COM handler", "reg add HKCU\\Software\\Classes\\CLSID\\{x}\\InprocHandler32 /ve /d C:\\evil.dll /f", "ASK_PERSISTENT_CODE"],
  ["cmd", "a COM server below HKCR's Wow6432Node", "reg add HKCR\\Wow6432Node\\CLSID\\{x}\\InprocServer32 /ve /d C:\\evil.dll /f", "ASK_PERSISTENT_CODE"],
  ["cmd", "another value of a class's key", "reg add HKCU\\Software\\Classes\\CLSID\\{x} /v x /d y /f", "ALLOW_NO_EFFECT"],
  ["cmd", "an application's open command (two levels down)", "reg add HKCU\\Software\\Classes\\Applications\\notepad.exe\\shell\\open\\command /ve /d C:\\evil.exe /f", "ASK_PERSISTENT_CODE"],
  ["cmd", "a folder background's verb", "reg add HKCU\\Software\\Classes\\Directory\\Background\\shell\\x\\command /ve /d C:\\evil.exe /f", "ASK_PERSISTENT_CODE"],
  ["cmd", "a file type's icon", "reg add HKCU\\Software\\Classes\\txtfile\\DefaultIcon /ve /d C:\\x.ico /f", "ALLOW_NO_EFFECT"],
  ["cmd", "reg copy onto a deep Classes key", "reg copy HKCU\\Software\\MyApp HKCU\\Software\\Classes\\Directory\\Background /s /f", "ASK_PERSISTENT_CODE"],
  ["powershell", "New-ItemProperty of a class's TreatAs", "New-ItemProperty -Path 'HKCU:\\Software\\Classes\\CLSID\\{x}\\TreatAs' -Name '(default)' -Value '{y}'", "ASK_PERSISTENT_CODE"],
  ["powershell", "Set-Item of a COM server's default value", "Set-Item -Path 'HKCU:\\Software\\Classes\\CLSID\\{x}\\InprocServer32' -Value C:\\evil.dll", "ASK_PERSISTENT_CODE"],
  ["powershell", "si of a file type's open command", "si -Path HKCU:\\Software\\Classes\\txtfile\\shell\\open\\command -Value C:\\evil.exe", "ASK_PERSISTENT_CODE"],
  ["powershell", "Set-Item of a key the guard cannot read", "Set-Item -Path $p -Value x", "ASK_PERSISTENT_CODE"],
  ["powershell", "Set-Item -WhatIf", "Set-Item -Path 'HKCU:\\Software\\Classes\\CLSID\\{x}\\InprocServer32' -Value C:\\evil.dll -WhatIf", "ALLOW_NO_EFFECT"],
  ["powershell", "Set-Item of an application's key", "Set-Item -Path HKCU:\\Software\\MyApp -Value x", "ALLOW_NO_EFFECT"],
  ["powershell", "Set-Item of an environment variable", "Set-Item -Path Env:FOO -Value bar", "ALLOW_NO_EFFECT"],
  ["powershell", "Set-WmiInstance of an event filter", "Set-WmiInstance -Class __EventFilter -Namespace root\\subscription -Arguments @{Name='x';Query='SELECT * FROM __InstanceModificationEvent'}", "ASK_PERSISTENT_CODE"],
  ["powershell", "Set-WmiInstance of a command-line consumer", "Set-WmiInstance -Namespace root\\subscription -Class CommandLineEventConsumer -Arguments @{Name='x';CommandLineTemplate='C:\\evil.exe'}", "ASK_PERSISTENT_CODE"],
  ["powershell", "swmi of a script consumer", "swmi -Class ActiveScriptEventConsumer -Namespace root\\subscription -Arguments @{}", "ASK_PERSISTENT_CODE"],
  ["powershell", "New-CimInstance of an event filter", "New-CimInstance -ClassName __EventFilter -Namespace root/subscription -Property @{Name='x'}", "ASK_PERSISTENT_CODE"],
  ["powershell", "ncim of a command-line consumer", "ncim -Namespace root/subscription -ClassName CommandLineEventConsumer -Property @{Name='x'}", "ASK_PERSISTENT_CODE"],
  ["powershell", "a consumer piped into Set-CimInstance", "Get-CimInstance -Namespace root/subscription -ClassName CommandLineEventConsumer | Set-CimInstance -Property @{CommandLineTemplate='C:\\evil.exe'}", "ASK_PERSISTENT_CODE"],
  ["powershell", "New-CimInstance of a class the guard cannot read", "New-CimInstance -ClassName $c -Property @{Name='x'}", "ASK_PERSISTENT_CODE"],
  ["powershell", "a variable piped into Set-CimInstance", "$c | Set-CimInstance -Property @{x='y'}", "ASK_PERSISTENT_CODE"],
  ["powershell", "New-CimInstance of another class", "New-CimInstance -ClassName Win32_Environment -Property @{Name='x'}", "ALLOW_NO_EFFECT"],
  ["powershell", "another instance piped into Set-CimInstance", "Get-CimInstance -ClassName Win32_OperatingSystem | Set-CimInstance -Property @{Description='x'}", "ALLOW_NO_EFFECT"],
  ["powershell", "listing the subscriptions reads", "Get-WmiObject -Namespace root\\subscription -Class __EventFilter", "ALLOW_NO_EFFECT"],
  ["cmd", "wmic creating an event filter", 'wmic /namespace:\\\\root\\subscription PATH __EventFilter CREATE Name="x", EventNameSpace="root\\cimv2", QueryLanguage="WQL", Query="SELECT * FROM __InstanceModificationEvent"', "ASK_PERSISTENT_CODE"],
  ["cmd", "wmic creating a command-line consumer", 'wmic /namespace:\\\\root\\subscription PATH CommandLineEventConsumer CREATE Name="x", CommandLineTemplate="C:\\evil.exe"', "ASK_PERSISTENT_CODE"],
  ["cmd", "wmic listing the filters reads", "wmic /namespace:\\\\root\\subscription PATH __EventFilter get", "ALLOW_NO_EFFECT"],
  ["cmd", "a copy into %APPDATA%'s Startup folder", 'copy evil.exe "%APPDATA%\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\"', "ASK_PERSISTENT_CODE"],
  ["cmd", "a redirection into %APPDATA%'s Startup folder", 'echo calc > "%APPDATA%\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\x.bat"', "ASK_PERSISTENT_CODE"],
  ["cmd", "a copy into %USERPROFILE%'s Startup folder", 'copy evil.exe "%USERPROFILE%\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\evil.exe"', "ASK_PERSISTENT_CODE"],
  ["cmd", "the all-users Startup folder is a system tree", 'copy evil.exe "%ProgramData%\\Microsoft\\Windows\\Start Menu\\Programs\\StartUp\\evil.exe"', "BLOCK_PROTECTED_PATH"],
  ["cmd", "rd of %APPDATA% is outside the workspace", "rd /s /q %APPDATA%", "BLOCK_OUTSIDE_WORKSPACE"],
  ["powershell", "Copy-Item into $env:APPDATA's Startup folder", 'Copy-Item evil.exe "$env:APPDATA\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\"', "ASK_PERSISTENT_CODE"],
  ["powershell", "Set-Content into ${env:APPDATA}'s Startup folder", "Set-Content -Path \"${env:APPDATA}\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\x.bat\" -Value 'calc'", "ASK_PERSISTENT_CODE"],
  ["powershell", "Copy-Item into $env:ProgramData's Startup folder", 'Copy-Item evil.exe "$env:ProgramData\\Microsoft\\Windows\\Start Menu\\Programs\\StartUp\\evil.exe"', "BLOCK_PROTECTED_PATH"],
  ["powershell", "$env:APPDATA assigned in the line stays unknown", "$env:APPDATA = 'C:\\x'; Copy-Item evil.exe \"$env:APPDATA\\y\"", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["cmd", "shell:startup is no file-system path (cmd's copy writes a stream of `shell`)", "copy evil.exe shell:startup", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "Remove-ItemProperty of a Run value", "Remove-ItemProperty -Path HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run -Name x", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "Remove-ItemProperty of Winlogon's Shell", "Remove-ItemProperty -Path 'HKLM:\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon' -Name Shell", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "rp of an application's value", "rp HKCU:\\Software\\MyApp x", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "Remove-ItemProperty of a key the guard cannot read", "Remove-ItemProperty -Path $k -Name x", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "a key piped into Remove-ItemProperty", "Get-Item HKCU:\\Software\\MyApp | Remove-ItemProperty -Name x", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "Clear-ItemProperty of a value", "Clear-ItemProperty -Path HKCU:\\Software\\MyApp -Name x", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "Rename-ItemProperty of a value", "Rename-ItemProperty -Path HKCU:\\Software\\MyApp -Name x -NewName y", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "Remove-ItemProperty -WhatIf", "Remove-ItemProperty -Path HKCU:\\Software\\MyApp -Name x -WhatIf", "ALLOW_NO_EFFECT"],
  ["powershell", "Remove-ItemProperty of a file's property", "Remove-ItemProperty -Path src\\main.ts -Name x", "ALLOW_NO_EFFECT"],
  ["powershell", "Copy-ItemProperty onto the Run key", "Copy-ItemProperty -Path HKCU:\\Software\\MyApp -Destination HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run -Name x", "ASK_PERSISTENT_CODE"],
  ["powershell", "cpp onto an application's key", "cpp HKCU:\\Software\\MyApp HKCU:\\Software\\Other x", "ALLOW_NO_EFFECT"],
  ["powershell", "Invoke-WmiMethod Win32_Process Create runs its command line", "Invoke-WmiMethod -Class Win32_Process -Name Create -ArgumentList 'cmd /c rd /s /q @H\\Documents'", "BLOCK_OUTSIDE_WORKSPACE"],
  ["powershell", "Invoke-WmiMethod Win32_Process Create of a program", "Invoke-WmiMethod -Class Win32_Process -Name Create -ArgumentList 'notepad.exe'", "ALLOW_NO_EFFECT"],
  ["powershell", "iwmi Win32_Process Create of a computed command line", "iwmi -Class Win32_Process -Name Create -ArgumentList $c", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "Invoke-CimMethod Win32_Process Create (a hashtable the guard does not read)", "Invoke-CimMethod -ClassName Win32_Process -MethodName Create -Arguments @{CommandLine='cmd /c rd /s /q @H\\Documents'}", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "Invoke-CimMethod Win32_Service Create", "Invoke-CimMethod -ClassName Win32_Service -MethodName Create -Arguments @{Name='x';PathName='C:\\evil.exe'}", "ASK_PERSISTENT_CODE"],
  ["powershell", "a service piped into Invoke-CimMethod Change", "Get-CimInstance Win32_Service -Filter \"Name='x'\" | Invoke-CimMethod -MethodName Change -Arguments @{PathName='C:\\evil.exe'}", "ASK_PERSISTENT_CODE"],
  ["powershell", "Invoke-CimMethod of a class the guard cannot read", "Invoke-CimMethod -ClassName $c -MethodName Create", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "Invoke-CimMethod of a reading method", "Invoke-CimMethod -ClassName Win32_Process -MethodName GetOwner", "ALLOW_NO_EFFECT"],
  ["cmd", "mofcomp of a MOF registering a subscription", "mofcomp sub.mof", "ASK_PERSISTENT_CODE"],
  ["cmd", "mofcomp of a MOF the guard cannot read", "mofcomp missing.mof", "ASK_PERSISTENT_CODE"],
  ["cmd", "mofcomp of a class definition", "mofcomp plain.mof", "ALLOW_NO_EFFECT"],
  ["cmd", "mofcomp -check only checks", "mofcomp -check sub.mof", "ALLOW_NO_EFFECT"],
  ["powershell", "Move-ItemProperty onto the Run key also removes its source", "Move-ItemProperty -Path HKCU:\\Software\\MyApp -Destination HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run -Name x", "BLOCK_UNDETERMINABLE_EFFECT"],
];

// Session 9: New-Item (`ni`) on the registry provider was BLOCK_UNDETERMINABLE_EFFECT for every
// key (a provider path the guard left unknown). A key Windows runs values of asks now, as
// New-ItemProperty and Set-Item there do; another key passes without -Force (a new key, or an
// error for an existing one); -Force recreates an existing key empty (values and subkeys lost:
// github.com/PowerShell/PowerShell/issues/5444), unknown as `reg delete` is.
const SESSION9: Row[] = [
  ["powershell", "New-Item of a protocol's open command (UAC bypass)", "New-Item -Path 'HKCU:\\Software\\Classes\\ms-settings\\shell\\open\\command' -Value cmd.exe", "ASK_PERSISTENT_CODE"],
  ["powershell", "ni of a COM server's key, default value", "ni 'HKCU:\\Software\\Classes\\CLSID\\{x}\\InprocServer32' -Value C:\\evil.dll", "ASK_PERSISTENT_CODE"],
  ["powershell", "New-Item -Name InprocServer32 below a class", "New-Item -Path 'HKCU:\\Software\\Classes\\CLSID\\{x}' -Name InprocServer32 -Value C:\\evil.dll", "ASK_PERSISTENT_CODE"],
  ["powershell", "New-Item of a key below the Run key", "New-Item -Path HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\x -Value C:\\a.exe", "ASK_PERSISTENT_CODE"],
  ["powershell", "New-Item of an IFEO program key", "New-Item -Path 'HKLM:\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Image File Execution Options\\sethc.exe'", "ASK_PERSISTENT_CODE"],
  ["powershell", "New-Item of a service key by its Registry:: path", "New-Item -Path Registry::HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Services\\x", "ASK_PERSISTENT_CODE"],
  ["powershell", "New-Item of a file type's verb under the provider-qualified name", "New-Item -Path Microsoft.PowerShell.Core\\Registry::HKEY_CURRENT_USER\\Software\\Classes\\txtfile\\shell\\x\\command -Value C:\\evil.exe", "ASK_PERSISTENT_CODE"],
  ["powershell", "New-Item of an application's key", "New-Item -Path HKCU:\\Software\\MyApp", "ALLOW_NO_EFFECT"],
  ["powershell", "New-Item -Name of an application's key with a value", "New-Item -Path HKCU:\\Software -Name MyApp -Value x", "ALLOW_NO_EFFECT"],
  ["powershell", "New-Item -Force of an application's key (recreated empty)", "New-Item -Path HKCU:\\Software\\MyApp -Force", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "New-Item -Force of the Run key (its values lost)", "New-Item -Path HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run -Force", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "New-Item -WhatIf of the Run key", "New-Item -Path HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run -Force -WhatIf", "ALLOW_NO_EFFECT"],
  ["powershell", "New-Item of a key beside a file", "New-Item -Path HKCU:\\Software\\MyApp,notes.txt", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "New-Item of a relative key after Set-Location", "Set-Location HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion; New-Item -Path Run\\x", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "New-Item of a file still passes", "New-Item -Path notes.txt -ItemType File -Value x", "ALLOW_NO_EFFECT"],
  // PowerShell's mkdir function and its alias md are New-Item -ItemType Directory (md was read as
  // an unknown program: `md -Force HKCU:\…` passed though it recreates the key empty).
  ["powershell", "md of a protocol's open command", "md HKCU:\\Software\\Classes\\ms-settings\\shell\\open\\command", "ASK_PERSISTENT_CODE"],
  ["powershell", "mkdir of an application's key", "mkdir HKCU:\\Software\\MyApp", "ALLOW_NO_EFFECT"],
  ["powershell", "md -Force of an application's key (recreated empty)", "md -Force HKCU:\\Software\\MyApp", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "mkdir of a folder is still the program's", "mkdir build", "ALLOW_NO_EFFECT"],
  // A piped object may bind New-Item's -Path by its Path property: without a -Path of its own the
  // folder is unknown (`Resolve-Path ~ | New-Item -Name .bashrc -Force` empties ~/.bashrc; it was
  // ALLOW_NOOP). Doubled separators name the same key (they hid it: ALLOW_NO_EFFECT).
  ["powershell", "a path piped into New-Item -Name -Force", "Resolve-Path ~ | New-Item -Name .bashrc -Force", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "a key piped into New-Item -Name", "Get-Item HKCU:\\Software\\MyApp | New-Item -Name Run", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "a value piped into New-Item of the open command", "'cmd.exe' | New-Item -Path HKCU:\\Software\\Classes\\ms-settings\\shell\\open\\command", "ASK_PERSISTENT_CODE"],
  ["powershell", "a value piped into New-Item of a file", "'hello' | New-Item -Path notes.txt", "ALLOW_NO_EFFECT"],
  ["powershell", "a string piped into New-Item -Name binds -Value only", "'hello' | New-Item -Name notes.txt", "ALLOW_NO_EFFECT"],
  ["powershell", "a variable piped into New-Item -Name", "$p | New-Item -Name notes.txt -Force", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "Set-ItemProperty of the Run key with doubled separators", "Set-ItemProperty -Path HKCU:\\\\Software\\\\Microsoft\\\\Windows\\\\CurrentVersion\\\\Run -Name x -Value y", "ASK_PERSISTENT_CODE"],
  ["cmd", "reg add of the Run key with doubled separators", "reg add HKCU\\\\Software\\\\Microsoft\\\\Windows\\\\CurrentVersion\\\\Run /v x /d y /f", "ASK_PERSISTENT_CODE"],
];

// Session 10: Copy-Item (`cp`, `copy`, `cpi`) of registry keys was BLOCK_UNDETERMINABLE_EFFECT for
// every key. The registry provider sets the key's values on DEST\LEAF when DEST is a key, else on
// DEST, made, and with -Recurse its subkeys below: judged as New-Item's keys (a key Windows runs
// values of asks, another passes; -Force replaces no key). Move-Item removes the source key: still
// unknown, as Rename-Item and Remove-Item of a key are.
const SESSION10: Row[] = [
  ["powershell", "Copy-Item of a key onto the Run key", "Copy-Item -Path HKCU:\\Software\\Evil -Destination HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run", "ASK_PERSISTENT_CODE"],
  ["powershell", "Copy-Item of a key named Run into CurrentVersion", "Copy-Item HKCU:\\Software\\Evil\\Run HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion", "ASK_PERSISTENT_CODE"],
  ["powershell", "Copy-Item -Recurse above the Run key (subkeys land below)", "Copy-Item HKCU:\\Software\\Evil\\CurrentVersion HKCU:\\Software\\Microsoft\\Windows -Recurse", "ASK_PERSISTENT_CODE"],
  ["powershell", "cp of a key onto a protocol's open command", "cp HKCU:\\Software\\X\\command HKCU:\\Software\\Classes\\ms-settings\\shell\\open", "ASK_PERSISTENT_CODE"],
  ["powershell", "copy of a key onto HKCU\\Environment (any value name)", "copy HKCU:\\Software\\Evil HKCU:\\Environment", "ASK_PERSISTENT_CODE"],
  ["powershell", "cpi by Registry:: paths onto a service key", "cpi Registry::HKEY_CURRENT_USER\\Software\\A Registry::HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Services", "ASK_PERSISTENT_CODE"],
  ["powershell", "Copy-Item of a key's children (a wildcard) into CurrentVersion", "Copy-Item HKCU:\\Software\\Evil\\* HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion", "ASK_PERSISTENT_CODE"],
  ["powershell", "keys piped into Copy-Item above the Run key", "Get-ChildItem HKCU:\\Software\\Evil | Copy-Item -Destination HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion", "ASK_PERSISTENT_CODE"],
  ["powershell", "Copy-Item of an application's key", "Copy-Item HKCU:\\Software\\MyApp HKCU:\\Software\\MyAppBackup -Recurse", "ALLOW_NO_EFFECT"],
  ["powershell", "Copy-Item -Force of an application's key", "Copy-Item 'HKLM:\\SOFTWARE\\Vendor\\App' -Destination 'HKLM:\\SOFTWARE\\Vendor\\App2' -Force", "ALLOW_NO_EFFECT"],
  ["powershell", "cp alias of an application's key", "cp HKCU:\\Software\\A HKCU:\\Software\\B", "ALLOW_NO_EFFECT"],
  ["powershell", "Copy-Item of a key into a non-persistence key with a wildcard", "Copy-Item HKCU:\\Software\\A\\* HKCU:\\Software\\B", "ALLOW_NO_EFFECT"],
  ["powershell", "Copy-Item -WhatIf onto the Run key", "Copy-Item HKCU:\\Software\\Evil HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run -WhatIf", "ALLOW_NOOP"],
  ["powershell", "Copy-Item of a key onto a file (not the same provider)", "Copy-Item HKCU:\\Software\\A C:\\temp\\a", "ALLOW_NOOP"],
  ["powershell", "Copy-Item of a file onto a key", "Copy-Item C:\\temp\\a HKCU:\\Software\\A", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "Copy-Item of a key to a computed destination", "Copy-Item HKCU:\\Software\\A -Destination $dest", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "Copy-Item of a key without a destination (the current location)", "Copy-Item HKCU:\\Software\\A", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "Move-Item of a key removes the source", "Move-Item HKCU:\\Software\\Old HKCU:\\Software\\New", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "mi of the Run key away", "mi HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run HKCU:\\Software\\Backup", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["powershell", "Copy-Item of files still passes", "Copy-Item a.txt b.txt", "ALLOW_NOOP"],
];

for (const [title, rows] of [
  ["persistence asks", PERSISTENCE],
  ["session 9: New-Item on registry keys", SESSION9],
  ["session 10: Copy-Item and Move-Item of registry keys", SESSION10],
  ["session 8: COM, file associations, WMI, Startup spellings, registry values removed", SESSION8],
  ["destroyed backups block", BACKUPS],
  ["ownership, ACLs and registry deletes", ACLS],
  ["wsl runs a POSIX command", WSL],
] as const) {
  describe(`Windows programs: ${title}`, () => {
    for (const [dialect, name, command, reason] of rows) test(`${dialect}: ${name} is ${reason}`, () => expect(judge(dialect, command)).toBe(reason));
  });
}

describe("Windows programs agree with the command they are judged as", () => {
  for (const [name, [da, a], [db, b]] of AGREE) {
    test(name, () => {
      expect(judge(da, a)).toBe(judge(db, b));
    });
  }
});
