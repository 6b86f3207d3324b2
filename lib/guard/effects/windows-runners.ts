import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler } from "./context.ts";

/*
 * Windows programs that run code they fetch themselves or are handed inline (s14 red team: each
 * was ALLOW). A URL or a share (`\\host\x`, which the dialects spell `//host/x`) is code from
 * the network: ASK_REMOTE_CODE, as `curl … | sh`. Script text given inline (`vbscript:…`,
 * `javascript:…`) is code the guard does not read: unknown. A local file runs as any program
 * the project holds does. Microsoft's documentation of each program is the source.
 */

const REMOTE = /^(?:[a-z][a-z0-9+.-]*:\/\/|\/\/[^/]|\\\\)/i;
const INLINE_SCRIPT = /^["']?(?:vbscript|javascript|jscript|about):/i;

const _judged = (verb: string, w: Word | undefined): Op[] => {
  if (!w) return [];
  if (w.dynamic) return [op("unknown", verb)];
  if (INLINE_SCRIPT.test(w.value)) return [op("unknown", verb)];
  return REMOTE.test(w.value) ? [op("remote-code", verb)] : [];
};

/** `mshta URL|FILE|vbscript:…|javascript:…`: runs the HTML application it is given. */
export const mshta: Handler = ({ name, args }) => _judged(name, args.find((a) => a.dynamic || !/^(?:-|\/(?!\/))/.test(a.value)));

/**
 * `rundll32 DLL,ENTRY …`: loads DLL (from a share, fetched code) and calls ENTRY; a `javascript:`
 * first word runs its text through mshtml.
 */
export const rundll32: Handler = ({ name, args }) => _judged(name, args[0] && { ...args[0], value: args[0].value.replace(/,.*$/s, "") });

/**
 * `regsvr32 [/s] [/u] [/n] [/i[:CMDLINE]] DLL`: loads DLL and calls its (un)registration, which
 * with scrobj.dll runs the scriptlet `/i:` names (a URL: fetched code).
 */
export const regsvr32: Handler = ({ name, args }) => args.flatMap((a) => _judged(name, a.dynamic ? a : { ...a, value: a.value.replace(/^[-/]i:/i, "") }));

/** `msiexec /i|/package|/a|/j|/f… PACKAGE`, `/update|/p PATCH`, `TRANSFORMS=…`: a package or patch from a URL installs fetched code. */
export const msiexec: Handler = ({ name, args }) => args.flatMap((a) => _judged(name, a.dynamic ? a : { ...a, value: a.value.replace(/^[A-Za-z_][\w.]*=/, "") }));
