// Drops a file's pages from the Linux page cache, so that the next runs of an executable map
// only the pages its own faults read back (docs/check.md "Session 10: the page cache and the
// hook's RSS"). GNU coreutils: `sync FILE` writes the file's dirty pages back (dirty pages
// cannot be dropped), `dd if=FILE iflag=nocache count=0` advises the kernel to drop the whole
// file (posix_fadvise POSIX_FADV_DONTNEED). False where either tool is missing or refuses.
export function dropPageCache(file: string): boolean {
  const run = (argv: string[]) => Bun.spawnSync(argv, { stdout: "ignore", stderr: "ignore" }).exitCode === 0;
  if (process.platform !== "linux" || !run(["sync", file])) return false;
  // The second pass drops pages the first one found still being written back.
  return run(["dd", `if=${file}`, "iflag=nocache", "count=0", "status=none"]) && run(["dd", `if=${file}`, "iflag=nocache", "count=0", "status=none"]);
}
