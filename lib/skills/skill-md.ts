import { basename, join } from "node:path";
import { LeogrielError } from "../core/errors.ts";
import { readTextFile } from "../core/json-file.ts";
import {
  FRONTMATTER_FIELDS,
  SKILL_BODY_LINES_RECOMMENDED,
  SPEC_FIELDS,
  type SkillFrontmatter,
  type FrontmatterField,
} from "./frontmatter-schema.ts";
import { parseFrontmatterYaml } from "./frontmatter-yaml.ts";
import type { SkillMdIssue } from "./skill-md-issue.ts";

export type { IssueSeverity, SkillMdIssue } from "./skill-md-issue.ts";
export { SkillFrontmatter } from "./frontmatter-schema.ts";

/** The largest SKILL.md read; bigger ones are refused before reading. */
export const SKILL_MD_MAX_BYTES = 1024 * 1024;

export interface ParseOptions {
  /** Spec mode: deviations agents tolerate (long description, name ≠ folder, extra keys) are errors. */
  strict?: boolean;
  /** The skill folder's name; the spec wants `name` to equal it. */
  dirName?: string;
}

export interface ParsedSkillMd {
  /** The validated frontmatter, or null when `name` or `description` is unusable. */
  frontmatter: SkillFrontmatter | null;
  /** The frontmatter as parsed, before validation (null when it could not be parsed). */
  raw: Record<string, unknown> | null;
  body: string;
  /** 1-based SKILL.md line where the body starts. */
  bodyLine: number;
  issues: SkillMdIssue[];
}

/**
 * Parses and validates one SKILL.md. Never throws for bad content: every problem is an issue
 * with a stable code, a severity and a position. Lenient by default, as the Agent Skills client
 * guide advises; `strict` turns what the spec forbids but agents load into errors.
 */
export function parseSkillMd(text: string, options: ParseOptions = {}): ParsedSkillMd {
  const strict = options.strict ?? false;
  const deviation = strict ? "error" : "warning";
  const issues: SkillMdIssue[] = [];
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const lines = source.split(/\r?\n/);
  if ((lines[0] ?? "").trimEnd() !== "---") {
    issues.push({ code: "skill-md/frontmatter-missing", severity: "error", message: "SKILL.md does not start with a `---` frontmatter block", line: 1, column: 1 });
    return { frontmatter: null, raw: null, body: source, bodyLine: 1, issues };
  }
  const close = lines.findIndex((l, i) => i > 0 && (l.trimEnd() === "---" || l.trimEnd() === "..."));
  if (close < 0) {
    issues.push({ code: "skill-md/frontmatter-unterminated", severity: "error", message: "The frontmatter block has no closing `---`", line: 1, column: 1 });
    return { frontmatter: null, raw: null, body: "", bodyLine: lines.length + 1, issues };
  }
  const body = lines.slice(close + 1).join("\n");
  const bodyLine = close + 2;
  const yaml = parseFrontmatterYaml(lines.slice(1, close).join("\n"), 2, strict);
  issues.push(...yaml.issues);
  if (yaml.value === undefined) return { frontmatter: null, raw: null, body, bodyLine, issues };
  if (yaml.value === null || typeof yaml.value !== "object" || Array.isArray(yaml.value)) {
    issues.push({ code: "skill-md/frontmatter-not-mapping", severity: "error", message: "The frontmatter is not a key: value mapping", line: 2, column: 1 });
    return { frontmatter: null, raw: null, body, bodyLine, issues };
  }
  const raw = yaml.value as Record<string, unknown>;
  const where = (field: string) => yaml.keyPositions.get(field) ?? { line: 2, column: 1 };
  for (const field of ["name", "description"] as const) {
    if (raw[field] === undefined || raw[field] === null) {
      issues.push({ code: `skill-md/${field}-missing`, severity: "error", message: `The frontmatter has no \`${field}\``, field, line: 2, column: 1 });
    }
  }
  for (const [field, value] of Object.entries(raw)) {
    if (!(field in FRONTMATTER_FIELDS)) {
      issues.push({ code: "skill-md/unknown-field", severity: deviation, message: `\`${field}\` is not an Agent Skills or Xema frontmatter field`, field, ...where(field) });
    } else if (value !== undefined && value !== null) {
      issues.push(..._fieldIssues(field as FrontmatterField, value, strict).map((i) => ({ ...i, field, ...where(field) })));
    }
  }
  if (options.dirName !== undefined && typeof raw.name === "string" && raw.name !== options.dirName) {
    issues.push({ code: "skill-md/name-folder-mismatch", severity: deviation, message: `\`name\` ${JSON.stringify(raw.name)} differs from its folder ${JSON.stringify(options.dirName)}`, field: "name", ...where("name") });
  }
  const bodyLines = body.split("\n").length;
  if (bodyLines > SKILL_BODY_LINES_RECOMMENDED) {
    issues.push({ code: "skill-md/body-long", severity: "info", message: `The body has ${bodyLines} lines; the spec recommends under ${SKILL_BODY_LINES_RECOMMENDED}`, line: bodyLine, column: 1 });
  }
  return { frontmatter: _usable(raw, issues), raw, body, bodyLine, issues };
}

