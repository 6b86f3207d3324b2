import { describe, expect, test } from "bun:test";
import { analysersOf, PROGRAMS } from "../../../lib/guard/effects/programs.ts";

// The hook import()s, before the check, the analysers' modules of the programs a line's words
// name (programs.ts preloadAnalysers): in the compiled hook a first require() costs about 0.5 MiB
// (docs/check.md "Session 11: hook memory"). The modules come from the registry's own
// registrations; no decision depends on them (test/build/check-binary.test.ts runs the binary on
// lines the preload misses).

describe("the analysers' modules a line's words name (analysersOf)", () => {
  test.each([
    ["git status", ["git"]],
    ["rm -rf /tmp/*", ["files"]],
    ["cat file | grep pattern | sort | uniq", ["runners", "outputOptions"]],
    // A wrapped program, a path, a nested command text.
    ["sudo /usr/bin/rm -rf build", ["files"]],
    ["bash -c 'tar czf a.tgz src'", ["shells", "rcFileRuns", "tar", "tarArgs", "tarSent"]],
    // An interpreter brings the code readers interpreters.ts loads (code-writes.ts, written-imports.ts).
    ["python3 -c 'print(1)'", ["shells", "codeWrites", "execCalls", "fileCalls", "writtenImports", "fileServers", "buildOutputs"]],
    // Registered beside other handlers (all) and by handlers that call analyser() themselves (uses).
    ["ssh 127.0.0.1 uptime", ["remoteCommands", "sshFiles", "tunnels"]],
    ["autossh -M 0 127.0.0.1", ["tunnels", "remoteCommands", "sshFiles"]],
    ["find . -name '*.tmp' -delete", ["findFiles", "policyFind"]],
    ["echo 'puts 1' | tclsh", ["stdinCode", "inlineCode", "shells"]],
    // `.` is source only where a command starts.
    [". ./env.sh && ls ./src .", ["shells"]],
    ["cd src; . env.sh", ["shells"]],
    // A line that names no registered program loads nothing.
    ["ls -la", []],
    ["echo hi > out.txt && cat out.txt", []],
  ])("%s", (command, modules) => {
    expect(analysersOf(command)).toEqual(modules as ReturnType<typeof analysersOf>);
  });

  test("a here-document's body is left out, the words after it are not", () => {
    expect(analysersOf("cat > notes.md <<'EOF'\ngit rm tar make\nEOF")).toEqual([]);
    expect(analysersOf("cat <<-EOF > x.sh; sort x\n\trm -rf y\n\tEOF\nmake")).toEqual(["runners", "commandRunners"]);
    // A here-string is command text like any other word.
    expect(analysersOf("tee /tmp/file <<<'git reset --hard'")).toEqual(["files", "git"]);
  });

  test("only the first 4 KiB are read", () => {
    expect(analysersOf(`echo ${"a ".repeat(2100)}; git status`)).toEqual([]);
  });

  test("every module a registered program's handler reaches is one the registry loads", () => {
    // Each name of the registry on its own: the modules found are loaded by the registry's loader
    // (an unknown name would throw in analyser()), and a program registered through from() finds one.
    const names = new Set<string>();
    for (const program of PROGRAMS.keys()) for (const m of analysersOf(program)) names.add(m);
    expect(names.size).toBeGreaterThan(60);
    expect(analysersOf("git")).toEqual(["git"]);
    expect(analysersOf("GIT.exe")).toEqual(["git"]);
  });
});
