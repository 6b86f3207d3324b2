import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK } from "../../support/verdict-rows.ts";

// Stores that were not modelled (store-clis.ts, the cqlsh and InfluxQL clients in sql-clients.ts):
// removing keys, rows, keyspaces, buckets or secrets is ASK_DATA_STORE_DESTROY, as for SQL and Redis.
const fx = useGuardFixture();
mkdirSync(join(fx.ws, "cql"), { recursive: true });
writeFileSync(join(fx.ws, "cql", "report.cql"), "-- nightly\nSELECT count(*) FROM ks.users;\n");
writeFileSync(join(fx.ws, "cql", "reset.cql"), "CONSISTENCY QUORUM;\nTRUNCATE ks.users;\n");
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

type Row = [string, string, Decision, ReasonCode];
const ASK: [Decision, ReasonCode] = ["ASK", "ASK_DATA_STORE_DESTROY"];

const ETCD: Row[] = [
  ["etcdctl del", "etcdctl del /config/app", ...ASK],
  ["etcdctl del --prefix", "etcdctl del --prefix /", ...ASK],
  ["etcdctl del --from-key of everything", "ETCDCTL_API=3 etcdctl --endpoints http://x.invalid:2379 del '' --from-key", ...ASK],
  ["etcdctl v2 rm -r", "etcdctl rm --recursive /app", ...ASK],
  ["etcdctl compaction drops history", "etcdctl compaction 1234", ...ASK],
  ["etcdctl lease revoke deletes the lease's keys", "etcdctl lease revoke 694d71ddacfda227", ...ASK],
  ["etcdctl txn deleting on stdin", "etcdctl txn <<< 'del /app/x'", ...ASK],
  ["etcdctl subcommand in a variable", "etcdctl $CMD /app", ...ASK],
  ["etcdctl behind sudo", "sudo etcdctl del --prefix /app", ...ASK],
  ["etcdctl inside bash -c", "bash -c 'etcdctl del --prefix /app'", ...ASK],
  ["etcdctl lock runs its command", "etcdctl lock mylock rm -rf ~", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["etcdctl get --prefix reads", "etcdctl get --prefix /app", ...OK],
  ["etcdctl put writes one value", "etcdctl put /app/x 1", ...OK],
  ["etcdctl del --help", "etcdctl del --help", ...OK],
  ["etcdctl lock running a harmless command", "etcdctl lock mylock echo hi", ...OK],
];

const CQL: Row[] = [
  ["DROP KEYSPACE", 'cqlsh -e "DROP KEYSPACE prod"', ...ASK],
  ["DROP TABLE with host and port", 'cqlsh db.invalid 9042 -e "DROP TABLE ks.users;"', ...ASK],
  ["TRUNCATE", "cqlsh -e 'TRUNCATE ks.users'", ...ASK],
  ["DELETE", 'cqlsh -k ks --execute="DELETE FROM users WHERE id = 1"', ...ASK],
  ["a DROP after a read", 'cqlsh -e "SELECT * FROM ks.t; DROP TABLE ks.t"', ...ASK],
  ["a script that truncates", "cqlsh -f cql/reset.cql", ...ASK],
  ["a script that does not exist", "cqlsh -f cql/missing.cql", ...ASK],
  ["CQL on stdin", 'echo "DROP TABLE ks.t;" | cqlsh', ...ASK],
  ["CQL from a redirected file", "cqlsh < cql/reset.cql", ...ASK],
  ["behind sudo", "sudo cqlsh -e 'DROP KEYSPACE prod'", ...ASK],
  ["a SELECT", 'cqlsh -e "SELECT * FROM ks.users LIMIT 10"', ...OK],
  ["a DROP inside a string", `cqlsh -e "SELECT * FROM ks.t WHERE note = 'DROP TABLE x'"`, ...OK],
  ["cqlsh session commands", 'cqlsh -e "CONSISTENCY QUORUM; DESCRIBE KEYSPACES"', ...OK],
  ["a read-only script", "cqlsh -f cql/report.cql", ...OK],
  ["an interactive session", "cqlsh db.invalid", ...OK],
];

const OTHERS: Row[] = [
  // Session 7: both were ALLOW_NO_EFFECT.
  ["mongorestore --drop", "mongorestore --drop dump/", ...ASK],
  ["mongorestore without --drop adds", "mongorestore dump/", ...OK],
  ["kafka-topics --delete", "kafka-topics --delete --topic t --bootstrap-server 127.0.0.1:9092", ...ASK],
  ["kafka-topics.sh --delete", "kafka-topics.sh --bootstrap-server 127.0.0.1:9092 --delete --topic t", ...ASK],
  ["kafka-topics --list", "kafka-topics --list --bootstrap-server 127.0.0.1:9092", ...OK],
  // Review A (session 7; each was ALLOW_NO_EFFECT). A computed word that may be an option is
  // judged as the dropping one (getopt.ts mayBeOption); a quoted one is an operand.
  ["mongoimport --drop", "mongoimport --drop -c users users.json", ...ASK],
  ["mongoimport --mode delete", "mongoimport --mode delete -c users users.json", ...ASK],
  ["mongoimport adds", "mongoimport -c users users.json", ...OK],
  ["kafka-delete-records", "kafka-delete-records --bootstrap-server 127.0.0.1:9092 --offset-json-file o.json", ...ASK],
  ["mongorestore with a computed option", "mongorestore $OPTS dump/", ...ASK],
  ["kafka-topics with a computed option", "kafka-topics $OPTS --topic t", ...ASK],
  ["mongorestore of a quoted computed folder", 'mongorestore "$DIR"', ...OK],
  ["influx delete", "influx delete --bucket metrics --start 1970-01-01T00:00:00Z --stop 2030-01-01T00:00:00Z", ...ASK],
  ["influx bucket delete", "influx bucket delete -n metrics", ...ASK],
  ["influx restore", "influx restore --full ./backup", ...ASK],
  ["InfluxQL DROP", "influx -execute 'DROP MEASUREMENT cpu' -database db", ...ASK],
  ["InfluxQL DELETE", "influx --execute='DELETE FROM cpu WHERE time < now()'", ...ASK],
  ["influx query reads", 'influx query "from(bucket: \\"b\\") |> range(start: -1h)"', ...OK],
  ["influx bucket list", "influx bucket list", ...OK],
  ["InfluxQL SELECT", "influx -database db -execute 'SELECT * FROM cpu LIMIT 1'", ...OK],
  ["consul kv delete -recurse", "consul kv delete -recurse app/", ...ASK],
  ["consul kv delete", "consul kv delete -http-addr=x.invalid:8500 app/x", ...ASK],
  ["consul snapshot restore", "consul snapshot restore backup.snap", ...ASK],
  ["consul services deregister", "consul services deregister -id web", ...ASK],
  ["consul lock runs its command", "consul lock app/lock rm -rf ~", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["consul kv get -recurse reads", "consul kv get -recurse app/", ...OK],
  ["consul kv put writes one value", "consul kv put app/x 1", ...OK],
  ["consul snapshot save", "consul snapshot save backup.snap", ...OK],
  ["vault kv delete", "vault kv delete secret/app", ...ASK],
  ["vault kv metadata delete (every version)", "vault kv metadata delete -mount=secret app", ...ASK],
  ["vault kv destroy", "vault kv destroy -versions=1,2 secret/app", ...ASK],
  ["vault delete", "vault delete secret/app", ...ASK],
  ["vault secrets disable", "vault secrets disable kv/", ...ASK],
  ["vault kv get", "vault kv get secret/app", ...OK],
  ["vault kv put", "vault kv put secret/app token=not-a-key", ...OK],
  ["vault secrets list", "vault secrets list", ...OK],
];

describe("data stores: etcd, Cassandra, InfluxDB, Consul, Vault", () => {
  for (const [name, command, decision, reason] of [...ETCD, ...CQL, ...OTHERS]) {
    test(name, () => {
      const result = check(command);
      expect([result.decision, result.reason]).toEqual([decision, reason]);
    });
  }
});
