import { readFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { AnalyzeContext, Handler } from "./context.ts";
import { clusterValue, longOption, optionWalk, wordFrom } from "./getopt.ts";
import { absolutePath } from "./program-path.ts";
import { folderSent, lineWrote } from "./publishes.ts";
import { isSecretFile } from "./secrets.ts";
import { judgeSent } from "./sent-tree.ts";
import { unmodelledReading } from "./unknown-program.ts";

/*
 * Publishes that build first, or send what a build left (session 10), judged by what they send
 * as `npm publish` is (publishes.ts):
 * - `poetry publish --build` and `flit publish` build an sdist and a wheel from the project and
 *   upload them. What they pack (the package's folders, pyproject.toml, the readme and license,
 *   the `include` lists) is a part of the project folder less what .gitignore lists, so the
 *   folder is walked, less what no Python build packs (.git, dist, caches, virtual environments)
 *   and the .gitignore's names; when pyproject.toml names files to include (which may be ignored
 *   ones) or the line wrote it, the .gitignore is not followed. A credential file among them, or a
 *   tree that cannot be walked, is ASK_DATA_EGRESS; a clean project passes.
 * - `poetry publish` (no build) and `hatch publish [ARTIFACTS]` upload the archives already in
 *   dist/ (poetry's `--dist-dir`): those files are what is sent, as `npm publish x.tgz` sends its
 *   tarball (a credential there asks). hatch's `-p NAME` names a configured project whose folder
 *   the guard does not read: ASK_DATA_EGRESS.
 * - `deno publish` sends the package folder (deno.json's) less .gitignore's names (not followed
 *   when deno.json or jsr.json names an `include`), .git and node_modules.
 * - `vsce|ovsx publish` pack the extension folder less `.vscodeignore`'s names, or package.json's
 *   `files` (`-i`/`--packagePath` FILE…: those files).
 * - `mvn deploy` (also `deploy:deploy-file`, `site-deploy`, `release:perform`, `jib:build`) and
 *   `gradle publish` (`publish…` tasks but to Maven Local, `upload…`, `jib`) send what the build's
 *   plugins assemble, which the guard cannot enumerate without running the build: ASK_DATA_EGRESS,
 *   as `docker push` of an image is.
 * `--dry-run` (poetry, deno, gradle's `-m`) sends nothing.
 */

const PY_NEVER = new Set([".git", ".hg", ".svn", "dist", "build", "__pycache__", ".venv", "venv", ".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache", "node_modules"]);
const DENO_NEVER = new Set([".git", "node_modules"]);
const VSCE_NEVER = new Set([".git", "node_modules", ".vscode-test"]);
// pyproject.toml keys that add files to a build, ignored ones included: poetry's and flit's
// `include`, hatch's `force-include`, `only-include`, `artifacts` and `sources` (as a key or a
// table). `packages = [{ include = "x" }]` names a package folder, filtered like the rest.
const PY_INCLUDES = /^\s*(?:"|')?(?:include|force-include|only-include|artifacts|sources)(?:"|')?\s*=|^\s*\[[^\]]*\.(?:force-include|sources)\]/m;

// Options before the subcommand that take the next word, and the publish's own valued options.
const POETRY_VALUED = new Set(["-C", "--directory", "-P", "--project", "-r", "--repository", "-u", "--username", "-p", "--password", "--cert", "--client-cert", "--dist-dir"]);
const FLIT_VALUED = new Set(["--repository", "--pypirc", "--format", "-f", "--ini-file"]);
const HATCH_VALUED = new Set(["-e", "--env", "-p", "--project", "--color", "--interactive", "--data-dir", "--cache-dir", "--config", "-r", "--repo", "-u", "--user", "-a", "--auth", "--ca-cert", "--client-cert", "--client-key", "-o", "--option"]);
const VSCE_VALUED = new Set(["-p", "--pat", "--target", "--githubBranch", "--gitlabBranch", "--baseContentUrl", "--baseImagesUrl", "-m", "--message", "--readme-path", "--changelog-path", "--manifestPath", "--signaturePath", "--sigzipPath", "--azure-credential", "--registryUrl", "-r"]);
const MVN_VALUED = new Set(["-f", "--file", "-s", "--settings", "-gs", "--global-settings", "-t", "--toolchains", "-gt", "--global-toolchains", "-l", "--log-file", "-pl", "--projects", "-rf", "--resume-from", "-D", "--define", "-P", "--activate-profiles", "-T", "--threads", "-b", "--builder", "-emp", "--encrypt-master-password", "-ep", "--encrypt-password", "--color"]);
const GRADLE_VALUED = new Set(["-p", "--project-dir", "-b", "--build-file", "-c", "--settings-file", "-g", "--gradle-user-home", "-I", "--init-script", "-x", "--exclude-task", "-D", "--system-prop", "-P", "--project-prop", "--console", "--warning-mode", "--include-build", "--max-workers", "--priority", "--project-cache-dir", "-M", "--write-verification-metadata", "-F", "--dependency-verification", "--update-locks", "--configuration-cache-problems", "--watch-fs-debug"]);

/**
 * The words after the subcommand, and the values of `valued` options anywhere (a long one's also
 * attached, `--dist-dir=DIR`; a short one's attached, `-pDIR`, or after flags in one cluster, `-vp
 * DIR`, as argparse, click, clap, cleo and commander all read them; with `abbreviated`, argparse's
 * unambiguous prefixes of those long names, `--proj DIR`); null when a word split is unknown or
 * the subcommand is not `sub`.
 */
function _after(args: Word[], valued: ReadonlySet<string>, sub: string, abbreviated?: readonly string[]): { rest: Word[]; operands: Word[]; values: Map<string, Word> } | null {
  if (args.some((a) => a.dynamic && !a.quoted)) return null;
  const values = new Map<string, Word>();
  const operands = optionWalk(
    args,
    (a, i) => {
      const v = a.value;
      // A cluster of short options (`-vp DIR`, `-pDIR`): the first that takes a value takes the
      // rest of the word, else the next word.
      if (v[1] !== "-" && (a.dynamic || !valued.has(v))) {
        const got = clusterValue(args, i, { includes: (c: string) => valued.has(`-${c}`) });
        if (got?.value) values.set(`-${got.letter}`, got.value);
        return got ? got.i : i;
      }
      const eq = v.startsWith("--") ? v.indexOf("=") : -1;
      let flag = eq > 0 ? v.slice(0, eq) : v;
      if (abbreviated && !valued.has(flag) && flag.startsWith("--")) flag = `--${longOption(flag.slice(2), abbreviated) ?? ""}`;
      if (!valued.has(flag)) return i;
      const value = eq > 0 ? wordFrom(a, eq + 1) : args[i + 1];
      if (value) values.set(flag, value);
      return eq > 0 ? i : i + 1;
    },
    true,
  );
  const first = operands[0];
  if (first === undefined || first.dynamic || first.value !== sub) return null;
  return { rest: args.slice(args.indexOf(first) + 1), operands: operands.slice(1), values };
}

/** The long names (without `--`) of a set of option spellings. */
const longNames = (valued: ReadonlySet<string>): string[] => [...valued].filter((n) => n.startsWith("--")).map((n) => n.slice(2));

/** An absolute folder from the running one and a spelled one; null when unknown. */
function _folder(ctx: AnalyzeContext, spelled: Word | undefined): string | null {
  return spelled ? absolutePath(spelled.value, ctx.state.cwd, spelled.dynamic) : ctx.state.cwd;
}

/** Whether a project file names files to include (or cannot be read as on disk): the ignore file is then not followed. */
function _includes(ctx: AnalyzeContext, file: string, names: RegExp): boolean {
  if (lineWrote(ctx, file)) return true;
  try {
    return names.test(readFileSync(file, "utf8"));
  } catch {
    return false;
  }
}

/** The archives a publish sends, each judged as a sent file (a credential named: ASK_SECRET_ACCESS), folders walked. */
function _archives(words: Word[], verb: string, ctx: AnalyzeContext): Op[] {
  if (words.some((w) => w.dynamic)) return [op("egress", verb)];
  const sent = judgeSent(words.map((word) => ({ word, recursive: true })), true, ctx);
  if (sent === "clean") return [];
  return sent === "secret" && words.some((w) => isSecretFile(w)) ? [op("secret", verb)] : [op("egress", verb)];
}

/** A Python project folder built and sent: walked less PY_NEVER and .gitignore's names. */
function _pythonBuild(dir: string | null, verb: string, ctx: AnalyzeContext): Op[] {
  if (dir === null) return [op("egress", verb)];
  const ignore = _includes(ctx, join(dir, "pyproject.toml"), PY_INCLUDES) ? [] : [".gitignore"];
  return folderSent(dir, PY_NEVER, ignore, false, ctx) ? [] : [op("egress", verb)];
}

const _dryRun = (words: Word[]) => words.some((w) => w.value === "--dry-run" || w.value === "--help" || w.value === "-h");

/** `poetry publish [--build] [--dist-dir DIR]` (`-C DIR`/`--directory`, `-P DIR`/`--project`). */
export const poetryPublish: Handler = (inv) => {
  const ops = unmodelledReading(inv);
  const read = _after(inv.args, POETRY_VALUED, "publish");
  if (read === null) return ops;
  if (_dryRun(inv.args)) return ops;
  const dir = _folder(inv.ctx, read.values.get("-P") ?? read.values.get("--project") ?? read.values.get("-C") ?? read.values.get("--directory"));
  if (read.rest.some((w) => w.value === "--build")) return [...ops, ..._pythonBuild(dir, "poetry publish", inv.ctx)];
  const dist = read.values.get("--dist-dir");
  if (dist?.dynamic || (dir === null && !(dist && isAbsolute(dist.value)))) return [...ops, op("egress", "poetry publish")];
  const at = dist && isAbsolute(dist.value) ? dist.value : join(dir!, dist?.value ?? "dist");
  return [...ops, ..._archives([literalWord(at)], "poetry publish", inv.ctx)];
};

const UV_VALUED = new Set(["--publish-url", "-u", "--username", "-p", "--password", "-t", "--token", "--trusted-publishing", "--keyring-provider", "--check-url", "--index", "--directory", "--project", "--cache-dir", "--config-file", "--color", "--python"]);
const PDM_VALUED = new Set(["-r", "--repository", "-u", "--username", "-P", "--password", "-i", "--identity", "-c", "--comment", "--ca-certs", "-p", "--project", "-S", "--sign"]);
// pdm and flit read their options with argparse, which takes an unambiguous prefix of a long name.
const PDM_LONGS = longNames(PDM_VALUED);
const FLIT_LONGS = longNames(FLIT_VALUED);

/** `uv publish [FILES…]`: the files named, else dist/'s (`--directory DIR`'s). */
export const uvPublish: Handler = (inv) => {
  const read = _after(inv.args, UV_VALUED, "publish");
  if (read === null || _dryRun(read.rest)) return [];
  if (read.operands.length > 0) return _archives(read.operands, "uv publish", inv.ctx);
  const dir = _folder(inv.ctx, read.values.get("--directory") ?? read.values.get("--project"));
  return dir === null ? [op("egress", "uv publish")] : _archives([literalWord(join(dir, "dist"))], "uv publish", inv.ctx);
};

/** `pdm publish` builds (unless `--no-build`: dist/'s archives) from `-p DIR`'s project or where it runs. */
export const pdmPublish: Handler = (inv) => {
  const read = _after(inv.args, PDM_VALUED, "publish", PDM_LONGS);
  if (read === null || _dryRun(read.rest)) return [];
  const dir = _folder(inv.ctx, read.values.get("-p") ?? read.values.get("--project"));
  if (!read.rest.some((w) => w.value === "--no-build")) return _pythonBuild(dir, "pdm publish", inv.ctx);
  return dir === null ? [op("egress", "pdm publish")] : _archives([literalWord(join(dir, "dist"))], "pdm publish", inv.ctx);
};

/** `flit publish`: builds from the project where flit runs and uploads. */
export const flitPublish: Handler = (inv) => {
  const ops = unmodelledReading(inv);
  const read = _after(inv.args, FLIT_VALUED, "publish", FLIT_LONGS);
  if (read === null || _dryRun(inv.args)) return ops;
  return [...ops, ..._pythonBuild(inv.ctx.state.cwd, "flit publish", inv.ctx)];
};

/** `hatch publish [ARTIFACTS…]`: the archives named, or dist/; `-p NAME` is a project of hatch's configuration, its folder unknown. */
export const hatchPublish: Handler = (inv) => {
  const ops = unmodelledReading(inv);
  const read = _after(inv.args, HATCH_VALUED, "publish");
  if (read === null || _dryRun(read.rest)) return ops;
  if (read.operands.length > 0) return [...ops, ..._archives(read.operands, "hatch publish", inv.ctx)];
  const dir = read.values.has("-p") || read.values.has("--project") ? null : inv.ctx.state.cwd;
  if (dir === null) return [...ops, op("egress", "hatch publish")];
  return [...ops, ..._archives([literalWord(join(dir, "dist"))], "hatch publish", inv.ctx)];
};

/** `deno publish` (`-c`/`--config FILE`: its folder). */
export const denoPublish: Handler = (inv) => {
  const read = _after(inv.args, new Set(["-c", "--config", "--token", "--set-version"]), "publish");
  if (read === null || _dryRun(read.rest)) return [];
  const config = read.values.get("-c") ?? read.values.get("--config");
  const file = _folder(inv.ctx, config);
  const dir = config ? (file === null ? null : dirname(file)) : file;
  if (dir === null) return [op("egress", "deno publish")];
  const configs = config ? [file!] : ["deno.json", "deno.jsonc", "jsr.json"].map((f) => join(dir, f));
  const ignore = configs.some((f) => _includes(inv.ctx, f, /"include"/)) ? [] : [".gitignore"];
  return folderSent(dir, DENO_NEVER, ignore, false, inv.ctx) ? [] : [op("egress", "deno publish")];
};

/** `vsce|ovsx publish [-i FILE…]`: the packages named, else the extension folder. */
export const vscePublish: Handler = (inv) => {
  const ops = unmodelledReading(inv);
  const verb = `${inv.name} publish`;
  const read = _after(inv.args, VSCE_VALUED, "publish");
  if (read === null || _dryRun(read.rest)) return ops;
  // `-i`/`--packagePath` takes every word up to the next option.
  const packages: Word[] = [];
  for (let i = 0; i < read.rest.length; i++) {
    const v = read.rest[i]!.value;
    if (v !== "-i" && v !== "--packagePath" && !v.startsWith("--packagePath=")) continue;
    if (v.startsWith("--packagePath=")) packages.push(wordFrom(read.rest[i]!, 14));
    while (read.rest[i + 1] && !read.rest[i + 1]!.value.startsWith("-")) packages.push(read.rest[++i]!);
  }
  if (packages.length > 0) return [...ops, ..._archives(packages, verb, inv.ctx)];
  const dir = inv.ctx.state.cwd;
  if (dir === null) return [...ops, op("egress", verb)];
  return [...ops, ...(folderSent(dir, VSCE_NEVER, [".vscodeignore"], true, inv.ctx) ? [] : [op("egress", verb)])];
};

// Maven phases and goals that upload what the build made.
const MVN_SENDS = /^(?:deploy|site-deploy)$|:(?:deploy|deploy-file|perform)$|^(?:[\w.-]+:)?jib(?:-maven-plugin)?(?::[\w.-]+)?:build$/;

/** `mvn deploy` and the other sending goals (`./mvnw` too): what the build assembled, not enumerable. */
export const mavenDeploy: Handler = (inv) => {
  const ops = unmodelledReading(inv);
  const words = _tasks(inv.args, MVN_VALUED);
  if (words === null) return [...ops, op("egress", `${inv.name} deploy`)];
  if (inv.args.some((a) => /^-(?:v|h|-version|-help)$/.test(a.value) || /^-Dmaven\.deploy\.skip=true$/.test(a.value))) return ops;
  return words.some((w) => MVN_SENDS.test(w)) ? [...ops, op("egress", `${inv.name} deploy`)] : ops;
};

/** `gradle publish` and the other sending tasks (`./gradlew` too): what the build assembled, not enumerable. */
export const gradlePublish: Handler = (inv) => {
  const ops = unmodelledReading(inv);
  const words = _tasks(inv.args, GRADLE_VALUED);
  if (words === null) return [...ops, op("egress", `${inv.name} publish`)];
  if (inv.args.some((a) => /^-(?:m|-dry-run|v|-version|h|-help|\?)$/.test(a.value))) return ops;
  // The task's name after its project path (`:lib:publish`); a prefix of `publish` gradle expands.
  const sends = words.some((w) => {
    const task = w.slice(w.lastIndexOf(":") + 1);
    if (/MavenLocal$/.test(task)) return false;
    return /^(?:publish|upload|bintrayUpload|jib$)/.test(task) || (task.length >= 3 && "publish".startsWith(task));
  });
  return sends ? [...ops, op("egress", `${inv.name} publish`)] : ops;
};

/** The words that are no option or option value (phases, goals, tasks); null when a word split is unknown (it may name a sending one). */
function _tasks(args: Word[], valued: ReadonlySet<string>): string[] | null {
  if (args.some((a) => a.dynamic && !a.quoted)) return null;
  return optionWalk(args, (a, i) => (valued.has(a.value) ? i + 1 : i), true).map((w) => w.value);
}
