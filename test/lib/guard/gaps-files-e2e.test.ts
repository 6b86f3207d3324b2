import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { filesUnder, guardRunRestore } from "../../support/guard-e2e.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-gaps-files-e2e-");
const CHECK = join(import.meta.dir, "../../../cmd/check.ts");
const has = (program: string) => Bun.which(program) !== null;

/** A fake HOME with a ~/.bashrc and a ~/.bash, and a git workspace with a README. */
function scene(): { ws: string; home: string; env: Record<string, string> } {
  const home = tempDir();
  const ws = join(home, "ws");
  mkdirSync(ws, { recursive: true });
  writeFileSync(join(home, ".bashrc"), "# the user's rc\n");
  writeFileSync(join(home, ".bash"), "echo pwned\n");
  writeFileSync(join(ws, "README.md"), "readme\n");
  const env = { HOME: home, PATH: process.env.PATH ?? "" };
  Bun.spawnSync(["bash", "-c", "git init -q . && git add . && git -c user.name=t -c user.email=t@t commit -qm init"], { cwd: ws, env });
  return { ws, home, env };
}

/** The guard's exit code for `command` run in `ws` (with --apply, as hook mode does). */
function guard(ws: string, env: Record<string, string>, command: string): number {
  return Bun.spawnSync([process.execPath, CHECK, "--cwd", ws, "--json", "--apply", "--", command], { env }).exitCode ?? -1;
}

describe("gaps end to end: compressors' abbreviated long options", () => {
  test.skipIf(!has("gzip"))("gzip -kf --suf rc ~/.bash really replaces ~/.bashrc, and the guard asks first", () => {
    const control = scene();
    Bun.spawnSync(["bash", "-c", "gzip -kf --suf rc ~/.bash"], { cwd: control.ws, env: control.env });
    expect(readFileSync(join(control.home, ".bashrc"))[0]).toBe(0x1f); // gzip's magic number
    const { ws, home } = scene();
    const before = filesUnder(home);
    expect(guardRunRestore(ws, home, "gzip -kf --suf rc ~/.bash")).toBe(3);
    expect(filesUnder(home)).toEqual(before);
  });

  test.skipIf(!has("xz"))("xz -kf --suf rc ~/.bash asks", () => {
    const { ws, home } = scene();
    const before = filesUnder(home);
    expect(guardRunRestore(ws, home, "xz -kf --suf rc ~/.bash")).toBe(3);
    expect(filesUnder(home)).toEqual(before);
  });

  test.skipIf(!has("gzip"))("gzip -k --suf rc in the workspace runs", () => {
    const { ws, home } = scene();
    expect(guardRunRestore(ws, home, "gzip -k --suf rc README.md")).toBe(0);
    expect(existsSync(join(ws, "README.mdrc"))).toBe(true);
  });
});

/** A zip in the workspace holding a .bashrc member and a `../.bashrc` one. */
function zips(ws: string): void {
  const py = `import zipfile
with zipfile.ZipFile("dots.zip", "w") as z: z.writestr(".bashrc", "echo pwned\\n")
with zipfile.ZipFile("up.zip", "w") as z: z.writestr("../.bashrc", "echo pwned\\n")`;
  Bun.spawnSync(["python3", "-c", py], { cwd: ws });
}

describe("gaps end to end: extraction folders", () => {
  const cases: Array<[string, string, number]> = [
    ["unzip -qod ~ (the folder at the end of a cluster) asks", "unzip -qod ~ dots.zip", 3],
    ["unzip -o -: (../ members) blocks", "unzip -o -: up.zip", 2],
  ];
  for (const [name, command, exit] of cases) {
    test.skipIf(!has("unzip") || !has("python3"))(name, () => {
      const control = scene();
      zips(control.ws);
      Bun.spawnSync(["bash", "-c", command], { cwd: control.ws, env: control.env });
      expect(readFileSync(join(control.home, ".bashrc"), "utf8")).toBe("echo pwned\n");
      const { ws, home } = scene();
      zips(ws);
      const before = filesUnder(home);
      expect(guardRunRestore(ws, home, command)).toBe(exit);
      expect(filesUnder(home)).toEqual(before);
    });
  }

  test.skipIf(!has("unzip") || !has("python3"))("unzip -qod a workspace folder runs", () => {
    const { ws, home } = scene();
    zips(ws);
    expect(guardRunRestore(ws, home, "unzip -qod out dots.zip")).toBe(0);
    expect(readFileSync(join(ws, "out", ".bashrc"), "utf8")).toBe("echo pwned\n");
  });
});

