import { readFileSync } from "node:fs";
import { basename, dirname, isAbsolute, join, normalize } from "node:path";
import { fnmatchRegExp } from "../fnmatch.ts";
import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { AnalyzeContext, Handler } from "./context.ts";
import { optionWalk, wordFrom } from "./getopt.ts";
import { MANAGER_VALUED, managerSubcommandAt } from "./package-installs.ts";
import { npmOptionTakes } from "./remote-packages.ts";
import { isSecretFile } from "./secrets.ts";
import { judgeSent, type SentRoot } from "./sent-tree.ts";

/*
 * Publishing (session 9): `npm publish`, `pnpm publish`, `yarn publish`, `yarn npm publish`, `bun
 * publish` and `cargo publish` upload the package folder as an archive. Seed 001 allows pushing the workspace
 * (only a force push is refused), and sending ordinary workspace files is allowed elsewhere
 * (`curl -T src/main.ts`, `gh release upload v1 dist/app.js`), so a publish is judged by what it
 * sends, as any sender of a tree is (sent-tree.ts): the package folder walked, less what the tool
 * never packs and what a top-level ignore file (`.npmignore`, else `.gitignore`) leaves out, or
 * only package.json's `files`. A credential file among them, or a tree that cannot be walked, is
 * ASK_DATA_EGRESS as `rsync -a . host:` is; a tarball named is judged as a sent file (a credential
 * named: ASK_SECRET_ACCESS). A dry run sends nothing.
 */

// What npm-packlist never packs (npm and pnpm pack with it); yarn and bun pack their own way, so
// only the folders every tool leaves out are taken off for them.
const NPM_NEVER = new Set([".git", "node_modules", ".npmrc", ".hg", ".svn", "CVS", ".DS_Store", "npm-debug.log", "package-lock.json", "config.gypi"]);
const YARN_NEVER = new Set([".git", "node_modules"]);
const CARGO_NEVER = new Set([".git", "target"]);
// The options of pnpm's and yarn's publish that take a value.
const PUBLISH_VALUED = new Set(["--tag", "--access", "--otp", "--publish-branch", "--registry", "--report-summary", "-C", "--dir", "--filter", "-F", "--new-version", "--message", "-m"]);

/** `npm|pnpm|yarn|bun publish [FOLDER|TARBALL]` and `yarn npm publish`: what they upload. */
export const packagePublish: Handler = (inv) => {
  const { args, ctx, name } = inv;
  // The manager's own options before the subcommand take their values (`pnpm -C DIR publish`).
  const valued = MANAGER_VALUED[name] ?? PUBLISH_VALUED;
  const at = managerSubcommandAt(name, args);
  let sub = args[at];
  let rest = args.slice(at + 1);
  if (name === "yarn" && sub?.value === "npm") [sub, rest] = [rest[0], rest.slice(1)];
  if (!sub || sub.dynamic || sub.value !== "publish") return [];
  if (rest.some((a) => a.value === "--dry-run" || a.value === "--help" || a.value === "-h")) return [];
  const verb = `${name} publish`;
  // The folder: `-w`/`--workspace`, `--prefix`, `-C`/`--dir`/`--cwd`, else the operand, else
  // where it runs; one given before the subcommand is the folder an operand is below.
  const head = _folderWords(args.slice(0, at), name, valued);
  const tail = _folderWords(rest, name, PUBLISH_VALUED);
  if (!head || !tail) return [op("egress", verb)];
  let folder = tail.folder ?? tail.operands[0];
  const base = head.folder;
  if (base && folder && (base.dynamic || folder.dynamic)) return [op("egress", verb)];
  if (base) folder = !folder ? base : isAbsolute(folder.value) ? folder : literalWord(join(base.value, folder.value));
  if (folder?.dynamic) return [op("egress", verb)];
  const cwd = ctx.state.cwd;
  const spelled = folder?.value ?? ".";
  if (!isAbsolute(spelled) && cwd === null) return [op("egress", verb)];
  const path = normalize(isAbsolute(spelled) ? spelled : join(cwd!, spelled));
  // A tarball (or a registry spec npm fetches) is one file sent.
  if (folder && /\.(tgz|tar\.gz|tar)$/.test(spelled)) {
    const sent = judgeSent([{ word: folder, recursive: false }], true, ctx);
    return sent === "clean" ? [] : sent === "secret" && isSecretFile(folder) ? [op("secret", verb)] : [op("egress", verb)];
  }
  return folderSent(path, name === "npm" || name === "pnpm" ? NPM_NEVER : YARN_NEVER, [".npmignore", ".gitignore"], true, ctx) ? [] : [op("egress", verb)];
};

