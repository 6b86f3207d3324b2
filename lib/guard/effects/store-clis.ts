import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { stdinInput } from "./data-input.ts";
import { mayBeOption } from "./getopt.ts";
import { asksHelp, cliLine, type CliLine } from "./infra-args.ts";
import { createdFiles } from "./sinks.ts";
import { influxql } from "./sql-clients.ts";

/**
 * Command-line clients of key-value, configuration, secret and time-series stores whose
 * commands remove data (ASK_DATA_STORE_DESTROY, like kv-stores.ts): etcdctl, consul, vault,
 * influx, mongorestore and mongoimport `--drop`, `kafka-topics --delete` and
 * kafka-delete-records. Value writes (`etcdctl put`, `consul kv put`, `vault kv put`, `influx
 * write`) add or change single values and pass, like Redis SET; reads, help and a subcommand the
 * guard can see to be harmless pass; a subcommand hidden in an expansion asks.
 */
const destroy = (inv: Invocation): Op[] => [op("data-destroy", inv.name)];

/** The operands (subcommand path, keys), lower-cased. */
function _path(line: CliLine): string[] {
  return line.operands.map((w) => w.value.toLowerCase());
}

const ETCD_VALUED = new Set([
  "--endpoints", "--cacert", "--cert", "--key", "--user", "--password", "--dial-timeout", "--command-timeout", "--keepalive-time",
  "--keepalive-timeout", "-w", "--write-out", "--discovery-srv", "--discovery-srv-name", "--auth-jwt-token", "--lease", "--rev",
  "--limit", "--sort-by", "--order", "--ttl", "--peers", "-C", "--ca-file", "--cert-file", "--key-file", "-u", "--username",
  "--data-dir", "--name", "--initial-cluster", "--initial-cluster-token", "--initial-advertise-peer-urls", "--dest-prefix",
]);

/**
 * etcdctl: `del` (v3; with `--prefix` or `--from-key` a whole range), `rm`/`rmdir` (v2),
 * `compaction` (drops the history before a revision), `lease revoke` (deletes the lease's keys),
 * `member remove`, `user|role delete`, `txn` whose input deletes or cannot be read; `lock NAME
 * CMD …` runs CMD while it holds the lock.
 */
export const etcdctl: Handler = (inv) => {
  const line = cliLine(inv.args, ETCD_VALUED);
  if (asksHelp(line)) return [];
  const path = _path(line);
  const [sub, second] = path;
  if (line.operands[0]?.dynamic) return destroy(inv);
  switch (sub) {
    case "del":
    case "delete":
    case "rm":
    case "rmdir":
    case "compaction":
    case "compact":
      return destroy(inv);
    case "lease":
      return second === "revoke" ? destroy(inv) : [];
    case "member":
      return second === "remove" ? destroy(inv) : [];
    case "user":
    case "role":
      return second === "delete" ? destroy(inv) : [];
    case "txn": {
      const input = stdinInput(inv);
      return input === "none" || (input !== null && !/\b(del|delete)\b/i.test(input)) ? [] : destroy(inv);
    }
    case "lock":
      return _runs(line, inv);
    // `snapshot save FILE` writes the cluster's state to FILE (session 8).
    case "snapshot": {
      const file = line.operands[2];
      return second === "save" && file ? createdFiles(inv.name, [file]) : [];
    }
  }
  return [];
};

const CONSUL_VALUED = new Set(["-http-addr", "-token", "-token-file", "-datacenter", "-ca-file", "-ca-path", "-client-cert", "-client-key", "-tls-server-name", "-namespace", "-partition", "-separator", "-n", "-timeout"]);

/**
 * consul: `kv delete` (with `-recurse` a whole prefix), `snapshot restore` (replaces the
 * cluster's whole state), any `… delete`, `services deregister`, `operator raft remove-peer`;
 * `lock PREFIX CMD …` runs CMD.
 */
export const consul: Handler = (inv) => {
  const line = cliLine(inv.args, CONSUL_VALUED);
  if (asksHelp(line, ["-help", "--help", "-h"])) return [];
  if (line.operands[0]?.dynamic || (line.operands[1]?.dynamic && line.operands[0]?.value !== "lock")) return destroy(inv);
  const path = _path(line);
  if (path[0] === "lock") return _runs(line, inv);
  if (path[0] === "snapshot") return path[1] === "restore" ? destroy(inv) : [];
  return path.slice(0, 3).some((w) => w === "delete" || w === "deregister" || w === "remove-peer") ? destroy(inv) : [];
};

const VAULT_VALUED = new Set(["-address", "-namespace", "-ns", "-mount", "-format", "-field", "-ca-cert", "-ca-path", "-client-cert", "-client-key", "-tls-server-name", "-wrap-ttl", "-policy-override", "-header", "-versions", "-path", "-method"]);

/**
 * vault: `delete PATH`, `kv delete|destroy|metadata delete`, `secrets disable` and `auth
 * disable` (every secret of the mount goes), `lease revoke`, `operator raft snapshot restore`.
 */
