import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler, Invocation } from "./context.ts";
import { analyzeText } from "./analyze.ts";
import { scriptFile } from "./data-input.ts";
import { wordFrom } from "./getopt.ts";
import { asksHelp, cliLine, shellWords } from "./infra-args.ts";
import type { SERVICE_CLIS } from "./registry-names.ts";
import { sqlScriptOps } from "./sql-script.ts";

/**
 * Hosting, cloud and virtual-machine CLIs whose delete commands destroy what they host
 * (ASK_INFRA_DESTROY, like `kubectl delete` and `terraform destroy`; red team 16): `gh repo
 * delete`, `vagrant destroy`, `virsh undefine`, `doctl compute droplet delete`, `fly apps destroy`,
 * `heroku apps:destroy`, `vercel remove`, `netlify sites:delete`, `firebase functions:delete`,
 * `wrangler r2 bucket delete`, `kind delete cluster`, `argocd app delete`, `serverless remove`,
 * `helmfile destroy`, … Their commands that wipe or overwrite a hosted database
 * (`heroku pg:reset`, `pg:backups:restore`, `pg:copy`, `firebase firestore:delete`,
 * `database:remove|set`, `wrangler d1 execute` with destroying SQL) drop data
 * (ASK_DATA_STORE_DESTROY). Listing, status, deploys, dry runs and help pass; a command word the
 * guard cannot see (any computed word of the command path) asks. The quarantine cannot bring a
 * deleted app, repository or VM back.
 */
interface Rule {
  /** A command word that destroys. */
  verbs: RegExp;
  /** A command word that wipes the service's data (checked first). */
  data?: RegExp;
  /** How many of the first operands may hold the command word (its path: `compute droplet delete`). */
  depth: number;
  /** Options that take a value (so the value is no operand). */
  valued?: string[];
  /** First command words after which the words are another program's (`railway run CMD`). */
  runs?: RegExp;
  /** Options that make any of the command's words destroy (`nomad job stop -purge`). */
  purges?: RegExp;
}

const VERBS = /^(delete|destroy|rm|remove)$/;
const COLON_VERBS = /(^|:)(delete|destroy|rm|remove)$/;
const APP = ["-a", "--app", "-r", "--remote", "-c", "--config", "-t", "--token", "--team", "--scope", "--project", "--project-ref", "--profile", "--context", "--region", "-o", "--output"];

const NETLIFY: Rule = { verbs: COLON_VERBS, data: /^blobs:delete$/, depth: 1, valued: APP };
const FIREBASE: Rule = { verbs: /(^|:)(delete|destroy|remove|disable|uninstall)$/, data: /^(firestore:delete|database:remove|database:set|firestore:databases:delete)$/, depth: 1, valued: [...APP, "-P", "--instance", "--database"] };

