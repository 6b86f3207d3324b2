import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { sentOps } from "./network.ts";
import { isSecretFile } from "./secrets.ts";
import { stdinSent, worst } from "./sent-data.ts";
import { judgeSent } from "./sent-tree.ts";
import { unmodelledReading } from "./unknown-program.ts";

/**
 * gh (red team 7 M2/M3): `gh api -F key=@FILE` and `--input FILE` upload the file, as do the
 * files of `gh gist create` and `gh release upload` (`FILE#label`); `-` is stdin. They are judged
 * like any sent file (sent-tree.ts): a credential named is a secret, one the line filled or an
 * unknown name is egress. Everything else but `config` is scanned as an unknown program's
 * arguments, as before.
 */
export const gh: Handler = (inv) => {
  // `gh config set KEY VALUE`'s value names no program to run now (`git_protocol ssh`): tool-settings.ts.
  const ops = inv.args[0]?.value === "config" && !inv.args[0].dynamic ? [] : unmodelledReading(inv);
  const files = _uploads(inv.args);
  if (files === null) return [...ops, op("egress", inv.name)];
  if (files.length === 0) return ops;
  const named = files.filter((w) => w.dynamic || w.value !== "-");
  let sent = judgeSent(named.map((word) => ({ word, recursive: false })), true, inv.ctx);
  if (named.length < files.length) sent = worst(sent, stdinSent(inv.cmd, inv.ctx));
  return [...ops, ...(sent === "secret" && named.some((w) => isSecretFile(w)) ? [op("secret", inv.name)] : sentOps(inv.name, sent))];
};

/** The files gh uploads; null when a subcommand word is an expansion. */
function _uploads(args: Word[]): Word[] | null {
  const operands = args.filter((a, i) => !a.value.startsWith("-") && !/^(-F|--field|-f|--raw-field|--input|-H|--header|-X|--method|-d|--desc|--description|-n|--notes|--repo|-R|-q|--jq|-t|--template|--hostname|--cache)$/.test(args[i - 1]?.value ?? ""));
  const [sub, verb] = operands;
  if (!sub) return [];
  if (sub.dynamic) return null;
  const out: Word[] = [];
  if (sub.value === "api") {
    for (let i = 0; i < args.length; i++) {
      const v = args[i]!.value;
      const m = /^(-F|--field|--input)(?:=(.*))?$/s.exec(v) ?? (/^-F(.+)$/s.test(v) ? ["", "-F", v.slice(2)] : null);
      if (!m) continue;
      const value = m[2] !== undefined ? { ...args[i]!, value: m[2] } : args[++i];
      if (!value) continue;
      if (m[1] === "--input") out.push(value);
      else {
        const at = /^[^=]*=@(.*)$/s.exec(value.value);
        if (at) out.push({ ...value, value: at[1]!, pattern: at[1]!, glob: false });
      }
    }
    return out;
  }
  if (verb?.dynamic) return null;
  const gist = sub.value === "gist" && (verb?.value === "create" || verb?.value === "new");
  const release = sub.value === "release" && verb?.value === "upload";
  if (!gist && !release) return [];
  const files = operands.slice(release ? 3 : 2).map((w) => (w.dynamic ? w : { ...w, value: w.value.replace(/#[^/]*$/, "") }));
  return gist && files.length === 0 ? [{ value: "-", dynamic: false, glob: false, pattern: "-", quoted: false }] : files;
}
