/**
 * The stability matrix (seed 002): every persisted or machine-read format Leogriel promises.
 * This list is the single source; CONTRACTS.md renders it and a test keeps the two equal, checks
 * that every file in docs/contracts/ is classified, and pins frozen documents by content hash.
 */
export type ContractStatus = "frozen" | "stable" | "experimental";

export interface Contract {
  id: string;
  name: string;
  /** The document or schema that defines it, relative to the repository root. */
  doc: string;
  version: string;
  status: ContractStatus;
}

export const CONTRACTS: readonly Contract[] = [
  { id: "cli-envelope", name: "CLI JSON envelope", doc: "docs/contracts/cli-envelope-v1.md", version: "1", status: "frozen" },
  { id: "cli-envelope-schema", name: "CLI JSON envelope schema", doc: "schemas/cli-envelope.schema.json", version: "1", status: "stable" },
  { id: "exit-codes", name: "Exit codes of every tool", doc: "README.md#exit-codes", version: "1", status: "stable" },
  { id: "config", name: "Configuration file", doc: "schemas/config.schema.json", version: "1", status: "stable" },
  { id: "artifact-envelope", name: "Artifact envelope", doc: "schemas/artifact-envelope.schema.json", version: "1", status: "stable" },
  { id: "signing-key", name: "Signing key file", doc: "schemas/signing-key.schema.json", version: "1", status: "stable" },
  { id: "trusted-keys", name: "Trusted keys file", doc: "schemas/trusted-keys.schema.json", version: "1", status: "stable" },
  { id: "in-toto-statement", name: "in-toto Statement v1 as Leogriel writes it", doc: "schemas/in-toto-statement.schema.json", version: "1", status: "stable" },
  { id: "dsse-envelope", name: "DSSE envelope", doc: "schemas/dsse-envelope.schema.json", version: "1", status: "stable" },
  { id: "release-receipt", name: "Release receipt predicate", doc: "docs/contracts/release-receipt-v1.md", version: "1", status: "stable" },
  { id: "agentproof-request", name: "agentproof request", doc: "docs/contracts/agentproof-request-v1.md", version: "1", status: "frozen" },
  { id: "check-recovery-journal", name: "leogriel-check recovery transaction journal", doc: "docs/contracts/check-recovery-journal-v1.md", version: "1", status: "stable" },
  { id: "check-trash-index", name: "leogriel-check status --trash-index JSON", doc: "docs/contracts/check-trash-index-v1.md", version: "1", status: "stable" },
  { id: "check-audit-record", name: "leogriel-check audit log record", doc: "schemas/check-audit-record.schema.json", version: "1", status: "experimental" },
  { id: "directory-integrity", name: "Skill directory integrity skilldirhash-1", doc: "docs/contracts/directory-integrity-v1.md", version: "1", status: "frozen" },
  { id: "agent-skills-manifest-lock", name: "Skills manifest and lock (agent-skills.json, agent-skills.lock)", doc: "docs/contracts/install-manifest-lock-v1.md", version: "1.0", status: "stable" },
  { id: "agent-skills-manifest", name: "agent-skills.json schema", doc: "schemas/agent-skills-manifest.schema.json", version: "1", status: "stable" },
  { id: "agent-skills-lock", name: "agent-skills.lock schema", doc: "schemas/agent-skills-lock.schema.json", version: "1.0", status: "stable" },
  { id: "install-config", name: "leogriel-install config section", doc: "schemas/install-config.schema.json", version: "1", status: "stable" },
  { id: "skill-frontmatter", name: "SKILL.md frontmatter schema (Agent Skills + Xema fields)", doc: "schemas/skill-frontmatter.schema.json", version: "1", status: "stable" },
  { id: "audit-rules", name: "leogriel-audit rules, indicators, tier, fingerprints and SARIF mapping", doc: "docs/contracts/audit-rules-v1.md", version: "1", status: "stable" },
  { id: "audit-finding", name: "leogriel-audit finding schema", doc: "schemas/audit-finding.schema.json", version: "1", status: "stable" },
  { id: "audit-report", name: "leogriel-audit report schema (--json data, audit artifacts)", doc: "schemas/audit-report.schema.json", version: "1", status: "stable" },
  { id: "audit-config", name: "leogriel-audit config section", doc: "schemas/audit-config.schema.json", version: "1", status: "stable" },
  { id: "check-span", name: "leogriel-check span exit codes, reason codes and exemption file", doc: "docs/contracts/check-span-v1.md", version: "1", status: "stable" },
  { id: "check-span-result", name: "leogriel-check span --json result", doc: "schemas/check-span-result.schema.json", version: "1", status: "stable" },
  { id: "test-file", name: "Behavioral test file (tests.yaml)", doc: "docs/contracts/test-file-v1.md", version: "1", status: "stable" },
  { id: "test-file-schema", name: "Behavioral test file schema", doc: "schemas/test-file-v1.schema.json", version: "1", status: "stable" },
  { id: "test-report", name: "leogriel-test report", doc: "docs/contracts/test-report-v1.md", version: "1", status: "experimental" },
  { id: "test-report-schema", name: "leogriel-test report schema", doc: "schemas/test-report-v1.schema.json", version: "1", status: "experimental" },
  { id: "agentproof-request-schemas", name: "agentproof capture and verify request schemas", doc: "schemas/agentproof-capture-request.schema.json", version: "1", status: "stable" },
  { id: "session-receipt", name: "Session receipt (.agentproof/agent-session.json)", doc: "docs/contracts/session-receipt-v1.md", version: "1", status: "stable" },
  { id: "session-receipt-predicate", name: "Session receipt predicate schema", doc: "schemas/agentproof-session-predicate.schema.json", version: "1", status: "stable" },
  { id: "agentproof-repository-profile", name: "agentproof supported repository profile", doc: "docs/contracts/agentproof-repository-profile-v1.md", version: "1", status: "stable" },
  { id: "agentproof-result", name: "capture/verify results, ERROR object, limits and exit codes", doc: "docs/contracts/agentproof-result-v1.md", version: "1", status: "stable" },
  { id: "agentproof-result-schemas", name: "capture/verify result and ERROR schemas", doc: "schemas/agentproof-verify-result.schema.json", version: "1", status: "stable" },
  { id: "check-decision", name: "leogriel-check --json decision", doc: "docs/contracts/check-decision-v1.md", version: "1", status: "stable" },
  { id: "check-decision-schema", name: "leogriel-check decision schema", doc: "schemas/check-decision.schema.json", version: "1", status: "stable" },
  { id: "check-reason-codes", name: "leogriel-check reason codes, decision classes and exit codes", doc: "docs/contracts/check-reason-codes-v1.md", version: "1", status: "stable" },
  { id: "check-hook-answers", name: "leogriel-check hook answers per agent", doc: "docs/contracts/check-hooks-v1.md", version: "1", status: "experimental" },
  { id: "check-config", name: "check section of the configuration file", doc: "schemas/check-config.schema.json", version: "1", status: "stable" },
  { id: "install-journal", name: "leogriel-install transaction journal (.leogriel/install/journal.json)", doc: "schemas/install-journal.schema.json", version: "1", status: "experimental" },
];
