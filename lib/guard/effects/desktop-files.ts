import { join } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { envValue } from "./implicit-inputs.ts";

/**
 * GNOME's `gio` file subcommands as the coreutils they are (red team 9: `gio remove ~/x` was
 * ALLOW): `remove|rm` deletes (files and empty folders, never recursively: `rm -f`), `move|mv`
 * and `copy|cp` move and copy (`-T` kept; gio's other letters mean other things than cp's and are
 * dropped: `-n` is no-dereference, not no-clobber), `rename FILE NAME` renames in FILE's folder,
 * `save FILE` writes its stdin into FILE, `trash FILE…` is the trash tools' delete and `trash
 * --empty` empties the user's trash. Listing, info, monitoring and opening change nothing.
 */
export const gio: Handler = (inv) => {
  const [sub, ...rest] = inv.args;
  if (!sub || sub.dynamic) return _run("rm", [literalWord("-rf"), ...inv.args], inv);
  const operands = rest.filter((w) => w.dynamic || !w.value.startsWith("-"));
  const flags = rest.filter((w) => !w.dynamic && w.value.startsWith("-"));
  switch (sub.value) {
    case "remove":
    case "rm":
      return _run("rm", [literalWord("-f"), literalWord("--"), ...operands], inv);
    case "move":
    case "mv":
    case "copy":
    case "cp": {
      const noTarget = flags.some((w) => w.value === "-T" || w.value === "--no-target-directory") ? [literalWord("-T")] : [];
      return _run(sub.value.startsWith("m") ? "mv" : "cp", [...noTarget, literalWord("--"), ...operands], inv);
    }
    case "rename": {
      const [file, name] = operands;
      if (!file || !name) return [];
      const dest = file.dynamic || name.dynamic ? { ...name, dynamic: true } : literalWord(join(file.value, "..", name.value));
      return _run("mv", [literalWord("-T"), literalWord("--"), file, dest], inv);
    }
    case "save":
      return operands[0] ? _run("tee", [operands[0]], inv) : [];
    case "trash":
      return flags.some((w) => w.value === "--empty") ? _emptyTrash(inv) : _run("trash", operands, inv);
    default:
      return [];
  }
};

/** trash-cli's `trash-empty [DAYS]` and `trash-rm PATTERN` delete from the user's trash. */
export const trashEmpty: Handler = (inv) => _emptyTrash(inv);

/** The user's trash (`$XDG_DATA_HOME/Trash`, by default `~/.local/share/Trash`) removed for good. */
function _emptyTrash(inv: Invocation): Op[] {
  // The command's own assignment first, then a wrapper's and the line's, then the check's environment.
  const data = envValue(inv, "XDG_DATA_HOME", true);
  if (data === null) return [op("unknown", "trash")];
  const trash = data ? join(data, "Trash") : join(inv.ctx.home, ".local", "share", "Trash");
  return _run("rm", [literalWord("-rf"), literalWord(join(trash, "files")), literalWord(join(trash, "info"))], inv);
}

function _run(program: string, args: Word[], inv: Invocation): Op[] {
  return analyzeArgv(literalWord(program), args, inv.ctx, inv.cmd);
}
