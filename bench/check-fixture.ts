// The file tree the check bench judges the corpora against (bench/check.bench.ts); also imported
// by profiling scripts, so every measurement sees the same files.
import { linkSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export interface CheckFixture {
  root: string;
  home: string;
  ws: string;
  env: Record<string, string | undefined>;
}

export function makeCheckFixture(): CheckFixture {
  // A realistic fixture outside the temporary directory (deletes under /tmp are ALLOW_TEMP_PATH):
  // a home with documents and credentials, a repository with tracked, untracked and ignored files,
  // branches and a stash entry.
  mkdirSync(join(homedir(), ".cache"), { recursive: true });
  const root = mkdtempSync(join(homedir(), ".cache", "leogriel-bench-"));
  const home = join(root, "home");
  const ws = join(home, "project");
  const files: Record<string, string> = {
    "home/Documents/notes.txt": "notes\n",
    "home/projects/other/README.md": "other\n",
    "home/.ssh/id_rsa": "not a key\n",
    "home/.aws/credentials": "[default]\n",
    "home/.bashrc": "# rc\n",
    "home/project/src/main.ts": "export {};\n",
    "home/project/src/lib.rs": "fn main() {}\n",
    "home/project/README.md": "readme\n",
    "home/project/.gitignore": "build/\nnode_modules/\n",
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  Bun.spawnSync(["git", "init", "-q", ws]);
  Bun.spawnSync(["git", "-C", ws, "add", "."]);
  const git = (...args: string[]) => Bun.spawnSync(["git", "-C", ws, "-c", "user.name=b", "-c", "user.email=b@b", ...args]);
  git("commit", "-qm", "init");
  // Work a branch delete or a stash drop would lose: the branches the corpus rows name (their
  // labels assume the branch exists) and one stash entry.
  for (const branch of ["feature", "feature-branch", "old", "feature/worktree-test"]) git("branch", branch);
  writeFileSync(join(ws, "README.md"), "readme, edited\n");
  git("stash", "push", "-q", "-m", "work in progress");
  for (const path of ["build/out.js", "node_modules/x/index.js", "scratch.txt", "dist/app.js", "file.txt", "file"]) {
    mkdirSync(join(ws, path, ".."), { recursive: true });
    writeFileSync(join(ws, path), "x\n");
  }
  // nah's rows were labelled in its observation fixture `secrets-linux-v1` (manuelschipper/nah
  // corpus/FIXTURES.json: cwd /workspace/project, HOME=/home/test). Its files relative to the
  // project are recreated here, so those rows are judged against the files their label was
  // observed with: key files, a named pipe and symlinks to it, a symlinked file pair, a symlink to
  // the home's private key. Absolute paths of that fixture (/home/test/…) are not recreated.
  for (const [path, text] of Object.entries({ "certs/server.key": "not a key\n", "source/server.key": "not a key\n", existing: "x\n", "flow-target": "x\n", list: "src/lib.rs\n" })) {
    mkdirSync(join(ws, path, ".."), { recursive: true });
    writeFileSync(join(ws, path), text);
  }
  // `large` is a folder too big to enumerate, `hardlinks` holds a hard link to a key.
  for (const dir of ["hardlinks", "large"]) mkdirSync(join(ws, dir), { recursive: true });
  for (let i = 0; i <= 5000; i++) writeFileSync(join(ws, "large", `f${i}`), "");
  linkSync(join(ws, "certs/server.key"), join(ws, "hardlinks", "copy"));
  Bun.spawnSync(["mkfifo", join(ws, "existing-fifo")]);
  for (const [link, target] of Object.entries({ "flow-alias": "flow-target", "existing-fifo-link": "existing-fifo", "innocent-key": "../.ssh/id_rsa", "source-link": "source" })) {
    symlinkSync(target, join(ws, link));
  }
  const env = { HOME: home, TMPDIR: "/tmp", PATH: process.env.PATH };
  return { root, home, ws, env };
}
