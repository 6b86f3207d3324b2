import { op, type Op } from "../ops.ts";
import { literalWord, type SimpleCommand, unknownWord, type Word } from "../syntax.ts";
import { shellQuote } from "../shell-quote.ts";
import { analyzeArgv, analyzeText, stdinOf } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { VALUED } from "./find.ts";
import { gitListing } from "./git-listing.ts";
import { searchListing, type SearchListing } from "./search-listing.ts";
import { judgeSearch } from "./search-words.ts";
import { mayBeRewritten } from "./unseen-writes.ts";
import { programName } from "./names.ts";
import { analyzeReadings, WORD_COUNTS } from "./word-counts.ts";
import { xargsItems, xargsOptions, type XargsOptions } from "./xargs-input.ts";
import { stdinFeeds } from "../posix/track.ts";
import { addEnvSources, addOrigin, assign } from "../posix/vars.ts";

/**
 * xargs: the command gets arguments from stdin that are unknown now. Inside a shell's `-c` text
 * the replacement string becomes an unknown variable, so `sh -c 'echo {}'` stays analysable.
 * Literal input (`echo a b | xargs rm`, `printf '%s\0' .git | xargs -0 rm -rf`) is split as
 * xargs splits it (xargs-input.ts), and `find … -print0 | xargs -0 CMD` (or `find … | xargs
 * CMD`) runs CMD on what find prints: it is judged as `find … -exec CMD {} +` (the find dry run
 * lists the matches). A git name listing's output is read by running it (git-listing.ts).
 */
export const xargs: Handler = (inv) => {
  const options = xargsOptions(inv.args);
  if (options === null) return [op("unknown", "xargs")];
  const { replace } = options;
  const command = inv.args.slice(options.command);
  if (command.length === 0) return [];
  const stdin = stdinOf(inv.cmd);
  // The pipe feeds xargs only when no redirection of its own replaces its stdin (`git ls-files |
  // xargs rm -rf < list.txt` reads list.txt).
  const piped = !options.argFile && stdin.kind !== "text" && inv.cmd?.pipeFrom !== undefined && !inv.cmd.redirects.some(_readsStdin);
  const listed = !piped ? null : gitListing(inv.cmd!.pipeFrom!, inv.ctx, mayBeRewritten(inv.ctx, inv.cmd), options.eager);
  const text = listed ?? (options.argFile || stdin.kind !== "text" || stdin.dynamic ? null : stdin.text);
  // A repository's listing may name many files (judged like the find dry run's matches).
  const items = text === null ? null : xargsItems(text, options, listed === null ? undefined : MAX_LISTED);
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
  const found = piped ? _foundBy(inv, command, options) : null;
  if (found) return found;
  // `rg -l x src | xargs sed -i …`, `fd -e js | xargs rm`: the names such a search can print,
  // split on newlines, or on NUL bytes when both sides say so (`grep -rlZ x src | xargs -0 …`).
  const nul = options.delimiter === "\0" ? true : options.delimiter === undefined || options.delimiter === "\n" ? false : undefined;
  const searched = piped && listed === null && !options.eager && replace === undefined && nul !== undefined ? searchListing(inv.cmd!.pipeFrom!, inv.ctx, mayBeRewritten(inv.ctx, inv.cmd)) : null;
  const bySearch = searched && searched.nul === nul ? _searched(inv, command, options, searched) : null;
  if (bySearch) return bySearch;
  if (replace !== undefined) {
    // One run per input line, the line one word wherever the replace string stands.
    const [head, ...tail] = _substitute(command, replace, _item(inv));
    return analyzeArgv(head!, tail, inv.ctx);
  }
  return _unknownInput(inv, command, options);
};

/** A redirection that gives a command another stdin than its pipe (`< f`, `0<f`, `<&3`, `<> f`; here-strings and heredocs). */
function _readsStdin(r: SimpleCommand["redirects"][number]): boolean {
  return r.op.startsWith("<") && (r.fd === "" || r.fd === "0");
}