const RULES: Record<(typeof SERVICE_CLIS)[number], Rule> = {
  vagrant: { verbs: /^(destroy|remove|prune|delete)$/, depth: 2 },
  virsh: { verbs: /^(undefine|vol-delete|vol-wipe|pool-delete|pool-undefine|snapshot-delete|checkpoint-delete)$/, depth: 1, valued: ["-c", "--connect", "-l", "--log", "-d", "--debug", "-k", "--keepalive-interval", "-K", "--keepalive-count", "-e", "--escape"] },
  doctl: { verbs: VERBS, depth: 4, valued: APP },
  fly: { verbs: VERBS, depth: 3, valued: APP },
  flyctl: { verbs: VERBS, depth: 3, valued: APP },
  // `pg:backups:restore` and `pg:copy` overwrite the target database.
  heroku: { verbs: /(^|:)(delete|destroy|rm|remove)$/, data: /^pg:(reset|backups:restore|copy)$/, depth: 1, valued: APP },
  vercel: { verbs: VERBS, depth: 2, valued: APP },
  netlify: NETLIFY,
  "netlify-cli": NETLIFY,
  firebase: FIREBASE,
  "firebase-tools": FIREBASE,
  wrangler: { verbs: VERBS, depth: 4, valued: [...APP, "--command", "--file"] },
  eksctl: { verbs: VERBS, depth: 1, valued: APP },
  kind: { verbs: VERBS, depth: 1, valued: ["--name", "--kubeconfig"] },
  minikube: { verbs: VERBS, depth: 1, valued: ["-p", "--profile"] },
  k3d: { verbs: VERBS, depth: 2 },
  hcloud: { verbs: VERBS, depth: 2, valued: APP },
  "linode-cli": { verbs: VERBS, depth: 2, valued: APP },
  openstack: { verbs: VERBS, depth: 3, valued: ["--os-cloud", "--os-project-name", "--os-region-name", "-f", "--format"] },
  supabase: { verbs: VERBS, depth: 2, valued: APP },
  // `scw instance server terminate` deletes the server and its volumes.
  scw: { verbs: /^(delete|destroy|rm|remove|terminate)$/, depth: 3, valued: APP },
  civo: { verbs: VERBS, depth: 2, valued: APP },
  // `railway down` removes the latest deployment; `volume delete`, `environment delete`.
  railway: { verbs: /^(down|delete)$/, depth: 2, valued: APP, runs: /^(run|shell)$/ },
  // `oci os object bulk-delete`, `… delete-version`.
  oci: { verbs: /^((bulk-)?delete|terminate)$|^delete-/, depth: 5, valued: ["--profile", "--config-file", "--region", "--compartment-id", "-c"] },
  // IBM Cloud's plugins spell deletes `instance-delete`, `cluster rm`.
  ibmcloud: { verbs: /^(delete|rm|remove)$|-(delete|rm|remove)$/, depth: 3, valued: APP },
  argocd: { verbs: VERBS, depth: 2, valued: ["--server", "--auth-token", "--grpc-web-root-path", "--config", "--context"] },
  flux: { verbs: /^(delete|uninstall)$/, depth: 1, valued: ["-n", "--namespace", "--context", "--kubeconfig"] },
  // The Serverless Framework's and SAM's `remove`/`delete` take the deployed stack down.
  serverless: { verbs: /^remove$/, depth: 1, valued: ["-s", "--stage", "-r", "--region", "-c", "--config", "--aws-profile"] },
  sls: { verbs: /^remove$/, depth: 1, valued: ["-s", "--stage", "-r", "--region", "-c", "--config", "--aws-profile"] },
  sam: { verbs: /^delete$/, depth: 1, valued: ["--stack-name", "--region", "--profile", "--config-file", "--config-env"] },
  // AWS Copilot; GitHub's Copilot CLI shares the name, its prompt is a `-p` value.
  copilot: { verbs: VERBS, depth: 2, valued: ["-a", "--app", "-e", "--env", "-n", "--name", "-p", "--prompt"] },
  helmfile: { verbs: /^(destroy|delete)$/, depth: 1, valued: ["-f", "--file", "-e", "--environment", "-l", "--selector", "-n", "--namespace", "--kube-context"] },
  skaffold: { verbs: /^delete$/, depth: 1, valued: ["-f", "--filename", "-p", "--profile", "-n", "--namespace", "--kube-context"] },
  // Red team 16's leftovers (session 8): Render, Vultr, Exoscale (`exo storage rb` removes a
  // bucket; `del` is its short delete) and Nomad (`var purge`, `volume delete`, `namespace
  // delete`, `job stop -purge`: a plain `job stop` keeps the job, which `job start` runs again).
  render: { verbs: VERBS, depth: 2, valued: [...APP, "--confirm"] },
  "vultr-cli": { verbs: VERBS, depth: 3, valued: [...APP, "--config"] },
  exo: { verbs: /^(delete|del|destroy|rm|remove|rb)$/, depth: 3, valued: [...APP, "-z", "--zone", "-O", "--output-format", "-A", "--use-account", "-C", "--config"] },
  nomad: { verbs: /^(delete|destroy|rm|remove|purge)$/, purges: /^--?purge$/, depth: 3, valued: ["-address", "-region", "-namespace", "-token", "-ca-cert", "-ca-path", "-client-cert", "-client-key", "-tls-server-name"] },
};

const destroy = (inv: Invocation, kind: "infra-destroy" | "data-destroy" = "infra-destroy"): Op[] => [op(kind, inv.name)];

/** A hosting or VM CLI of the table above, run by its own name. */
export const serviceCli: Handler = (inv) => {
  const rule = (RULES as Record<string, Rule | undefined>)[inv.name];
  if (!rule) return [];
  const line = _line(inv.args, rule.valued ?? []);
  if (inv.name === "wrangler") return [..._judge(inv, rule, line), ..._d1(inv, line)];
  return _judge(inv, rule, line);
};

function _line(args: Word[], valued: string[]): ReturnType<typeof cliLine> {
  // Words after `--` are another program's (`fly ssh console -- rm x`): no command word of this one.
  const dash = args.findIndex((a) => !a.dynamic && a.value === "--");
  return cliLine(dash < 0 ? args : args.slice(0, dash), new Set(valued));
}

function _judge(inv: Invocation, rule: Rule, line: ReturnType<typeof cliLine>): Op[] {
  if (asksHelp(line, ["--help", "-h"]) || line.options.includes("--dry-run")) return [];
  const path = line.operands.slice(0, rule.depth);
  if (path[0] && !path[0].dynamic && rule.runs?.test(path[0].value)) return [];
  if (rule.purges && line.options.some((o) => rule.purges!.test(o))) return destroy(inv);
  for (const w of path) {
    // A computed word may be the destroying verb (`fly apps $V myapp`), unless it follows an
    // option this table does not know, whose value it may be (`fly deploy --image $IMG`).
    if (w.dynamic && !_afterOption(inv.args, w)) return destroy(inv);
    if (w.dynamic) continue;
    const v = w.value.toLowerCase();
    if (rule.data?.test(v)) return destroy(inv, "data-destroy");
    if (rule.verbs.test(v)) return destroy(inv);
  }
  return [];
}

function _afterOption(args: Word[], w: Word): boolean {
  const before = args[args.indexOf(w) - 1];
  return before !== undefined && !before.dynamic && /^-[^=]*$/.test(before.value) && before.value !== "--";
}