describe("gaps end to end: gpg's key files", () => {
  test.skipIf(!has("gpg"))("gpg --trustdb-name=~/.profile really creates ~/.profile, and the guard asks first", () => {
    const command = "gpg --batch --trustdb-name=~/.profile --list-keys";
    const control = scene();
    Bun.spawnSync(["bash", "-c", command], { cwd: control.ws, env: control.env });
    expect(existsSync(join(control.home, ".profile"))).toBe(true);
    const { ws, home } = scene();
    const before = filesUnder(home);
    expect(guardRunRestore(ws, home, command)).toBe(3);
    expect(filesUnder(home)).toEqual(before);
  });

  test.skipIf(!has("gpg"))("gpg --keyring ~/.profile --import asks", () => {
    const { ws, home } = scene();
    writeFileSync(join(ws, "k.asc"), "not a key\n");
    const before = filesUnder(home);
    expect(guardRunRestore(ws, home, "gpg --batch --no-default-keyring --keyring ~/.profile --import k.asc")).toBe(3);
    expect(filesUnder(home)).toEqual(before);
  });

  test.skipIf(!has("gpg"))("gpg --homedir in the workspace runs", () => {
    const { ws, home } = scene();
    mkdirSync(join(ws, "gh"), { mode: 0o700 });
    expect(guardRunRestore(ws, home, "gpg --batch --homedir gh --list-keys")).toBe(0);
    expect(existsSync(join(ws, "gh", "trustdb.gpg"))).toBe(true);
  });
});

// A loopback server hands out a script that leaves a mark in the fake HOME when it runs.
let server: ReturnType<typeof Bun.serve> | undefined;
beforeAll(() => {
  server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response('echo ran > "$HOME/ran"\n') });
});
afterAll(() => server?.stop(true));

/** The guard, then (only when it allowed) the command with bash; the guard's exit code. */
async function guardThenRun(command: string): Promise<{ code: number; ws: string; home: string }> {
  const { ws, home, env } = scene();
  const code = guard(ws, env, command);
  if (code === 0) await Bun.spawn(["bash", "-c", command], { cwd: ws, env, stdout: "ignore", stderr: "ignore" }).exited;
  return { code, ws, home };
}

describe("gaps end to end: a download run from where it landed", () => {
  const url = () => `http://127.0.0.1:${server!.port}/x`;
  const cases: Array<[string, () => string, string]> = [
    ["curl --output-dir d -O, then bash d/x", () => `curl -s --output-dir d -O ${url()}; bash d/x`, "curl"],
    ["curl --output-dir d -O, then ./d/x", () => `curl -s --output-dir d -O ${url()} && chmod +x d/x && ./d/x`, "curl"],
    ["wget -P d, then sh d/x", () => `wget -q -P d ${url()} && sh d/x`, "wget"],
    ["curl -o d/x, then bash d/x", () => `curl -s --create-dirs -o d/x ${url()}; bash d/x`, "curl"],
  ];
  for (const [name, command, program] of cases) {
    test.skipIf(!has(program))(`${name} is refused and nothing runs`, async () => {
      const { code, home } = await guardThenRun(command());
      expect(code).not.toBe(0);
      expect(existsSync(join(home, "ran"))).toBe(false);
    });
  }

  test.skipIf(!has("wget"))("wget -P d alone runs and saves d/x", async () => {
    const { code, ws, home } = await guardThenRun(`wget -q -P d ${url()}`);
    expect(code).toBe(0);
    expect(readFileSync(join(ws, "d", "x"), "utf8")).toContain("echo ran");
    expect(existsSync(join(home, "ran"))).toBe(false);
  });
});
