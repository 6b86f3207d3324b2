import type { Op } from "../ops.ts";
import type { Handler } from "./context.ts";
import { analyseWritten, lineWrittenText } from "./written-runs.ts";

/**
 * `bash --rcfile FILE` / `--init-file FILE`: an interactive bash (`-i`, or a terminal on stdin)
 * runs FILE before anything else, `-c` text included (red team 8, C2: `printf 'rm -rf ~' > s.sh;
 * bash --rcfile s.sh -i`). A file the line wrote is read as the script it is, whether or not the
 * shell turns out interactive. bash takes its long options only before the one-letter ones.
 */
export const rcFile: Handler = ({ args, ctx, cmd }) => {
  const ops: Op[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (args[i]!.dynamic || !v.startsWith("--") || v === "--") break;
    if (v !== "--rcfile" && v !== "--init-file") continue;
    const file = args[++i];
    if (!file || file.dynamic) continue;
    const text = lineWrittenText(file, ctx, cmd);
    if (text !== undefined) ops.push(...analyseWritten(text, "posix", ctx));
  }
  return ops;
};
