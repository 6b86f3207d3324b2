import { gunzipSync } from "node:zlib";
import { LeogrielError } from "../core/errors.ts";
import { DEFAULT_TREE_LIMITS, checkTree, type TreeFile, type TreeLimits } from "./tree-write.ts";

const BLOCK = 512;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Reads a gzip-compressed tarball into checked in-memory files, with the single top folder every
 * entry shares (npm's `package/`) stripped. Decompression is capped, so a gzip bomb stops at the
 * limit; absolute paths, `..`, hard links, devices and links out of the tree are refused.
 * @throws {LeogrielError} `tarball_invalid`, `tarball_unsafe`, `tree_too_large`, and checkTree's codes
 */
export function readTarGz(gz: Uint8Array, limits: TreeLimits = DEFAULT_TREE_LIMITS): TreeFile[] {
  let tar: Uint8Array;
  try {
    // Headers and padding add at most one block per entry, plus the two end blocks.
    tar = gunzipSync(gz, { maxOutputLength: limits.maxBytes + (limits.maxFiles + 3) * BLOCK * 3 });
  } catch (err) {
    if (err instanceof RangeError || (err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
      throw new LeogrielError("tree_too_large", "Cannot extract the tarball: it unpacks to more than the size limit");
    }
    throw new LeogrielError("tarball_invalid", `Cannot extract the tarball: not gzip data (${(err as Error).message})`);
  }
  return readTar(tar, limits);
}

/** As readTarGz, for an uncompressed tar. */
export function readTar(tar: Uint8Array, limits: TreeLimits = DEFAULT_TREE_LIMITS): TreeFile[] {
  const raw: TreeFile[] = [];
  let pax: Record<string, string> = {};
  let longName: string | undefined;
  let longLink: string | undefined;
  let off = 0;
  while (off + BLOCK <= tar.length) {
    const header = tar.subarray(off, off + BLOCK);
    if (header.every((b) => b === 0)) break;
    _checksum(header);
    const size = _size(header);
    const type = String.fromCharCode(header[156]!);
    const dataStart = off + BLOCK;
    if (dataStart + size > tar.length) throw _invalid("an entry runs past the end of the archive");
    const data = tar.subarray(dataStart, dataStart + size);
    off = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    if (type === "x") {
      pax = _pax(data);
      continue;
    }
    if (type === "g") continue; // global header (git archive puts the commit id here)
    if (type === "L" || type === "K") {
      const value = _text(data).replace(/\0+$/, "");
      if (type === "L") longName = value;
      else longLink = value;
      continue;
    }
    const name = pax.path ?? longName ?? _joinPrefix(_field(header, 345, 155), _field(header, 0, 100));
    const link = pax.linkpath ?? longLink ?? _field(header, 157, 100);
    pax = {};
    longName = longLink = undefined;
    if (raw.length >= limits.maxFiles) throw new LeogrielError("tree_too_large", `Cannot extract the tarball: more than ${limits.maxFiles} entries`);
    const mode = Number.parseInt(_field(header, 100, 8).trim() || "0", 8);
    if (type === "0" || type === "\0" || type === "7") raw.push({ path: name, type: (mode & 0o111) !== 0 ? "exec" : "file", data: data.slice() });
    else if (type === "2") raw.push({ path: name, type: "symlink", target: link });
    else if (type === "5") raw.push({ path: name.endsWith("/") ? name : `${name}/`, type: "file" });
    else throw new LeogrielError("tarball_unsafe", `Cannot extract the tarball: ${name} is a ${type === "1" ? "hard link" : `type '${type}' entry`}, which a skill cannot contain`);
  }
  return _stripTop(raw, limits);
}

// Every entry must live under one top folder (npm: `package/`); directory entries are dropped.
function _stripTop(raw: TreeFile[], limits: TreeLimits): TreeFile[] {
  let top: string | undefined;
  const files: TreeFile[] = [];
  for (const entry of raw) {
    const path = entry.path.replace(/^(?:\.\/)+/, "");
    if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) throw new LeogrielError("tarball_unsafe", `Cannot extract the tarball: ${entry.path} is absolute`);
    const slash = path.indexOf("/");
    const first = slash < 0 ? path : path.slice(0, slash);
    if (top === undefined) top = first;
    if (first !== top || first === ".." || first === "") throw new LeogrielError("tarball_unsafe", `Cannot extract the tarball: ${entry.path} is outside the single top folder`);
    const rel = slash < 0 ? "" : path.slice(slash + 1);
    const isDir = entry.path.endsWith("/");
    if (rel === "" && !isDir) throw new LeogrielError("tarball_unsafe", `Cannot extract the tarball: ${entry.path} is outside the single top folder`);
    if (isDir) continue;
    files.push({ ...entry, path: rel });
  }
  checkTree(files, limits);
  return files;
}

function _checksum(header: Uint8Array): void {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  const stored = Number.parseInt(_field(header, 148, 8).trim(), 8);
  if (stored !== sum) throw _invalid("a header checksum does not match");
}

function _size(header: Uint8Array): number {
  if ((header[124]! & 0x80) !== 0) {
    // GNU base-256: big-endian binary after the marker byte.
    let n = 0;
    for (let i = 125; i < 136; i++) n = n * 256 + header[i]!;
    return n;
  }
  const text = _field(header, 124, 12).trim();
  const n = text === "" ? 0 : Number.parseInt(text, 8);
  if (!Number.isSafeInteger(n) || n < 0) throw _invalid("an entry has a bad size");
  return n;
}

function _pax(data: Uint8Array): Record<string, string> {
  // Records are "<byte length> <key>=<value>\n"; the length counts bytes, not characters.
  const out: Record<string, string> = {};
  let i = 0;
  while (i < data.length) {
    const space = data.indexOf(0x20, i);
    const len = space < 0 ? Number.NaN : Number(_text(data.subarray(i, space)));
    if (!Number.isSafeInteger(len) || len <= space - i + 1 || i + len > data.length || data[i + len - 1] !== 0x0a) {
      throw _invalid("a pax header is malformed");
    }
    const body = _text(data.subarray(space + 1, i + len - 1));
    const eq = body.indexOf("=");
    if (eq < 0) throw _invalid("a pax record has no '='");
    out[body.slice(0, eq)] = body.slice(eq + 1);
    i += len;
  }
  return out;
}

function _field(header: Uint8Array, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return _text(end < 0 ? bytes : bytes.subarray(0, end));
}

function _joinPrefix(prefix: string, name: string): string {
  return prefix === "" ? name : `${prefix}/${name}`;
}

function _text(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw _invalid("a name is not valid UTF-8");
  }
}

function _invalid(why: string): LeogrielError {
  return new LeogrielError("tarball_invalid", `Cannot extract the tarball: ${why}`);
}
