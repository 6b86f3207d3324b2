import { readdirSync, realpathSync, type Stats } from "node:fs";
import { basename, dirname, isAbsolute, join } from "node:path";
import { expandGlob, physicalPath } from "../paths.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import type { LineChange } from "./line-changes.ts";
import { isSecretFile } from "./secrets.ts";
import { lstatOrUndefined, statOrUndefined } from "../fs-probe.ts";

/** The most entries one command's sent trees are walked for; a bigger tree cannot be shown clean. */
export const MAX_SENT_ENTRIES = 5000;

// Archives of archives the line wrote are followed this deep; deeper ones are "unknown".
const MAX_ARCHIVE_DEPTH = 4;
let _archiveDepth = 0;

/** What a command sends: nothing to ask about, a credential file, or data that cannot be enumerated. */
export type Sent = "clean" | "secret" | "unknown";

/** One path a program sends: a file, or a whole tree when it recurses. */
export interface SentRoot {
  word: Word;
  /** The sender descends into a directory (tar's default, rsync -r, scp -r). */
  recursive: boolean;
  /** The directory a relative word starts from (tar -C); default the running directory. */
  dir?: string | null;
  /** A member (the root's spelling joined with the path below it) the sender leaves out. */
  excluded?: (member: string) => boolean;
}

/**
 * Judges what a sender reads from the file system: every entry of the sent trees is walked (at
 * most MAX_SENT_ENTRIES, else "unknown"), and a credential file (secrets.ts: `.env*`, `id_rsa`,
 * `*.pem`, `*.key`, `~/.aws/credentials`, …), a file an earlier part of the line filled with one,
 * or a file of such a name the line created makes it "secret". Symlinks: the walk never follows a
 * symlinked directory below a root; with `follow` (tar -h, rsync -L, scp, cat) a symlink to a file
 * is judged by its target too, and a symlink to a directory is "unknown". Files the line surely
 * removed earlier are not sent; entries it copied, moved or extracted there are "unknown".
 */
export function judgeSent(roots: SentRoot[], follow: boolean, ctx: AnalyzeContext, upTo?: number): Sent {
  const walk = new _Walk(follow, ctx, upTo);
  for (const root of roots) {
    if (root.word.dynamic) return "unknown";
    const dir = root.dir === undefined ? ctx.state.cwd : root.dir;
    const spelled = root.word.value;
    if (!isAbsolute(spelled) && dir === null) return "unknown";
    // `..` as the kernel takes it (`tar c docs/..` with docs a symlink sends the target's parent).
    const logical = physicalPath(isAbsolute(spelled) ? spelled : `${dir}/${spelled}`, dir);
    if (logical === null) return "unknown";
    const paths = root.word.glob ? _globMatches(root.word, dir) : [logical];
    // No match: the shell may still match it (nocaseglob, extglob, globstar) or pass it as is.
    if (paths === null || paths.length === 0) return "unknown";
    for (const path of paths) walk.root(path === logical ? spelled : path, path, root);
    walk.lineChanges(root.word.glob ? _staticPrefix(logical) : logical.replace(/(.)\/+$/, "$1"), root);
  }
  return walk.verdict();
}

class _Walk {
  private entries = 0;
  private unknown = false;
  /** Credential files found, by logical path (removed again if the line removed them earlier). */
  private readonly secrets = new Set<string>();

  constructor(
    private readonly follow: boolean,
    private readonly ctx: AnalyzeContext,
    /** Only the line's changes before this index count (an archive's sources when it was written). */
    private readonly upTo?: number,
  ) {}

  root(spelled: string, path: string, root: SentRoot): void {
    // A credential named as a source asks even when it is missing now (another home, a race).
    if (_secret(path, this.ctx)) this.secrets.add(path);
    if (this.ctx.state.fifos?.has(path)) this.unknown = true; // a pipe made earlier in the line
    const followRoot = this.follow || /\/\.?$/.test(spelled);
    let real: string;
    try {
      real = followRoot ? realpathSync(path) : join(realpathSync(dirname(path)), basename(path));
    } catch {
      if (lstatOrUndefined(path) !== undefined) this.unknown = true; // exists but cannot be resolved
      return;
    }
    this.entry(path, real, spelled.replace(/(.)\/+$/, "$1"), root, followRoot ? statOrUndefined(path) : lstatOrUndefined(path));
  }

