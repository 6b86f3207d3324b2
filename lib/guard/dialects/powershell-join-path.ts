import type { Word } from "../syntax.ts";
import { bindParameters, valuesOf } from "./powershell-bind.ts";
import { groupBodies, lexPowerShell } from "./powershell-lexer.ts";

// Join-Path [-Path] <string[]> [-ChildPath] <string> [[-AdditionalChildPath] <string[]>] [-Resolve]
// (learn.microsoft.com/powershell/module/microsoft.powershell.management/join-path).
const JOIN_PATH = { params: { path: true, childpath: true, additionalchildpath: true, resolve: false, credential: true }, positional: ["path", "childpath", "additionalchildpath"] };

/**
 * An argument that is exactly `(Join-Path A B …)` of known words, as the path it computes: the
 * parts joined with one separator (`Remove-Item (Join-Path $PWD "build")` removes ./build). The
 * body is still judged as the statement it is; a part the guard does not know (`$PSScriptRoot`),
 * a list of paths, -Resolve (which expands wildcards) or anything else leaves the word unknown.
 */
export function joinedPath(w: Word, lookup: (name: string) => string | null): Word | undefined {
  const body = groupBodies.get(w);
  if (body === undefined || !/^\s*join-path\s/i.test(body)) return undefined;
  let statements;
  try {
    statements = lexPowerShell(body, lookup);
  } catch {
    return undefined;
  }
  const [only, ...more] = statements;
  if (!only || more.length || only.nested.length || only.redirects.length || only.verbatim !== undefined) return undefined;
  const b = bindParameters(only.words.slice(1), JOIN_PATH);
  if (!b || b.has("resolve") || b.has("credential")) return undefined;
  const parts = ["path", "childpath", "additionalchildpath"].map((p) => valuesOf(b.get(p)));
  if (parts[0]!.length !== 1 || parts[1]!.length !== 1 || parts.flat().some((p) => p.dynamic)) return undefined;
  const value = parts.flat().map((p, k) => (k === 0 ? p.value.replace(/\/+$/, "") : p.value.replace(/^\/+|\/+$/g, ""))).join("/");
  return { value, pattern: value, dynamic: false, glob: false, quoted: true };
}
