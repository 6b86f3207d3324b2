import { isAbsolute, resolve } from "node:path";
import { literalWord, type Word } from "../syntax.ts";
import { bindParameters, valuesOf } from "./powershell-bind.ts";
import { fileSystemPattern, holdsFolderLink, providerPath } from "./windows-names.ts";

// Get-ChildItem's FileSystem parameters (learn.microsoft.com/powershell/module/
// microsoft.powershell.management/get-childitem): whether each takes a value.
const GET_CHILD_ITEM = {
  params: { path: true, literalpath: true, filter: true, include: true, exclude: true, recurse: false, depth: true, force: false, name: false, attributes: true, followsymlink: false, directory: false, file: false, hidden: false, readonly: false, system: false },
  aliases: { lp: "literalpath", pspath: "literalpath", s: "recurse", ad: "directory", d: "directory", af: "file", ah: "hidden", h: "hidden", as: "system", ar: "readonly" },
  positional: ["path", "filter"],
};

/**
 * `Get-ChildItem [ROOT…] [-Recurse] [-Filter NAME | -Include A,B] | Remove-Item` as the find that
 * removes at least what it does: `find ROOT… [-maxdepth 1] ( -iname A -o -iname B ) -exec rm -rf
 * {} +`, so that a clean-up of workspace build folders is judged by the dry run of exactly those
 * matches. Wider where the listing is narrower: the roots themselves, -Exclude, -File,
 * -Directory and hidden items are not left out, -Depth is any depth, a file is removed with its
 * children. Names match without case; a -Filter is matched by the file system (windows-names.ts).
 * Undefined for anything else: a computed or wildcard root, -Name (relative names, resolved
 * elsewhere), -FollowSymlink, both -Filter and -Include, a parameter the binder cannot read, and
 * a recursive listing of a tree holding a link to a folder (windows-names.ts), which find would
 * not follow: `docs -> ~/Documents` in the workspace had its logs removed under RELOCATE_TREE.
 */
export function listedDeletes(listingArgs: Word[], cwd: string | null): Word[] | undefined {
  const b = bindParameters(listingArgs, GET_CHILD_ITEM);
  if (!b || b.has("name") || b.has("followsymlink") || (b.has("filter") && b.has("include"))) return undefined;
  const roots = [...valuesOf(b.get("path")).map(providerPath), ...valuesOf(b.get("literalpath")).map((w) => ({ ...w, glob: false }))];
  if (roots.some((w) => w.dynamic || w.glob)) return undefined;
  const recurse = b.has("recurse") || b.has("depth");
  if (recurse && (roots.length ? roots.map((w) => w.value) : ["."]).some((r) => holdsFolderLink(isAbsolute(r) ? r : cwd === null ? null : resolve(cwd, r)) !== false)) return undefined;
  const filter = valuesOf(b.get("filter"));
  const patterns = b.has("filter") ? [filter.length === 1 && !filter[0]!.dynamic ? fileSystemPattern(filter[0]!.value, true) : undefined] : valuesOf(b.get("include")).map((w) => (w.dynamic ? undefined : w.value));
  if (patterns.some((p) => p === undefined)) return undefined;
  const names = patterns.flatMap((p, i) => [...(i ? ["-o"] : []), "-iname", p!]);
  const depth = recurse ? [] : ["-maxdepth", "1"];
  const match = names.length ? ["(", ...names, ")"] : [];
  return [literalWord("find"), ...(roots.length ? roots.map((w) => literalWord(w.value)) : [literalWord(".")]), ...[...depth, ...match, "-exec", "rm", "-rf", "{}", "+"].map((v) => literalWord(v))];
}
