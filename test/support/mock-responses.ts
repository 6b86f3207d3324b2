/**
 * A loopback mock of the OpenAI Responses API, enough for the real Codex CLI: every
 * `POST …/responses` gets the next scripted turn as a server-sent event stream, and the parsed
 * request bodies are kept so a test can assert what Codex sent. Shared by the capture and the
 * behavioral-test suites (research/receipts.md §2.5–2.6).
 */

/** One Responses API stream event (`type` plus its fields). */
export type ResponseEvent = Record<string, unknown> & { type: string };

/** What one model request gets: a scripted SSE stream, an HTTP failure, or no answer at all. */
export type MockTurn =
  | { kind: "stream"; events: ResponseEvent[] }
  | { kind: "status"; status: number; body?: string }
  | { kind: "hang" };

export interface MockResponses {
  /** The `base_url` to configure (`http://127.0.0.1:<port>/v1`). */
  baseUrl: string;
  /** Parsed JSON bodies of every `/responses` request, in arrival order. */
  requests: Record<string, unknown>[];
  /** Resolves once `count` requests have arrived. */
  received(count: number): Promise<void>;
  /** Releases any hanging requests and stops the server. */
  stop(): Promise<void>;
}

/** `text/event-stream` body: one `event:`/`data:` block per event. */
export function sse(events: ResponseEvent[]): string {
  return events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join("");
}

/** A model turn that runs one shell command through Codex's `exec_command` tool. */
export function shellTurn(callId: string, cmd: string): MockTurn {
  const call = { type: "function_call", call_id: callId, name: "exec_command", arguments: JSON.stringify({ cmd, login: false }) };
  return { kind: "stream", events: [{ type: "response.output_item.done", item: call }, completed(`resp_${callId}`)] };
}

/** A model turn that ends with an assistant message. */
export function messageTurn(text: string): MockTurn {
  const item = { type: "message", role: "assistant", id: "msg_1", content: [{ type: "output_text", text }] };
  return { kind: "stream", events: [{ type: "response.output_item.done", item }, completed("resp_final")] };
}

/** A model turn that fails with `response.failed`. */
export function failedTurn(message: string): MockTurn {
  return { kind: "stream", events: [{ type: "response.failed", response: { id: "resp_failed", error: { code: "server_error", message } } }] };
}

function completed(id: string): ResponseEvent {
  return { type: "response.completed", response: { id } };
}

/**
 * Starts the mock on 127.0.0.1 port 0. Request N gets `turns[N]`; requests past the end get the
 * last turn again, so a script never runs dry into a connection error.
 */
export function startMockResponses(turns: MockTurn[]): MockResponses {
  const requests: Record<string, unknown>[] = [];
  const hanging: Array<() => void> = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let next = 0;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    // Hanging turns must not be cut by Bun's idle timeout; 0 disables it.
    idleTimeout: 0,
    async fetch(req) {
      if (req.method !== "POST" || !new URL(req.url).pathname.endsWith("/responses")) {
        return new Response("not found", { status: 404 });
      }
      requests.push((await req.json()) as Record<string, unknown>);
      for (const w of waiters.filter((w) => requests.length >= w.count)) w.resolve();
      const turn = turns[Math.min(next++, turns.length - 1)];
      if (!turn) return new Response("no scripted turn", { status: 500 });
      if (turn.kind === "status") return new Response(turn.body ?? "", { status: turn.status });
      if (turn.kind === "hang") {
        return new Promise<Response>((resolve) => hanging.push(() => resolve(new Response("", { status: 503 }))));
      }
      return new Response(sse(turn.events), { headers: { "content-type": "text/event-stream" } });
    },
  });
  return {
    baseUrl: `http://127.0.0.1:${server.port}/v1`,
    requests,
    received(count) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ count, resolve }));
    },
    async stop() {
      for (const release of hanging.splice(0)) release();
      await server.stop(true);
    },
  };
}