// The options naming the folder a publish packs.
const FOLDER_OPTIONS = new Set(["-w", "--workspace", "--prefix", "-C", "--dir", "--cwd"]);
const NPM_FOLDER_LONG = ["--prefix", "--workspace"];

/**
 * The folder option (FOLDER_OPTIONS) and the operands among a publish's words, read as getopt.ts
 * optionWalk reads them (`--` ends the options, as nopt and commander read it); an option takes
 * the next word by npm's rules (npmOptionTakes, abbreviations too) or the manager's `valued` list, or its value after
 * `=` (a computed `--prefix="$D"` keeps its unknown folder). Null for a word split the guard
 * cannot read (an unquoted computed word that is no option's value).
 */
function _folderWords(words: Word[], name: string, valued: ReadonlySet<string>): { folder: Word | undefined; operands: Word[] } | null {
  let folder: Word | undefined;
  let split = false;
  const operands = optionWalk(
    words,
    (a, i) => {
      split ||= a.dynamic && !a.quoted;
      const eq = a.value.startsWith("--") ? a.value.indexOf("=") : -1;
      const flag = eq < 0 ? a.value : a.value.slice(0, eq);
      const valuedName = name === "npm" ? npmOptionTakes(flag) === 1 : valued.has(flag);
      const takes = eq < 0 && valuedName;
      const value = eq > 0 ? wordFrom(a, eq + 1) : takes ? words[i + 1] : undefined;
      // nopt takes a long name's unique prefix (`--prefi DIR`), which npmOptionTakes resolves
      // among npm's options: a valued one that begins a folder option's name is that option.
      const named = FOLDER_OPTIONS.has(flag) || (name === "npm" && valuedName && flag.startsWith("--") && NPM_FOLDER_LONG.some((f) => f.startsWith(flag)));
      if (value && named) folder = value;
      return takes ? i + 1 : i;
    },
    true,
  );
  return split || operands.some((a) => a.dynamic && !a.quoted) ? null : { folder, operands };
}

/** `cargo publish`: the crate's folder (`--manifest-path`'s, else where cargo runs), less target/ and what .gitignore leaves out. */
export const cargoPublish: Handler = (inv) => {
  const { args, ctx } = inv;
  const at = args.findIndex((a) => !a.value.startsWith("-") && !a.value.startsWith("+"));
  if (args[at]?.value !== "publish") return [];
  const rest = args.slice(at + 1);
  if (rest.some((a) => a.value === "--dry-run" || a.value === "-n" || a.value === "--help" || a.value === "-h")) return [];
  const m = rest.findIndex((a) => a.value === "--manifest-path" || a.value.startsWith("--manifest-path="));
  const manifest = m < 0 ? undefined : rest[m]!.value.includes("=") ? wordFrom(rest[m]!, 16) : rest[m + 1];
  if (manifest?.dynamic || (ctx.state.cwd === null && !(manifest && isAbsolute(manifest.value)))) return [op("egress", "cargo publish")];
  const path = manifest ? dirname(normalize(isAbsolute(manifest.value) ? manifest.value : join(ctx.state.cwd!, manifest.value))) : ctx.state.cwd!;
  return folderSent(path, CARGO_NEVER, [".gitignore"], false, ctx) ? [] : [op("egress", "cargo publish")];
};

