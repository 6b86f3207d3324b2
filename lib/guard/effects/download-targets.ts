import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";

const URL = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/[^#]*)?/i;

/** `--name VALUE` or `--name=VALUE`, also as an unambiguous prefix of at least `min` letters; the last one given. */
function _long(args: Word[], name: string, min: number): Word | undefined {
  let found: Word | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.value.indexOf("=");
    const given = a.value.startsWith("--") ? a.value.slice(2, eq < 0 ? undefined : eq) : "";
    if (given.length < min || !name.startsWith(given)) continue;
    found = eq >= 0 ? { ...a, value: a.value.slice(eq + 1), pattern: a.pattern.slice(eq + 1) } : args[++i];
  }
  return found;
}

/** The names a download of `url` is saved under (its last path segment, with and without the query). */
function _remoteNames(url: string, fallback: string | null): string[] {
  const path = URL.exec(url)?.[1] ?? "";
  const last = path.slice(path.lastIndexOf("/") + 1);
  const bare = last.replace(/\?.*$/s, "");
  return [...new Set([last, bare].filter(Boolean))].concat(bare ? [] : fallback ? [fallback] : []);
}

/**
 * The files a download writes (red team 3): curl `-o FILE` inside `--output-dir DIR`, curl `-O`
 * (the URL's last segment, in that folder or the working one), wget without `-O` into `-P DIR`
 * (`--directory-prefix`). wget never replaces an existing file unless `-N` or `-c` is given (it
 * picks `name.1`), so its new file is judged as a creation there (a startup file asks); a name the
 * guard cannot know (an expansion, `-J`, `--content-disposition`, `-i`, recursion) is a tree of
 * unknown names written into the folder (outside the workspace that asks).
 */
export function downloadOps(name: string, args: Word[], saved: Word | undefined): Op[] {
  if (args.some((a) => /^(--help|--version|-h|-V|--spider)$/.test(a.value))) return [];
  const urls = args.filter((a) => a.dynamic || URL.test(a.value));
  if (name === "curl") {
    const dir = _long(args, "output-dir", 8);
    const within = (w: Word): Word => (dir && !w.dynamic && !w.value.startsWith("/") ? { ...w, value: `${dir.value}/${w.value}`, pattern: `${dir.value}/${w.value}`, dynamic: dir.dynamic } : w);
    const ops: Op[] = saved ? [{ ...op("overwrite", name, [within(saved)]), lands: "created" }] : [];
    const remote = args.some((a) => /^-[a-zA-Z]*O[a-zA-Z]*$/.test(a.value) && !a.value.startsWith("--")) || _long(args, "remote-name-all", 13) !== undefined || args.some((a) => a.value === "--remote-name" || a.value === "--remote-name-all");
    if (!remote) return ops;
    const unknown = args.some((a) => /^-[a-zA-Z]*J/.test(a.value) || a.value === "--remote-header-name") || urls.some((u) => u.dynamic);
    if (unknown) return [...ops, { ...op("write-into", name, [dir ?? literalWord(".")]), lands: "spread", replaces: true }];
    const files = urls.flatMap((u) => _remoteNames(u.value, null)).map((n) => within(literalWord(n, true)));
    return files.length ? [...ops, { ...op("overwrite", name, files), lands: "created" }] : ops;
  }
  if (name !== "wget") return [];
  const w = _wget(args);
  const ops: Op[] = [];
  // The log file (`-o FILE` replaces it, `-a FILE` appends).
  for (const [log, append] of w.logs) ops.push({ ...op(append ? "write-into" : "overwrite", name, [log]), lands: "created" });
  if (saved) return [...ops, { ...op("overwrite", name, [saved]), lands: "created" }];
  if (w.stdout) return ops;
  const dir = w.dir;
  const within = (n: string): Word => (dir ? { ...dir, value: `${dir.value}/${n}`, pattern: `${dir.value}/${n}`, glob: false } : literalWord(n, true));
  if (w.unknownNames || urls.some((u) => u.dynamic)) return [...ops, { ...op("write-into", name, [dir ?? literalWord(".")]), lands: "spread", replaces: true }];
  const files = urls.flatMap((u) => _remoteNames(u.value, "index.html")).map(within);
  return files.length ? [...ops, { ...op(w.overwrites ? "overwrite" : "write-into", name, files), lands: "created" }] : ops;
}

// wget's short options that take a value (getopt: the rest of the cluster or the next word).
const WGET_VALUED = "oaeOPiBtTwQUlADRIXn";

/** What wget's options say about the files it writes. */
function _wget(args: Word[]): { dir?: Word; logs: Array<[Word, boolean]>; stdout: boolean; overwrites: boolean; unknownNames: boolean } {
  const out = { dir: undefined as Word | undefined, logs: [] as Array<[Word, boolean]>, stdout: false, overwrites: false, unknownNames: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (a.dynamic || !v.startsWith("-") || v === "-") continue;
    if (v === "--") break;
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const given = v.slice(2, eq < 0 ? undefined : eq);
      const value = () => (eq >= 0 ? { ...a, value: v.slice(eq + 1), pattern: a.pattern.slice(eq + 1) } : args[++i]);
      if (given.length >= 3 && "directory-prefix".startsWith(given)) out.dir = value();
      else if (given.length >= 8 && "output-file".startsWith(given)) _log(out, value(), false);
      else if (given.length >= 3 && "append-output".startsWith(given)) _log(out, value(), true);
      else if (given.length >= 8 && "output-document".startsWith(given)) out.stdout ||= /^(-|\/dev\/.*)$/.test(value()?.value ?? "");
      else if (/^(timestamping|continue)$/.test(given)) out.overwrites = true;
      else if (/^(content-disposition|trust-server-names|input-file|recursive|mirror|page-requisites)$/.test(given)) out.unknownNames = true;
      continue;
    }
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      if (c === "N" || c === "c") out.overwrites = true;
      else if (c === "r" || c === "m" || c === "p") out.unknownNames = true;
      if (!WGET_VALUED.includes(c)) continue;
      const value = k + 1 < v.length ? { ...a, value: v.slice(k + 1), pattern: a.pattern.slice(k + 1) } : args[++i];
      if (c === "P") out.dir = value;
      else if (c === "o" || c === "a") _log(out, value, c === "a");
      else if (c === "O") out.stdout ||= /^(-|\/dev\/.*)$/.test(value?.value ?? "");
      else if (c === "i") out.unknownNames = true;
      break;
    }
  }
  return out;
}

function _log(out: { logs: Array<[Word, boolean]> }, w: Word | undefined, append: boolean): void {
  if (w && (w.dynamic || !/^(-|\/dev\/.*)$/.test(w.value))) out.logs.push([w, append]);
}
