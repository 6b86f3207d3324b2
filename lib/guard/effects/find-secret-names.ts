import { fnmatchRegExp } from "../fnmatch.ts";
import type { Word } from "../syntax.ts";
import { op, type Op } from "../ops.ts";
import { programName } from "./names.ts";
import { isSecretPath, readsArguments } from "./secrets.ts";
import { WRAPPER_NAMES } from "./wrappers.ts";

// Credential files by the names they have wherever they are (the stores of secrets.ts whose
// name alone makes them one), and by their place under a home folder for `-path` patterns.
const NAMES = [
  "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk", ".env", ".env.local", ".env.production",
  ".netrc", ".pgpass", ".git-credentials", ".pypirc", ".npmrc", ".boto", ".dockercfg", ".vault-token", ".my.cnf", ".s3cfg",
  "Login Data", "logins.json", "key4.db", "key3.db", "environ", "shadow", "gshadow",
];
const PLACES = [
  ".ssh/id_rsa", ".ssh/id_ed25519", ".ssh/deploy.pem", ".aws/credentials", ".docker/config.json", ".kube/config", ".netrc", ".env",
  ".git-credentials", ".config/gh/hosts.yml", ".cargo/credentials.toml", ".gnupg/private-keys-v1.d/k.key", ".password-store/p.gpg",
  ".config/gcloud/credentials.db", ".claude/.credentials.json", ".azure/accessTokens.json",
];
const NAME_TESTS = new Set(["-name", "-iname"]);
const PATH_TESTS = new Set(["-path", "-ipath", "-wholename", "-iwholename"]);

/**
 * Whether find's expression picks credential files by name, whatever its start points (`find ~
 * -name id_rsa -exec cat {} +`, `-iname '.env*'`, `-path '*.aws/credentials'`): its matches are
 * then read by a reading -exec. An extension alone (`-name '*.json'`) names no credential.
 */
function namesSecretFiles(expr: Word[]): Word[] {
  const found: Word[] = [];
  for (let i = 0; i < expr.length - 1; i++) {
    const test = expr[i]!.value;
    const byName = NAME_TESTS.has(test);
    if (!byName && !PATH_TESTS.has(test)) continue;
    const word = expr[++i]!;
    if (word.dynamic) continue;
    const pattern = word.value;
    if (byName && /^\*\.[^*?[\]/]*$/.test(pattern) && pattern !== "*.env") continue;
    const re = fnmatchRegExp(pattern, test.startsWith("-i"));
    // A pattern any file matches (`-name '*'`) picks out nothing.
    if (!re || re.test(byName ? "q7.txt" : "/home/u/q7/q7.txt")) continue;
    const hit = byName ? NAMES.some((n) => re.test(n)) : PLACES.some((p) => re.test(`/home/u/${p}`) && isSecretPath({ ...word, value: `/home/u/${p}`, pattern: `/home/u/${p}`, glob: false }));
    if (hit) found.push(word);
  }
  return found;
}

/** The secret read of `-exec PROGRAM … {}` when the expression picks credential files by name (a wrapper's program counts: `sudo cat`). */
export function namedSecretOps(head: Word, rest: Word[], expr: Word[]): Op[] {
  let name = programName(head);
  for (let i = 0; i < rest.length && (WRAPPER_NAMES as readonly string[]).includes(name); i++) {
    const w = rest[i]!;
    if (w.dynamic || w.value === "{}") return [];
    if (!w.value.startsWith("-") && !w.value.includes("=")) name = programName(w);
  }
  if (!readsArguments(name, rest)) return [];
  const found = namesSecretFiles(expr);
  return found.length ? [op("secret", name, found)] : [];
}
