import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expandGlob } from "../../../lib/guard/paths.ts";
import type { GlobOptions } from "../../../lib/guard/posix/glob-options.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

// The guard's pathname expansion against real bash on the same folder: every name bash matches
// is matched (red team 3: Bun.Glob knew no `[[:alpha:]]` and never matched a dotfile). Under
// nocaseglob the guard may match more (it folds case for classes too); otherwise, on ASCII
// names, exactly what bash matches.
const tempDir = useTempDirs("leogriel-glob-bash-");

const NAMES = [".git", ".agent-guard", ".hidden", "...dots", "a.txt", "A.TXT", "b-c", "]", "[ab]", "a", "b", "z", "Z", "e", "E", "[", "!", "^", "x.y", "a]", "sp ace", "9", "_u", "id_rsa", "id_dsa"];
const PATTERNS = [
  "*", "?", ".*", "?git", "[.]git", "\\.g*", ".[[:alpha:]]it", ".[[:alpha:]]*", ".[[=g=]]it", ".[[.g.]]it", "[]a]", "[!]a]", "[a-]",
  "[z-a]", "[[:alpha:]", "[\\]]", "[a\\-z]", "[[=e=]]", "[^a]", "[abc", "[[:alpha:][:digit:]]", "[!]", "[]", "[[:punct:]]",
  "[![:alnum:]]", "[[:upper:]]", "[[:lower:]]", "[[:digit:]]", "[[:xdigit:]]", "[[:space:]]*", "*[[:blank:]]*", "[[:graph:]]",
  "[[:print:]]*", "[[:word:]]*", "[[.a.]]", "[[:alpha:]-z]", ".[g]*", ".?it", "id_[[:alpha:]]sa", "id_[!r]sa", "[A-Z]", "[a-z]",
  ".ag*[[:alpha:]]", "*git", "[[:punct:]]*", "*.[tT][xX][tT]",
];

function bashGlobs(dir: string, shopt: string): string[][] {
  const script = PATTERNS.map((p) => `for f in ${p}; do printf '%s\\0' "$f"; done; printf '\\n'`).join("\n");
  const out = Bun.spawnSync(["bash", "-c", `shopt -s nullglob ${shopt}\n${script}`], { cwd: dir, env: { PATH: process.env.PATH, LC_ALL: "C.UTF-8" } });
  return out.stdout.toString().split("\n").slice(0, PATTERNS.length).map((line) => line.split("\0").filter(Boolean).sort());
}

const OPTIONS: Array<[string, Partial<GlobOptions>, "equal" | "superset"]> = [
  ["", {}, "equal"],
  ["dotglob", { dot: true }, "equal"],
  ["nocaseglob", { nocase: true }, "superset"],
];

describe("pathname expansion matches bash's", () => {
  for (const [shopt, opts, relation] of OPTIONS) {
    test(`options: ${shopt || "defaults"}`, () => {
      const dir = tempDir();
      mkdirSync(join(dir, "d"));
      for (const name of NAMES) writeFileSync(join(dir, "d", name), "");
      const expected = bashGlobs(join(dir, "d"), shopt ? `; shopt -s ${shopt}` : "");
      const full: GlobOptions = { dot: false, nocase: false, globstar: false, noglob: false, dots: false, physical: false, ...opts };
      PATTERNS.forEach((pattern, i) => {
        const ours = (expandGlob(`${dir}/d/${pattern}`, full) ?? ["<unreadable>"]).map((p) => p.slice(dir.length + 3)).sort();
        // A word that is no pattern at all (`[abc`: the bracket never closes) stays as spelled even under nullglob.
        const bash = expected[i]!.filter((name) => NAMES.includes(name));
        for (const name of bash) expect({ pattern, name, matched: ours.includes(name) }).toEqual({ pattern, name, matched: true });
        // An equivalence class is wider in other locales (`[[=e=]]`: é, E): the guard takes the widest.
        if (relation === "equal" && !pattern.includes("[=")) expect({ pattern, ours }).toEqual({ pattern, ours: bash });
      });
    });
  }

  test("globstar: ** reaches every depth, dot folders only with dotglob", () => {
    const dir = tempDir();
    for (const p of ["a/b/c/x.ts", "a/.hid/y.ts", "z.ts"]) {
      mkdirSync(join(dir, p, ".."), { recursive: true });
      writeFileSync(join(dir, p), "");
    }
    const base: GlobOptions = { dot: false, nocase: false, globstar: true, noglob: false, dots: false, physical: false };
    const rel = (list: string[] | null) => (list ?? []).map((p) => p.slice(dir.length + 1)).sort();
    const bash = (shopt: string) =>
      Bun.spawnSync(["bash", "-c", `shopt -s globstar nullglob ${shopt}; printf '%s\\n' **/*.ts`], { cwd: dir }).stdout.toString().split("\n").filter(Boolean).sort();
    expect(rel(expandGlob(`${dir}/**/*.ts`, base))).toEqual(bash(""));
    expect(rel(expandGlob(`${dir}/**/*.ts`, { ...base, dot: true }))).toEqual(bash("dotglob"));
  });
});
