import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler, Invocation } from "./context.ts";
import { asksHelp, cliLine } from "./infra-args.ts";
import type { SERVICE_CLIS } from "./registry-names.ts";

/**
 * Hosting, cloud and virtual-machine CLIs whose delete commands destroy what they host
 * (ASK_INFRA_DESTROY, like `kubectl delete` and `terraform destroy`; red team 16): `gh repo
 * delete`, `vagrant destroy`, `virsh undefine`, `doctl compute droplet delete`, `fly apps destroy`,
 * `heroku apps:destroy`, `vercel remove`, `netlify sites:delete`, `firebase functions:delete`,
 * `wrangler r2 bucket delete`, `kind delete cluster`, `argocd app delete`, `serverless remove`,
 * `helmfile destroy`, … Their commands that wipe a hosted database
 * (`heroku pg:reset`, `firebase firestore:delete`, `database:remove|set`) drop data
 * (ASK_DATA_STORE_DESTROY). Listing, status, deploys, dry runs and help pass; a command word the
 * guard cannot see asks. The quarantine cannot bring a deleted app, repository or VM back.
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
  heroku: { verbs: /(^|:)(delete|destroy|rm|remove)$/, data: /^pg:reset$/, depth: 1, valued: APP },
  vercel: { verbs: VERBS, depth: 2, valued: APP },
  netlify: NETLIFY,
  "netlify-cli": NETLIFY,
  firebase: FIREBASE,
  "firebase-tools": FIREBASE,
  wrangler: { verbs: VERBS, depth: 4, valued: APP },
  eksctl: { verbs: VERBS, depth: 1, valued: APP },
  kind: { verbs: VERBS, depth: 1, valued: ["--name", "--kubeconfig"] },
  minikube: { verbs: VERBS, depth: 1, valued: ["-p", "--profile"] },
  k3d: { verbs: VERBS, depth: 2 },
  hcloud: { verbs: VERBS, depth: 2, valued: APP },
  "linode-cli": { verbs: VERBS, depth: 2, valued: APP },
  openstack: { verbs: VERBS, depth: 3, valued: ["--os-cloud", "--os-project-name", "--os-region-name", "-f", "--format"] },
  supabase: { verbs: VERBS, depth: 2, valued: APP },
  scw: { verbs: VERBS, depth: 3, valued: APP },
  civo: { verbs: VERBS, depth: 2, valued: APP },
  // `railway down` removes the latest deployment.
  railway: { verbs: /^(down|delete)$/, depth: 1, valued: APP },
  oci: { verbs: /^(delete|terminate)$/, depth: 5, valued: ["--profile", "--config-file", "--region", "--compartment-id", "-c"] },
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
};

const destroy = (inv: Invocation, kind: "infra-destroy" | "data-destroy" = "infra-destroy"): Op[] => [op(kind, inv.name)];

/** A hosting or VM CLI of the table above, run by its own name. */
export const serviceCli: Handler = (inv) => {
  const rule = (RULES as Record<string, Rule | undefined>)[inv.name];
  if (!rule) return [];
  return _judge(inv, rule, _line(inv.args, rule.valued ?? []));
};

function _line(args: Word[], valued: string[]): ReturnType<typeof cliLine> {
  // Words after `--` are another program's (`fly ssh console -- rm x`): no command word of this one.
  const dash = args.findIndex((a) => !a.dynamic && a.value === "--");
  return cliLine(dash < 0 ? args : args.slice(0, dash), new Set(valued));
}

function _judge(inv: Invocation, rule: Rule, line: ReturnType<typeof cliLine>): Op[] {
  if (asksHelp(line, ["--help", "-h"]) || line.options.includes("--dry-run")) return [];
  const path = line.operands.slice(0, rule.depth);
  if (path[0]?.dynamic) return destroy(inv);
  for (const w of path) {
    if (w.dynamic) continue;
    const v = w.value.toLowerCase();
    if (rule.data?.test(v)) return destroy(inv, "data-destroy");
    if (rule.verbs.test(v)) return destroy(inv);
  }
  return [];
}

const GH_VALUED = ["-R", "--repo", "--hostname", "-X", "--method", "-F", "--field", "-f", "--raw-field", "-H", "--header", "--input", "-q", "--jq", "-t", "--template", "--cache"];

/**
 * gh: `repo delete`, `release delete`, `release delete-asset`, `gist delete`, `secret delete`,
 * `issue delete`, `run delete`, … (the second word; not `alias delete`, a local setting), and
 * `gh api -X DELETE` / `--method DELETE`.
 * gh's uploads are gh-uploads.ts's.
 */
export const gh: Handler = (inv) => {
  const line = _line(inv.args, GH_VALUED);
  if (asksHelp(line)) return [];
  const [group, verb] = line.operands;
  if (!group) return [];
  if (group.dynamic) return destroy(inv);
  if (group.value === "api") {
    const method = line.values.get("-X") ?? line.values.get("--method") ?? _attached(inv.args);
    return method !== undefined && /^delete$/i.test(method) ? destroy(inv) : [];
  }
  // `gh alias delete` edits gh's own configuration file, no hosted object.
  return verb && !verb.dynamic && group.value !== "alias" && /^delete(-asset)?$/.test(verb.value) ? destroy(inv) : [];
};

/** `-XDELETE`: a method attached to -X. */
function _attached(args: Word[]): string | undefined {
  return args.find((a) => /^-X./.test(a.value))?.value.slice(2);
}