export const vault: Handler = (inv) => {
  const line = cliLine(inv.args, VAULT_VALUED);
  if (asksHelp(line, ["-help", "--help", "-h"])) return [];
  if (line.operands.slice(0, 2).some((w) => w.dynamic)) return destroy(inv);
  const path = _path(line);
  const head = path.slice(0, 4);
  if (head.includes("snapshot") && head.includes("restore")) return destroy(inv);
  if (path[0] === "delete" || path[0] === "destroy") return destroy(inv);
  if (path[0] === "kv") return head.some((w) => w === "delete" || w === "destroy") ? destroy(inv) : [];
  if ((path[0] === "secrets" || path[0] === "auth") && path[1] === "disable") return destroy(inv);
  return path[0] === "lease" && path[1] === "revoke" ? destroy(inv) : [];
};

/**
 * influx: the 2.x CLI's `delete` (points in a time range), `… delete` of buckets, orgs, users,
 * tokens and tasks, `restore` (replaces data); otherwise the 1.x shell, whose InfluxQL (`-execute`
 * or stdin) is read like SQL (`DROP MEASUREMENT`, `DELETE FROM`).
 */
export const influx: Handler = (inv) => {
  const line = cliLine(inv.args, new Set(["--host", "-t", "--token", "-o", "--org", "--org-id", "-b", "--bucket", "--bucket-id", "--start", "--stop", "-p", "--predicate", "-c", "--active-config", "--configs-path"]));
  const first = line.operands[0];
  if (first?.dynamic && !inv.args.some((a) => /^--?execute$/.test(a.value))) return destroy(inv);
  const path = _path(line);
  if (path[0] === "delete" || path[0] === "restore" || (path[0] !== undefined && path[1] === "delete")) {
    return asksHelp(line) ? [] : destroy(inv);
  }
  return influxql(inv);
};

// The options of mongorestore, mongoimport and kafka-topics that take the next word as their value.
const MONGO_VALUED = new Set([
  "--uri", "--host", "-h", "--port", "--username", "-u", "--password", "-p", "--authenticationDatabase", "--authenticationMechanism",
  "--awsSessionToken", "--gssapiServiceName", "--gssapiHostName", "--db", "-d", "--collection", "-c", "--nsInclude", "--nsExclude",
  "--nsFrom", "--nsTo", "--dir", "--numParallelCollections", "-j", "--numInsertionWorkersPerCollection", "--writeConcern", "-w", "--config",
  "--sslCAFile", "--sslPEMKeyFile", "--sslPEMKeyPassword", "--sslCRLFile", "--tlsCAFile", "--tlsCertificateKeyFile",
  "--tlsCertificateKeyFilePassword", "--tlsCRLFile", "--oplogFile", "--oplogLimit", "--readPreference", "--type", "--file",
  "--fields", "-f", "--fieldFile", "--mode", "--upsertFields", "--batchSize",
]);
const KAFKA_VALUED = new Set([
  "--bootstrap-server", "--topic", "--partitions", "--replication-factor", "--config", "--delete-config", "--command-config",
  "--replica-assignment", "--zookeeper", "--at-min-isr-partitions", "--topic-id",
]);

/**
 * Whether the line gives one of the options `drops` (`--drop`, `--mode=delete` as written), or a
 * computed word that may be one (getopt.ts mayBeOption: `mongorestore $OPTS dump/`); the values
 * of `valued` options are skipped.
 */
function _gives(args: Word[], valued: ReadonlySet<string>, drops: (option: string, value: string | undefined) => boolean): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (mayBeOption(a)) return true;
    if (!a.value.startsWith("-") || a.value === "--") continue;
    const eq = a.value.indexOf("=");
    const option = eq < 0 ? a.value : a.value.slice(0, eq);
    const value = eq >= 0 ? a.value.slice(eq + 1) : valued.has(option) ? args[++i]?.value : undefined;
    if (drops(option, value)) return true;
  }
  return false;
}

/**
 * mongorestore `--drop` drops each collection before restoring it (what the dump does not hold
 * is gone), mongoimport `--drop` drops the collection before the import and `--mode delete`
 * deletes the documents it matches; `kafka-topics --delete` (kafka-topics.sh) deletes a topic and
 * its messages, and kafka-delete-records deletes a partition's records before an offset (session
 * 7: each was ALLOW_NO_EFFECT). A computed word that may be an option (getopt.ts mayBeOption) is
 * judged as the dropping one.
 */
export const mongorestore: Handler = (inv) => (_gives(inv.args, MONGO_VALUED, (o, v) => o === "--drop" || (o === "--mode" && v === "delete")) ? destroy(inv) : []);

export const kafkaTopics: Handler = (inv) => (_gives(inv.args, KAFKA_VALUED, (o) => o === "--delete") ? destroy(inv) : []);

export const kafkaDeleteRecords: Handler = (inv) => (inv.args.some((a) => a.value === "--help" || a.value === "--version") ? [] : destroy(inv));

/** The command a lock holder runs, as given after the lock's name (`etcdctl lock NAME CMD …`, `consul lock PREFIX CMD …`). */
function _runs(line: CliLine, inv: Invocation): Op[] {
  const name = line.operands[1];
  if (!name) return [];
  const [head, ...tail] = inv.args.slice(inv.args.indexOf(name) + 1);
  return head ? analyzeArgv(head, tail, inv.ctx) : [];
}
