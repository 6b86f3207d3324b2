import { defineCommand } from "citty";
import { z } from "zod";
import { commonArgs } from "../../lib/core/args.ts";
import { LeogrielError } from "../../lib/core/errors.ts";
import { gitTopLevel } from "../../lib/core/git.ts";
import { log } from "../../lib/core/logger.ts";
import { loadExemptions } from "../../lib/guard/span/exemptions.ts";
import { SPAN_EXIT, SPAN_MODES } from "../../lib/guard/span/reasons.ts";
import { spanReport } from "../../lib/guard/span/report.ts";
import { decideStream } from "../../lib/guard/span/stream.ts";

/** `leogriel-check span`: the exfil guard. Text on stdin, a verdict out (seed 001, check_span). */
export default defineCommand({
  meta: { name: "span", description: "Check text on stdin for credentials before it leaves: ALLOW, SANITIZE, ASK or BLOCK" },
  args: {
    ...commonArgs,
    mode: { type: "string", description: "What to do with credentials: sanitize (redact), ask or block", valueHint: "sanitize|ask|block", default: "sanitize" },
  },
  async run({ args }) {
    const mode = z.enum(SPAN_MODES).safeParse(args.mode);
    if (!mode.success) {
      throw new LeogrielError("invalid_mode", "Cannot check the span: --mode must be sanitize, ask or block", { exitCode: 1 });
    }
    const cwd = args.cwd ?? process.cwd();
    const exemptions = loadExemptions((await gitTopLevel(cwd)) ?? cwd);
    for (const d of exemptions.diagnostics) log.warn(`${exemptions.file}: ${d.message}`);
    const verdict = await decideStream(process.stdin, { mode: mode.data, exemptSha256: exemptions.sha256 });
    try {
      if (args.json) {
        const head = JSON.stringify(spanReport(verdict, mode.data, exemptions));
        if (!verdict.spool) process.stdout.write(`${head}\n`);
        else {
          process.stdout.write(`${head.slice(0, -1)},"text":"`);
          for (const chunk of verdict.spool.read()) process.stdout.write(JSON.stringify(chunk).slice(1, -1));
          process.stdout.write(`"}\n`);
        }
      } else {
        for (const chunk of verdict.spool?.read() ?? []) process.stdout.write(chunk);
        if (verdict.decision !== "ALLOW") log.warn(`${verdict.decision} ${verdict.reason}: ${verdict.explanation}${_summary(verdict.counts)}`);
      }
    } finally {
      verdict.spool?.close();
    }
    // The verdict is already on stdout; an empty `stdout` keeps the runner from adding an envelope.
    return { exitCode: SPAN_EXIT[verdict.decision], stdout: "" };
  },
});

function _summary(counts: Record<string, number>): string {
  const parts = Object.entries(counts).map(([rule, n]) => `${rule} ×${n}`);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}
