import { realpathSync } from "node:fs";
import { findWorkspace } from "../paths.ts";
import { loadExemptions } from "../span/exemptions.ts";
import type { SpanMode } from "../span/reasons.ts";
import { type HookAnswer, HookShapeError } from "./adapter.ts";
import { claudePostAdapter } from "./claude-post.ts";
import { geminiPostAdapter } from "./gemini-post.ts";
import type { PostToolAdapter, PostToolRequest } from "./post-adapter.ts";
import type { PostToolAgent } from "./run-hook.ts";
import { scanToolOutput } from "./scan-output.ts";

/** The agents whose post-tool hook can replace a result (research/guard.md, docs/check-hooks.md). */
const POST_ADAPTERS: Record<PostToolAgent, PostToolAdapter> = { claude: claudePostAdapter("claude"), codex: claudePostAdapter("codex"), gemini: geminiPostAdapter };

/**
 * Post-tool hook mode: the span guard over a tool's result before the model reads it, answered in
 * the agent's format. Exemptions come from the workspace of the payload's cwd. A result that
 * cannot be checked is withheld, never passed: this hook guards what leaves the machine.
 */
export function runPostTool(agent: PostToolAgent, payload: unknown, mode: SpanMode): HookAnswer {
  const post = POST_ADAPTERS[agent];
  let request: PostToolRequest | undefined;
  try {
    request = post.parse(payload);
    const exemptions = loadExemptions(_workspace(request.cwd));
    const answer = post.answer(scanToolOutput(request.output, { mode, exemptSha256: exemptions.sha256 }), request);
    // Diagnostics never change the verdict and never quote the file.
    const notes = exemptions.diagnostics.map((d) => `leogriel-check: ${exemptions.file}: ${d.message}`);
    return notes.length > 0 ? { ...answer, stderr: [answer.stderr, ...notes].filter(Boolean).join("\n") } : answer;
  } catch (err) {
    if (err instanceof HookShapeError) return post.withhold(`leogriel-check withheld the tool output: unexpected hook input: ${err.message}`, request);
    const type = err instanceof Error ? err.name : typeof err;
    return post.withhold(`leogriel-check withheld the tool output: internal error (${type}); it was not checked`, request);
  }
}

function _workspace(cwd: string | undefined): string {
  const dir = cwd || process.cwd();
  try {
    return findWorkspace(realpathSync(dir));
  } catch {
    return dir;
  }
}

/** The withheld answer for a post-tool payload too large or too malformed to read. */
export function withholdUnreadable(agent: PostToolAgent, message: string): HookAnswer {
  return POST_ADAPTERS[agent].withhold(message);
}
