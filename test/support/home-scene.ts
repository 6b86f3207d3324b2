import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A fake HOME (made by `tempDir`) with ~/Documents/doc.txt, holding a git workspace `ws` with one commit. */
export function documentsScene(tempDir: () => string): { ws: string; home: string } {
  const home = tempDir();
  const ws = join(home, "ws");
  mkdirSync(join(home, "Documents"), { recursive: true });
  writeFileSync(join(home, "Documents", "doc.txt"), "doc\n");
  mkdirSync(join(ws, "src"), { recursive: true });
  writeFileSync(join(ws, "src", "main.ts"), "tracked\n");
  Bun.spawnSync(["bash", "-c", "git init -q . && git add . && git -c user.name=t -c user.email=t@t commit -qm init"], { cwd: ws, env: { HOME: home, PATH: process.env.PATH } });
  return { ws, home };
}
