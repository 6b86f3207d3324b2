import { op, type Op } from "../ops.ts";
import { ParseError, type Word } from "../syntax.ts";
import { analyzeArgv, analyzeScript } from "./analyze.ts";
import { type AnalyzeContext, newLineState } from "./context.ts";
import { clusterValue } from "./getopt.ts";
import { SSH_VALUED } from "./ssh-options.ts";
import { scanUnknownProgram } from "./unknown-program.ts";

// Data-store and infrastructure clients (programs.ts), for text the parser cannot read.
const CLIENTS = new Set(
  "sqlite3 duckdb psql mysql mariadb clickhouse-client clickhouse dropdb dropuser mysqladmin mariadb-admin pg_restore redis-cli valkey-cli keydb-cli mongosh mongo terraform tofu terragrunt pulumi cdk kubectl oc helm docker podman nerdctl docker-compose aws gcloud gsutil az".split(" "),
);

/**
 * Op kinds that mean the same wherever the command runs: a dropped table is dropped, and a disk
 * a remote mkfs, dd or zpool create overwrites is destroyed there as here (session 9: `ssh host
 * mkfs.ext4 /dev/sdb` passed), with no quarantine on either side to bring it back.
 */
const PORTABLE = new Set(["data-destroy", "infra-destroy", "disk"]);

/** Another machine's or container's files: none of the local ones can be read for it. */
function _elsewhere(ctx: AnalyzeContext, cwd: string | null): AnalyzeContext {
  return { ...ctx, state: { ...ctx.state, cwd, remote: true } };
}

/**
 * Effects of a command run inside a container (`kubectl exec … -- CMD`): data-store and
 * infrastructure effects count as they are; file effects are marked wrapped (the policy fails
 * closed on them, as for any program run by a wrapper the guard does not model).
 */
export function innerCommandOps(argv: Word[], ctx: AnalyzeContext): Op[] {
  const [head, ...tail] = argv;
  if (!head) return [];
  return _mark(analyzeArgv(head, tail, _elsewhere(ctx, ctx.state.cwd)));
}

/** `docker exec CTR CMD …`, `docker run IMAGE CMD …`: the first known program among the words. */
export function containerCommandOps(args: Word[], ctx: AnalyzeContext): Op[] {
  return scanUnknownProgram(args, _elsewhere(ctx, ctx.state.cwd), "container").map((o) => (PORTABLE.has(o.kind) ? { ...o, wrapped: false } : o));
}

function _mark(ops: Op[]): Op[] {
  return ops.map((o) => (PORTABLE.has(o.kind) || o.wrapped ? o : { ...o, verb: `wrapped>${o.verb}`, wrapped: true }));
}

/**
 * A command text run by a shell on another host (`ssh host 'psql -c …'`): only its data-store,
 * infrastructure and disk effects are this guard's business (paths there are not this workspace's).
 * Text the local parser cannot read still asks when it names a data or infrastructure client.
 */
function remoteTextOps(text: string, ctx: AnalyzeContext): Op[] {
  let script;
  try {
    script = ctx.parse(text, "posix", ctx.depth + 1, new Map());
  } catch (err) {
    if (!(err instanceof ParseError)) throw err;
    const named = text.split(/[\s;|&()'"`]+/).some((w) => CLIENTS.has(w.slice(w.lastIndexOf("/") + 1).toLowerCase()));
    return named ? [op("data-destroy", "remote")] : [];
  }
  const remote = _elsewhere({ ...ctx, depth: ctx.depth + 1 }, null);
  return analyzeScript(script, { ...remote, state: { ...newLineState(null), remote: true } }).filter((o) => PORTABLE.has(o.kind));
}

/**
 * The command ssh runs on the remote host (the words after the host, joined by blanks): its
 * data-store and infrastructure effects (`ssh db 'psql -c "DROP …"'`); a remote command
 * hidden in an expansion is unknown there too.
 */
export function sshRemoteOps(args: Word[], ctx: AnalyzeContext, valued = SSH_VALUED): Op[] {
  let i = 0;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--") {
      i++;
      break;
    }
    if (!v.startsWith("-") || args[i]!.dynamic) break;
    i = clusterValue(args, i, valued)?.i ?? i;
  }
  const command = args.slice(i + 1);
  if (command.length === 0) return [];
  return remoteTextOps(command.map((w) => w.value).join(" "), ctx);
}

/** rsh (remsh): `rsh [-l user] [-n] host command`, the remote command judged as ssh's is. */
export function rshRemoteOps(args: Word[], ctx: AnalyzeContext): Op[] {
  return sshRemoteOps(args, ctx, "lk");
}
