import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler, Invocation } from "./context.ts";
import { type Input, metaArgs, scriptFile, stdinInput } from "./data-input.ts";
import { createdFiles } from "./sinks.ts";

// Redis commands that remove keys, members or whole data sets, overwrite a key with another,
// hand the data set away, or run code the guard does not read. Value writes (SET, HSET, LPUSH,
// INCR, …) add or change single values and pass, like SQL INSERT.
const REDIS_DESTROYS = new Set(
  (
    "FLUSHDB FLUSHALL DEL UNLINK GETDEL HDEL HGETDEL LREM LTRIM LPOP RPOP BLPOP BRPOP LMPOP BLMPOP SREM SPOP ZREM " +
    "ZREMRANGEBYSCORE ZREMRANGEBYRANK ZREMRANGEBYLEX ZPOPMIN ZPOPMAX BZPOPMIN BZPOPMAX ZMPOP BZMPOP XDEL XTRIM XDELEX XACKDEL " +
    "EXPIRE PEXPIRE EXPIREAT PEXPIREAT HEXPIRE HPEXPIRE HEXPIREAT HPEXPIREAT RENAME MIGRATE SWAPDB SHUTDOWN DEBUG " +
    "REPLICAOF SLAVEOF EVAL EVALSHA FCALL RESTORE RESTORE-ASKING"
  ).split(" "),
);
// Container commands whose destructive subcommands are listed.
const REDIS_SUBCOMMANDS: Record<string, string[]> = {
  SCRIPT: ["FLUSH"],
  FUNCTION: ["FLUSH", "DELETE", "RESTORE", "LOAD"],
  CONFIG: ["SET"],
  CLUSTER: ["RESET", "FLUSHSLOTS", "FORGET", "DELSLOTS", "DELSLOTSRANGE"],
  ACL: ["DELUSER", "SETUSER", "LOAD"],
  XGROUP: ["DESTROY", "DELCONSUMER"],
  MODULE: ["LOAD", "LOADEX"],
};
const REDIS_VALUED = new Set(["-h", "-p", "-s", "-a", "-u", "-r", "-i", "-n", "-d", "-D", "--user", "--pass", "--pattern", "--quoted-pattern", "--count", "--cacert", "--cacertdir", "--cert", "--key", "--sni", "--tls-ciphers", "--tls-ciphersuites", "--memkeys-samples", "--intrinsic-latency", "--pipe-timeout", "--rdb", "--functions-rdb", "--keystats-samples", "--top"]);
// Modes that print statistics or scan keys and never run a command.
const REDIS_MODES = new Set(["--scan", "--bigkeys", "--memkeys", "--hotkeys", "--keystats", "--stat", "--latency", "--latency-history", "--latency-dist", "--intrinsic-latency", "--help", "--version", "-v", "--rdb", "--functions-rdb", "--replica", "--slave"]);

/** Whether one Redis command (its words) destroys data; unknown words count as destroying. */
function redisDestroys(words: Word[]): boolean {
  const [head, sub, ...rest] = words;
  if (!head) return false;
  if (head.dynamic) return true;
  const name = head.value.toUpperCase();
  if (REDIS_DESTROYS.has(name)) return true;
  // Module commands: JSON.DEL, FT.DROPINDEX, TS.DEL, GRAPH.DELETE, ….
  if (/\.(DEL|FORGET|DROP|DROPINDEX|DELETE|FLUSH)$/.test(name)) return true;
  if (name === "COPY") return [sub, ...rest].some((w) => w?.dynamic || w?.value.toUpperCase() === "REPLACE");
  const subs = REDIS_SUBCOMMANDS[name];
  if (subs) return !sub || sub.dynamic || subs.includes(sub.value.toUpperCase());
  return false;
}

/** redis-cli, valkey-cli, keydb-cli: the command in the arguments, or each line of its input. */
export const redisCli: Handler = (inv) => [..._dumps(inv), ..._redisCommands(inv)];

/** `--rdb FILE`, `--functions-rdb FILE`: a dump of the server written to FILE (session 8). */
function _dumps(inv: Invocation): Op[] {
  const files = inv.args.flatMap((a, k) => (!a.dynamic && (a.value === "--rdb" || a.value === "--functions-rdb") && inv.args[k + 1] ? [inv.args[k + 1]!] : []));
  return createdFiles(inv.name, files);
}

function _redisCommands(inv: Invocation): Op[] {
  const args = inv.args;
  let i = 0;
  let pipe = false;
  let script = false;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic && a.value.startsWith("-")) return [op("data-destroy", inv.name)];
    if (!a.value.startsWith("-") || a.dynamic) break;
    if (a.value === "--cluster") return _cluster(args.slice(i + 1), inv);
    if (a.value === "--eval") script = true;
    if (a.value === "--pipe") pipe = true;
    if (REDIS_MODES.has(a.value) && !args.slice(i + 1).some((w) => !w.value.startsWith("-"))) return [];
    if (REDIS_VALUED.has(a.value) || a.value === "--eval") i++;
  }
  // `--eval FILE` runs a Lua script; `--pipe` sends raw protocol from stdin.
  if (script) return [op("data-destroy", inv.name)];
  const command = args.slice(i);
  if (command.length > 0 && !pipe) return redisDestroys(command) ? [op("data-destroy", inv.name)] : [];
  if (pipe || command.length === 0) return _lines(stdinInput(inv), inv, pipe);
  return [];
}

