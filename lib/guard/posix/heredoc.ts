import type { Redirect } from "../syntax.ts";
import { expandText } from "./expansion.ts";
import type { Lexer } from "./lexer.ts";
import { addEnvSources, addOrigin } from "./vars.ts";

/** A `<<` redirection whose body starts after the current line. */
export interface PendingHeredoc {
  redirect: Redirect;
  delimiter: string;
  /** `<<-`: leading tabs are stripped from body lines and the delimiter line. */
  stripTabs: boolean;
}

/** The names a `read` stores from a heredoc (`read T <<X`): tracked before the body is read. */
const _readers = new WeakMap<Redirect, string[]>();

/** `names` store the body of the heredoc `redirect`, once it is read. */
export function noteHeredocReader(redirect: Redirect, names: string[]): void {
  _readers.set(redirect, names);
}

/**
 * Reads the bodies of the pending heredocs, in order, from the cursor (just after a newline).
 * An unquoted delimiter makes the body expand: its `$(…)` run, so they are parsed too.
 */
export function readHeredocBodies(lx: Lexer, pending: PendingHeredoc[]): void {
  if (pending.length === 0) return;
  for (const doc of pending.splice(0)) {
    const body = _body(lx, doc);
    const expands = doc.redirect.heredoc!.expands;
    doc.redirect.heredoc = expands ? { ...expandText(lx, body), expands } : { body, expands, dynamic: false };
    const names = _readers.get(doc.redirect);
    if (names) _passOn(lx, names, doc.redirect.heredoc);
  }
}

/** The names a read stored from a body hold the environment's values and the output that went into it. */
function _passOn(lx: Lexer, names: string[], { envNames, outputOf }: NonNullable<Redirect["heredoc"]>): void {
  for (const name of names) {
    if (envNames) addEnvSources(lx.vars, name, envNames);
    if (outputOf) addOrigin(lx.vars, name, outputOf);
  }
}

function _body(lx: Lexer, doc: PendingHeredoc): string {
  const src = lx.src;
  let body = "";
  for (;;) {
    if (lx.pos >= src.length) return body; // bash runs an unterminated heredoc to EOF
    const nl = src.indexOf("\n", lx.pos);
    const lineEnd = nl < 0 ? src.length : nl;
    let line = src.slice(lx.pos, lineEnd);
    if (doc.stripTabs) line = line.replace(/^\t+/, "");
    if (line === doc.delimiter) {
      lx.pos = Math.min(lineEnd + 1, src.length);
      return body;
    }
    // Inside `$(…)` the delimiter may share its line with the closing parenthesis.
    if (lx.inSubst && line.startsWith(doc.delimiter) && line.slice(doc.delimiter.length).trimStart().startsWith(")")) {
      lx.pos = src.indexOf(")", lx.pos + (src.slice(lx.pos).indexOf(doc.delimiter) + doc.delimiter.length));
      return body;
    }
    body += `${line}\n`;
    lx.pos = lineEnd + 1;
  }
}
