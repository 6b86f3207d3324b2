import { op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { analyzeArgv, analyzeText, stdinOf } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";

/**
 * xargs: the command gets arguments from stdin that are unknown now. Inside a shell's `-c` text
 * the replacement string becomes an unknown variable, so `sh -c 'echo {}'` stays analysable.
 */
export const xargs: Handler = (inv) => {
  const valued = new Set(["-I", "-d", "-n", "-L", "-P", "-s", "-a", "-E", "-e", "--delimiter", "--max-args", "--max-procs", "--arg-file", "--max-lines", "--max-chars", "--eof"]);
  let i = 0;
  let replace: string | undefined;
  for (; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (!v.startsWith("-") || inv.args[i]!.dynamic) break;
    if (v === "--") {
      i++;
      break;
    }
    if (v === "-I") replace = inv.args[i + 1]?.value;
    else if (v.startsWith("-I")) replace = v.slice(2);
    else if (v === "-i" || v === "--replace") replace = "{}";
    else if (v.startsWith("--replace=")) replace = v.slice(10) || "{}";
    else if (v.startsWith("-i")) replace = v.slice(2);
    if (valued.has(v)) i++;
  }
  const command = inv.args.slice(i);
  if (command.length === 0) return [];
  const items = inv.args.slice(0, i).some((a) => /^(-a|--arg-file)/.test(a.value)) ? null : _stdinItems(inv, replace !== undefined);
  if (items !== null) {
    // Known input (`echo a b | xargs rm`): the commands xargs will run, exactly.
    const emptyStops = replace !== undefined || inv.args.slice(0, i).some((a) => a.value === "-r" || a.value === "--no-run-if-empty");
    if (items.length === 0) return emptyStops ? [] : analyzeArgv(command[0]!, command.slice(1), inv.ctx);
    if (replace === undefined) return analyzeArgv(command[0]!, [...command.slice(1), ...items.map((v) => literalWord(v))], inv.ctx);
    return items.flatMap((item) => {
      const [head, ...tail] = command.map((w) => (w.value.includes(replace) ? literalWord(w.value.replaceAll(replace, item)) : w));
      return analyzeArgv(head!, tail, inv.ctx);
    });
  }
  const words = replace === undefined ? [...command, unknownWord()] : _substitute(command, replace);
  const [head, ...tail] = words;
  return analyzeArgv(head!, tail, inv.ctx);
};

/**
 * The items xargs reads when its stdin is literal text: blank-separated words, or lines with a
 * replace string. Null when unknown, or when quotes or backslashes would need xargs' own parsing.
 */
function _stdinItems(inv: Invocation, lines: boolean): string[] | null {
  const stdin = stdinOf(inv.cmd);
  if (stdin.kind !== "text" || stdin.dynamic || /['"\\]/.test(stdin.text)) return null;
  const items = lines ? stdin.text.split("\n").map((l) => l.trim()) : stdin.text.split(/\s+/);
  const kept = items.filter(Boolean);
  return kept.length > 64 ? null : kept;
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
      const lines = _stdinItems(inv, true);
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
