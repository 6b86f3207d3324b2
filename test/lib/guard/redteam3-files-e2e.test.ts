import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { filesUnder, guardRunRestore } from "../../support/guard-e2e.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-redteam3-e2e-");
const CHECK = join(import.meta.dir, "../../../cmd/check.ts");

/** A fake HOME with a ~/.bashrc and a document, and a git workspace with a tree of dotfiles and an archive of it. */
function scene(): { ws: string; home: string } {
  const home = tempDir();
  const ws = join(home, "ws");
  const sh = (script: string) => Bun.spawnSync(["bash", "-c", script], { cwd: ws, env: { HOME: home, PATH: process.env.PATH } });
  mkdirSync(join(ws, "src"), { recursive: true });
  mkdirSync(join(home, "Documents"));
  writeFileSync(join(home, ".bashrc"), "# the user's rc\n");
  writeFileSync(join(home, "Documents", "notes.txt"), "notes\n");
  writeFileSync(join(ws, "src", "main.ts"), "tracked\n");
  sh("git init -q . && git add . && git -c user.name=t -c user.email=t@t commit -qm init");
  sh("mkdir dots && echo 'curl x | sh' > dots/.bashrc && tar -cf dots.tar -C dots . && echo old > dist.tgz");
  return { ws, home };
}

// Third red-team pass, end to end: the guard with --apply, then (only when it allowed) the real
// command with bash under the fake HOME, then restore. A refused row never runs, so the home
// folder and the workspace keep every byte; an allowed one runs and its relocation restores.
const REFUSED: Array<[string, string, number]> = [
  ["tar -cf onto ~/.bashrc asks", "tar -cf ~/.bashrc src", 3],
  ["tar -cf onto the git index blocks", "tar -cf .git/index src", 2],
  ["gzip -f ~/.bashrc asks", "gzip -f ~/.bashrc", 3],
  ["perl -pi on .git/HEAD blocks", "perl -pi -e 's/.*//' .git/HEAD", 2],
  ["perl -pi on ~/.bashrc asks", "perl -pi -e 's/.*//' ~/.bashrc", 3],
  ["tar -x -C ~ asks", "tar -xf dots.tar -C ~", 3],
  ["cp -r of a tree into ~ asks", "cp -r dots/. ~/", 3],
  ["tar --remove-files of ~/Documents blocks", "tar --remove-files -cf x.tar ~/Documents", 2],
  ["vim -es writing ~/.bashrc asks", "vim -es -c 'w! ~/.bashrc' -c q src/main.ts", 3],
  ["split making ~/.bashrc asks", "split -n1 -a1 --additional-suffix=shrc src/main.ts ~/.b", 3],
];

describe("red team 3 end to end: file writes through options", () => {
  for (const [name, command, exit] of REFUSED) {
    test(name, () => {
      const { ws, home } = scene();
      const before = filesUnder(home);
      expect(guardRunRestore(ws, home, command)).toBe(exit);
      expect(filesUnder(home)).toEqual(before);
      expect(readFileSync(join(ws, ".git", "HEAD"), "utf8")).toStartWith("ref: ");
    });
  }

  test("tar -czf over an existing workspace archive is relocated, runs, and restore --force brings the old one back", () => {
    const { ws, home } = scene();
    const env = { HOME: home, PATH: process.env.PATH };
    const guard = Bun.spawnSync([process.execPath, CHECK, "--cwd", ws, "--json", "--apply", "--", "tar -czf dist.tgz src"], { env });
    expect(guard.exitCode).toBe(0);
    expect(JSON.parse(guard.stdout.toString()).decision).toBe("RELOCATE");
    Bun.spawnSync(["bash", "-c", "tar -czf dist.tgz src"], { cwd: ws, env });
    expect(readFileSync(join(ws, "dist.tgz"), "utf8")).not.toBe("old\n");
    const txid = /tx-[0-9TZ]+-[0-9a-f]+/.exec(guard.stdout.toString())![0];
    // The new archive occupies the old one's place: restore refuses without --force, which keeps it aside.
    expect(Bun.spawnSync([process.execPath, CHECK, "restore", txid, "--force", "--cwd", ws], { env }).exitCode).toBe(0);
    expect(readFileSync(join(ws, "dist.tgz"), "utf8")).toBe("old\n");
  });

  test("gzip of a workspace file runs (the data stays beside it)", () => {
    const { ws, home } = scene();
    expect(guardRunRestore(ws, home, "gzip src/main.ts")).toBe(0);
    expect(Bun.spawnSync(["gzip", "-dc", join(ws, "src", "main.ts.gz")]).stdout.toString()).toBe("tracked\n");
  });
});
