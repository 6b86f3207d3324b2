/**
 * A deterministic stand-in for a model behind the Responses API, for end-to-end runs of the
 * real Codex CLI: it answers each request from what the request itself shows, as a model
 * would. It sees whether the skill under test is in Codex's skills list (only the with-skill
 * arm has it mounted), which case's prompt it got, and how many tool results came back so far.
 * The per-request usage it reports grows with the request size, so the arm that carries the
 * skills list pays for it, as with a real model.
 */
import { type ResponseEvent, sse } from "../../support/mock-responses.ts";

export interface ModelView {
  /** The first user message: the case's prompt. */
  prompt: string;
  /** Whether `- <skill>:` appears in the skills Codex listed for the model. */
  skillListed: boolean;
  /** Tool results in the request so far (0 on the first request of a run). */
  step: number;
}

/** What the model does next: run a shell command, or answer and end the turn. */
export type ModelAction = { shell: string } | { say: string };

export interface ScriptedModel {
  baseUrl: string;
  /** Every view the model was shown, in order. */
  views: ModelView[];
  /** The `tools` names of every request. */
  tools: string[][];
  stop(): Promise<void>;
}

/** Starts the model on 127.0.0.1, port 0; `decide` picks each action. */
export function startScriptedModel(skill: string, decide: (view: ModelView) => ModelAction): ScriptedModel {
  const views: ModelView[] = [];
  const tools: string[][] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      if (req.method !== "POST" || !new URL(req.url).pathname.endsWith("/responses")) return new Response("not found", { status: 404 });
      const text = await req.text();
      const body = JSON.parse(text) as { input?: Array<Record<string, unknown>>; tools?: Array<{ name?: string; type?: string }> };
      const view = { prompt: _prompt(body.input ?? []), skillListed: text.includes(`- ${skill}:`), step: (body.input ?? []).filter((i) => i.type === "function_call_output").length };
      views.push(view);
      tools.push((body.tools ?? []).map((t) => t.name ?? t.type ?? "?"));
      const action = decide(view);
      const id = `call_${views.length}`;
      const item =
        "shell" in action
          ? { type: "function_call", call_id: id, name: "exec_command", arguments: JSON.stringify({ cmd: action.shell, login: false }) }
          : { type: "message", role: "assistant", id: `msg_${views.length}`, content: [{ type: "output_text", text: action.say }] };
      const usage = { input_tokens: Math.ceil(text.length / 40), output_tokens: 20, total_tokens: Math.ceil(text.length / 40) + 20 };
      const events: ResponseEvent[] = [
        { type: "response.output_item.done", item },
        { type: "response.completed", response: { id: `resp_${views.length}`, usage } },
      ];
      return new Response(sse(events), { headers: { "content-type": "text/event-stream" } });
    },
  });
  return { baseUrl: `http://127.0.0.1:${server.port}/v1`, views, tools, stop: () => server.stop(true) };
}

// The case prompt is the last user message that is not one of Codex's own context blocks.
function _prompt(input: Array<Record<string, unknown>>): string {
  const texts = input
    .filter((i) => i.type === "message" && i.role === "user" && Array.isArray(i.content))
    .flatMap((i) => (i.content as Array<{ text?: unknown }>).map((c) => (typeof c.text === "string" ? c.text : "")))
    .filter((t) => t !== "" && !t.startsWith("<"));
  return texts.at(-1) ?? "";
}
