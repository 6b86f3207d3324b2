import { existsSync, realpathSync } from "node:fs";
import { basename, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { ObservedCommand, TriggerEvidence } from "./agent-runner.ts";
import { splitShellCommands } from "./shell-words.ts";

/**
 * Codex's own rule for "the model used a skill" (research/evals-catalog-plugins.md §1.7, after
 * codex-rs `detect_implicit_skill_invocation_for_command`): Codex emits no skill event, so a
 * skill counts as used when a reader command opens its SKILL.md or an interpreter runs a file
 * under its scripts/. Paths are resolved against the run root and compared by realpath with the
 * mount Leogriel made. Other commands that merely name a path under the mount are `weak`
 * evidence: reported, never counted. The skill's name in text is never evidence: Codex lists
 * every skill in its prompt.
 */

const READERS = new Set(["cat", "sed", "head", "tail", "less", "more", "bat", "awk"]);
const INTERPRETERS = new Set(["python", "python3", "bash", "zsh", "sh", "node", "deno", "ruby", "perl", "pwsh"]);
const SCRIPT_EXTENSIONS = [".py", ".sh", ".js", ".ts", ".rb", ".pl", ".ps1"];
const SHELLS = new Set(["bash", "sh", "zsh"]);

/** Evidence that the commands used the skill mounted (or that would be mounted) at `mountDir`. */
export function detectSkillUse(commands: ObservedCommand[], root: string, mountDir: string): TriggerEvidence[] {
  const realRoot = _real(root);
  // The mount is inside the root; in the baseline it does not exist, so it cannot be realpath'd.
  const mount = join(realRoot, relative(root, mountDir));
  const skillMd = join(mount, "SKILL.md");
  const scripts = join(mount, "scripts");
  const evidence: TriggerEvidence[] = [];
  for (const cmd of commands) {
    const tier = cmd.exitCode === 0 ? "confirmed" : "attempted";
    let found: TriggerEvidence["kind"] | undefined;
    for (const argv of _simpleCommands(cmd.command)) {
      const kind = _classify(argv, realRoot, skillMd, scripts, mount);
      if (kind && (found === undefined || found === "reference")) found = kind;
    }
    if (found) evidence.push({ kind: found, tier: found === "reference" ? "weak" : tier, itemId: cmd.id, command: cmd.command });
  }
  return evidence;
}

function _classify(argv: string[], root: string, skillMd: string, scripts: string, mount: string): TriggerEvidence["kind"] | undefined {
  const program = basename(argv[0]!).replace(/\.exe$/i, "");
  const operands = argv.slice(1).filter((a) => !a.startsWith("-"));
  const paths = operands.map((a) => _resolve(root, a));
  if (READERS.has(program) && paths.some((p) => p === skillMd)) return "read";
  if (INTERPRETERS.has(program)) {
    const first = operands[0];
    if (first && SCRIPT_EXTENSIONS.some((e) => first.endsWith(e)) && _under(paths[0]!, scripts)) return "script";
  }
  if ([_resolve(root, argv[0]!), ...paths].some((p) => _under(p, mount) || p === mount)) return "reference";
  return undefined;
}

// `/bin/bash -lc '<script>'` is how Codex records every command; unwrap it (and shells the
// script starts in turn, a few levels deep), then split.
function _simpleCommands(command: string, depth = 0): string[][] {
  const out: string[][] = [];
  for (const argv of splitShellCommands(command)) {
    const program = basename(argv[0]!);
    if (depth < 4 && SHELLS.has(program) && (argv[1] === "-c" || argv[1] === "-lc") && argv[2] !== undefined) {
      out.push(..._simpleCommands(argv[2], depth + 1));
    } else {
      out.push(argv);
    }
  }
  return out;
}

function _resolve(root: string, p: string): string {
  const abs = isAbsolute(p) ? resolve(p) : resolve(root, p);
  return existsSync(abs) ? _real(abs) : abs;
}

function _under(path: string, dir: string): boolean {
  return path.startsWith(dir + sep);
}

function _real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
}
