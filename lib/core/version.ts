import pkg from "../../package.json" with { type: "json" };
import { CONTRACTS } from "./contracts.ts";
import { DEPRECATIONS } from "./deprecations.ts";

/** The distribution version (embedded at build time by the JSON import). */
export const VERSION: string = pkg.version;

/** What `--version --json` reports: version, runtime, contracts and active deprecations. */
export function toolVersion() {
  return {
    version: VERSION,
    runtime: `bun ${Bun.version}`,
    contracts: CONTRACTS.map(({ id, version, status }) => ({ id, version, status })),
    deprecations: DEPRECATIONS,
  };
}
