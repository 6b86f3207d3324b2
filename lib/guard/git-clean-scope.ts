import { isAbsolute, join, normalize } from "node:path";

const VALUED = new Set(["-e", "--exclude"]);

/**
 * Whether `git clean ARGS` run in `dir` would delete the quarantine folder `store` once a
 * relocation has created it. The quarantine is untracked and its contents are ignored (its
 * `.gitignore` says `*`): `-X` removes it always, `-x` unless `-e .agent-guard` keeps it. Only
 * a clean whose scope (the cwd, or its pathspecs) contains the folder can reach it.
 */
export function sweepsQuarantine(dir: string, args: string[], store: string): boolean {
  const short = args.filter((a) => /^-[a-zA-Z]+$/.test(a)).join("");
  if (!short.includes("x") && !short.includes("X")) return false;
  const name = store.slice(store.lastIndexOf("/") + 1);
  const excludes: string[] = [];
  const pathspecs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      pathspecs.push(...args.slice(i + 1));
      break;
    }
    if (VALUED.has(a)) excludes.push(args[++i] ?? "");
    else if (a.startsWith("--exclude=")) excludes.push(a.slice(10));
    else if (/^-[a-zA-Z]*e./.test(a) && !a.startsWith("--")) excludes.push(a.slice(a.indexOf("e") + 1));
    else if (!a.startsWith("-")) pathspecs.push(a);
  }
  const kept = !short.includes("X") && excludes.some((e) => e.replace(/^\/|\/$/g, "") === name);
  if (kept) return false;
  const inScope = (root: string) => store === root || store.startsWith(root === "/" ? "/" : `${root}/`);
  if (pathspecs.length === 0) return inScope(dir);
  // Magic (`:/…`) or glob pathspecs can name it from anywhere.
  return pathspecs.some((p) => /^:|[*?[]/.test(p) || inScope(normalize(isAbsolute(p) ? p : join(dir, p)).replace(/(.)\/$/, "$1")));
}
