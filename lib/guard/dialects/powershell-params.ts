/** What a Remove-Item parameter does, and whether it takes a value. */
interface Param {
  effect: "path" | "literal" | "recurse" | "force" | "noop" | "neutral" | "filter";
  value: boolean;
}

const P = (effect: Param["effect"], value = false): Param => ({ effect, value });

const REMOVE_ITEM: Record<string, Param> = {
  path: P("path", true),
  literalpath: P("literal", true),
  pspath: P("literal", true),
  lp: P("literal", true),
  recurse: P("recurse"),
  force: P("force"),
  whatif: P("noop"),
  confirm: P("neutral"),
  filter: P("filter", true),
  include: P("filter", true),
  exclude: P("filter", true),
  stream: P("filter", true),
  credential: P("neutral", true),
  verbose: P("neutral"),
  debug: P("neutral"),
  erroraction: P("neutral", true),
  warningaction: P("neutral", true),
  informationaction: P("neutral", true),
  progressaction: P("neutral", true),
  errorvariable: P("neutral", true),
  warningvariable: P("neutral", true),
  informationvariable: P("neutral", true),
  outvariable: P("neutral", true),
  outbuffer: P("neutral", true),
  pipelinevariable: P("neutral", true),
};

// Aliases resolve only when spelled in full; they do not take part in prefix matching.
const ALIASES: Record<string, string> = { ea: "erroraction", wa: "warningaction", ev: "errorvariable", wv: "warningvariable", iv: "informationvariable", ov: "outvariable", ob: "outbuffer", pv: "pipelinevariable", infa: "informationaction", proga: "progressaction", vb: "verbose", db: "debug" };

/**
 * Resolves a Remove-Item parameter as PowerShell would by unambiguous prefix, but stricter
 * (seed 001): a prefix is expanded only when every candidate has the same effect and arity, so
 * `-r` and `-fo` expand while `-wi`, `-c` and `-p` are refused (null: an unknown parameter).
 */
export function resolveRemoveItemParam(written: string): Param | null {
  const name = written.toLowerCase();
  const exact = REMOVE_ITEM[name] ?? REMOVE_ITEM[ALIASES[name] ?? ""];
  if (exact) return exact;
  const candidates = Object.keys(REMOVE_ITEM).filter((k) => k.startsWith(name));
  if (candidates.length === 0) return null;
  const first = REMOVE_ITEM[candidates[0]!]!;
  return candidates.every((k) => REMOVE_ITEM[k]!.effect === first.effect && REMOVE_ITEM[k]!.value === first.value) ? first : null;
}
