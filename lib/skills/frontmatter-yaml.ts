import { isAlias, isNode, LineCounter, parseDocument, visit, type Document } from "yaml";
import type { SkillMdIssue } from "./skill-md-issue.ts";

/** A frontmatter larger than this is refused unparsed: no real skill comes near it. */
export const FRONTMATTER_MAX_BYTES = 64 * 1024;
/** Alias expansion budget; a YAML bomb goes far past it. */
const MAX_ALIAS_COUNT = 100;

export interface FrontmatterYaml {
  /** The parsed value, `undefined` when the YAML could not be read at all. */
  value: unknown;
  /** 1-based SKILL.md line and column of each top-level key. */
  keyPositions: Map<string, { line: number; column: number }>;
  issues: SkillMdIssue[];
}

/**
 * Parses frontmatter YAML strictly (duplicate keys, tags, aliases and empty documents are issues)
 * and reports positions as SKILL.md lines. A value with an unquoted `: ` inside, which agents'
 * own loaders retry by quoting (Agent Skills client guide), is retried the same way and flagged.
 */
export function parseFrontmatterYaml(yaml: string, firstLine: number, strict: boolean): FrontmatterYaml {
  const issues: SkillMdIssue[] = [];
  const at = (line: number, column: number) => ({ line: firstLine + line - 1, column });
  if (Buffer.byteLength(yaml) > FRONTMATTER_MAX_BYTES) {
    issues.push({ code: "skill-md/frontmatter-too-large", severity: "error", message: `The frontmatter is over ${FRONTMATTER_MAX_BYTES} bytes`, ...at(1, 1) });
    return { value: undefined, keyPositions: new Map(), issues };
  }
  let parsed = _parse(yaml);
  if (parsed.doc.errors.length > 0) {
    const quoted = _quoteColonValues(yaml);
    const retry = quoted === yaml ? undefined : _parse(quoted);
    if (retry && retry.doc.errors.length === 0) {
      const pos = parsed.lines.linePos(parsed.doc.errors[0]!.pos[0]);
      issues.push({
        code: "skill-md/yaml-unquoted-colon",
        severity: strict ? "error" : "warning",
        message: "A frontmatter value contains an unquoted `: `; agents retry it quoted, strict YAML rejects it",
        ...at(pos.line, pos.col),
      });
      parsed = retry;
    }
  }
  const { doc, lines } = parsed;
  for (const problem of [...doc.errors, ...doc.warnings]) {
    // Unresolved tags are reported once, with every other explicit tag, by _structuralIssues.
    if (problem.code === "TAG_RESOLVE_FAILED") continue;
    const pos = lines.linePos(problem.pos[0]);
    const code = problem.code === "DUPLICATE_KEY" ? "skill-md/yaml-duplicate-key" : "skill-md/yaml-invalid";
    issues.push({ code, severity: "error", message: `Invalid frontmatter YAML: ${problem.message.split("\n")[0]}`, ...at(pos.line, pos.col) });
  }
  _structuralIssues(doc, lines, strict, at, issues);
  if (doc.errors.length > 0) return { value: undefined, keyPositions: new Map(), issues };
  if (doc.contents === null) {
    issues.push({ code: "skill-md/yaml-empty", severity: "error", message: "The frontmatter is empty", ...at(1, 1) });
    return { value: undefined, keyPositions: new Map(), issues };
  }
  try {
    return { value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }), keyPositions: _keyPositions(doc, lines, at), issues };
  } catch (err) {
    issues.push({ code: "skill-md/yaml-alias-bomb", severity: "error", message: `Frontmatter aliases expand too far: ${(err as Error).message}`, ...at(1, 1) });
    return { value: undefined, keyPositions: new Map(), issues };
  }
}

type At = (line: number, column: number) => { line: number; column: number };

function _parse(yaml: string): { doc: Document.Parsed; lines: LineCounter } {
  const lines = new LineCounter();
  const doc = parseDocument(yaml, { prettyErrors: false, uniqueKeys: true, strict: true, lineCounter: lines });
  return { doc, lines };
}

// Explicit tags (`!!binary`, `!foo`) and aliases have no place in a metadata header; strictyaml,
// which the reference validator uses, rejects both. Aliases are reported once, with their count.
function _structuralIssues(doc: Document.Parsed, lines: LineCounter, strict: boolean, at: At, issues: SkillMdIssue[]): void {
  let aliases = 0;
  let firstAlias = { line: 1, col: 1 };
  visit(doc, {
    Node(_key, node) {
      const pos = lines.linePos(node.range?.[0] ?? 0);
      if (isAlias(node)) {
        if (aliases++ === 0) firstAlias = pos;
      } else if (node.tag) {
        issues.push({ code: "skill-md/yaml-tag", severity: "error", message: `The frontmatter uses the explicit tag ${node.tag}`, ...at(pos.line, pos.col) });
      }
    },
  });
  if (aliases > 0) {
    const message = `The frontmatter uses ${aliases} YAML alias${aliases === 1 ? "" : "es"}`;
    issues.push({ code: "skill-md/yaml-alias", severity: strict ? "error" : "warning", message, ...at(firstAlias.line, firstAlias.col) });
  }
}

function _keyPositions(doc: Document.Parsed, lines: LineCounter, at: At): Map<string, { line: number; column: number }> {
  const out = new Map<string, { line: number; column: number }>();
  const contents = doc.contents as { items?: Array<{ key: unknown }> } | null;
  for (const pair of contents?.items ?? []) {
    if (!isNode(pair.key) || !pair.key.range) continue;
    const pos = lines.linePos(pair.key.range[0]);
    out.set(String((pair.key as { value?: unknown }).value ?? pair.key.toString()), at(pos.line, pos.col));
  }
  return out;
}

// `description: Use this when: …` → `description: "Use this when: …"` for top-level plain values.
function _quoteColonValues(yaml: string): string {
  return yaml.replace(/^([A-Za-z0-9_-]+):[ \t]+([^\s"'|>[{&*!#][^\n]*?:[ \t][^\n]*?)[ \t]*$/gm, (_m, key: string, value: string) => `${key}: ${JSON.stringify(value)}`);
}
