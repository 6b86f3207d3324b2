import { readdirSync } from "node:fs";
import { isAbsolute, join, normalize } from "node:path";
import { lstatOrUndefined } from "../fs-probe.ts";
import type { Word } from "../syntax.ts";
import { parseGitConfig, readConfigFile } from "./git-config-file.ts";
import { longPrefix } from "./git-options.ts";

const MAX_SUBMODULES = 256;

/**
 * `git submodule deinit -f|--force [--all|PATH…]` deletes each submodule's work tree with its
 * uncommitted changes and untracked files (unforced, git refuses a submodule with local
 * changes); `git submodule update -f|--force` checks out with `checkout -f` inside each
 * submodule, discarding its changes. Neither can be compensated here: a stash of the
 * superproject does not hold a submodule's work, and what each submodule holds is not known
 * without running git in it. Also through `git submodule--helper`, which git-submodule runs.
 * A computed word (`$F`) where such an option could stand is unknown too.
 *
 * Nothing is lost when no submodule has a work tree yet (red team 6: `git submodule update --init
 * --force` on a fresh clone): `top` gives the work tree's root (null when unknown, or when an
 * earlier part of the line may have filled one), whose `.gitmodules` names every submodule git
 * acts on; each one's folder missing or empty is a submodule never checked out.
 */
export function submoduleDiscards(sub: string, words: Word[], top: () => string | null = () => null): boolean {
  return _forced(sub, words) && !_noWorkTrees(top());
}

function _forced(sub: string, words: Word[]): boolean {
  if (sub !== "submodule" && sub !== "submodule--helper") return false;
  let i = 0;
  // `git submodule [--quiet] [--cached] ACTION …`
  while (i < words.length && !words[i]!.dynamic && words[i]!.value.startsWith("-")) i++;
  const action = words[i]?.value;
  if (action !== "deinit" && action !== "update") return false;
  for (const w of words.slice(i + 1)) {
    if (w.dynamic) {
      if (!w.quoted) return true;
      continue;
    }
    const v = w.value;
    if (v === "--") break;
    if (v.startsWith("--")) {
      if (longPrefix(v.split("=")[0]!, "force", 1)) return true;
      continue;
    }
    // A cluster (parse-options in newer git): `-j N` takes the rest of it.
    if (/^-[a-zA-Z]+$/.test(v) && v.split("j")[0]!.includes("f")) return true;
  }
  return false;
}

/** Whether every submodule `.gitmodules` at `top` lists has no work tree (a missing or empty folder). */
function _noWorkTrees(top: string | null): boolean {
  if (top === null) return false;
  const text = readConfigFile(join(top, ".gitmodules"));
  const entries = text === null ? null : parseGitConfig(text);
  if (!entries) return false;
  const paths = entries.filter(([k]) => /^submodule\..*\.path$/.test(k)).map(([, v]) => v);
  if (paths.length > MAX_SUBMODULES) return false;
  return paths.every((p) => {
    if (isAbsolute(p) || normalize(p).startsWith("..")) return false;
    const entry = lstatOrUndefined(join(top, p));
    if (entry === undefined) return true;
    if (!entry.isDirectory()) return false;
    try {
      return readdirSync(join(top, p)).length === 0;
    } catch {
      return false;
    }
  });
}
