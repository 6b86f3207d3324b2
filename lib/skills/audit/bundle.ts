import { existsSync, lstatSync, readdirSync, readlinkSync, type Stats } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { readBytesUpTo } from "../../core/read-bytes.ts";
import type { DirEntry } from "../dir-integrity.ts";
import { classifyResource, type SkillResource } from "../resources.ts";
import type { RawFinding } from "./finding.ts";
import { ruleInfo } from "./rule-catalog.ts";

/** Files above this size are reported, not scanned. */
export const MAX_SCAN_BYTES = 16 * 1024 * 1024;
/** A skill with more entries than this is reported and cut off. */
export const MAX_FILES = 5000;
const MAX_DEPTH = 32;
const BINARY_CODE = /\.(?:pyc|pyo|class|jar|so|dylib|dll|exe|wasm|node|bin|o|a|lib|com|msi|app|apk|deb|rpm|zip|tar|tgz|gz|bz2|xz|7z|rar)$/i;
const MAGIC = [[0x7f, 0x45, 0x4c, 0x46], [0x4d, 0x5a], [0xcf, 0xfa, 0xed, 0xfe], [0xce, 0xfa, 0xed, 0xfe], [0xca, 0xfe, 0xba, 0xbe], [0x00, 0x61, 0x73, 0x6d]];

export interface BundleFile {
  /** Relative to the skill folder, `/`-separated. */
  rel: string;
  type: SkillResource["type"];
  /** The text to scan; absent for binary, oversized or unreadable files. */
  text?: string;
}

export interface Bundle {
  resources: SkillResource[];
  /** SKILL.md first, then every other regular file in path order. */
  files: BundleFile[];
  /** Structural findings, each with the file it concerns. */
  findings: Array<RawFinding & { rel: string }>;
  /** Folders below this one that hold their own SKILL.md. */
  subSkills: string[];
  /**
   * The directory-integrity entries of what was read (hashed from the very bytes audited), or
   * null when the walk left something out that the integrity covers (sub-skills, big files).
   */
  entries: DirEntry[] | null;
}

/**
 * Lists a skill folder without following links or running anything: regular files are read
 * (bounded), symlinks are judged by where they point, nested folders with a SKILL.md are
 * sub-skills (audited on their own), and `.git` is skipped.
 */
export function readBundle(root: string): Bundle {
  const bundle: Bundle = { resources: [], files: [], findings: [], subSkills: [], entries: [] };
  let count = 0;
  // Paths are joined from names, not derived with path.relative: on POSIX a backslash is part of
  // a name, and reading it as a separator would hide a path no install can write.
  const visit = (dir: string, relDir: string, depth: number): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch (err) {
      bundle.entries = null;
      _structural(bundle, relDir || ".", "bundle/unreadable", `Cannot list the folder: ${(err as Error).message}`);
      return;
    }
    for (const name of names) {
      if (name === ".git") continue;
      const abs = join(dir, name);
      const rel = relDir === "" ? name : `${relDir}/${name}`;
      // A name that is not valid UTF-8 arrives with U+FFFD; only the integrity walk can hash it.
      if (name.includes("\uFFFD")) bundle.entries = null;
      if (++count > MAX_FILES) {
        bundle.entries = null;
        if (count === MAX_FILES + 1) _structural(bundle, rel, "bundle/too-many-files", `More than ${MAX_FILES} entries; the rest is not audited`);
        return;
      }
      let stat: Stats;
      try {
        stat = lstatSync(abs);
      } catch (err) {
        bundle.entries = null;
        _structural(bundle, rel, "bundle/unreadable", `Cannot read the entry: ${(err as Error).message}`);
        continue;
      }
      if (stat.isSymbolicLink()) _symlink(bundle, root, abs, rel);
      else if (stat.isDirectory()) {
        if (existsSync(join(abs, "SKILL.md"))) {
          bundle.entries = null;
          bundle.subSkills.push(abs);
          bundle.resources.push({ path: rel, type: "sub_skill" });
        } else if (depth < MAX_DEPTH) visit(abs, rel, depth + 1);
        else bundle.entries = null;
      } else if (stat.isFile()) _file(bundle, abs, rel, stat);
      else bundle.entries = null;
    }
  };
  visit(root, "", 0);
  bundle.files.sort((a, b) => (a.rel === "SKILL.md" ? -1 : b.rel === "SKILL.md" ? 1 : a.rel < b.rel ? -1 : 1));
  return bundle;
}