/**
 * Unknown input is any number of words (word-counts.ts): the command is judged with one input
 * word, with two (standing for two or more) and, as GNU xargs runs it once on empty input unless
 * `-r`, with none; `-n 1` gives each run at most one.
 */
function _unknownInput(inv: Invocation, command: Word[], options: XargsOptions): Op[] {
  const counts = WORD_COUNTS.filter((n) => !(n === 2 && options.oneWord) && !(n === 0 && options.noRunIfEmpty));
  return analyzeReadings(command[0]!, counts.map((n) => [...command.slice(1), ...Array.from({ length: n }, unknownWord)]), inv.ctx);
}

// The most names of a git listing judged one by one (more: the input stays unknown).
const MAX_LISTED = 1024;

// find's actions: with any but the final -print0, what reaches xargs is not simply the matches.
const FIND_ACTIONS = new Set(["-delete", "-exec", "-execdir", "-ok", "-okdir", "-print", "-print0", "-printf", "-fprint", "-fprint0", "-fprintf", "-ls", "-fls", "-quit"]);

// find's operators that bind looser than the implied `-a`: `find . -name a -o -name b` prints
// both, `find . -name a -o -name b -exec …` runs the command on b only.
const FIND_OR = new Set(["-o", "-or", ","]);

/**
 * `find ARGS -print0 | xargs -0 CMD`: CMD runs on exactly the paths find prints, which is
 * `find ARGS -exec CMD {} +` (`-exec CMD {} ;` with a replace string), plus CMD once with no
 * argument when nothing matched and `-r` is not given. Only a plain find whose one action is a
 * final `-print0` (no other action, the word before it no option's value). Newline-separated
 * output (`find ARGS [-print] | xargs [-d '\n'] CMD`) is the same when no match holds a blank,
 * quote or backslash, which the dry run checks (`split`); without an explicit `-print`, only an
 * expression without `-o` (the implied -print applies to all of it, as an appended -exec does).
 * That form is read for commands that edit or read the matches (`| xargs sed -i …`, `| xargs
 * npx prettier --write`), not for deletes and moves.
 */
function _foundBy(inv: Invocation, command: Word[], options: XargsOptions): Op[] | null {
  const feeder = inv.cmd?.pipeFrom;
  if (!feeder || feeder.group || feeder.redirects.length > 0) return null;
  const [head, ...args] = feeder.argv;
  const split = options.delimiter === undefined || options.delimiter === "\n";
  if (!split && options.delimiter !== "\0") return null;
  if (!head || head.dynamic || programName(head) !== "find") return null;
  const explicit = args.at(-1)?.value === (split ? "-print" : "-print0");
  if (!explicit && (!split || args.some((a) => FIND_OR.has(a.value)))) return null;
  const expression = explicit ? args.slice(0, -1) : args;
  const before = explicit ? (args.at(-2)?.value ?? "") : "";
  if (args.some((a) => a.dynamic) || expression.some((a) => FIND_ACTIONS.has(a.value)) || VALUED.has(before) || /^-newer..$/.test(before)) return null;
  const { replace } = options;
  if (command.some((w) => w.dynamic || w.value === ";" || w.value === "+" || (replace === undefined && w.value.includes("{}")))) return null;
  const exec = replace === undefined ? [...command, literalWord("{}"), literalWord("+")] : [...command.map((w) => (w.value.includes(replace) ? literalWord(w.value.replaceAll(replace, "{}")) : w)), literalWord(";")];
  // Judged as recursive, like -delete: outside the workspace the found subtree is not listed, and
  // a non-recursive subtree verdict there would let `find ~ … | xargs -0 rm -f` through.
  const ops = analyzeArgv(head, [...expression, literalWord("-exec"), ...exec], inv.ctx).map((o) => (o.find ? { ...o, recursive: true, find: split ? { ...o.find, split } : o.find } : o));
  // Deletes and moves by newline-separated names stay unknown (red team 3: `find … -print |
  // xargs rm`); -print0 | xargs -0 or -delete name them exactly.
  if (split && ops.some((o) => o.kind === "delete" || o.kind === "move")) return null;
  return options.noRunIfEmpty || replace !== undefined ? ops : [...ops, ...analyzeArgv(command[0]!, command.slice(1), inv.ctx)];
}