/** `--cluster call HOST CMD …` runs CMD on every node; other cluster tasks move slots. */
function _cluster(args: Word[], inv: Invocation): Op[] {
  if (args[0]?.dynamic) return [op("data-destroy", inv.name)];
  if (args[0]?.value !== "call") return [];
  const command = args.slice(2).filter((w) => !w.value.startsWith("--"));
  return redisDestroys(command) ? [op("data-destroy", inv.name)] : [];
}

/** Commands read from stdin, one per line (an interactive session when there is none). */
function _lines(input: Input | "none", inv: Invocation, raw: boolean): Op[] {
  if (input === "none") return [];
  if (input === null) return [op("data-destroy", inv.name)];
  const destroys = input.split("\n").some((line) => {
    const words = metaArgs(line).map((value): Word => ({ value, dynamic: false, glob: false, pattern: value, quoted: true }));
    // Raw protocol (`*1\r\n$8\r\nFLUSHALL`): any word may be a command name.
    return redisDestroys(words) || (raw && words.some((w) => REDIS_DESTROYS.has(w.value.toUpperCase().replace(/\r$/, ""))));
  });
  return destroys ? [op("data-destroy", inv.name)] : [];
}

// Mongo shell methods that remove or overwrite documents, collections, databases, indexes or
// users; aggregation stages that replace a collection; code the guard does not read.
const MONGO_DESTROYS =
  /\.\s*(dropDatabase|drop|deleteMany|deleteOne|remove|findOneAndDelete|findAndModify|findOneAndReplace|findOneAndUpdate|replaceOne|updateOne|updateMany|update|bulkWrite|dropIndex|dropIndexes|dropSearchIndex|renameCollection|dropUser|dropAllUsers|dropRole|dropAllRoles|mapReduce)\s*\(/;
const MONGO_NAMES = /^(dropDatabase|drop|deleteMany|deleteOne|remove|findOneAndDelete|findAndModify|findOneAndReplace|findOneAndUpdate|replaceOne|updateOne|updateMany|update|bulkWrite|dropIndex|dropIndexes|renameCollection|dropUser|dropAllUsers|dropRole|dropAllRoles)$/;
const MONGO_OPAQUE = /\b(eval|Function|load)\s*\(|\$(out|merge)\b/;
// Database commands that destroy, as keys of a runCommand/adminCommand document.
const MONGO_COMMAND_KEYS = /["']?\b(drop\w*|delete|update|findAndModify|renameCollection|shutdown|applyOps|eval)\b["']?\s*:/i;

/** Whether mongo shell JavaScript destroys data (or does what the guard cannot read). */
function mongoDestroys(code: string): boolean {
  const strings: string[] = [];
  // Comments go; string contents are set aside (a method named by a string is still a call).
  const bare = code
    .replace(/\/\*[\s\S]*?(\*\/|$)|\/\/[^\n]*/g, " ")
    .replace(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g, (_, a, b, c) => {
      strings.push(a ?? b ?? c);
      return '""';
    });
  if (MONGO_DESTROYS.test(bare) || MONGO_OPAQUE.test(bare)) return true;
  if (/\b(runCommand|adminCommand)\s*\(/.test(bare) && MONGO_COMMAND_KEYS.test(code)) return true;
  // db["users"]["drop"](), db.getCollection("x")["deleteMany"]({}), {$out: …} as a quoted key.
  return strings.some((s) => MONGO_NAMES.test(s) || /^\$(out|merge)$/.test(s));
}

/** mongosh and mongo: `--eval` code, script files, or code on stdin. */
export const mongoShell: Handler = (inv) => {
  const codes: Input[] = [];
  const valued = new Set(["--host", "--port", "-u", "--username", "--authenticationDatabase", "--authenticationMechanism", "--tlsCAFile", "--tlsCertificateKeyFile", "--tlsCertificateKeyFilePassword", "--apiVersion", "--gssapiServiceName", "--sspiHostnameCanonicalization", "--awsIamSessionToken", "--csfleLibraryPath", "--cryptSharedLibPath"]);
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]!;
    const v = a.value;
    if (/^(--help|-h|--version)$/.test(v)) return [];
    if (v === "--eval") codes.push(_code(inv.args[++i]));
    else if (v.startsWith("--eval=")) codes.push(a.dynamic ? null : v.slice(7));
    else if (v === "-f" || v === "--file") {
      codes.push(scriptFile(inv.args[++i], inv.ctx));
    } else if (valued.has(v)) i++;
    else if (v === "-p" || v === "--password") {
      if (inv.args[i + 1] && !inv.args[i + 1]!.value.startsWith("-")) i++;
    } else if (!v.startsWith("-") && (a.dynamic || /\.js$/.test(v))) {
      codes.push(a.dynamic ? null : scriptFile(a, inv.ctx));
    }
  }
  if (codes.length === 0) {
    const stdin = stdinInput(inv);
    if (stdin !== "none") codes.push(stdin);
  }
  return codes.some((c) => c === null || mongoDestroys(c)) ? [op("data-destroy", inv.name)] : [];
};

function _code(word: Word | undefined): Input {
  return !word ? "" : word.dynamic ? null : word.value;
}
