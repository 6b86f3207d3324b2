/**
 * Puts back the `--` that `bun script.ts -- 'COMMAND'` swallows (Bun consumes a first `--` after
 * the script; the compiled binary does not), so that the command line is never read as flags or
 * as a subcommand name. A first operand that names a subcommand stays a subcommand.
 */
export function restoreDashDash(argv: string[], subcommands: readonly string[], valued: readonly string[]): string[] {
  if (argv.includes("--")) return argv;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith("-")) {
      if (valued.includes(a)) i++;
      continue;
    }
    return subcommands.includes(a) ? argv : [...argv.slice(0, i), "--", ...argv.slice(i)];
  }
  return argv;
}