// Less text than any xargs gathers before it runs its command (as git-listing.ts reads).
const XARGS_WAITS = 16_384;

/** A search listing (search-listing.ts) into xargs: judged as search-words.ts reads its names. */
function _searched(inv: Invocation, command: Word[], options: XargsOptions, s: SearchListing): Op[] | null {
  if (s.names.join("\n").length >= XARGS_WAITS) return null;
  const [head, ...rest] = command;
  return judgeSearch(s, head!, rest, (names) => analyzeArgv(head!, [...rest, ...names], inv.ctx), !options.noRunIfEmpty);
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
      const lines = stdin.kind !== "text" || stdin.dynamic ? null : xargsItems(stdin.text, { command: 0, replace: "{}", argFile: false, noRunIfEmpty: false, eager: false });
      return lines === null ? [op("unknown", "parallel")] : lines.flatMap((line) => analyzeText(line, "posix", inv.ctx));
    }
    if (inputs.some((w) => w.dynamic)) return [op("unknown", "parallel")];
    return inputs.flatMap((w) => analyzeText(w.value, "posix", inv.ctx));
  }
  if (command.some((w) => w.dynamic)) return [op("unknown", "parallel")];
  const text = command.map((w) => w.value).join(" ");
  const run = (item: string) => analyzeText(text.includes("{}") ? text.replaceAll("{}", item) : `${text} ${item}`, "posix", inv.ctx);
  // Literal inputs of one `:::` source are each a run with that input, which parallel quotes
  // for the shell (`parallel find . -name foo ::: ok` runs `find . -name foo ok`); other
  // replacement strings, more sources and input files are read as one unknown item.
  const literal = inputs.length > 0 && inputs.length <= MAX_PARALLEL_INPUTS && inv.args[sep]!.value === ":::" && !inputs.some((w) => w.dynamic || /^:::[:+]?$/.test(w.value));
  if (literal && start === 0 && !/\{[^}]+\}/.test(text)) return inputs.flatMap((w) => run(shellQuote(w.value)));
  return run('"$__leogriel_item"');
};

// Inputs read one by one; a longer literal list is one unknown item.
const MAX_PARALLEL_INPUTS = 16;

const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash"]);

/** The command with each replace string in a shell's `-c` text read as the variable `item` (any other word holding one is unknown). */
function _substitute(command: Word[], replace: string, item: string): Word[] {
  const shell = SHELLS.has(command[0]!.value.slice(command[0]!.value.lastIndexOf("/") + 1));
  return command.map((w, k) => {
    if (!w.value.includes(replace)) return w;
    const isScript = shell && k > 0 && /^-[a-zA-Z]*c[a-zA-Z]*$/.test(command[k - 1]!.value);
    return isScript ? { ...w, value: w.value.replaceAll(replace, `"$${item}"`) } : unknownWord();
  });
}

// Variables standing for xargs's input lines that hold what the line fed it (one per xargs run).
let _items = 0;

/**
 * The variable an input line of xargs stands for in a shell's `-c` text: when its stdin holds what
 * the line fed it (posix/track.ts stdinFeeds: `<<< "$GITHUB_TOKEN"`, `printenv T |`), a fresh one
 * carrying those values (`xargs -I{} sh -c 'echo {} | nc …' <<< "$T"` sends T); else an unknown one.
 */
function _item(inv: Invocation): string {
  const fed = inv.cmd ? stdinFeeds(inv.cmd) : undefined;
  if (!fed || (fed.envNames.length === 0 && fed.outputOf.length === 0)) return "__leogriel_item";
  const item = `__leogriel_item${++_items}`;
  assign(inv.ctx.vars, item, null);
  if (fed.envNames.length) addEnvSources(inv.ctx.vars, item, fed.envNames);
  if (fed.outputOf.length) addOrigin(inv.ctx.vars, item, fed.outputOf);
  return item;
}