function _symlink(bundle: Bundle, root: string, abs: string, rel: string): void {
  let target = "";
  try {
    const bytes = readlinkSync(abs, { encoding: "buffer" });
    target = bytes.toString("utf8");
    bundle.entries?.push({ path: rel, type: "symlink", sha256: _sha256(bytes), size: bytes.length, target });
  } catch {
    // An unreadable link target counts as an escape below.
    bundle.entries = null;
  }
  const inside = relative(root, resolve(dirname(abs), target));
  const escapes = target === "" || isAbsolute(target) || inside.startsWith("..") || isAbsolute(inside);
  if (escapes) _structural(bundle, rel, "bundle/symlink-escape", "A symlink points outside the skill folder");
  else _structural(bundle, rel, "bundle/symlink", "A symlink inside the skill folder");
}

function _file(bundle: Bundle, abs: string, rel: string, stat: Stats): void {
  const executable = (stat.mode & 0o111) !== 0;
  if (rel === "SKILL.md") {
    bundle.files.push({ rel, type: "reference", text: _read(bundle, abs, rel, stat.size, executable) });
    return;
  }
  if (stat.size > MAX_SCAN_BYTES) {
    bundle.entries = null;
    bundle.resources.push({ path: rel, type: classifyResource(rel, { executable }), sizeBytes: stat.size });
    _structural(bundle, rel, "bundle/file-too-large", `${stat.size} bytes is over the ${MAX_SCAN_BYTES}-byte audit limit; not scanned`);
    return;
  }
  const text = _read(bundle, abs, rel, stat.size, executable);
  const type = classifyResource(rel, { executable, shebang: text?.startsWith("#!") });
  bundle.resources.push({ path: rel, type, sizeBytes: stat.size });
  bundle.files.push({ rel, type, text });
}

// Text when the bytes look like text (no NUL in the first 8 KiB); binary code is reported.
function _read(bundle: Bundle, abs: string, rel: string, size: number, executable: boolean): string | undefined {
  let bytes: Buffer;
  try {
    bytes = readBytesUpTo(abs, size);
  } catch (err) {
    bundle.entries = null;
    _structural(bundle, rel, "bundle/unreadable", `Cannot read the file: ${(err as Error).message}`);
    return undefined;
  }
  bundle.entries?.push({ path: rel, type: executable ? "exec" : "file", sha256: _sha256(bytes), size: bytes.length });
  const head = bytes.subarray(0, 8192);
  if (head.includes(0) || MAGIC.some((m) => m.every((b, i) => head[i] === b))) {
    if (BINARY_CODE.test(rel) || MAGIC.some((m) => m.every((b, i) => head[i] === b))) {
      _structural(bundle, rel, "bundle/binary-executable", "Compiled or packed code that cannot be audited as text");
    }
    return undefined;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    _structural(bundle, rel, "bundle/invalid-utf8", "Not valid UTF-8; scanned with replacement characters");
    return new TextDecoder("utf-8").decode(bytes);
  }
}

const _sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

function _structural(bundle: Bundle, rel: string, rule: string, message: string): void {
  const info = ruleInfo(rule);
  bundle.findings.push({ rel, rule, severity: info.severity, message, line: 1, column: 1, category: info.category, remediation: info.remediation, confidence: info.confidence, evidence: rel });
}
