/** The shells whose `-c TEXT` runs TEXT as posix shell code (`bash -lc TEXT` as Codex sends it). */
const POSIX_SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash"]);

/**
 * The command line of an argv array (Codex's `shell`/`local_shell` tools send `command` as argv):
 * `[sh|bash|zsh…, -c|-lc…, TEXT]` is TEXT itself; any other argv is shell-quoted and joined, so the
 * guard reads the same words the program gets (`bash -c TEXT a b` keeps its positional words).
 */
export function argvCommand(argv: string[]): { command: string; dialect?: "posix" } {
  if (argv.length === 3) {
    const shell = argv[0]!.replace(/^.*[\\/]/, "").toLowerCase().replace(/\.exe$/, "");
    if (POSIX_SHELLS.has(shell) && /^-[a-z]*c[a-z]*$/.test(argv[1]!) && !/[^ceilx]/.test(argv[1]!.slice(1))) return { command: argv[2]!, dialect: "posix" };
  }
  return { command: argv.map(_quote).join(" ") };
}

function _quote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
