import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/*
 * Go sources the line wrote, run by `go test` or `go run` (written-inputs.ts): agents write a
 * `_test.go` file with a heredoc and run `go test` in every Go session, which session 7's rule
 * ("Go code is not read") left unknown. Go code reaches files, processes, the network and memory
 * only through the packages it imports, so a source whose every import is harmless can only
 * compute, format and test. Imports are read with Go's tokens (comments, interpreted and raw
 * strings); anything the reading cannot place keeps the source unknown.
 */

// Standard packages that reach no file, process, socket or raw memory. Not os, os/exec, syscall,
// unsafe, net/…, plugin, io/ioutil, io/fs, path/filepath, embed, runtime/…, log/syslog nor "C".
const HARMLESS_STD = new Set(
  (
    "testing testing/quick bufio bytes cmp container/heap container/list container/ring context errors fmt hash hash/adler32 hash/crc32 " +
    "hash/fnv io iter maps math math/big math/bits math/cmplx math/rand math/rand/v2 reflect regexp slices sort strconv strings sync " +
    "sync/atomic text/tabwriter time unicode unicode/utf16 unicode/utf8 encoding encoding/base32 encoding/base64 encoding/binary " +
    "encoding/csv encoding/hex encoding/json encoding/xml html net/url path crypto/md5 crypto/sha1 crypto/sha256 crypto/sha512"
  ).split(" "),
);
// testify's assertion packages, the commonest non-standard test import.
const TESTIFY = new Set(["github.com/stretchr/testify/assert", "github.com/stretchr/testify/require"]);

/**
 * Whether Go source `text` imports only harmless packages: HARMLESS_STD, testify's assert and
 * require, or a package of the module `modulePath` (the workspace's own code, which `go test` of
 * sources the line did not write runs too; null: none counts). No compiler directive but
 * `//go:build` and `//go:generate` (`//go:linkname` reaches any function).
 */
export function goImportsHarmless(text: string, modulePath: string | null): boolean {
  if (/^\/\/go:(?!build\b|generate\b)/m.test(text)) return false;
  const tokens = _tokens(text);
  if (tokens === null || tokens[0] !== "package" || !_isName(tokens[1])) return false;
  let i = tokens[2] === ";" ? 3 : 2;
  const imports: string[] = [];
  const spec = (): boolean => {
    if (_isName(tokens[i]) || tokens[i] === ".") i++;
    const path = tokens[i++];
    if (path === undefined || !path.startsWith('"')) return false;
    imports.push(path.slice(1, -1));
    if (tokens[i] === ";") i++;
    return true;
  };
  while (tokens[i] === "import") {
    i++;
    if (tokens[i] === "(") {
      i++;
      while (tokens[i] !== ")") {
        if (tokens[i] === ";") i++;
        else if (!spec()) return false;
      }
      i++;
      if (tokens[i] === ";") i++;
    } else if (!spec()) return false;
  }
  // Go takes imports before any other declaration; one later is read as such too.
  if (tokens.indexOf("import", i) >= 0) return false;
  const own = (p: string) => modulePath !== null && (p === modulePath || p.startsWith(`${modulePath}/`));
  return imports.every((p) => HARMLESS_STD.has(p) || TESTIFY.has(p) || own(p));
}

/** The module path of the go.mod nearest above `file`, up to `workspace`; null when none or unreadable. */
export function goModulePath(file: string, workspace: string): string | null {
  for (let dir = dirname(file); dir === workspace || dir.startsWith(`${workspace}/`); dir = dirname(dir)) {
    let text: string;
    try {
      text = readFileSync(join(dir, "go.mod"), "utf8");
    } catch {
      continue;
    }
    return /^module\s+"?([\w.\-/~]+)"?\s*$/m.exec(text)?.[1] ?? null;
  }
  return null;
}

function _isName(token: string | undefined): boolean {
  return token !== undefined && /^[A-Za-z_]\w*$/.test(token);
}

/**
 * Go's tokens as far as imports need them: names (`_` too), interpreted strings (kept quoted,
 * escapes as written), raw strings (as `` `…` ``), `;` for a newline or semicolon, and every other
 * character alone. Comments are dropped. Null for an unterminated comment or string, or a
 * character outside printable ASCII outside comments and strings.
 */
function _tokens(text: string): string[] | null {
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === "\n" || c === ";") {
      if (out.at(-1) !== ";") out.push(";");
      i++;
    } else if (c === " " || c === "\t" || c === "\r") i++;
    else if (text.startsWith("//", i)) {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end;
    } else if (text.startsWith("/*", i)) {
      const end = text.indexOf("*/", i + 2);
      if (end < 0) return null;
      // A comment over lines ends a line as a newline would.
      if (text.slice(i, end).includes("\n") && out.at(-1) !== ";") out.push(";");
      i = end + 2;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === "\n") return null;
        if (text[j] === "\\") j++;
      }
      if (j >= text.length) return null;
      out.push(text.slice(i, j + 1));
      i = j + 1;
    } else if (c === "`") {
      const end = text.indexOf("`", i + 1);
      if (end < 0) return null;
      out.push(text.slice(i, end + 1));
      i = end + 1;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^\w+/.exec(text.slice(i, i + 256))!;
      out.push(m[0]);
      i += m[0].length;
    } else if (c >= " " && c <= "~") {
      out.push(c);
      i++;
    } else return null;
  }
  return out;
}
