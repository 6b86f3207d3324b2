import { type Dirent, lstatSync, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { type FindNode, parseFindExpression } from "./find-expression.ts";

/** The most entries a dry run visits before it gives up (the verdict then fails closed). */
export const MAX_FIND_ENTRIES = 20_000;

/** One path find would visit: as it prints it, absolute, its type letter and depth. */
export interface FindItem {
  printed: string;
  path: string;
  type: string;
  depth: number;
}

/**
 * Which items reach each action (`-delete`, `-exec …`), in the expression's order of actions,
 * and what the `-delete` actions really remove: files and links, and directories that are empty
 * by the time find reaches them (their entries removed first, as -delete implies -depth).
 */
export interface FindReach {
  hits: FindItem[][];
  removed: Set<string>;
}

class _Unknown extends Error {}

/**
 * What `find ROOT EXPRESSION` would act on, evaluated in-process over the file tree: the command
 * is never run. Supports the name, path, type, empty, depth and modification age (`-mtime`,
 * `-mmin`) tests, the logical operators, -prune and the actions; anything else (other time tests,
 * size, owner or regex tests, an age close to its bound, an -exec whose exit status decides a
 * later step) returns null, as does a tree of more than `limit` entries.
 */
export function findDryRun(root: string, spelled: string, expression: string[], followRoot: boolean, limit = MAX_FIND_ENTRIES): FindReach | null {
  const parsed = parseFindExpression(expression);
  if (parsed === null) return null;
  const reach: FindReach = { hits: Array.from({ length: parsed.actions }, () => []), removed: new Set() };
  if (parsed.refused) return reach;
  let visited = 0;
  const visit = (item: FindItem, dev: number): void => {
    if (++visited > limit) throw new _Unknown();
    let pruned = false;
    // The folder is read once: -delete and -empty ask about the entries the walk lists.
    let listing: Dirent[] | undefined;
    const entries = () => (listing ??= _entries(item.path));
    // Of the link itself (find's -P), of its target for a root followed (-H).
    const mtime = () => (item.depth === 0 && followRoot ? statSync(item.path) : lstatSync(item.path)).mtimeMs;
    const evaluate = () => {
      if (item.depth >= parsed.minDepth) _eval(parsed.root, item, reach, entries, () => (pruned = true), mtime);
    };
    if (!parsed.depthFirst) evaluate();
    const crosses = parsed.xdev && item.depth > 0 && item.type === "d" && lstatSync(item.path).dev !== dev;
    if (item.type === "d" && !pruned && !crosses && item.depth < parsed.maxDepth) {
      for (const entry of entries()) {
        const printed = item.printed.endsWith("/") ? item.printed + entry.name : `${item.printed}/${entry.name}`;
        visit({ printed, path: join(item.path, entry.name), type: _type(entry), depth: item.depth + 1 }, dev);
      }
    }
    if (parsed.depthFirst) evaluate();
  };
  try {
    const stat = followRoot ? statSync(root, { throwIfNoEntry: false }) : lstatSync(root, { throwIfNoEntry: false });
    if (!stat) return reach;
    const type = stat.isDirectory() ? "d" : stat.isSymbolicLink() ? "l" : stat.isFile() ? "f" : "?";
    visit({ printed: spelled, path: root, type, depth: 0 }, stat.dev);
  } catch (err) {
    if (err instanceof _Unknown) return null;
    throw err;
  }
  return reach;
}

/** Evaluates one node for one item, recording the actions it reaches; null: the value is unknown. */
function _eval(node: FindNode, item: FindItem, reach: FindReach, entries: () => Dirent[], prune: () => void, mtime: () => number): boolean | null {
  switch (node.t) {
    case "and":
    case "or": {
      const stop = node.t === "or";
      const a = _eval(node.a, item, reach, entries, prune, mtime);
      if (a === stop) return stop;
      // An unknown result that decides whether an action runs cannot be followed.
      if (a === null && node.b.acts) throw new _Unknown();
      const b = _eval(node.b, item, reach, entries, prune, mtime);
      return a === null ? (b === stop ? stop : null) : b;
    }
    case "comma":
      _eval(node.a, item, reach, entries, prune, mtime);
      return _eval(node.b, item, reach, entries, prune, mtime);
    case "not": {
      const a = _eval(node.a, item, reach, entries, prune, mtime);
      return a === null ? null : !a;
    }
    case "prune":
      prune();
      return true;
    case "action":
      reach.hits[node.index]!.push(item);
      if (node.deletes && (item.type !== "d" || entries().every((e) => reach.removed.has(join(item.path, e.name))))) reach.removed.add(item.path);
      return node.value;
    case "test":
      return node.test(item.depth === 0 ? _rootName(item.printed) : basename(item.path), item.printed, item.type, () => _empty(item, reach.removed, entries), mtime);
  }
}

function _rootName(printed: string): string {
  const trimmed = printed.replace(/\/+$/, "");
  return trimmed === "" ? "/" : basename(trimmed);
}

/** -empty: an empty regular file, or a directory whose entries are all removed already. */
function _empty(item: FindItem, removed: Set<string>, entries: () => Dirent[]): boolean {
  if (item.type === "d") return entries().every((e) => removed.has(join(item.path, e.name)));
  return item.type === "f" && lstatSync(item.path).size === 0;
}

function _entries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    // find could not read it either; what it would report and skip is not modelled.
    throw new _Unknown();
  }
}

function _type(entry: Dirent): string {
  if (entry.isDirectory()) return "d";
  if (entry.isFile()) return "f";
  if (entry.isSymbolicLink()) return "l";
  if (entry.isFIFO()) return "p";
  if (entry.isSocket()) return "s";
  if (entry.isBlockDevice()) return "b";
  return entry.isCharacterDevice() ? "c" : "?";
}
