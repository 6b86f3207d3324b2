import type { SimpleCommand } from "../syntax.ts";

// SimpleCommand.stages: set by the parser for the commands of pipelines only (a line without `|` notes nothing).

/**
 * Notes `commands` as stage `stage` of `pipeline` (parser.ts parsePipeline: each stage's commands,
 * a compound's before its closing word; compound-stdin.ts feedCompound: those of a compound or a
 * function body a pipe feeds). A command inside a pipeline nested in a stage has one per pipeline.
 */
export function noteStage(commands: SimpleCommand[], pipeline: object, stage: number): void {
  for (const c of commands) {
    const stages = c.stages;
    if (stages === undefined) c.stages = [{ pipeline, stage }];
    else if (!stages.some((s) => s.pipeline === pipeline)) stages.push({ pipeline, stage });
  }
}

/** Gives `commands` the stage after each stage `from` runs in (a compound a pipe from `from` feeds). */
export function noteNextStage(commands: SimpleCommand[], from: SimpleCommand): void {
  for (const s of from.stages ?? []) noteStage(commands, s.pipeline, s.stage + 1);
}

/** Whether the command runs as a stage of a pipeline (or inside one). */
export function inPipeline(cmd: SimpleCommand): boolean {
  return cmd.stages !== undefined;
}

/** Whether `a` and `b` run at the same time: in different stages of one pipeline. */
export function sameTime(a: SimpleCommand, b: SimpleCommand): boolean {
  const sa = a.stages;
  const sb = sa && b.stages;
  return sb !== undefined && sa!.some((x) => sb.some((y) => x.pipeline === y.pipeline && x.stage !== y.stage));
}

/** Whether `a` and `b` belong to one pipeline (in any stages). */
export function samePipeline(a: SimpleCommand, b: SimpleCommand): boolean {
  const sa = a.stages;
  const sb = sa && b.stages;
  return sb !== undefined && sa!.some((x) => sb.some((y) => x.pipeline === y.pipeline));
}
