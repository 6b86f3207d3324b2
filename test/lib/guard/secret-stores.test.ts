import { describe, expect, test } from "bun:test";
// The registry first, as a check loads it (secrets.ts sits in its import cycle).
import "../../../lib/guard/classify.ts";
import { isSecretFile, isSecretPath, SECRET_STORES } from "../../../lib/guard/effects/secrets.ts";
import { literalWord } from "../../../lib/guard/syntax.ts";
import { seededRandom } from "../../support/seeded-random.ts";

// The credential-store patterns are tested one by one, each only for paths holding its hint text
// (compiling them as one expression cost the compiled hook about 1.5 MiB): the answer must be the
// one expression's, so every hint must be text each match of its pattern contains.
const JOINED = new RegExp(SECRET_STORES.map(([, pattern]) => pattern).join("|"));

// At least one path per pattern, and near misses next to them.
const PATHS = [
  ".env", "app/.env.local", "/w/.env.example", ".envrc", "/proc/self/environ", "/dev/fd/../environ", "/proc/1/task/2/environ",
  "/home/u/.ssh/id_rsa", "id_ed25519_sk", "id_rsa.pub", "id_rsa.pub.bak", "/home/u/.ssh/deploy_ed25519", "/home/u/.ssh/host.pem",
  "/home/u/.ssh/config", "/home/u/.ssh/github", "/home/u/.ssh/google_compute_engine", "/home/u/.ssh/known_hosts2",
  "/home/u/.ssh/authorized_keys", "/home/u/.ssh/rc", "/home/u/.ssh/notes.txt", "/home/u/.ssh/sockets/x", "/home/u/.netrc", ".pgpass", ".git-credentials", "/x/.npmrc", "/x/.npmrc.bak", "/home/u/.aws/credentials",
  "/home/u/.aws/sso/cache/a.json", "/home/u/.aws/config", "/home/u/.gnupg", "/home/u/.gnupg/", "/home/u/.gnupg/secring",
  "/home/u/.gnupg/private-keys-v1.d/k", "/home/u/.gnupg/pubring.kbx", "/home/u/.password-store/x.gpg", "/home/u/.docker/config.json",
  "/home/u/.kube/config", "/etc/kubernetes/admin.conf", "/home/u/.config/gcloud/x", "/home/u/.config/gh/hosts.yml",
  "/home/u/.config/containers/auth.json", "/home/u/.cargo/credentials.toml", "/home/u/.cargo/credentials", "/home/u/.gem/credentials",
  "/home/u/.azure/x", "/Users/u/Library/Keychains/login.keychain-db", "/home/u/.ssh", "/home/u/.aws/", "/home/u/.kube",
  "/home/u/.config/gcloud", "/etc/shadow", "/etc/gshadow", "/etc/sudoers", "/etc/sudoers.d/x", "/home/u/.claude/.credentials.json",
  "/home/u/.codex/auth.json", "/home/u/.gemini/oauth_creds.json", "/home/u/.config/github-copilot/apps.json",
  "/home/u/.config/sops/age/keys.txt", ".my.cnf", "/home/u/.s3cfg", "/w/.yarnrc.yml", "/home/u/.terraform.d/credentials.tfrc.json",
  "/home/u/.config/rclone/rclone.conf", "/home/u/.supabase/access-token", "/home/u/.local/share/keyrings", "/home/u/.config/hub",
  "/home/u/.pip/pip.conf", "/home/u/.config/pip/pip.conf", "/home/u/.config/doctl/config.yaml", "/home/u/.config/heroku",
  "/home/u/.config/configstore/x.json", "/home/u/.fly/config.yml", "/home/u/.wrangler/config/default.toml", ".agent-guard",
  "/w/.agent-guard/quarantine/tx/t1/payload/0", "/w/.agent-guard/quarantine/tx/t1/journal", "Login Data", "/p/logins.json",
  "/p/key4.db", "/p/key5.db", "/p/Cookies", "/p/Cookies-journal", "README.md", "src/main.ts", "/home/user", "x.y", "-",
];

describe("credential stores: each pattern tested only where its hint text is", () => {
  test("every hint is text of its pattern's matches: the answers are the one expression's", () => {
    for (const path of PATHS) expect([path, isSecretPath(literalWord(path))]).toEqual([path, JOINED.test(path)]);
  });

  test("a secret path and its near miss, one per pattern", () => {
    const hits = PATHS.filter((p) => JOINED.test(p));
    // Every pattern is reached by some path above.
    for (const [, pattern] of SECRET_STORES) expect([pattern, hits.some((p) => new RegExp(pattern).test(p))]).toEqual([pattern, true]);
    expect(isSecretPath(literalWord("/home/u/.ssh/id_rsa"))).toBe(true);
    expect(isSecretPath(literalWord("/home/u/.ssh/id_rsa.pub"))).toBe(false);
    // Session 11: a key named by ssh-keygen -f (no dot), not ssh's own files or notes there.
    for (const key of ["github", "deploy", "work_key", "google_compute_engine"]) expect(isSecretPath(literalWord(`/home/u/.ssh/${key}`))).toBe(true);
    for (const file of ["config", "known_hosts", "known_hosts2", "authorized_keys2", "environment", "rc", "allowed_signers", "github.pub", "README.md", "config.d/work"]) {
      expect([file, isSecretPath(literalWord(`/home/u/.ssh/${file}`))]).toEqual([file, false]);
    }
    expect(isSecretPath(literalWord("/p/key4.db"))).toBe(true);
    expect(isSecretFile(literalWord("/w/server.key"))).toBe(true);
    expect(isSecretPath(literalWord("/w/server.key"))).toBe(false);
  });

  test("random paths built from the patterns' own pieces answer as the one expression", () => {
    const random = seededRandom(7);
    const pieces = ["/", ".", "env", "environ", "proc", "dev", "id_", "rsa", "ed25519", "_sk", ".pub", ".ssh", ".aws", "credentials", ".config",
      "gcloud", "etc", "shadow", "Login Data", "key4.db", "Cookies", ".agent-guard", "quarantine", "tx", "payload", "config.json", ".docker",
      ".kube", "config", "Library", "Keychains", "hub", "pip", "pip.conf", ".netrc", "my.cnf", "x", "-", ".gnupg", "secring", "sso", "cache"];
    for (let i = 0; i < 4000; i++) {
      let path = "";
      const n = 1 + Math.floor(random() * 7);
      for (let k = 0; k < n; k++) path += pieces[Math.floor(random() * pieces.length)];
      expect([path, isSecretPath(literalWord(path))]).toEqual([path, JOINED.test(path)]);
    }
  });
});
