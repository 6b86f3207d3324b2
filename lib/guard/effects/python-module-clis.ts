import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { wordFrom } from "./getopt.ts";

/**
 * The command lines of python's standard modules that write files (red team 8, H1/H2):
 * `-m zipfile -e ZIP DIR` and `-m tarfile -e TAR [DIR]` extract into DIR like `unzip -d DIR`
 * (`python3 -m zipfile -e x.zip ~` replaced ~/.bashrc); `-c ARCHIVE …` writes the archive;
 * `-m json.tool IN OUT`, `-m cProfile|profile -o OUT`, `-m zipapp SRC -o OUT` write OUT. Each is
 * judged like the redirection or extraction it stands for. Undefined: not one of these modules.
 */
export function pythonModuleCliOps(module: string | undefined, args: Word[]): Op[] | undefined {
  switch (module) {
    case "zipfile":
    case "tarfile":
      return _archive(`python -m ${module}`, args);
    case "json.tool":
      return _written("python -m json.tool", _operands(args, ["--indent"])[1]);
    case "cProfile":
    case "profile":
      return _written(`python -m ${module}`, _option(args, ["-o", "--outfile"], ["-s", "--sort", "-m"], true));
    case "zipapp":
      return _written("python -m zipapp", _option(args, ["-o", "--output"], ["-p", "--python", "-m", "--main"], false));
    default:
      return undefined;
  }
}

/** `-e|--extract ARCHIVE DIR` (tarfile: DIR defaults to the working folder), `-c|--create ARCHIVE SOURCE…`. */
function _archive(verb: string, args: Word[]): Op[] {
  const at = args.findIndex((a) => /^(?:-[ec]|--extract|--create)$/.test(a.value));
  if (at < 0) return [];
  const [archive, ...rest] = args.slice(at + 1).filter((a) => a.dynamic || !a.value.startsWith("-"));
  if (/^(?:-c|--create)$/.test(args[at]!.value)) return _written(verb, archive);
  const dir = rest[0] ?? (verb.endsWith("tarfile") ? literalWord(".") : undefined);
  return dir ? [{ ...op("write-into", verb, [dir]), lands: "spread", replaces: true }] : [];
}

/** Overwriting `file`, unless it is absent or stdout. */
function _written(verb: string, file: Word | undefined): Op[] {
  return file && file.value !== "-" ? [{ ...op("overwrite", verb, [file]), lands: "created" }] : [];
}

/** The operands, skipping the options in `valued` and the word each takes. */
function _operands(args: Word[], valued: string[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic || !a.value.startsWith("-") || a.value === "-") out.push(a);
    else if (valued.includes(a.value)) i++;
  }
  return out;
}

/**
 * The last value of `names` (`-o F`, `-oF`, `--outfile=F`); `others` take a value too. `script`:
 * the first operand is a script whose own arguments follow (cProfile), so options end there.
 */
function _option(args: Word[], names: string[], others: string[], script: boolean): Word | undefined {
  let found: Word | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic || !a.value.startsWith("-") || a.value === "-") {
      if (script) break;
      continue;
    }
    const long = names.find((n) => n.startsWith("--") && a.value.startsWith(`${n}=`));
    if (names.includes(a.value)) found = args[++i];
    else if (long) found = wordFrom(a, long.length + 1);
    else if (/^-o./.test(a.value)) found = wordFrom(a, 2);
    else if (others.includes(a.value)) i++;
  }
  return found;
}
