import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { operands } from "./names.ts";

/**
 * npm packages that delete or copy files, run through npx, `pnpm dlx`, bunx or `yarn dlx` (or
 * from node_modules/.bin): red team 7, H3. They are judged as the coreutils they stand for, like
 * rimraf and shx are: `del-cli DIR` and `trash DIR` are `rm -r`, `cpy SRC… DEST`, `ncp SRC DEST`,
 * `copyfiles SRC… DEST` and `cpx SRC DEST` are `cp -r` (`cpx --clean` empties DEST first), and
 * `degit SRC [DEST]` writes a fetched tree into DEST (replacing what is there with `--force`).
 */

const _run = (program: string, args: Word[], inv: Invocation): Op[] => analyzeArgv(literalWord(program), args, inv.ctx, inv.cmd);

/** del-cli (`del`, `del-cli`) and trash-cli (`trash`): the operands go, recursively. */
export const deleter: Handler = (inv) => {
  const { flags, files } = operands(inv.args);
  if (files.length === 0 || flags.some((f) => f === "-d" || f === "--dry-run" || f === "--help" || f === "--version")) return [];
  return [op("delete", inv.name, files, true)];
};

/** cpy (`--rename=NAME` names the copy in DEST), ncp, copyfiles, cpx: copies into the last operand. */
export const copier: Handler = (inv) => {
  const valued = inv.name === "copyfiles" ? new Set(["-u", "--up", "-e", "--exclude"]) : new Set<string>();
  const { flags, files } = operands(inv.args, valued);
  if (files.length < 2 || flags.some((f) => f === "--dry-run" || f === "--help" || f === "--version")) return [];
  const dest = files.at(-1)!;
  const sources = files.slice(0, -1);
  const ops: Op[] = [];
  if (inv.name === "cpx" && flags.some((f) => f === "-C" || f === "--clean")) ops.push(op("delete", "cpx", [dest], true));
  if (flags.some((f) => f.startsWith("--cwd"))) return [...ops, op("unknown", inv.name)];
  const rename = flags.find((f) => f.startsWith("--rename="))?.slice(9);
  if (inv.name === "cpy" && rename !== undefined) {
    const target = dest.dynamic ? dest : literalWord(`${dest.value.replace(/\/+$/, "")}/${rename}`);
    return [...ops, ..._run("cp", [...sources, target], inv)];
  }
  return [...ops, ..._run("cp", [literalWord("-r"), ...sources, dest], inv)];
};

/** degit SRC [DEST]: a fetched tree written into DEST (the running folder when absent). */
export const degit: Handler = (inv) => {
  const { flags, files } = operands(inv.args, new Set(["--mode", "-m"]));
  if (files.length === 0 || flags.some((f) => f === "-h" || f === "--help")) return [];
  const dest = files[1] ?? literalWord(".");
  const force = flags.some((f) => f === "-f" || f === "--force");
  return [{ ...op("write-into", "degit", [dest]), replaces: force, lands: "spread" }];
};
