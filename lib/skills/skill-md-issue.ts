/** How much a contract issue matters; the audit maps these to SARIF note / warning / error. */
export type IssueSeverity = "info" | "warning" | "error";

/**
 * One problem found in a SKILL.md. `code` is stable (`skill-md/<what>`) and doubles as the audit
 * rule id; `line` and `column` are 1-based positions in the SKILL.md file.
 */
export interface SkillMdIssue {
  code: string;
  severity: IssueSeverity;
  message: string;
  line: number;
  column: number;
  /** The frontmatter field concerned, when there is one. */
  field?: string;
}
