import type { SimpleCommand } from "../syntax.ts";

/** One pipeline a command runs in, and its stage there (the commands of one stage run one after another). */
interface Stage {
  pipeline: object;
  stage: number;
}

// Set by the parser for the commands of pipelines only: a line without `|` notes nothing.
const _stages = new WeakMap<SimpleCommand, Stage[]>();

/**
 * Notes `commands` as stage `stage` of `pipeline` (parser.ts parsePipeline: each stage's commands,
 * a compound's before its closing word; compound-stdin.ts feedCompound: those of a compound or a
 * function body a pipe feeds). A command inside a pipeline nested in a stage has one per pipeline.
 */
export function noteStage(commands: SimpleCommand[], pipeline: object, stage: number): void {
  for (const c of commands) {
    const stages = _stages.get(c);
    if (stages === undefined) _stages.set(c, [{ pipeline, stage }]);
    else if (!stages.some((s) => s.pipeline === pipeline)) stages.push({ pipeline, stage });
  }
}

/** Gives `commands` the stage after each stage `from` runs in (a compound a pipe from `from` feeds). */
export function noteNextStage(commands: SimpleCommand[], from: SimpleCommand): void {
  for (const s of _stages.get(from) ?? []) noteStage(commands, s.pipeline, s.stage + 1);
}

/** Whether the command runs as a stage of a pipeline (or inside one). */
export function inPipeline(cmd: SimpleCommand): boolean {
  return _stages.has(cmd);
}

/** Whether `a` and `b` run at the same time: in different stages of one pipeline. */
export function sameTime(a: SimpleCommand, b: SimpleCommand): boolean {
  const sa = _stages.get(a);
  const sb = sa && _stages.get(b);
  return sb !== undefined && sa!.some((x) => sb.some((y) => x.pipeline === y.pipeline && x.stage !== y.stage));
}

/** Whether `a` and `b` belong to one pipeline (in any stages). */
export function samePipeline(a: SimpleCommand, b: SimpleCommand): boolean {
  const sa = _stages.get(a);
  const sb = sa && _stages.get(b);
  return sb !== undefined && sa!.some((x) => sb.some((y) => x.pipeline === y.pipeline));
}
