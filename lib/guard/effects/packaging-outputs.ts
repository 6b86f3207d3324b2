import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { archiveWrite } from "./archive-writes.ts";
import type { Handler, Invocation } from "./context.ts";
import { clusterValue, computedRest, dashWord, EXACT, longWord, mayName, optionWalk, wordFrom } from "./getopt.ts";
import { createdFiles, filledFolder, realOutput } from "./sinks.ts";
import { unmodelledReading } from "./unknown-program.ts";

// The files and folders build, packaging and image tools write where an option or operand says
// (session 9, the leftovers of session 8's output-writer hunt): `dotnet publish|build|pack -o DIR`,
// `helm package|pull -d DIR`, `helm template --output-dir DIR`, `terraform plan -out=FILE`,
// `vagrant package --output FILE`, `skopeo copy SRC dir:PATH`, `jar cf FILE`, `jar xf` (an
// extraction into the working folder). A file is judged like `> FILE` (createdFiles), an archive
// updated in place like zip's (archiveWrite), a folder like `tar -x -C DIR`: members of unknown
// names written into it, any of which may replace an entry there. dotnet, helm, terraform and
// vagrant keep their own handlers (app-databases.ts, infra.ts, service-deletes.ts): these add
// only the writes; skopeo and jar are otherwise unmodelled programs (their words scanned).

/** Members of unknown names written into each folder (judged like `tar -x -C DIR`). */
const into = (name: string, dirs: Word[]): Op[] => (dirs.length ? [filledFolder(name, dirs)] : []);

/** `w` as a path below the folder `dir` (`w` itself when absolute, computed, or without a folder). */
const _below = (dir: Word | undefined, w: Word): Word => (!dir || w.dynamic || w.value.startsWith("/") ? w : { ...w, value: `${dir.value}/${w.value}`, pattern: `${dir.value}/${w.value}`, dynamic: dir.dynamic });

/**
 * The first word that is no option, not `-` (cobra's subcommand search drops it) and not the
 * value of one of `valued` (a subcommand), and the words after it.
 */
function _verb(args: Word[], valued: readonly string[]): { verb: Word | undefined; rest: Word[] } {
  const verb = optionWalk(args, (a, i) => (valued.includes(a.value) ? i + 1 : i)).find((a) => a.dynamic || a.value !== "-");
  return { verb, rest: verb ? args.slice(args.indexOf(verb) + 1) : [] };
}

/**
 * The values of the options `long` and `short`, as pflag and System.CommandLine read them (no
 * abbreviation): long `--name VALUE|=VALUE`, with `:VALUE` too where `colon` (`--output:DIR`),
 * and short `-x VALUE|-xVALUE|-x=VALUE` (`-x:VALUE` where `colon`), also at the end of a cluster
 * of the `flags` letters, as pflag reads `helm package -ud DIR`; `-o$D`'s value is its computed
 * rest (clusterValue), and so is that of a computed long name that may go on to one of `long`
 * (`--dest$X`); `-$X`, `--$X` may be any option: an unknown value.
 */
function _values(args: Word[], long: readonly string[], short: string, colon = false, flags = ""): Word[] {
  const out: Word[] = [];
  const operands = optionWalk(args, (a, i) => {
    if (a.value.startsWith("--")) {
      const { name, value } = longWord(a, long, EXACT, colon);
      // `--dest$X`, `--destination$X`: the expansion may go on to `=DIR`; the next word is no value.
      if (a.dynamic && value === undefined) {
        if (mayName(a.value.slice(2), long)) out.push(computedRest(a));
        return i;
      }
      if (name === undefined) return i;
      const given = value ?? args[i + 1];
      if (given) out.push(given);
      return value ? i : i + 1;
    }
    const got = clusterValue(args, i, short);
    if (!got || [...a.value.slice(1, got.at)].some((c) => !flags.includes(c))) return i;
    // pflag and System.CommandLine take `-d=DIR` (the latter `-o:DIR` too) as the value DIR.
    const sep = got.i === i && (got.value!.value[0] === "=" || (colon && got.value!.value[0] === ":"));
    if (got.value) out.push(sep ? wordFrom(got.value, 1) : got.value);
    return got.i;
  }, true);
  // `-$X`, `--$X`: an option of any name (getopt.ts dashWord), these too.
  if (operands.some(dashWord)) out.push(unknownWord());
  return out;
}

// dotnet's subcommands whose `-o DIR`/`--output DIR` (also `--output:DIR`, `--output=DIR`) is the
// folder they write (`clean -o` deletes the build outputs there, `new -o` writes the project).
const DOTNET_OUTPUTS = new Set(["build", "publish", "pack", "test", "clean", "new", "msbuild", "store"]);

