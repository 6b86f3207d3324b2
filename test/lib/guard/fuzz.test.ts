import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { seededRandom } from "../../support/seeded-random.ts";

const fx = useGuardFixture();
const check = (command: string, dialect?: string) => classify({ command, cwd: fx.ws, env: fx.env, dialect });


const ALPHABET = [...` \t\n;&|<>()$\`'"\\{}[]*?~#=!-/.:%^abcrmfgitxyz0123456789\u00e9\u2010`];
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** Single-quotes text for a shell, as `bash -c` needs it. */
const sq = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;
/** Double-quotes text for a shell. */
const dq = (text: string) => `"${text.replace(/(["\\$`])/g, "\\$1")}"`;

// Rewritings that keep a command's effect (quoting done right, as an agent's shell would see it):
// the guard must not be talked out of its verdict.
const DANGEROUS = ["rm -rf /", "rm -rf ~", "git push --force", "dd if=/dev/zero of=/dev/sda", "mkfs.ext4 /dev/sda1", "chmod -R 777 /"];
const KEEP_EFFECT: Array<(cmd: string, r: () => number) => string> = [
  (c) => `echo ok;${c}`,
  (c) => `echo ok && ${c}`,
  (c) => `true\n${c}`,
  (c) => `sudo ${c}`,
  (c) => `env FOO=1 ${c}`,
  (c) => `nice -n 5 ${c}`,
  (c) => `timeout 9 ${c}`,
  (c) => `command ${c}`,
  (c) => `bash -c ${sq(c)}`,
  (c) => `sh -c ${dq(c)}`,
  (c) => `eval ${sq(c)}`,
  (c) => `echo $( ${c} )`,
  (c) => `( ${c} )`,
  (c) => `{ ${c}; }`,
  (c) => `if true; then ${c}; fi`,
  (c, r) => {
    const tag = `EOF${Math.floor(r() * 1e6)}`;
    return `bash <<${tag}\n${c}\n${tag}`;
  },
  (c) => `echo ${sq(c)} | sh`,
  (c) => `  ${c}  `,
  (c, r) => {
    // quote one character of a plain program name
    const [head, ...rest] = c.split(" ");
    if (!/^[a-z.0-9]+$/.test(head!)) return c;
    const i = Math.floor(r() * head!.length);
    return [`${head!.slice(0, i)}"${head![i]}"${head!.slice(i + 1)}`, ...rest].join(" ");
  },
  (c) => (/^[a-z]/.test(c) ? `\\${c}` : c),
  (c) => `python3 -c ${sq(`import os; os.system(${JSON.stringify(c)})`)}`,
];

describe("fuzz", () => {
  test("random byte soup never crashes the classifier and never comes back without a verdict", () => {
    const r = seededRandom(0xc0ffee);
    for (let n = 0; n < 3000; n++) {
      const len = Math.floor(r() * 60);
      let text = "";
      for (let i = 0; i < len; i++) text += pick(r, ALPHABET);
      for (const dialect of ["posix", "powershell", "cmd"]) {
        const result = check(text, dialect);
        expect(result.reason).toBeString();
      }
    }
  });

  test("mutations that keep a dangerous command's effect are never ALLOW", () => {
    const r = seededRandom(42);
    for (let n = 0; n < 1500; n++) {
      let command = pick(r, DANGEROUS);
      const depth = 1 + Math.floor(r() * 3);
      for (let d = 0; d < depth; d++) command = pick(r, KEEP_EFFECT)(command, r);
      const result = check(command);
      if (result.decision === "ALLOW") throw new Error(`ALLOW for a dangerous mutation: ${JSON.stringify(command)}`);
    }
  });

  test("truncating a dangerous command never turns it into an internal error", () => {
    for (const base of DANGEROUS.map((c) => `bash -c "echo $(${c})" <<EOF\nx\nEOF`)) {
      for (let i = 0; i <= base.length; i++) expect(check(base.slice(0, i)).decision).toBeString();
    }
  });
});
