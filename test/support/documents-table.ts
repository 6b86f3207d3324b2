import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { filesUnder, guardRunRestore } from "./guard-e2e.ts";

/**
 * In scenes from `scene` (home-scene.ts documentsScene): each hostile command deletes
 * ~/Documents when bash runs it (checked first in a scene of its own); the guard refuses it
 * (exit 2) and HOME is unchanged. Each harmless one runs through the guard and loses nothing.
 */
export function documentsTable(title: string, scene: () => { ws: string; home: string }, hostile: Array<[string, string]>, harmless: string[]): void {
  describe(title, () => {
    for (const [name, command] of hostile) {
      test(name, () => {
        const bare = scene();
        Bun.spawnSync(["bash", "-c", command], { cwd: bare.ws, env: { HOME: bare.home, PATH: process.env.PATH }, stdin: "ignore", stderr: "ignore" });
        expect(existsSync(join(bare.home, "Documents"))).toBe(false);
        const { ws, home } = scene();
        const before = filesUnder(home);
        expect(guardRunRestore(ws, home, command)).toBe(2);
        expect(filesUnder(home)).toEqual(before);
      });
    }
    for (const command of harmless) {
      test(`${command} runs`, () => {
        const { ws, home } = scene();
        const before = filesUnder(home);
        expect(guardRunRestore(ws, home, command)).toBe(0);
        expect(filesUnder(home)).toEqual(before);
      });
    }
  });
}