/** Whether the line wrote `file` or a folder it is in (its text is not on disk yet). */
export function lineWrote(ctx: AnalyzeContext, file: string): boolean {
  return !!(ctx.state.scripts?.has(file) || ctx.state.landed?.some((l) => l === null || file.startsWith(l)));
}

/**
 * Whether a package folder sends nothing to ask about: package.json's `files` (with npm's rules,
 * `manifest`) or the whole folder less `never` and the first ignore file's patterns, walked.
 */
export function folderSent(dir: string, never: ReadonlySet<string>, ignoreFiles: string[], manifest: boolean, ctx: AnalyzeContext): boolean {
  // A package.json the line wrote is text the guard has not got on disk: walk everything.
  const written = (file: string): boolean => lineWrote(ctx, join(dir, file));
  const files = manifest && !written("package.json") ? _files(dir) : undefined;
  const ignored = files ? null : _ignore(dir, ignoreFiles, written);
  const excluded = (member: string): boolean => {
    const rel = member.slice(dir.length + 1);
    if (never.has(basename(member))) return true;
    return ignored !== null && ignored(rel);
  };
  const roots: SentRoot[] = files ? files.map((f) => ({ word: literalWord(join(dir, f)), recursive: true, excluded })) : [{ word: literalWord(dir), recursive: true, excluded }];
  return judgeSent(roots, true, ctx) === "clean";
}

/** package.json's `files`, each as a folder or file below `dir` (a pattern from its fixed part); undefined when absent or not plain. */
function _files(dir: string): string[] | undefined {
  let json: { files?: unknown };
  try {
    json = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { files?: unknown };
  } catch {
    return undefined;
  }
  const files = json?.files;
  if (!Array.isArray(files) || files.length === 0 || files.length > 64) return undefined;
  const out = ["package.json"];
  for (const f of files) {
    if (typeof f !== "string" || f.startsWith("!")) return undefined;
    // The fixed folders before a pattern: `dist/**/*.js` sends from dist.
    const fixed = f.split("/").filter((p) => p !== "" && p !== ".");
    const at = fixed.findIndex((p) => /[*?[{]/.test(p));
    const part = (at < 0 ? fixed : fixed.slice(0, at)).join("/");
    if (part.split("/").includes("..")) return undefined;
    out.push(part || ".");
  }
  return out;
}

/**
 * The first ignore file of `dir` as a test of a relative path: a pattern without a slash matches
 * a name at any depth, one with a slash the path from the folder, segment by segment (a matching
 * folder leaves out its whole tree). Null when there is none, or when it holds what this reading
 * could get wrong (a negation, `**`, an escape, a file the line wrote): everything is then walked.
 */
function _ignore(dir: string, ignoreFiles: string[], written: (file: string) => boolean): ((rel: string) => boolean) | null {
  for (const file of ignoreFiles) {
    // Written by the line: not on disk yet when judged, and it stands in for the ones after it.
    if (written(file)) return null;
    let text: string;
    try {
      text = readFileSync(join(dir, file), "utf8");
    } catch {
      continue;
    }
    const names: RegExp[] = [];
    const paths: RegExp[][] = [];
    for (const raw of text.split(/\r?\n/).slice(0, 512)) {
      const line = raw.trim();
      if (line === "" || line.startsWith("#")) continue;
      if (line.startsWith("!") || line.includes("**") || line.includes("\\")) return null;
      const pattern = line.replace(/\/+$/, "");
      const anchored = pattern.includes("/");
      const parts = pattern.replace(/^\/+/, "").split("/");
      const res = parts.map((p) => fnmatchRegExp(p));
      if (res.some((r) => r === null)) return null;
      if (anchored) paths.push(res as RegExp[]);
      else names.push(res[0]!);
    }
    return (rel) => {
      const segments = rel.split("/");
      if (names.some((re) => re.test(segments.at(-1)!))) return true;
      return paths.some((res) => res.length === segments.length && res.every((re, k) => re.test(segments[k]!)));
    };
  }
  return null;
}
