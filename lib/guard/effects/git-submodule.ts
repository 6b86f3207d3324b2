import type { Word } from "../syntax.ts";
import { longPrefix } from "./git-options.ts";

/**
 * `git submodule deinit -f|--force [--all|PATH…]` deletes each submodule's work tree with its
 * uncommitted changes and untracked files (unforced, git refuses a submodule with local
 * changes); `git submodule update -f|--force` checks out with `checkout -f` inside each
 * submodule, discarding its changes. Neither can be compensated here: a stash of the
 * superproject does not hold a submodule's work, and what each submodule holds is not known
 * without running git in it. Also through `git submodule--helper`, which git-submodule runs.
 * A computed word (`$F`) where such an option could stand is unknown too.
 */
export function submoduleDiscards(sub: string, words: Word[]): boolean {
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
