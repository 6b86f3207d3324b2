import { parseDocument } from "yaml";
import { LeogrielError } from "./errors.ts";

/**
 * Parses one YAML document strictly: duplicate keys, unresolved tags, any warning and an empty
 * document are errors, so a typo never turns into silent data.
 * @throws {LeogrielError} `invalid_yaml` with the line and column of the first problem
 */
export function parseStrictYaml(text: string, label: string): unknown {
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true, strict: true });
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    const pos = problem.linePos?.[0];
    const where = pos ? `line ${pos.line}, column ${pos.col}: ` : "";
    throw new LeogrielError("invalid_yaml", `Cannot parse ${label}: ${where}${problem.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "")}`);
  }
  if (doc.contents === null) throw new LeogrielError("invalid_yaml", `Cannot parse ${label}: the document is empty`);
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    throw new LeogrielError("invalid_yaml", `Cannot parse ${label}: ${(err as Error).message}`);
  }
}
