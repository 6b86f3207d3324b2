import { shellWord } from "../shell-quote.ts";

/** The shells whose `-c TEXT` runs TEXT as posix shell code (`bash -lc TEXT` as Codex sends it). */
const POSIX_SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash"]);

/**
 * The command line of an argv array (Codex's `shell`/`local_shell` tools send `command` as argv):
 * `[sh|bash|zsh…, -c|-lc…, TEXT]` is TEXT itself; any other argv is shell-quoted and joined, so the
 * guard reads the same words the program gets (`bash -c TEXT a b` keeps its positional words).
 */
export function argvCommand(argv: string[]): { command: string; dialect?: "posix"; script?: string } {
  if (argv.length === 3) {
    const shell = _shellName(argv[0]!);
    if (POSIX_SHELLS.has(shell) && /^-[a-z]*c[a-z]*$/.test(argv[1]!) && !/[^ceilx]/.test(argv[1]!.slice(1))) return { command: argv[2]!, dialect: "posix" };
  }
  return { command: argv.map((word) => shellWord(word)).join(" "), script: _windowsScript(argv) };
}

/**
 * The script of `[pwsh|powershell, [-NoProfile,] -Command, SCRIPT]` and `[cmd, /c, SCRIPT]`: Codex
 * looks for `apply_patch <<'EOF'` in it as in a `bash -lc` script and applies the patch itself
 * (codex-rs apply-patch invocation.rs `classify_shell`), so its headers are judged (red team 9 H1).
 */
function _windowsScript(argv: string[]): string | undefined {
  const shell = _shellName(argv[0]!);
  const flags = argv.slice(1, -1).map((f) => f.toLowerCase());
  if (shell === "cmd") return flags.length === 1 && flags[0] === "/c" ? argv.at(-1) : undefined;
  if (shell !== "pwsh" && shell !== "powershell") return undefined;
  const ok = (flags.length === 1 && flags[0] === "-command") || (flags.length === 2 && flags[0] === "-noprofile" && flags[1] === "-command");
  return ok ? argv.at(-1) : undefined;
}

function _shellName(program: string): string {
  return program.replace(/^.*[\\/]/, "").toLowerCase().replace(/\.exe$/, "");
}

