import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Windows false-positive hunt (session 5): everyday PowerShell lines that were refused, each beside
// the dangerous neighbour that must stay refused. Commands are only judged. `@H` is the home folder.

const fx = useGuardFixture();
const judge = (command: string) => classify({ command: command.replaceAll("@H", fx.home), cwd: fx.ws, env: { ...fx.env, USERPROFILE: fx.home }, dialect: "powershell" }).reason as string;

const ROWS: Array<[string, string, string]> = [
  // An environment variable set to a literal is the POSIX assignment NAME=value.
  ["$env: set before a build", '$env:NODE_ENV = "production"; npm run build', "ALLOW_NO_EFFECT"],
  ["$env: written against its =", '$env:NODE_ENV="test"; npm test', "ALLOW_NO_EFFECT"],
  ["$env: set to a number", "$env:RUST_BACKTRACE=1; cargo test", "ALLOW_NO_EFFECT"],
  ["$env: set alone", '$env:DEBUG = "app:*"', "ALLOW_NO_EFFECT"],
  ["$env: a command git runs stays read", '$env:GIT_SSH_COMMAND = "rm -rf ~"; git fetch', "BLOCK_PROTECTED_ANCESTOR"],
  ["$env: any spelling of the name", '$env:git_ssh_command = "rm -rf ~"; git fetch', "BLOCK_PROTECTED_ANCESTOR"],
  ["$env: a computed value stays unknown", "$env:X = $env:Y; npm test", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["$env: a bare word runs as a command", "$env:X = Remove-Item", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["$env: a subexpression still runs", "$env:X = (Remove-Item -Recurse -Force @H)", "BLOCK_PROTECTED_ANCESTOR"],
  ["$env:HOME set, then ~ (the dialect resolves HOME itself)", '$env:HOME = "/tmp"; Remove-Item -Recurse -Force ~', "BLOCK_UNDETERMINABLE_EFFECT"],
  ["$env:TEMP set, then deleted", '$env:TEMP = "@H"; Remove-Item -Recurse -Force $env:TEMP', "BLOCK_UNDETERMINABLE_EFFECT"],
  // Reporting preferences change nothing the guard judges; other automatic variables stay unknown.
  ["$ErrorActionPreference", '$ErrorActionPreference = "Stop"; dotnet build', "ALLOW_NO_EFFECT"],
  ["$ProgressPreference", "$ProgressPreference = 'SilentlyContinue'", "ALLOW_NO_EFFECT"],
  ["a preference, then a delete of home", '$ErrorActionPreference = "Stop"; Remove-Item -Recurse -Force $HOME', "BLOCK_PROTECTED_ANCESTOR"],
  ["$PSNativeCommandArgumentPassing changes how programs get their words", "$PSNativeCommandArgumentPassing = 'Legacy'", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an ordinary variable stays unknown", '$x = "a"; Remove-Item -Recurse -Force $x', "BLOCK_UNDETERMINABLE_EFFECT"],
  // Test-Path reads no content.
  ["Test-Path of a credential file", "Test-Path .env", "ALLOW_NO_EFFECT"],
  ["Get-Content of it still asks", "Get-Content .env", "ASK_SECRET_ACCESS"],
  ["Test-Path's subexpression still runs", "Test-Path $(Remove-Item -Recurse -Force ~)", "BLOCK_PROTECTED_ANCESTOR"],
  // Numeric literals with a multiplier suffix (about_Numeric_Literals).
  ["1MB in a filter", "Get-ChildItem -Recurse -File | Where-Object { $_.Length -gt 1MB } | Select-Object FullName", "ALLOW_NO_EFFECT"],
  ["a method call in a filter stays unknown", "Get-ChildItem | Where-Object { $_.Delete() }", "BLOCK_UNDETERMINABLE_EFFECT"],
];

describe("Windows false positives: everyday PowerShell", () => {
  for (const [name, command, reason] of ROWS) test(`${name}: ${command} is ${reason}`, () => expect(judge(command)).toBe(reason));
});
