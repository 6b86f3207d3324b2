import { renderUsage, runCommand, type ArgsDef, type CommandDef } from "citty";
import type { EnvelopeMessage } from "./envelope.ts";
import { makeEnvelope, writeJson } from "./envelope-json.ts";
import { LeogrielError, UsageError } from "./errors.ts";
import { colorAllowed, stripAnsi } from "./tty.ts";
import { redactText } from "./redact.ts";
import { toolVersion } from "./version.ts";

/** What a command's `run` returns; the runner renders it and sets the exit code. */
export interface Outcome {
  exitCode: number;
  /** Envelope `ok` (default: exitCode is not 2). */
  ok?: boolean;
  data?: unknown;
  warnings?: EnvelopeMessage[];
  errors?: EnvelopeMessage[];
  /** Human output, used when `--json` is not set. */
  human?: () => void;
  /** Exact stdout (a tool's own JSON format or an agent's hook answer); replaces both forms. */
  stdout?: string;
}

/** How one entry reports failures, when its seed differs from the envelope. */
export interface RunOptions {
  rawArgs?: string[];
  /** Renders a typed failure; default: an envelope with `--json`, else one stderr line. */
  onError?: (err: LeogrielError, ctx: FailureContext) => void;
  /** Exit code for an unexpected exception (default 2, "fatal" in seed 000). */
  internalExitCode?: number;
  /** Print the usage text on stderr for a usage error without `--json` (default true). */
  usageOnError?: boolean;
}

export interface FailureContext {
  json: boolean;
  verbose: boolean;
  command: string;
}

// biome-ignore lint: citty's CommandDef is generic over its args.
type AnyCommand = CommandDef<any>;

/**
 * Runs a citty command tree as a well-behaved CLI: help and version, unknown flags rejected,
 * typed errors mapped to exit codes, `process.exitCode` set (never `process.exit`).
 * @returns the exit code it set
 */
export async function runCli(root: AnyCommand, options: RunOptions = {}): Promise<number> {
  const rawArgs = options.rawArgs ?? process.argv.slice(2);
  const flags = rawArgs.slice(0, _endOfFlags(rawArgs));
  const json = flags.includes("--json");
  const verbose = flags.includes("--verbose");
  let command = await _name(root);
  // The command whose usage a usage error prints: the deepest one resolved before the error.
  let usageOf: { cmd: AnyCommand; parent?: AnyCommand } = { cmd: root };
  try {
    const resolved = await resolveCommand(root, rawArgs);
    usageOf = resolved;
    command = resolved.path.join(" ");
    if (flags.includes("--help") || flags.includes("-h")) {
      const usage = _usageText(await renderUsage(resolved.cmd, resolved.parent), resolved.path[0]!);
      (json ? process.stderr : process.stdout).write(`${usage}\n`);
      return _exit(0);
    }
    if (resolved.path.length === 1 && (flags[0] === "--version" || flags[0] === "-v")) {
      return _exit(_printVersion(command, json));
    }
    const unknown = findUnknownFlags((await _resolve(resolved.cmd.args)) ?? {}, resolved.rest);
    if (unknown.length > 0) throw new UsageError(`Cannot parse arguments: unknown option ${unknown.join(", ")}`);
    const { result } = await runCommand(resolved.cmd, { rawArgs: resolved.rest });
    return _exit(_render(command, json, result as Outcome | undefined));
  } catch (err) {
    const failure = _asLeogrielError(err, options.internalExitCode ?? 2);
    const ctx = { json, verbose, command };
    if (failure.code === "invalid_usage" && !json && options.usageOnError !== false) {
      process.stderr.write(`${_usageText(await renderUsage(usageOf.cmd, usageOf.parent).catch(() => ""), await _name(root))}\n`);
    }
    // The logger (consola) loads only on a failure path, keeping start-up lean.
    const { log } = await import("./logger.ts");
    (options.onError ?? ((e: LeogrielError, c: FailureContext) => _defaultOnError(e, c, log)))(failure, ctx);
    if (verbose && !(err instanceof LeogrielError)) log.error(err);
    return _exit(failure.exitCode);
  }
}

/** The command a raw argv selects, its name path, and the args left for it. */
export async function resolveCommand(
  root: AnyCommand,
  rawArgs: string[],
): Promise<{ cmd: AnyCommand; parent?: AnyCommand; path: string[]; rest: string[] }> {
  let cmd = root;
  let parent: AnyCommand | undefined;
  const path = [await _name(root)];
  let rest = rawArgs;
  for (;;) {
    const subs = await _resolve(cmd.subCommands);
    if (!subs) break;
    const end = _endOfFlags(rest);
    const index = rest.findIndex((a, i) => i < end && !a.startsWith("-"));
    const word = index >= 0 ? rest[index]! : undefined;
    if (word === undefined || !(word in subs)) break;
    parent = cmd;
    cmd = await _resolve(subs[word] as AnyCommand);
    path.push(word);
    rest = [...rest.slice(0, index), ...rest.slice(index + 1)];
  }
  return { cmd, parent, path, rest };
}

