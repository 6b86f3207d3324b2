/** A release target: our name for it, Bun's compile target, and the npm package of its runtime. */
export interface Target {
  /** `<os>-<arch>` as it appears in artifact names. */
  name: string;
  /** `bun build --compile --target` value. */
  bun: string;
  /** npm package holding the Bun runtime for this target (pinned to the running Bun version). */
  runtimePackage: string;
  /** File name suffix of executables on this OS. */
  ext: "" | ".exe";
}

export const TARGETS: readonly Target[] = [
  { name: "linux-x64", bun: "bun-linux-x64", runtimePackage: "@oven/bun-linux-x64", ext: "" },
  { name: "linux-arm64", bun: "bun-linux-arm64", runtimePackage: "@oven/bun-linux-aarch64", ext: "" },
  { name: "darwin-x64", bun: "bun-darwin-x64", runtimePackage: "@oven/bun-darwin-x64", ext: "" },
  { name: "darwin-arm64", bun: "bun-darwin-arm64", runtimePackage: "@oven/bun-darwin-aarch64", ext: "" },
  { name: "windows-x64", bun: "bun-windows-x64", runtimePackage: "@oven/bun-windows-x64", ext: ".exe" },
];

/** The target this machine runs, which compiles with the running Bun itself (no download). */
export function hostTarget(): Target {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const name = `${os}-${process.arch}`;
  const found = TARGETS.find((t) => t.name === name);
  if (!found) throw new Error(`Cannot build for host ${name}: not a supported target (${TARGETS.map((t) => t.name).join(", ")})`);
  return found;
}

/**
 * The targets a `--target` value selects: `all` (default), `host`, or a comma list of names.
 * @throws {Error} for an unknown name
 */
export function selectTargets(value: string | undefined): Target[] {
  if (value === undefined || value === "all") return [...TARGETS];
  if (value === "host") return [hostTarget()];
  return value.split(",").map((name) => {
    const found = TARGETS.find((t) => t.name === name.trim());
    if (!found) throw new Error(`Cannot build target ${name}: expected host, all or one of ${TARGETS.map((t) => t.name).join(", ")}`);
    return found;
  });
}
