import type { Word } from "../syntax.ts";
import { win32Names } from "../win32-names.ts";

/**
 * How a candidate's file is used, which decides what the file must be: loaded by the shell or
 * by a program, read by a value-free read, read into `export $(…)` ("exported"), or read by dotenv
 * with an option it prints by ("read": never dropped but for a missing implicit file).
 */
export type Use = "shell" | "program" | "quiet" | "keys" | "exported" | "read";

/**
 * The `.env` words a loader command loads into a program's environment, and how: `source F` and
 * `. F` in this shell; `--env-file=F` (`--env-file F`) of node, bun, deno, tsx and `uv run`
 * before the script or command; `docker compose --env-file F` with a subcommand that runs or
 * stops services (not `config`, which prints the values, nor `run`/`exec`); `docker run
 * --env-file F`; dotenv-cli's `-e F` (`./.env` when none is given: `implicit`), also through
 * npx, bunx or pnpx. Undefined for any other use, or an option the guard does not read.
 */
export function loadedFiles(name: string, args: Word[]): { words: Word[]; use: Use; implicit?: true } | undefined {
  switch (name) {
    case "source":
    case ".":
      // A POSIX shell's (the line is read as cmd or PowerShell when Windows names are on: there
      // `. FILE` runs no assignments).
      return args[0] && !args[0].dynamic && !win32Names.value ? { words: [args[0]], use: "shell" } : undefined;
    case "docker":
    case "podman":
    case "docker-compose":
      return _containerFiles(name, args);
    case "dotenv":
      return _dotenvFiles(args);
    case "python":
      // `python -m dotenv …`: python-dotenv's command line.
      return args[0]?.value === "-m" && args[1]?.value === "dotenv" ? _dotenvFiles(args.slice(2), true) : undefined;
    case "npx":
    case "bunx":
    case "pnpx": {
      const at = args.findIndex((a) => !a.value.startsWith("-"));
      return at >= 0 && args.slice(0, at).every((a) => /^(?:-y|--yes|-q|--quiet)$/.test(a.value)) && /^dotenv(?:-cli)?$/.test(args[at]!.value) ? _dotenvFiles(args.slice(at + 1)) : undefined;
    }
    default:
      return _programFiles(name, args);
  }
}

/** node, bun, deno, tsx, `uv run`: `--env-file` words before the first operand (a subcommand `run` aside). */
function _programFiles(name: string, args: Word[]): { words: Word[]; use: Use } | undefined {
  const words: Word[] = [];
  let start = 0;
  if (name === "uv") {
    if (args[0]?.value !== "run") return undefined;
    start = 1;
  }
  for (let i = start; i < args.length; i++) {
    const v = args[i]!.value;
    if (args[i]!.dynamic) break;
    if (/^--env-file(?:-if-exists)?=/.test(v)) words.push(args[i]!);
    else if (v === "--env-file" || v === "--env-file-if-exists") {
      if (args[i + 1]) words.push(args[++i]!);
    } else if (!v.startsWith("-") && !(v === "run" && (name === "bun" || name === "deno") && i === start)) break;
  }
  return words.length > 0 ? { words, use: "program" } : undefined;
}

// compose subcommands that start, stop or list services (their output is the services' logs).
const COMPOSE_RUNS = new Set(["up", "down", "build", "pull", "start", "stop", "restart", "ps", "logs", "create", "rm", "kill", "pause", "unpause", "images", "ls", "top", "wait", "watch"]);
const COMPOSE_VALUED = new Set(["-f", "--file", "-p", "--project-name", "--project-directory", "--profile", "--ansi", "--progress", "--parallel"]);

function _containerFiles(name: string, args: Word[]): { words: Word[]; use: Use } | undefined {
  const words: Word[] = [];
  let i = name === "docker-compose" ? 0 : 1;
  const sub = name === "docker-compose" ? "compose" : args[0]?.value;
  if (sub === "run" || sub === "create") {
    for (; i < args.length; i++) {
      const v = args[i]!.value;
      if (/^--env-file=/.test(v)) words.push(args[i]!);
      else if (v === "--env-file" && args[i + 1]) words.push(args[++i]!);
    }
    return words.length > 0 ? { words, use: "program" } : undefined;
  }
  if (sub !== "compose") return undefined;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return undefined;
    if (/^--env-file=/.test(a.value)) words.push(a);
    else if (a.value === "--env-file" && args[i + 1]) words.push(args[++i]!);
    else if (COMPOSE_VALUED.has(a.value)) i++;
    else if (!a.value.startsWith("-")) return words.length > 0 && COMPOSE_RUNS.has(a.value) ? { words, use: "program" } : undefined;
  }
  return undefined;
}

// python-dotenv's commands that print the file's values (`list`, `get KEY`) or write and echo one
// (`set KEY VALUE`, `unset KEY`); its `run` loads the file for the command after it.
const DOTENV_PRINTS = new Set(["list", "get", "set", "unset"]);

/**
 * dotenv's command line: dotenv-cli's (`-e F`, repeatable, and `-o`) or python-dotenv's (`-f F`,
 * `--file F`, then `run`; the `dotenv` program may be either, `python -m dotenv` is the latter,
 * whose `-e` takes no file), then `--` or the command. Any other option (dotenv-cli's `-p NAME`
 * prints a value, `-c` loads a cascade of files, `--debug` prints them) or one of python-dotenv's
 * printing commands makes it a "read".
 */
function _dotenvFiles(args: Word[], python = false): { words: Word[]; use: Use; implicit?: true } {
  const words: Word[] = [];
  let use: Use = "program";
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.dynamic ? "" : a.value;
    if ((v === "-f" || v === "--file" || (v === "-e" && !python)) && args[i + 1]) words.push(args[++i]!);
    // dotenv-cli's `-o`; python-dotenv's `run` and its `--override`, `--no-override`.
    else if (v === "-o" || v === "--override" || v === "--no-override" || v === "run") continue;
    else if (v === "--" || (v !== "" && !v.startsWith("-") && !DOTENV_PRINTS.has(v))) break;
    else {
      use = "read";
      break;
    }
  }
  return words.length > 0 ? { words, use } : { words, use, implicit: true };
}
