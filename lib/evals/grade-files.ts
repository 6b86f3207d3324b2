import { lstatSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { sha256Hex } from "../core/hash.ts";
import { isInside } from "./contained-tree.ts";
import { jsonSchemaErrors } from "./json-schema-check.ts";
import type { Assertion } from "./test-file-schema.ts";

/** Files bigger than this are not read for content assertions. */
export const MAX_GRADED_FILE_BYTES = 1024 * 1024;
const EXCERPT_CHARS = 120;

export interface Verdict {
  pass: boolean;
  evidence: string;
}

type FileAssertion = Extract<Assertion, { type: "file_exists" | "file_absent" | "file_contains" | "file_matches" | "json_valid" }>;

/** Grades an assertion about one file of the finished workspace, quoting what it found. */
export function gradeFileAssertion(a: FileAssertion, root: string): Verdict {
  const found = _locate(root, a.path);
  if (a.type === "file_absent") return found.kind === "missing" ? { pass: true, evidence: `${a.path} does not exist` } : { pass: false, evidence: `${a.path} exists` };
  if (found.kind === "missing") return { pass: false, evidence: `${a.path} does not exist` };
  if (found.kind === "escapes") return { pass: false, evidence: `${a.path} is a symlink that leaves the workspace` };
  if (a.type === "file_exists") {
    return found.kind === "dir" ? { pass: true, evidence: `${a.path} exists (directory)` } : { pass: true, evidence: `${a.path} exists (${found.size} bytes)` };
  }
  if (found.kind === "dir") return { pass: false, evidence: `${a.path} is a directory, not a file` };
  if (found.size > MAX_GRADED_FILE_BYTES) return { pass: false, evidence: `${a.path} is ${found.size} bytes, over the ${MAX_GRADED_FILE_BYTES}-byte grading limit` };
  const bytes = readFileSync(found.path);
  const text = new TextDecoder().decode(bytes);
  switch (a.type) {
    case "file_contains": {
      const at = text.indexOf(a.value);
      return at >= 0
        ? { pass: true, evidence: `${a.path} contains it at offset ${at}: ${excerpt(text, at, a.value.length)}` }
        : { pass: false, evidence: `${a.path} (${bytes.length} bytes, sha256 ${sha256Hex(bytes).slice(0, 12)}) does not contain it` };
    }
    case "file_matches": {
      const m = new RegExp(a.pattern).exec(text);
      return m
        ? { pass: true, evidence: `${a.path} matches at offset ${m.index}: ${excerpt(text, m.index, m[0].length)}` }
        : { pass: false, evidence: `${a.path} (${bytes.length} bytes) has no match` };
    }
    case "json_valid":
      return _gradeJson(a, text);
  }
}

/** A quoted, single-line piece of `text` around [at, at+length), at most EXCERPT_CHARS long. */
export function excerpt(text: string, at: number, length: number): string {
  const start = Math.max(0, at - 20);
  const piece = text.slice(start, Math.min(text.length, start + Math.max(length + 40, 40), start + EXCERPT_CHARS));
  return JSON.stringify(piece);
}

function _gradeJson(a: Extract<Assertion, { type: "json_valid" }>, text: string): Verdict {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { pass: false, evidence: `${a.path} is not valid JSON: ${(err as Error).message}` };
  }
  if (a.schema === undefined) return { pass: true, evidence: `${a.path} parses as JSON (${_shape(value)})` };
  const errors = jsonSchemaErrors(a.schema, value);
  if (errors.length === 0) return { pass: true, evidence: `${a.path} is valid JSON and matches the schema` };
  return { pass: false, evidence: `${a.path} does not match the schema: ${errors.join("; ")}` };
}

function _shape(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value !== null && typeof value === "object") return `an object with ${Object.keys(value).length} keys`;
  return value === null ? "null" : typeof value;
}

type Located = { kind: "missing" } | { kind: "escapes" } | { kind: "dir"; path: string } | { kind: "file"; path: string; size: number };

// Symlinks are followed only while they stay inside the workspace.
function _locate(root: string, rel: string): Located {
  const path = join(root, rel);
  try {
    lstatSync(path);
  } catch {
    return { kind: "missing" };
  }
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return { kind: "missing" };
  }
  if (!isInside(realpathSync(root), real)) return { kind: "escapes" };
  const st = statSync(real);
  return st.isDirectory() ? { kind: "dir", path: real } : { kind: "file", path: real, size: st.size };
}
