import { describe, expect, test } from "bun:test";
import { typedCommand } from "../../../lib/guard/hooks/typed-input.ts";

// Red team 9 T1: text typed into a running session that leaves the line open (a trailing pipe or
// list operator, PowerShell's trailing comma, a loop or block not closed) is finished by the next
// input, which is judged alone: `echo 'rm -rf ~/Documents' |` + `sh`, or `Remove-Item -Recurse
// src,` + `~/Documents`. Only judged here; nothing is typed anywhere.

const refused = (text: string, dialect?: string) => "refuse" in typedCommand(text, dialect, "/w");

describe("red team 9 T1: typed input that leaves the line open is refused", () => {
  const OPEN: Array<[string, string | undefined]> = [
    ["echo 'rm -rf ~/Documents' |\n", undefined],
    ["find ~/Documents -type f |&\n", undefined],
    ["cd ~ &&\n", undefined],
    ["false ||\n", undefined],
    ["ls | # the rest follows\n", undefined],
    ["for f in ~/Documents/*; do\n", undefined],
    ["while read -r f\ndo\n", undefined],
    ["select x in a b; do\n", undefined],
    ["if true; then\n", undefined],
    ["case $x in\n", undefined],
    ["{\n", undefined],
    ["f() {\n", undefined],
    ["Get-ChildItem ~/Documents |\n", "powershell"],
    ["Remove-Item -Recurse -Force src,\n", "powershell"],
    ["Test-Path x &&\n", "powershell"],
    ["$x =\n", "powershell"],
  ];
  for (const [text, dialect] of OPEN) {
    test(`${dialect ?? "posix"} ${JSON.stringify(text)} is refused`, () => expect(refused(text, dialect)).toBe(true));
  }

  const WHOLE: Array<[string, string | undefined]> = [
    ["ls | wc -l\n", undefined],
    ["echo 'a |'\n", undefined],
    ["echo \"for x; do\"\n", undefined],
    ["for f in *; do echo $f; done\n", undefined],
    ["if true; then echo; fi\n", undefined],
    ["sleep 1 &\n", undefined],
    ["echo a,\n", undefined],
    ["git log --oneline # a | comment\n", undefined],
    ["select * from users;\n", undefined],
    ["Get-ChildItem | Select-Object Name\n", "powershell"],
    ["'a,b' -split ','\n", "powershell"],
    ["Remove-Item -Recurse -Force src\n", "powershell"],
  ];
  for (const [text, dialect] of WHOLE) {
    test(`${dialect ?? "posix"} ${JSON.stringify(text)} is judged`, () => expect(refused(text, dialect)).toBe(false));
  }
});