// MSBuild properties naming a folder the build writes (`-p:OutputPath=DIR`, `/p:OutDir=DIR`,
// `-property:PublishDir=DIR`; several joined by `;` or `,`), read case-insensitively as MSBuild does.
const MSBUILD_PROPERTY = /^(?:--?|\/)(?:p|property):(.*)$/is;
const MSBUILD_OUTPUTS = new Set(["outputpath", "outdir", "publishdir", "packageoutputpath", "baseoutputpath", "baseintermediateoutputpath", "intermediateoutputpath"]);

/**
 * `dotnet publish|build|pack|test|clean|new -o DIR`: a folder written into; so are the output
 * folders MSBuild properties name (`dotnet build -p:OutputPath=DIR`, also through `run` and `msbuild`).
 */
export const dotnet: Handler = ({ name, args }) => {
  const { verb, rest } = _verb(args, []);
  if (!verb || verb.dynamic || !(DOTNET_OUTPUTS.has(verb.value) || verb.value === "run")) return [];
  const dirs = verb.value === "run" ? [] : _values(rest, ["output"], "o", true).filter(realOutput);
  for (const a of rest) {
    const m = MSBUILD_PROPERTY.exec(a.value);
    if (!m) continue;
    for (const part of m[1]!.split(/[;,]/)) {
      const eq = part.indexOf("=");
      // A word with an expansion: its folder is unknown.
      if (eq > 0 && MSBUILD_OUTPUTS.has(part.slice(0, eq).trim().toLowerCase())) dirs.push(a.dynamic ? unknownWord() : literalWord(part.slice(eq + 1)));
    }
  }
  return into(name, dirs);
};

// helm's options that take a value before the subcommand (pflag: global flags may come first).
const HELM_GLOBAL_VALUED = ["-n", "--namespace", "--kube-context", "--kubeconfig", "--kube-apiserver", "--kube-as-user", "--kube-as-group", "--kube-ca-file", "--kube-token", "--registry-config", "--repository-cache", "--repository-config", "--burst-limit", "--qps", "--kube-tls-server-name"];

/**
 * helm: `package -d DIR` (`--destination`) and `pull|fetch -d DIR` write a chart archive into DIR;
 * `pull --untar` unpacks it into `--untardir` (below DIR unless absolute); `template --output-dir
 * DIR` writes the rendered manifests there; `repo index DIR` writes DIR/index.yaml.
 */
export const helm: Handler = ({ name, args }) => {
  const { verb, rest } = _verb(args, HELM_GLOBAL_VALUED);
  const sub = verb?.dynamic ? "" : verb?.value;
  if (sub === "package" || sub === "pull" || sub === "fetch") {
    const dest = _values(rest, ["destination"], "d", false, "u").at(-1);
    const dirs = dest ? [dest] : [];
    if (sub !== "package" && rest.some((a) => a.value === "--untar" || a.value === "--untar=true")) {
      const untar = _values(rest, ["untardir"], "").at(-1);
      if (untar) dirs.push(_below(dest, untar));
    }
    return into(name, dirs);
  }
  if (sub === "template") return into(name, _values(rest, ["output-dir"], ""));
  // `dependency update|build CHART` writes the dependencies' archives into CHART/charts and its Chart.lock.
  if ((sub === "dependency" || sub === "dependencies" || sub === "dep") && /^(update|up|build)$/.test(rest[0]?.value ?? "")) {
    const chart = optionWalk(rest.slice(1), (a, i) => (a.value === "--keyring" ? i + 1 : i))[0] ?? literalWord(".");
    if (chart.dynamic) return into(name, [chart]);
    return [...into(name, [literalWord(`${chart.value}/charts`)]), ...createdFiles(name, [literalWord(`${chart.value}/Chart.lock`)])];
  }
  // `create NAME` writes a chart's skeleton into the folder NAME (over files already there).
  if (sub === "create") return into(name, optionWalk(rest, (a, i) => (a.value === "-p" || a.value === "--starter" ? i + 1 : i)).slice(0, 1));
  if (sub === "repo" && rest[0]?.value === "index") {
    const dir = optionWalk(rest.slice(1), (a, i) => (a.value === "--url" || a.value === "--merge" ? i + 1 : i))[0];
    return dir ? createdFiles(name, [dir.dynamic ? dir : { ...dir, value: `${dir.value}/index.yaml`, pattern: `${dir.value}/index.yaml` }]) : [];
  }
  return [];
};

// terraform's options that name a file it writes (Go flags: one dash or two, `=VALUE` or the next word).
const TERRAFORM_FILES = ["out", "state-out", "backup", "generate-config-out"];

