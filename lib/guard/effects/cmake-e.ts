import type { Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { scanUnknownProgram } from "./unknown-program.ts";
import { descriptorScript } from "./command-runners.ts";
import { wordFrom } from "./getopt.ts";

/**
 * `cmake -E COMMAND …` is a portable coreutils (red team 7, C2): each command is judged as the
 * program it stands for, so `cmake -E remove_directory DIR` is `rm -r DIR` (RELOCATE in the
 * workspace, BLOCK outside), `copy A B` is `cp`, `create_symlink A B` is `ln -sf`, and
 * `chdir DIR CMD…` runs CMD in DIR like `env -C DIR CMD…`. Commands that only print, compare or
 * hash change nothing; any other use of cmake is judged as an unknown program, as before.
 */
const AS: Record<string, [string, ...string[]]> = {
  rm: ["rm"],
  remove: ["rm"],
  remove_directory: ["rm", "-r", "--"],
  rmdir: ["rmdir"],
  rename: ["mv", "-T", "--"],
  copy: ["cp"],
  copy_if_different: ["cp"],
  copy_if_newer: ["cp"],
  create_symlink: ["ln", "-sfT", "--"],
  create_hardlink: ["ln", "-fT", "--"],
  make_directory: ["mkdir", "-p", "--"],
  touch: ["touch", "--"],
  touch_nocreate: ["touch", "-c", "--"],
  tar: ["tar"],
  env: ["env"],
  time: ["time"],
  cat: ["cat"],
};

// Commands that print, compare, hash or wait.
const INERT = new Set(
  "echo echo_append compare_files md5sum sha1sum sha224sum sha256sum sha384sum sha512sum sleep true false capabilities environment help -h --help".split(" "),
);

export const cmake: Handler = (inv) => {
  const { args, ctx, cmd } = inv;
  const script = args[0]?.value === "-E" ? [] : _scriptFromDescriptor(inv, ["-P"]);
  if (script.length) return script;
  const sub = args[1];
  if (args[0]?.value !== "-E" || !sub || sub.dynamic) return scanUnknownProgram(args, ctx, inv.name, cmd);
  const rest = args.slice(2);
  if (INERT.has(sub.value)) return [];
  if (sub.value === "chdir") return _run("env", [literalWord("-C"), ...rest], inv);
  if (sub.value === "copy_directory" || sub.value === "copy_directory_if_different") return _copyDirectory(rest, inv);
  const as = AS[sub.value];
  if (!as) return scanUnknownProgram(args, ctx, inv.name, cmd);
  const [program, ...flags] = as;
  return _run(program, [...flags.map((f) => literalWord(f)), ...rest], inv);
};

/**
 * `ctest -S SCRIPT` (`-SP`, `-SR`; `SCRIPT,ARGS`) runs a dashboard script in CMake's language: one
 * read from a descriptor is judged as for cmake -P; any other use is an unmodelled program.
 */
export const ctest: Handler = (inv) => [..._scriptFromDescriptor(inv, ["-SP", "-SR", "-S"]), ...scanUnknownProgram(inv.args, inv.ctx, inv.name, inv.cmd)];

/**
 * A script option (`cmake -P FILE`, `ctest -S FILE`) whose file is this process's input
 * (`/dev/stdin <<< 'file(REMOVE_RECURSE ~)'`) or another descriptor: CMake's language deletes
 * files and runs programs, and the guard does not read it, so any text there is unknown (as
 * make's `-f /dev/stdin`, command-runners.ts). A script the line wrote is judged by
 * written-inputs.ts; an existing project script as before.
 */
function _scriptFromDescriptor(inv: Invocation, options: string[]): Op[] {
  const ops: Op[] = [];
  const { args } = inv;
  for (let i = 0; i < args.length; i++) {
    const option = options.find((o) => args[i]!.value.startsWith(o));
    if (option === undefined) continue;
    const word = args[i]!.value === option ? args[i + 1] : wordFrom(args[i]!, option.length);
    // `ctest -S SCRIPT,ARGS`: the file is before the comma.
    if (word) ops.push(...descriptorScript(inv, { ...word, value: word.value.split(",")[0]! }, false));
  }
  return ops;
}

function _run(program: string, args: Word[], inv: Invocation): Op[] {
  return analyzeArgv(literalWord(program), args, inv.ctx, inv.cmd);
}

/** `copy_directory SRC… DEST`: the contents of each SRC into DEST, as `cp -r SRC/. DEST`. */
function _copyDirectory(args: Word[], inv: Invocation): Op[] {
  const dest = args.at(-1);
  if (!dest || args.length < 2) return [];
  return args.slice(0, -1).flatMap((src) => _run("cp", [literalWord("-r"), src.dynamic ? src : { ...src, value: `${src.value.replace(/\/+$/, "")}/.`, pattern: `${src.pattern.replace(/\/+$/, "")}/.` }, dest], inv));
}
