import { z } from "zod";

/**
 * The behavioral test file, YAML v1 (seed 000 "Behavioral test YAML", SPEC leogriel-test).
 * Field names are a contract and kept exactly; every object is strict, so a typo is an error
 * rather than an assertion that silently never runs.
 */

/** A skill name as the Agent Skills spec writes it. */
export const TestSkillName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "lowercase letters, digits and single hyphens");

/** A path inside the run workspace: relative, forward slashes, no `..`, no empty segments. */
export const WorkspacePath = z
  .string()
  .min(1)
  .max(1024)
  .refine((p) => _isPortableRelative(p), "must be a relative path with forward slashes and no `..`, `.` or empty segments");

/** A JavaScript regular expression source; checked to compile when the file is loaded. */
export const Pattern = z
  .string()
  .min(1)
  .max(1000)
  .refine((p) => _compiles(p), "must be a valid regular expression");

export const Runner = z.enum(["codex", "claude-code"]);
export type Runner = z.infer<typeof Runner>;

/** Network for the agent's tools: `deny` (the default) or `allow`. The model API is never blocked. */
export const NetworkPolicy = z.enum(["deny", "allow"]);
export type NetworkPolicy = z.infer<typeof NetworkPolicy>;

export const TriggerExpectation = z.enum(["should_trigger", "should_not_trigger"]);
export type TriggerExpectation = z.infer<typeof TriggerExpectation>;

export const Budget = z.strictObject({
  /** Input plus output tokens of the whole run (Codex reports the thread total). */
  maxTokens: z.int().positive().optional(),
  /** Shell commands the agent ran. */
  maxCommands: z.int().nonnegative().optional(),
});
export type Budget = z.infer<typeof Budget>;

/** Per-run wall-clock limit: 1 second to 2 hours. */
export const TimeoutMs = z.int().min(1000).max(7_200_000);

const Model = z.string().min(1).max(200);

export const Assertion = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("skill_triggered") }),
  z.strictObject({ type: z.literal("skill_not_triggered") }),
  z.strictObject({ type: z.literal("file_exists"), path: WorkspacePath }),
  z.strictObject({ type: z.literal("file_absent"), path: WorkspacePath }),
  z.strictObject({ type: z.literal("file_contains"), path: WorkspacePath, value: z.string().min(1) }),
  z.strictObject({ type: z.literal("file_matches"), path: WorkspacePath, pattern: Pattern }),
  z.strictObject({ type: z.literal("json_valid"), path: WorkspacePath, schema: z.record(z.string(), z.unknown()).optional() }),
  z.strictObject({ type: z.literal("output_contains"), value: z.string().min(1) }),
  z.strictObject({ type: z.literal("output_not_contains"), value: z.string().min(1) }),
  z.strictObject({ type: z.literal("command_ran"), pattern: Pattern }),
  z.strictObject({ type: z.literal("command_not_ran"), pattern: Pattern }),
  z.strictObject({ type: z.literal("workspace_changes"), allow: z.array(WorkspaceGlob()).max(100) }),
  z.strictObject({ type: z.literal("command_exits_zero"), run: z.array(z.string().min(1)).min(1).max(100) }),
  z.strictObject({ type: z.literal("llm_judge"), judge: Model, rubric: z.string().min(1).max(10_000) }),
]);
export type Assertion = z.infer<typeof Assertion>;
export type AssertionType = Assertion["type"];

export const Defaults = z.strictObject({
  runner: Runner.optional(),
  model: Model.optional(),
  network: NetworkPolicy.optional(),
  timeoutMs: TimeoutMs.optional(),
  budget: Budget.optional(),
});

export const TestCase = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[^\p{Cc}]+$/u, "must not contain control characters"),
  prompt: z.string().min(1).max(65_536),
  /** A directory relative to the test file, copied into each run's workspace. */
  fixture: z.string().min(1).max(1024).optional(),
  trigger: TriggerExpectation,
  runner: Runner.optional(),
  model: Model.optional(),
  network: NetworkPolicy.optional(),
  timeoutMs: TimeoutMs.optional(),
  budget: Budget.optional(),
  assertions: z.array(Assertion).min(1).max(50),
});
export type TestCase = z.infer<typeof TestCase>;

export const TestFile = z
  .strictObject({
    version: z.literal(1),
    skill: TestSkillName,
    defaults: Defaults.optional(),
    cases: z.array(TestCase).min(1).max(100),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.cases.forEach((c, i) => {
      if (seen.has(c.name)) ctx.addIssue({ code: "custom", path: ["cases", i, "name"], message: `duplicate case name "${c.name}"` });
      seen.add(c.name);
      for (const key of ["runner", "model"] as const) {
        if (c[key] === undefined && file.defaults?.[key] === undefined) {
          ctx.addIssue({ code: "custom", path: ["cases", i, key], message: `required here or in defaults (runs name their ${key} explicitly)` });
        }
      }
    });
  })
  .meta({
    id: "test-file-v1",
    title: "Leogriel behavioral test file (tests.yaml) v1",
    description: "Seed 000 behavioral test YAML: one skill, unique case names, typed assertions, explicit runner and model.",
  });
export type TestFile = z.infer<typeof TestFile>;

/** A glob over workspace paths (`*`, `**`, `?`); same rules as a path, plus the wildcards. */
function WorkspaceGlob() {
  return z
    .string()
    .min(1)
    .max(1024)
    .refine((p) => _isPortableRelative(p), "must be a relative glob with forward slashes and no `..`, `.` or empty segments");
}

function _isPortableRelative(p: string): boolean {
  if (p.startsWith("/") || p.includes("\\") || p.includes("\0") || /^[A-Za-z]:/.test(p)) return false;
  return p.split("/").every((s) => s !== "" && s !== "." && s !== "..");
}

function _compiles(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}