/** `wrangler d1 execute DB --command SQL | --file F`: the SQL is read as a SQLite client's. */
function _d1(inv: Invocation, line: ReturnType<typeof cliLine>): Op[] {
  const [group, verb] = line.operands;
  if (group?.value !== "d1" || verb?.value !== "execute") return [];
  const state = { readonly: false, moved: false, depth: 0 };
  const ops: Op[] = [];
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]!;
    const m = /^--(command|file)(=|$)/.exec(a.value);
    if (!m) continue;
    const word = m[2] ? wordFrom(a, m[0].length) : inv.args[i + 1];
    const text = m[1] === "file" ? scriptFile(word, inv.ctx) : !word || word.dynamic ? null : word.value;
    ops.push(...sqlScriptOps(text, "plain", inv, state));
  }
  return ops;
}

const GH_VALUED = ["-R", "--repo", "--hostname", "-X", "--method", "--owner", "--id", "-F", "--field", "-f", "--raw-field", "-H", "--header", "--input", "-q", "--jq", "-t", "--template", "--cache"];

/**
 * gh: `repo delete`, `release delete`, `release delete-asset`, `gist delete`, `secret delete`,
 * `project item-delete`, `repo deploy-key delete`, … (not `alias delete`, a local setting), `gh
 * api -X DELETE` / `--method DELETE`, a GraphQL mutation that deletes or removes, and `gh alias
 * set` whose expansion is such a gh line. gh's uploads are gh-uploads.ts's.
 */
export const gh: Handler = (inv) => _gh(inv, inv.args, 0);

function _gh(inv: Invocation, args: Word[], depth: number): Op[] {
  const line = _line(args, GH_VALUED);
  if (asksHelp(line)) return [];
  const [group, verb, third] = line.operands;
  if (!group) return [];
  if (group.dynamic) return destroy(inv);
  if (group.value === "api") return _ghApi(inv, args, line);
  if (group.value === "alias") return verb?.value === "set" ? _ghAlias(inv, line.operands[3], line.options.includes("--shell") || line.options.includes("-s"), depth) : [];
  if (group.value === "search") return [];
  // `repo deploy-key delete`, `repo autolink delete`: the verb is the third word.
  const w = group.value === "repo" && verb && /^(deploy-key|autolink)$/.test(verb.value) ? third : verb;
  return w && (w.dynamic || GH_DELETE.test(w.value)) ? destroy(inv) : [];
}

const GH_DELETE = /^delete(-asset)?$|^[a-z]+-delete$/;

/** `gh api`: a DELETE method (or one the guard cannot see), or a GraphQL mutation that deletes. */
function _ghApi(inv: Invocation, args: Word[], line: ReturnType<typeof cliLine>): Op[] {
  const method = _method(args);
  if (method === null || (method !== undefined && /^=?delete$/i.test(method))) return destroy(inv);
  if (line.operands[1]?.value !== "graphql") return [];
  for (let i = 0; i < args.length; i++) {
    const name = /^(-[fF]|--(raw-)?field)(=|$)/.exec(args[i]!.value);
    if (!name) continue;
    const word = name[3] ? wordFrom(args[i]!, name[0].length) : args[i + 1];
    if (!word) continue;
    const query = /^query=(.*)$/s.exec(word.value)?.[1];
    // A computed field may be the query (`-f "$Q"`, `-f query=$Q`); `-f owner=$O` is not.
    if (word.dynamic && (query !== undefined || !/^\w+=/.test(word.value))) return destroy(inv);
    if (query === undefined) continue;
    // `query=@file` reads the query from a file the guard does not read.
    if (query.startsWith("@") || (/\bmutation\b/.test(query) && /(delete|remove)/i.test(query))) return destroy(inv);
  }
  return [];
}

/** The -X/--method value: undefined when none, null when computed. */
function _method(args: Word[]): string | null | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.value === "-X" || a.value === "--method") return !args[i + 1] || args[i + 1]!.dynamic ? null : args[i + 1]!.value;
    const m = /^(-X|--method=)(.+)$/.exec(a.value);
    if (m) return a.dynamic ? null : m[2]!;
  }
  return undefined;
}

/**
 * `gh alias set NAME EXPANSION`: the expansion runs whenever `gh NAME` does, where the guard
 * no longer sees it, so it is judged now: a gh expansion as the gh line it stands for, a shell
 * one (`!…`, `--shell`) as shell text.
 */
function _ghAlias(inv: Invocation, expansion: Word | undefined, shell: boolean, depth: number): Op[] {
  if (!expansion || depth > 0 || (!expansion.dynamic && expansion.value === "-")) return [];
  if (expansion.dynamic) return destroy(inv);
  if (shell || expansion.value.startsWith("!")) {
    return analyzeText(expansion.value.replace(/^!/, ""), "posix", inv.ctx);
  }
  const words = shellWords(expansion.value);
  if (words === null) return destroy(inv);
  return _gh(inv, words.map((value): Word => ({ value, dynamic: false, glob: false, pattern: value, quoted: true })), depth + 1);
}
