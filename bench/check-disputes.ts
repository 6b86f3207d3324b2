// Rows of the peer corpus whose label contradicts seed 001, SPEC.md, the issue's own rules or
// what bash actually runs. They stay in the corpus and in the raw figures; the bench also reports
// the rates over the rows whose label is not disputed. Every disputed row is listed, one by one,
// in check-disputes.json with its category and reason, and counts as disputed only while leogriel
// still answers exactly what the list records (a changed answer puts the row back in the count).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

export const CATEGORIES = {
  "temp-path": "Deletes and writes under the temporary directory are ALLOW_TEMP_PATH (docs/check.md, decisions where the spec is silent; safety-net and dcg allow them too). The temporary root itself stays protected.",
  "shell-no-effect": "What bash actually runs has no effect: a name bash turns into something else (backslashes removed, case-sensitive programs), a command that runs with no operand, a dry run, a lookup, a syntax error in the interpreter, a find that refuses to start.",
  "fixture-no-match": "Nothing in the fixture matches: the command deletes nothing where it runs (ALLOW_NOOP is the answer for the files that exist).",
  "bad-input": "Unterminated quotes and substitutions cannot be analysed to the end: the issue's Bad input section requires a BLOCK verdict for them.",
  "seed-protected": "Seed 001 protects these paths: Git metadata, the workspace root and identity roots (BLOCK_PROTECTED_ANCESTOR), system trees; a delete outside the workspace cannot be quarantined (recursive: BLOCK_OUTSIDE_WORKSPACE; one existing file: ASK_OUTSIDE_WORKSPACE).",
  "seed-force-push": "Seed 001 lists -f, --force and +ref as force pushes; --force-with-lease beside them does not make them safe.",
  "history-loss": "The issue requires git stash clear/drop, branch -D and the other history-losing commands to be covered: those the quarantine cannot keep ask (ASK_GIT_HISTORY_LOSS); branch -D and stash drop/clear are kept first (SNAPSHOT_GIT_REFS).",
  "fail-closed": "The effect depends on what the guard cannot see (a variable, a file, decoded or generated code, a ref git may create from a remote): SPEC.md says anything it cannot analyse to the end is BLOCK_UNDETERMINABLE_EFFECT.",
  "secret-egress": "Credentials, the environment or a home folder's contents read and sent off the machine, or a credential store read: the exfil guard asks (ASK_DATA_EGRESS / ASK_SECRET_ACCESS).",
  "disk-device": "Disk tools aimed at device names are BLOCK_DISK_DESTROY whether or not the device exists when the check runs (seed 001 disk/format wreckers).",
  "infra-destroy": "Destroying a namespace, every object of a cluster or every unused container, network and image cannot be undone by the quarantine: ASK_INFRA_DESTROY. dcg allows these only because its docker and kubectl packs are off by default; guard-peers-extended.jsonl, with the packs on, labels the same commands block.",
  "data-store-destroy": "A statement that destroys data in a database asks (ASK_DATA_STORE_DESTROY) whatever the client's safety flag: sqlite3's and duckdb's `-safe` blocks extensions and shell escapes, not DROP (checked with sqlite3 3.40.1); only `-readonly` does.",
} as const;

export type DisputeCategory = keyof typeof CATEGORIES;

const DisputeSchema = z.strictObject({
  command: z.string().min(1),
  expected: z.enum(["block", "allow"]),
  ours: z.enum(["ALLOW", "ASK", "BLOCK"]),
  category: z.enum(Object.keys(CATEGORIES) as [DisputeCategory, ...DisputeCategory[]]),
  why: z.string().min(10),
});
export type Dispute = z.infer<typeof DisputeSchema>;

/** The disputes file, validated: a block row is disputed only as ALLOW, an allow row only as ASK or BLOCK. */
export function loadDisputes(path = join(import.meta.dir, "check-disputes.json")): Dispute[] {
  const list = z.array(DisputeSchema).parse(JSON.parse(readFileSync(path, "utf8")));
  const seen = new Set<string>();
  for (const d of list) {
    const key = `${d.expected}\0${d.command}`;
    if (seen.has(key)) throw new Error(`Duplicate dispute: ${JSON.stringify(d.command)}`);
    seen.add(key);
    if ((d.expected === "block") !== (d.ours === "ALLOW")) throw new Error(`A dispute must record a miss: ${JSON.stringify(d.command)}`);
  }
  return list;
}

export interface CorpusRow {
  command: string;
  expected: "block" | "allow";
}

/**
 * Splits rows into agreed and disputed ones. A row is disputed when the list names it and the
 * guard's current answer (ALLOW, ASK or BLOCK; RELOCATE and SNAPSHOT are neither) is the recorded
 * one. Listed rows that no longer match (absent, or answered differently) come back as stale.
 */
export function splitDisputed<R extends CorpusRow>(rows: R[], disputes: Dispute[], answer: (command: string) => string) {
  const byKey = new Map(disputes.map((d) => [`${d.expected}\0${d.command}`, d]));
  const used = new Set<Dispute>();
  const agreed: R[] = [];
  const disputed: Array<{ row: R; dispute: Dispute }> = [];
  for (const row of rows) {
    const d = byKey.get(`${row.expected}\0${row.command}`);
    if (d && answer(row.command) === d.ours) {
      disputed.push({ row, dispute: d });
      used.add(d);
    } else agreed.push(row);
  }
  return { agreed, disputed, stale: disputes.filter((d) => !used.has(d)) };
}
