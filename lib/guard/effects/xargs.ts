import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { analyzeArgv, analyzeText, stdinOf } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { VALUED } from "./find.ts";
import { programName } from "./names.ts";
import { xargsItems, xargsOptions, type XargsOptions } from "./xargs-input.ts";

/**
 * xargs: the command gets arguments from stdin that are unknown now. Inside a shell's `-c` text
 * the replacement string becomes an unknown variable, so `sh -c 'echo {}'` stays analysable.
 * Literal input (`echo a b | xargs rm`, `printf '%s\0' .git | xargs -0 rm -rf`) is split as
 * xargs splits it (xargs-input.ts), and `find … -print0 | xargs -0 CMD` runs CMD on what find
 * prints: it is judged as `find … -exec CMD {} +` (the find dry run lists the matches).
 */
export const xargs: Handler = (inv) => {
  const options = xargsOptions(inv.args);
  if (options === null) return [op("unknown", "xargs")];
  const { replace } = options;
  const command = inv.args.slice(options.command);
  if (command.length === 0) return [];
  const stdin = stdinOf(inv.cmd);
  const items = options.argFile || stdin.kind !== "text" || stdin.dynamic ? null : xargsItems(stdin.text, options);
  if (items !== null) {
    // Known input (`echo a b | xargs rm`): the commands xargs will run, exactly.
    const emptyStops = replace !== undefined || options.noRunIfEmpty;
    if (items.length === 0) return emptyStops ? [] : analyzeArgv(command[0]!, command.slice(1), inv.ctx);
    if (replace === undefined) return analyzeArgv(command[0]!, [...command.slice(1), ...items.map((v) => literalWord(v))], inv.ctx);
    return items.flatMap((item) => {
      const [head, ...tail] = command.map((w) => (w.value.includes(replace) ? literalWord(w.value.replaceAll(replace, item)) : w));
      return analyzeArgv(head!, tail, inv.ctx);
    });
  }
  const found = options.delimiter === "\0" && !options.argFile ? _foundBy(inv, command, options) : null;
  if (found) return found;
  const words = replace === undefined ? [...command, unknownWord()] : _substitute(command, replace);
  const [head, ...tail] = words;
  return analyzeArgv(head!, tail, inv.ctx);
};

// find's actions: with any but the final -print0, what reaches xargs is not simply the matches.
const FIND_ACTIONS = new Set(["-delete", "-exec", "-execdir", "-ok", "-okdir", "-print", "-print0", "-printf", "-fprint", "-fprint0", "-fprintf", "-ls", "-fls", "-quit"]);

/**
 * `find ARGS -print0 | xargs -0 CMD`: CMD runs on exactly the paths find prints, which is
 * `find ARGS -exec CMD {} +` (`-exec CMD {} ;` with a replace string), plus CMD once with no
 * argument when nothing matched and `-r` is not given. Only a plain find whose one action is a
 * final `-print0` (no other action, the word before it no option's value).
 */
function _foundBy(inv: Invocation, command: Word[], options: XargsOptions): Op[] | null {
  const feeder = inv.cmd?.pipeFrom;
  if (!feeder || feeder.group || feeder.redirects.length > 0) return null;
  const [head, ...args] = feeder.argv;
  if (!head || head.dynamic || programName(head) !== "find" || args.at(-1)?.value !== "-print0") return null;
  const before = args.at(-2)?.value ?? "";
  if (args.some((a, k) => a.dynamic || (k < args.length - 1 && FIND_ACTIONS.has(a.value))) || VALUED.has(before) || /^-newer..$/.test(before)) return null;
  const { replace } = options;
  if (command.some((w) => w.dynamic || w.value === ";" || w.value === "+" || (replace === undefined && w.value.includes("{}")))) return null;
  const exec = replace === undefined ? [...command, literalWord("{}"), literalWord("+")] : [...command.map((w) => (w.value.includes(replace) ? literalWord(w.value.replaceAll(replace, "{}")) : w)), literalWord(";")];
  // Judged as recursive, like -delete: outside the workspace the found subtree is not listed, and
  // a non-recursive subtree verdict there would let `find ~ … | xargs -0 rm -f` through.
  const ops = analyzeArgv(head, [...args.slice(0, -1), literalWord("-exec"), ...exec], inv.ctx).map((o) => (o.find ? { ...o, recursive: true } : o));
  return options.noRunIfEmpty || replace !== undefined ? ops : [...ops, ...analyzeArgv(command[0]!, command.slice(1), inv.ctx)];
}

/** parallel runs its command through a shell; with no command, each argument is a command. */
export const parallel: Handler = (inv) => {
  const sep = inv.args.findIndex((w) => w.value === ":::" || w.value === "::::" || w.value === ":::+");
  const head = sep < 0 ? inv.args : inv.args.slice(0, sep);
  let start = 0;
  while (start < head.length && head[start]!.value.startsWith("-") && !head[start]!.dynamic) start += /^(-j|--jobs|-S|--sshlogin|--delay|--timeout)$/.test(head[start]!.value) ? 2 : 1;
  const command = head.slice(start);
  const inputs = sep < 0 ? [] : inv.args.slice(sep + 1);
  if (command.length === 0) {
    // No command: each input is one. `parallel :::` has none; without `:::` they come from stdin.
    if (sep < 0) {
      const stdin = stdinOf(inv.cmd);
      const lines = stdin.kind !== "text" || stdin.dynamic ? null : xargsItems(stdin.text, { command: 0, replace: "{}", argFile: false, noRunIfEmpty: false });
      return lines === null ? [op("unknown", "parallel")] : lines.flatMap((line) => analyzeText(line, "posix", inv.ctx));
    }
    if (inputs.some((w) => w.dynamic)) return [op("unknown", "parallel")];
    return inputs.flatMap((w) => analyzeText(w.value, "posix", inv.ctx));
  }
  if (command.some((w) => w.dynamic)) return [op("unknown", "parallel")];
  const text = command.map((w) => w.value).join(" ");
  return analyzeText(text.includes("{}") ? text.replaceAll("{}", '"$__leogriel_item"') : `${text} "$__leogriel_item"`, "posix", inv.ctx);
};

const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash"]);

function _substitute(command: Word[], replace: string): Word[] {
  const shell = SHELLS.has(command[0]!.value.slice(command[0]!.value.lastIndexOf("/") + 1));
  return command.map((w, k) => {
    if (!w.value.includes(replace)) return w;
    const isScript = shell && k > 0 && /^-[a-zA-Z]*c[a-zA-Z]*$/.test(command[k - 1]!.value);
    return isScript ? { ...w, value: w.value.replaceAll(replace, '"$__leogriel_item"') } : unknownWord();
  });
}