/**
 * terraform (tofu): `plan -out=FILE` (also `-generate-config-out`), `apply|refresh|import
 * -state-out=FILE|-backup=FILE` write that file (`-backup=-` none); `providers mirror DIR` fills a
 * folder. A relative name is below `-chdir=DIR`. `show`, `output`, `graph` only print.
 */
export const terraform: Handler = ({ name, args }) => {
  let chdir: Word | undefined;
  const files: Word[] = [];
  const words: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    // A computed value keeps its known option (`-out="$PLAN"`).
    const m = /^--?([\w-]+)(=?)/.exec(a.value);
    if (!m) {
      words.push(a);
      continue;
    }
    const value = m[2] ? wordFrom(a, m[0].length) : TERRAFORM_FILES.includes(m[1]!) ? args[++i] : undefined;
    if (m[1] === "chdir" && value) chdir = value;
    else if (value && TERRAFORM_FILES.includes(m[1]!) && value.value !== "-") files.push(value);
  }
  const below = (w: Word): Word => _below(chdir, w);
  const ops = createdFiles(name, files.map(below));
  if (words[0]?.value === "providers" && words[1]?.value === "mirror" && words[2]) ops.push(...into(name, [below(words[2])]));
  return ops;
};

/** `vagrant package --output FILE` (Ruby's OptionParser: `--output=FILE`, unambiguous prefixes such as `--out`). */
export const vagrant: Handler = ({ name, args }) => {
  if (args[0]?.value !== "package") return [];
  const files: Word[] = [];
  const names = ["output", "base", "include", "info", "vagrantfile", "help"];
  const words = args.slice(1);
  const operands = optionWalk(words, (a, i) => {
    if (!a.value.startsWith("--")) return i;
    const { name: opt, value } = longWord(a, names);
    // `--out$X`: the expansion may go on to `=FILE`; the next word is no value (as _values reads it).
    if (a.dynamic && value === undefined) {
      if (mayName(a.value.slice(2), ["output"])) files.push(computedRest(a));
      return i;
    }
    if (opt !== "output" && opt !== "base" && opt !== "include" && opt !== "vagrantfile") return i;
    const given = value ?? words[i + 1];
    if (opt === "output" && given) files.push(given);
    return value ? i : i + 1;
  }, true);
  // `--$X`: an option of any name (getopt.ts dashWord), `--output=FILE` too.
  if (operands.some(dashWord)) files.push(unknownWord());
  return createdFiles(name, files);
};

// skopeo's options that take a value (global and copy/sync), so their values are no operands.
const SKOPEO_VALUED = new Set(
  (
    "--command-timeout --override-arch --override-os --override-variant --policy --registries.d --registries-conf --tmpdir " +
    "--authfile --src-authfile --dest-authfile --src-creds --dest-creds --src-username --src-password --dest-username --dest-password " +
    "--src-cert-dir --dest-cert-dir --src-registry-token --dest-registry-token --src-shared-blob-dir --dest-shared-blob-dir " +
    "--src-daemon-host --dest-daemon-host --format -f --sign-by --sign-by-sigstore --sign-by-sigstore-private-key --sign-passphrase-file " +
    "--sign-identity --additional-tag --digestfile --dest-compress-format --dest-compress-level --multi-arch --retry-times --retry-delay " +
    "--encryption-key --encrypt-layer --decryption-key --image-parallel-copies --dest-precompute-digests --src -s --dest -d --scoped " +
    "--append-suffix"
  ).split(" "),
);

/**
 * A local image destination of skopeo: `dir:PATH` and `oci:PATH[:REF]` are folders written into,
 * `docker-archive:PATH[:REF]` and `oci-archive:PATH[:REF]` files; other transports (`docker://`,
 * `containers-storage:`) are no local file.
 */
function _imageDest(name: string, w: Word | undefined, transport?: string): Op[] {
  if (!w) return [];
  if (transport !== undefined) return transport === "dir" || transport === "oci" ? into(name, [w]) : [];
  if (w.dynamic && !/^[a-z-]+:/.test(w.value)) return [op("unknown", name)];
  const m = /^(dir|oci|docker-archive|oci-archive):/.exec(w.value);
  if (!m) return [];
  let path = wordFrom(w, m[0].length);
  // The path ends at its first `:` but in `dir:` (a reference follows it).
  const colon = m[1] === "dir" || path.dynamic ? -1 : path.value.indexOf(":");
  if (colon >= 0) path = { ...path, value: path.value.slice(0, colon), pattern: path.pattern.slice(0, colon) };
  return m[1] === "dir" || m[1] === "oci" ? into(name, [path]) : createdFiles(name, [path]);
}