  /** One entry; `rootStat` is given for a root (followed when the sender follows it). */
  private entry(path: string, real: string, member: string, root: SentRoot, rootStat?: Stats): void {
    if (this.unknown) return;
    const isRoot = rootStat !== undefined;
    if (!isRoot && root.excluded?.(member)) return;
    if (++this.entries > MAX_SENT_ENTRIES) {
      this.unknown = true;
      return;
    }
    const st = isRoot ? rootStat : lstatOrUndefined(path);
    if (st === undefined) return;
    if (st.isSymbolicLink()) return this.link(path, real);
    // A named pipe sends whatever any process writes into it (fifo.ts).
    if (st.isFIFO()) this.unknown = true;
    // A second hard link may be a key under another name: its content cannot be shown clean.
    if (st.isFile() && st.nlink > 1) this.unknown = true;
    if (!st.isDirectory()) return this.judge(path, real);
    if (!root.recursive) return;
    let names: string[];
    try {
      names = readdirSync(path);
    } catch {
      this.unknown = true;
      return;
    }
    for (const name of names) this.entry(join(path, name), join(real, name), `${member}/${name}`, root);
  }

  /** A symlink below a root: its name counts; a followed one is judged by its target as well. */
  private link(path: string, real: string): void {
    this.judge(path, real);
    if (!this.follow) return;
    const target = statOrUndefined(path);
    if (target?.isDirectory()) this.unknown = true; // never walked out of the tree
    else if (target) {
      try {
        this.judge(path, realpathSync(path));
      } catch {
        this.unknown = true;
      }
    }
  }

  private judge(path: string, real: string): void {
    if (_secret(path, this.ctx) || _secret(real, this.ctx)) this.secrets.add(path);
  }

  /** Applies what earlier parts of the line did below a root: created, filled or removed entries. */
  lineChanges(top: string, root: SentRoot): void {
    for (const change of (this.ctx.state.changes ?? []).slice(0, this.upTo)) {
      const at = change.path;
      const above = at !== null && top.startsWith(`${at}/`);
      const below = at !== null && at.startsWith(`${top}/`);
      if (at !== null && !above && !below && at !== top) continue;
      if (change.kind === "tree") {
        if (at === null || root.recursive || !below) this.unknown = true;
      } else if (change.kind === "removed") {
        for (const s of this.secrets) if (s === at || (change.recursive && s.startsWith(`${at}/`))) this.secrets.delete(s);
      } else if ((at === top || (below && root.recursive)) && !root.excluded?.(at!)) {
        // The file as this write left it: a later write replaces what an earlier one put there
        // (`cp k staged; echo safe > staged`: the flag says whether it still holds a secret).
        this.secrets.delete(at!);
        if (change.secret) this.secrets.add(at!);
        else if (change.from) this.archived(at!, change.from);
      }
    }
  }

  /**
   * An archive or compressed file the line wrote from known sources is judged by those sources as
   * they were then (red team 4: `tar -czf d.tgz dist && scp d.tgz host:` sends only what dist holds).
   */
  private archived(at: string, from: NonNullable<LineChange["from"]>): void {
    if (_archiveDepth >= MAX_ARCHIVE_DEPTH) {
      this.unknown = true;
      return;
    }
    _archiveDepth++;
    try {
      const sent = judgeSent(from.roots, from.follow, this.ctx, from.at);
      if (sent === "secret") this.secrets.add(at);
      else if (sent === "unknown") this.unknown = true;
    } finally {
      _archiveDepth--;
    }
  }

  verdict(): Sent {
    return this.secrets.size > 0 ? "secret" : this.unknown ? "unknown" : "clean";
  }
}

// Anything inside a credential folder is sent as credential material (`~/.aws/config` too).
const CREDENTIAL_FOLDER = /\/\.(ssh|aws|gnupg|kube|docker|azure|password-store)\/|\/\.config\/gcloud\//;

function _secret(path: string, ctx: AnalyzeContext): boolean {
  return isSecretFile(literalWord(path)) || CREDENTIAL_FOLDER.test(path) || ctx.state.derived?.has(path) === true;
}

function _globMatches(word: Word, dir: string | null): string[] | null {
  const pattern = isAbsolute(word.pattern) ? word.pattern : dir === null ? null : `${dir}/${word.pattern}`;
  return pattern === null ? null : expandGlob(pattern);
}

/** The folder a glob's matches lie under: its path up to the first segment with a wildcard. */
function _staticPrefix(path: string): string {
  const at = path.search(/[*?[]/);
  return at < 0 ? path : path.slice(0, path.lastIndexOf("/", at)) || "/";
}