/** Flags in `rawArgs` (before `--`) that `args` does not declare. */
export function findUnknownFlags(args: ArgsDef, rawArgs: string[]): string[] {
  const known = new Map<string, ArgsDef[string]>();
  for (const [name, def] of Object.entries(args)) {
    if (def.type === "positional") continue;
    const alias = (def as { alias?: string | string[] }).alias;
    const aliases = alias === undefined ? [] : Array.isArray(alias) ? alias : [alias];
    for (const n of [name, _kebab(name), ...aliases]) known.set(n, def);
  }
  const unknown: string[] = [];
  const end = _endOfFlags(rawArgs);
  for (let i = 0; i < end; i++) {
    const token = rawArgs[i]!;
    if (!token.startsWith("-") || token === "-") continue;
    const body = token.replace(/^--?/, "");
    const name = body.split("=")[0]!;
    let def = known.get(name);
    if (!def && name.startsWith("no-")) {
      const negated = known.get(name.slice(3));
      if (negated?.type === "boolean") def = negated;
    }
    if (!def) {
      unknown.push(`--${name}`.replace(/^--(.)$/, "-$1"));
      continue;
    }
    if (def.type !== "boolean" && !body.includes("=")) i++;
  }
  return unknown;
}

function _render(command: string, json: boolean, outcome: Outcome | undefined): number {
  if (!outcome) return 0;
  if (outcome.stdout !== undefined) {
    process.stdout.write(redactText(outcome.stdout));
  } else if (json) {
    writeJson(
      makeEnvelope(command, {
        ok: outcome.ok ?? outcome.exitCode !== 2,
        data: outcome.data,
        warnings: outcome.warnings,
        errors: outcome.errors,
      }),
    );
  } else {
    outcome.human?.();
  }
  return outcome.exitCode;
}

function _defaultOnError(err: LeogrielError, ctx: FailureContext, log: { error: (message: string) => void }): void {
  if (ctx.json) {
    writeJson(makeEnvelope(ctx.command, { ok: false, errors: [{ code: err.code, message: err.message }] }));
  } else {
    log.error(err.message);
  }
}

function _printVersion(command: string, json: boolean): number {
  const info = toolVersion();
  if (json) writeJson(makeEnvelope(command, { ok: true, data: info }));
  else process.stdout.write(`${info.version}\n`);
  return 0;
}

function _asLeogrielError(err: unknown, internalExitCode: number): LeogrielError {
  if (err instanceof LeogrielError) return err;
  if (err instanceof Error && err.name === "CLIError") return new UsageError(`Cannot parse arguments: ${err.message}`);
  const type = err instanceof Error ? err.name : typeof err;
  // The original stays as `cause` so an entry's onError can commit to it without printing it.
  return new LeogrielError("internal_error", `Internal error: ${type}: ${err instanceof Error ? err.message : String(err)}`, {
    exitCode: internalExitCode,
    cause: err,
  });
}

// citty prints flags as they are declared (`--failOn`); users type them kebab-case (`--fail-on`,
// which the parser accepts too), so the usage text shows that spelling.
// The usage line names the binary a user types (`leogriel-install add`); the command path in the
// JSON envelope keeps citty's names (`install add`, SPEC).
function _usageText(usage: string, root: string): string {
  const named = usage.replace(new RegExp(`(USAGE(?:\\x1b\\[[0-9;]*m)*\\s+(?:\\x1b\\[[0-9;]*m)*)${root}\\b`), `$1leogriel-${root}`);
  const kebab = named.replace(/--([a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+)\b/g, (_m, name: string) => `--${_kebab(name)}`);
  return colorAllowed() ? kebab : stripAnsi(kebab);
}

function _endOfFlags(args: string[]): number {
  const i = args.indexOf("--");
  return i < 0 ? args.length : i;
}

function _exit(code: number): number {
  process.exitCode = code;
  return code;
}

function _kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

async function _name(cmd: AnyCommand): Promise<string> {
  const meta = await _resolve(cmd.meta);
  return (await _resolve(meta?.name)) ?? "leogriel";
}

async function _resolve<T>(value: T | (() => T) | (() => Promise<T>) | Promise<T>): Promise<T> {
  return typeof value === "function" ? await (value as () => T | Promise<T>)() : await value;
}
