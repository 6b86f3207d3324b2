import type { Word } from "../syntax.ts";
import { clusterValue, dashWord, longWord, mayName, openOption, optionWalk } from "./getopt.ts";

// GNU sort's options that take a value (short letters; long names, any unique prefix of one).
const SORT_VALUED = "koSTt";
const SORT_LONG_VALUED = ["batch-size", "buffer-size", "compress-program", "field-separator", "files0-from", "key", "output", "parallel", "random-source", "sort", "temporary-directory"];
const SORT_LONG = [...SORT_LONG_VALUED, "check", "debug", "dictionary-order", "general-numeric-sort", "help", "human-numeric-sort", "ignore-case", "ignore-leading-blanks", "ignore-nonprinting", "merge", "month-sort", "numeric-sort", "random-sort", "reverse", "stable", "unique", "version", "version-sort", "zero-terminated"];

/** What sort's words say: the files `-o` writes, the files it reads, and whether an option may run a program or name an unknown output (`open`). */
export interface SortArgs {
  outs: Word[];
  files: Word[];
  open: boolean;
}

/**
 * sort's arguments as getopt reads them (runners.ts judges the command, flows.ts what `-o`
 * writes): `-o` in a cluster (`-mo FILE`, `-moFILE`), a long option by any unique prefix
 * (`--out=FILE`, `--comp=gzip`). A computed option that may be either one (`-m$X`, `--out$X`)
 * is open; a computed value (`-o$F`, `--output="$F"`) is an unknown file.
 */
export function sortArgs(args: Word[]): SortArgs {
  const outs: Word[] = [];
  let open = false;
  const files = optionWalk(
    args,
    (a, i) => {
      if (a.value.startsWith("--")) {
        // `--out$X` may go on to `--output=FILE`, `--comp$X` to `--compress-program=CMD`.
        if (openOption(a, SORT_VALUED)) {
          open ||= mayName(a.value.slice(2), ["output", "compress-program"]);
          return i;
        }
        const { name, value } = longWord(a, SORT_LONG);
        if (name === undefined) return i;
        if (name === "compress-program") open = true;
        if (!SORT_LONG_VALUED.includes(name)) return i;
        const given = value ?? args[i + 1];
        if (name === "output" && given) outs.push(given);
        return value === undefined ? i + 1 : i;
      }
      const cluster = clusterValue(args, i, SORT_VALUED);
      if (cluster === null) {
        open ||= openOption(a, SORT_VALUED);
        return i;
      }
      if (cluster.letter === "o" && cluster.value) outs.push(cluster.value);
      return cluster.i;
    },
    true,
  );
  // `--$X`, `-$X`: an option of any name (getopt.ts dashWord), `-o FILE` and `--compress-program` too.
  open ||= files.some(dashWord);
  return { outs, files, open };
}
