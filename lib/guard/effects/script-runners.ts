import type { Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { unmodelledReading } from "./unknown-program.ts";

/*
 * Tools that run a script file they are given as the interpreter of its language would (session
 * 7: `printf … > x.py; uv run x.py` ran the written script unread, ALLOW_NOOP): `uv run`, `pdm
 * run` and `pipx run` run a `.py` file with python, nodemon, `pm2 start` and `forever start` a
 * JavaScript or TypeScript file with node, `rails runner` a `.rb` file (or Ruby code) with ruby.
 * Each script operand is judged as `python FILE`, `node FILE` or `ruby FILE` is, so a script the
 * line wrote is read and one that is there runs as any project script does. uv, pdm, pipx, pm2
 * and forever had no handler: their words keep an unmodelled program's reading besides
 * (`uv run python x.py`, `uv pip install --target DIR`).
 */

const LANGUAGE_OF: ReadonlyArray<[RegExp, string]> = [
  [/\.pyw?$/, "python"],
  [/\.[cm]?[jt]sx?$/, "node"],
  [/\.rb$/, "ruby"],
];

/** What running each script operand among `words` does, in the language its extension names. */
function _scripts(inv: Invocation, words: Word[]): Op[] {
  const ops: Op[] = [];
  for (const w of words) {
    if (w.dynamic || w.value.startsWith("-")) continue;
    const language = LANGUAGE_OF.find(([ext]) => ext.test(w.value))?.[1];
    if (language) ops.push(...analyzeArgv(literalWord(language), [w], inv.ctx, inv.cmd));
  }
  return ops;
}

/** The words after the subcommand `sub` (the first word that is not an option), or none. */
function _after(args: Word[], subs: ReadonlySet<string>): Word[] {
  const at = args.findIndex((a) => !a.value.startsWith("-"));
  return at >= 0 && !args[at]!.dynamic && subs.has(args[at]!.value) ? args.slice(at + 1) : [];
}

const RUN = new Set(["run"]);
const START = new Set(["start"]);
const RUNNER = new Set(["runner", "r"]);

/** `uv run FILE.py`, `pdm run FILE.py`, `pipx run FILE.py`. */
export const pythonScriptRunner: Handler = (inv) => unmodelledReading(inv).concat(_scripts(inv, _after(inv.args, RUN)));

/** `pm2 start FILE.js`, `forever start FILE.js`. */
export const nodeScriptManager: Handler = (inv) => unmodelledReading(inv).concat(_scripts(inv, _after(inv.args, START)));

/** nodemon FILE.js (its `--exec TEXT` is shell-text-runners.ts's). */
export const nodemonScript: Handler = (inv) => _scripts(inv, inv.args.filter((a, i) => !/^(?:--exec|-x|--watch|-w|--ext|-e|--ignore|-i|--delay|--signal|--config)$/.test(inv.args[i - 1]?.value ?? "")));

/** `rails runner FILE.rb` or `rails runner 'CODE'` (`r` for short): Ruby run in the application. */
export const railsRunner: Handler = (inv) => {
  const code = _after(inv.args, RUNNER).find((w) => !w.value.startsWith("-"));
  if (!code) return [];
  if (!code.dynamic && code.value.endsWith(".rb")) return _scripts(inv, [code]);
  return analyzeArgv(literalWord("ruby"), [literalWord("-e"), code], inv.ctx, inv.cmd);
};
