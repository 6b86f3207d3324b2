import { afterEach } from "bun:test";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { git } from "./git-run.ts";

/**
 * A repository whose config names programs git runs by itself (session 6: the git the guard and
 * its recovery layer start must run none of them). Every program is one marker script that
 * creates `<root>/marks/<label>` and passes its stdin through, so a test can tell what ran.
 */
export interface HostileRepo {
  /** The work tree: `a.txt` (filter `evil`), `b.dat` (filter `other`), committed, branch `side`. */
  ws: string;
  /** `<marker> <label>`: a command that marks `label` when git runs it. */
  program: (label: string) => string;
  /** The labels marked so far, sorted. */
  ran: () => string[];
  /** Forgets the marks. */
  clear: () => void;
}

// Hooks git runs on the steps the recovery layer takes (ref updates, index writes, checkouts, commits).
const HOOKS = ["reference-transaction", "post-index-change", "post-checkout", "pre-commit", "post-commit", "pre-auto-gc"];

/** A plain committed repository in `<root>/<name>` with the marker program beside it (nothing armed yet). */
export function hostileRepo(root: string, name = "ws"): HostileRepo {
  const marks = join(root, "marks");
  const marker = join(root, "mark");
  mkdirSync(marks, { recursive: true });
  writeFileSync(marker, `#!/bin/sh\ntouch '${marks}'/"$1"\ncat\n`, { mode: 0o755 });
  const ws = join(root, name);
  mkdirSync(ws);
  git(ws, "init", "-q", "-b", "main");
  writeFileSync(join(ws, "a.txt"), "a\n");
  writeFileSync(join(ws, "b.dat"), "b\n");
  writeFileSync(join(ws, ".gitattributes"), "*.txt filter=evil diff=evil\n");
  git(ws, "add", ".");
  git(ws, "commit", "-qm", "one");
  git(ws, "branch", "side");
  return {
    ws,
    program: (label) => `${marker} ${label}`,
    ran: () => readdirSync(marks).sort(),
    clear: () => {
      rmSync(marks, { recursive: true, force: true });
      mkdirSync(marks);
    },
  };
}

/**
 * Arms every program key but the filters: fsmonitor, hooks (in `.git/hooks`, or in a
 * `core.hooksPath` folder), an external diff and a textconv driver, pagers, gpg signing, an
 * editor, a credential helper, an ssh command.
 */
export function armPrograms(repo: HostileRepo, hooks: "git-dir" | "hooksPath" = "git-dir"): void {
  const { ws, program } = repo;
  const dir = hooks === "git-dir" ? join(ws, ".git", "hooks") : join(ws, "..", "hooks");
  mkdirSync(dir, { recursive: true });
  for (const h of HOOKS) writeFileSync(join(dir, h), `#!/bin/sh\n${program(`hook-${h}`)} </dev/null >/dev/null\n`, { mode: 0o755 });
  if (hooks === "hooksPath") git(ws, "config", "core.hooksPath", dir);
  const keys: [string, string][] = [
    ["core.fsmonitor", program("fsmonitor")],
    ["diff.external", program("diff-external")],
    ["diff.evil.textconv", program("textconv")],
    ["diff.evil.command", program("diff-command")],
    ["core.pager", program("pager")],
    ["pager.status", program("pager-status")],
    ["gpg.program", program("gpg")],
    ["commit.gpgSign", "true"],
    ["log.showSignature", "true"],
    ["core.editor", program("editor")],
    ["credential.helper", program("credential")],
    ["core.sshCommand", program("ssh")],
  ];
  for (const [k, v] of keys) git(ws, "config", k, v);
}

/**
 * Arms filter drivers in `scope`: `evil` (clean and smudge, named by `.gitattributes`) and `other`
 * (a long-running process, named by `.git/info/attributes`), and edits both files keeping their
 * size, so git must hash their content (through the filters) to tell whether they changed.
 */
export function armFilters(repo: HostileRepo, config: string[] = []): void {
  const { ws, program } = repo;
  const set = (k: string, v: string) => git(ws, "config", ...config, k, v);
  set("filter.evil.clean", program("clean"));
  set("filter.evil.smudge", program("smudge"));
  set("filter.other.process", program("process"));
  mkdirSync(join(ws, ".git", "info"), { recursive: true });
  writeFileSync(join(ws, ".git", "info", "attributes"), "*.dat filter=other\n");
  touchContent(ws);
}

/** Same-size edits of the tracked files, with a later mtime: only their content tells. */
export function touchContent(ws: string): void {
  const later = new Date(Date.now() + 5000);
  for (const [f, text] of [["a.txt", "A\n"], ["b.dat", "B\n"]] as const) {
    writeFileSync(join(ws, f), text);
    Bun.spawnSync(["touch", "-d", later.toISOString(), join(ws, f)]);
  }
}

/**
 * Lets a test point the user's global git config (GIT_CONFIG_GLOBAL, which the guard's git reads
 * from its own environment) at a file; the variable is put back after each test. Call it once in
 * a `describe`.
 */
export function useGlobalGitConfig(): (file: string) => void {
  const saved = process.env.GIT_CONFIG_GLOBAL;
  afterEach(() => {
    if (saved === undefined) delete process.env.GIT_CONFIG_GLOBAL;
    else process.env.GIT_CONFIG_GLOBAL = saved;
  });
  return (file) => {
    process.env.GIT_CONFIG_GLOBAL = file;
  };
}
