import { LeogrielError } from "../core/errors.ts";

export interface GetOptions {
  headers?: Record<string, string>;
  /** Largest body accepted; the download stops as soon as it is exceeded. */
  maxBytes: number;
  timeoutMs?: number;
  /** What is being fetched, for messages (never the URL's credentials). */
  label: string;
}

/** Default time allowed for one HTTP request, body included. */
export const HTTP_TIMEOUT_MS = 60_000;

/**
 * GETs a URL and returns the whole body, refusing bodies over `maxBytes` and bodies shorter than
 * their Content-Length (an interrupted download).
 * @throws {LeogrielError} `http_error` (non-2xx), `download_failed` (network, timeout, cut off),
 *   `download_too_large` (all exit 2)
 */
export async function httpGet(url: string, options: GetOptions): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: options.headers,
      redirect: "follow",
      signal: AbortSignal.timeout(options.timeoutMs ?? HTTP_TIMEOUT_MS),
    });
  } catch (err) {
    throw new LeogrielError("download_failed", `Cannot download ${options.label}: ${(err as Error).message}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new LeogrielError("http_error", `Cannot download ${options.label}: the server answered HTTP ${response.status}`, {
      details: { status: response.status },
    });
  }
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw _tooLarge(options);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body ?? []) {
      total += chunk.length;
      if (total > options.maxBytes) throw _tooLarge(options);
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof LeogrielError) throw err;
    throw new LeogrielError("download_failed", `Cannot download ${options.label}: the transfer was interrupted (${(err as Error).message})`);
  }
  if (Number.isFinite(declared) && total !== declared) {
    throw new LeogrielError("download_failed", `Cannot download ${options.label}: got ${total} of ${declared} bytes`);
  }
  return Buffer.concat(chunks);
}

function _tooLarge(options: GetOptions): LeogrielError {
  return new LeogrielError("download_too_large", `Cannot download ${options.label}: over the ${options.maxBytes}-byte limit`);
}
