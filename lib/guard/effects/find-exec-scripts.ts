import { isAbsolute } from "node:path";
import type { Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import type { AnalyzeContext } from "./context.ts";
import { absPath } from "./file-identity.ts";
import { programName } from "./names.ts";
import { wrappedCommand } from "./wrappers.ts";
import { LANGUAGES } from "./runner-names.ts";
import { SHELLS } from "./written-runs.ts";

/**
 * `find ROOT … -exec bash {} \;` (also `+`, `-execdir`, an interpreter, `source`): each match runs
 * as a script (red team 8, C3: `printf 'rm -rf ~' > s.sh; find . -name s.sh -exec bash {} \;`).
 * Any file the line wrote under a start point may be a match: it is judged as the program run on
 * it by name (written-runs.ts reads its text, or finds it unknown). Files the line did not write
 * stay the find op's, judged against the dry run's matches.
 */
export function findExecScripts(head: Word, rest: Word[], roots: Word[], ctx: AnalyzeContext): Op[] {
  const scripts = ctx.state.scripts;
  if (!scripts?.size || head.dynamic || !rest.some((a) => a.value === "{}")) return [];
  // Through wrappers (`-exec env bash {} ;`, `sudo`, `nice -n 5`, `timeout 5`): the program they run.
  let program = [head, ...rest];
  for (let depth = 0; depth < 8 && program[0] && !program[0].dynamic; depth++) {
    const wrapper = programName(program[0]);
    // env runs the first word after its flags and NAME=VALUE words.
    const at = wrapper === "env" ? program.findIndex((w, i) => i > 0 && !/^-|^[A-Za-z_]\w*=/.test(w.value)) : -1;
    const inner = wrapper === "env" ? (at < 0 ? undefined : program.slice(at)) : wrappedCommand(wrapper, program.slice(1));
    if (!inner) break;
    program = inner;
  }
  const name = program[0] && !program[0].dynamic ? programName(program[0]) : "";
  if (!SHELLS.has(name) && LANGUAGES[name] === undefined && name !== "source" && name !== ".") return [];
  const under = roots.map((r) => {
    const root = r.dynamic || r.glob ? "" : absPath(r.value, ctx.state.cwd, ctx.state);
    return isAbsolute(root) ? root.replace(/\/*$/, "/") : null;
  });
  const written = [...scripts.keys()].filter((k) => isAbsolute(k) && under.some((r) => r === null || `${k}/`.startsWith(r)));
  return written.flatMap((file) => analyzeArgv(head, rest.map((a) => (a.value === "{}" ? literalWord(file) : a)), ctx));
}
