import { scanSkill, type SkillScan } from "./scan-skill.ts";

/** A request to a scan worker: one skill folder. */
export interface ScanRequest {
  dir: string;
  root: string;
  strict: boolean;
}

/** A scan worker's answer: the folder's scan, or why it could not be scanned. */
export type ScanReply = { dir: string; scan: SkillScan } | { dir: string; error: string };

/**
 * Makes the current worker thread answer ScanRequests (see parallel-audit.ts). An entry script
 * calls this when it runs as a worker, so a compiled binary can start workers from itself.
 */
export function serveScans(): void {
  const port = globalThis as unknown as { onmessage: (event: MessageEvent<ScanRequest>) => void; postMessage: (reply: ScanReply) => void };
  port.onmessage = ({ data }) => {
    try {
      port.postMessage({ dir: data.dir, scan: scanSkill(data.dir, { root: data.root, strict: data.strict }) });
    } catch (err) {
      port.postMessage({ dir: data.dir, error: err instanceof Error ? err.message : String(err) });
    }
  };
}