export interface SkillDocument {
  /** The skill folder. */
  dir: string;
  /** Path of its SKILL.md. */
  path: string;
  text: string;
  parsed: ParsedSkillMd;
}

/**
 * Reads `<dir>/SKILL.md` (at most SKILL_MD_MAX_BYTES, UTF-8) and parses it.
 * @throws {LeogrielError} `skill_md_not_found`, `file_too_large`, `file_unreadable`, `invalid_utf8`
 */
export function readSkill(dir: string, options: Omit<ParseOptions, "dirName"> = {}): SkillDocument {
  const path = join(dir, "SKILL.md");
  let text: string;
  try {
    text = readTextFile(path, { maxBytes: SKILL_MD_MAX_BYTES, label: path });
  } catch (err) {
    if (err instanceof LeogrielError && err.code === "file_not_found") {
      throw new LeogrielError("skill_md_not_found", `Cannot read skill ${dir}: no SKILL.md`);
    }
    throw err;
  }
  return { dir, path, text, parsed: parseSkillMd(text, { ...options, dirName: basename(dir) }) };
}

type FieldIssue = Omit<SkillMdIssue, "line" | "column" | "field">;

// Limits and types: a wrong required field is always an error; an optional field that agents
// still load (an over-long description, a YAML-list `allowed-tools`) is a deviation.
function _fieldIssues(field: FrontmatterField, value: unknown, strict: boolean): FieldIssue[] {
  const result = FRONTMATTER_FIELDS[field].safeParse(value);
  if (result.success) return [];
  const tooLong = result.error.issues.some((i) => i.code === "too_big") && typeof value === "string";
  const loadable = field === "description" ? tooLong : field !== "name";
  const severity = loadable && !strict ? "warning" : "error";
  const what = SPEC_FIELDS.has(field) ? "the Agent Skills spec" : "the Xema skill contract";
  const detail = result.error.issues.map((i) => i.message).join("; ");
  const code = tooLong ? `skill-md/${field}-too-long` : `skill-md/${field}-invalid`;
  return [{ code, severity, message: `\`${field}\` does not meet ${what}: ${detail}` }];
}

// Usable when name and description are strings and nothing about them is an error; optional
// fields that fail are dropped so callers only ever see valid values.
function _usable(raw: Record<string, unknown>, issues: SkillMdIssue[]): SkillFrontmatter | null {
  if (typeof raw.name !== "string" || typeof raw.description !== "string") return null;
  if (issues.some((i) => i.severity === "error" && (i.field === "name" || i.field === "description"))) return null;
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const known = key in FRONTMATTER_FIELDS;
    if (!known || key === "name" || key === "description" || FRONTMATTER_FIELDS[key as FrontmatterField].safeParse(value).success) clean[key] = value;
  }
  // In lenient mode the description may be over its limit; it is still what agents load.
  return { ...clean, name: raw.name, description: raw.description } as SkillFrontmatter;
}
