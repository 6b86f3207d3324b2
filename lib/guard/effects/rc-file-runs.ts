import { op, type Op } from "../ops.ts";
import { mayRedefine } from "../posix/numeric-output.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { commandVariable } from "./implicit-inputs.ts";
import { readShellFile } from "./written-runs.ts";

/**
 * `bash --rcfile FILE` / `--init-file FILE`: an interactive bash (`-i`, or a terminal on stdin)
 * runs FILE before anything else, `-c` text included (red team 8, C2: `printf 'rm -rf ~' > s.sh;
 * bash --rcfile s.sh -i`). A file the line wrote is read as the script it is, whether or not the
 * shell turns out interactive. bash takes its long options only before the one-letter ones.
 * The start-up files an interactive or login bash reads from its home are read the same way.
 */
export const rcFile: Handler = ({ args, ctx, cmd }) => {
  const ops: Op[] = [];
  const files: Word[] = [];
  let i = 0;
  let given = false;
  let login = false;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (args[i]!.dynamic || !v.startsWith("--") || v === "--") break;
    if (v === "--norc" || v === "--posix") given = true;
    if (v === "--login") login = true;
    if (v === "--noprofile") login = false;
    if (v !== "--rcfile" && v !== "--init-file") continue;
    given = true;
    const file = args[++i];
    if (file && !file.dynamic) files.push(file);
  }
  // Without those, an interactive bash reads ~/.bashrc and a login one its profiles, from the
  // home the command sees: `HOME=$PWD bash -i -c …` ran the .bashrc the line wrote there (red team 13).
  const cluster = args[i] && !args[i]!.dynamic && /^-[a-zA-Z]+$/.test(args[i]!.value) ? args[i]!.value : "";
  const home = commandVariable("HOME", cmd, ctx);
  if (home !== null && cluster.includes("l")) login = true;
  if (home !== null && login) files.push(...LOGIN_FILES.map((f) => literalWord(`${home}/${f}`)));
  else if (home !== null && !given && cluster.includes("i")) files.push(literalWord(`${home}/.bashrc`));
  for (const file of files) {
    // (written-runs.ts leaves a file read here alone: `--rcfile F` is a script operand there too.)
    const { text, ops: read } = readShellFile(file, args, ctx, cmd);
    ops.push(...read);
    // A function or alias it defines is what the `-c` text's names run, and the parser read
    // their output as the programs print it (red team 15: `printf 'date\x28\x29 { echo; }' > rc;
    // bash --rcfile rc -i -c 'rm -rf .git$(date +%s)'` removed .git).
    if (typeof text === "string" && mayRedefine(text)) ops.push(op("unknown", "bash"));
  }
  return ops;
};

// What a login bash reads from the home (the first of the three that exists; any may be the one).
const LOGIN_FILES = [".bash_profile", ".bash_login", ".profile"];