/** `skopeo copy SRC DST`, `skopeo sync --dest dir SRC DIR`: the local destination; `--digestfile FILE` written. */
const skopeo: Handler = (inv) => {
  const { name, args } = inv;
  const ops: Op[] = unmodelledReading(inv);
  let dest: string | undefined;
  const operands = optionWalk(args, (a, i) => {
    const eq = a.value.indexOf("=");
    const opt = eq < 0 ? a.value : a.value.slice(0, eq);
    if (!SKOPEO_VALUED.has(opt)) return i;
    const value = eq >= 0 ? wordFrom(a, eq + 1) : args[i + 1];
    if (opt === "--digestfile" && value) ops.push(...createdFiles(name, [value]));
    if ((opt === "--dest" || opt === "-d") && value) dest = value.dynamic ? "dir" : value.value;
    return eq >= 0 ? i : i + 1;
  }, true);
  const sub = operands[0]?.value;
  if (sub === "copy") ops.push(..._imageDest(name, operands[2]));
  else if (sub === "sync") ops.push(..._imageDest(name, operands[2], dest ?? ""));
  return ops;
};

// jar's options that take a value (GNU style): the file, the manifest, the entry point, a folder, the module path, the index.
const JAR_VALUED = "fmeCpi";
const JAR_LONG_VALUED = ["file", "manifest", "main-class", "module-version", "module-path", "release", "date", "hash-modules", "dir", "generate-index"];
const JAR_LONG = [...JAR_LONG_VALUED, "create", "extract", "list", "update", "describe-module", "validate", "verbose", "no-manifest", "no-compress", "keep-old-files"];

/**
 * jar: `c` creates the archive `f` names (stdout without `f`), `u` and `i` update it in place,
 * `x` extracts into the working folder (`-C DIR`, `--dir DIR`: JDK 21) replacing what is there.
 * The old form's first word is a bundle of letters whose `f`, `m` and `e` take the next operands
 * in order (`jar cmf MANIFEST x.jar …`); the GNU form takes `-c -f FILE`, `--create --file=FILE`.
 */
const jar: Handler = (inv) => {
  const { name, args } = inv;
  const ops: Op[] = unmodelledReading(inv);
  let mode = "";
  let file: Word | undefined;
  const dirs: Word[] = [];
  const first = args[0];
  if (!first) return ops;
  if (first.dynamic) return [...ops, op("unknown", name)];
  if (!first.value.startsWith("-")) {
    // The old form: `jar {ctxui}[vfm0Me] [jarfile] [manifest] [entrypoint] [-C dir] files…`.
    let next = 1;
    for (const c of first.value) {
      if ("ctxuid".includes(c) && !mode) mode = c;
      else if (c === "f") file = args[next++];
      else if (c === "m" || c === "e") next++;
    }
    if (mode === "i" && !file) file = args[1];
    args.forEach((a, i) => a.value === "-C" && i > 0 && args[i + 1] && dirs.push(args[i + 1]!));
  } else {
    optionWalk(args, (a, i) => {
      const v = a.value;
      if (v.startsWith("--")) {
        const { name: opt, value: attached } = longWord(a, JAR_LONG, 2);
        if (opt === "create" || opt === "extract" || opt === "list" || opt === "update" || opt === "describe-module" || opt === "validate") mode ||= opt === "describe-module" ? "d" : opt === "validate" ? "d" : opt[0]!;
        if (!opt || !JAR_LONG_VALUED.includes(opt)) return i;
        const value = attached ?? args[++i];
        if (opt === "file") file = value;
        if (opt === "dir" && value) dirs.push(value);
        if (opt === "generate-index") {
          mode ||= "i";
          file = value;
        }
        return i;
      }
      const got = clusterValue(args, i, JAR_VALUED);
      for (const c of v.slice(1, got ? got.at : undefined)) if ("ctxud".includes(c)) mode ||= c;
      if (got?.letter === "f") file = got.value;
      if (got?.letter === "C" && got.value) dirs.push(got.value);
      if (got?.letter === "i") {
        mode ||= "i";
        file = got.value;
      }
      return got?.i ?? i;
    }, true);
  }
  if (mode === "c" && file) ops.push(...createdFiles(name, [file]));
  else if ((mode === "u" || mode === "i") && file) ops.push(...archiveWrite(name, file, ""));
  else if (mode === "x") ops.push(...into(name, dirs.length ? dirs.slice(-1) : [literalWord(".")]));
  return ops;
};

/** The writes of each program this module reads (a registry entry per name: programs.ts). */
export const packagingOutput: Handler = (inv: Invocation) => {
  switch (inv.name) {
    case "dotnet":
      return dotnet(inv);
    case "helm":
      return helm(inv);
    case "terraform":
    case "tofu":
      return terraform(inv);
    case "vagrant":
      return vagrant(inv);
    case "skopeo":
      return skopeo(inv);
    case "jar":
      return jar(inv);
  }
  return [];
};
