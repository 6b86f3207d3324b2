import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { asksHelp, cliLine, words } from "./infra-args.ts";
import { packageCommand } from "./package-installs.ts";
import type { APP_CLIS } from "./registry-names.ts";

/**
 * Application frameworks' database tasks that drop, wipe or roll back a database
 * (ASK_DATA_STORE_DESTROY, like `DROP DATABASE` in a SQL client): `prisma migrate reset`,
 * `rails db:drop`, `python manage.py flush`, `php artisan migrate:fresh`, `supabase db reset`,
 * `mix ecto.drop`, `dotnet ef database drop`, … The quarantine cannot bring a database back.
 * Other tasks (migrate, seed, generate, console) pass; a task the guard cannot see asks.
 */
const destroy = (name: string): Op[] => [op("data-destroy", name)];

/** Each tool's destructive task paths, matched against its operands (lower-cased, in order); the tools are registry-names.ts's APP_CLIS. */
const TASKS: Record<(typeof APP_CLIS)[number], Array<string[] | ((path: string[], options: string[]) => boolean)>> = {
  prisma: [["migrate", "reset"], (p, o) => p[0] === "db" && p[1] === "push" && o.some((x) => x === "--force-reset" || x === "--accept-data-loss")],
  rails: [(p) => p.some(_railsTask)],
  rake: [(p) => p.some(_railsTask)],
  supabase: [["db", "reset"]],
  sequelize: [(p) => /^db:(drop|migrate:undo(:all)?|seed:undo(:all)?)$/.test(p[0] ?? "")],
  "sequelize-cli": [(p) => /^db:(drop|migrate:undo(:all)?|seed:undo(:all)?)$/.test(p[0] ?? "")],
  typeorm: [(p) => /^(schema:drop|migration:revert)$/.test(p[0] ?? "")],
  "typeorm-ts-node-commonjs": [(p) => /^(schema:drop|migration:revert)$/.test(p[0] ?? "")],
  knex: [(p) => /^migrate:(rollback|down)$/.test(p[0] ?? "")],
  mix: [(p) => /^ecto\.(drop|reset|rollback)$/.test(p[0] ?? "")],
  dotnet: [["ef", "database", "drop"]],
  "django-admin": [(p) => _djangoCommand(p)],
  // Migration tools (red team 16): dbmate's drop and rollback, goose's down/reset, flyway's clean
  // (drops every object of the schemas), liquibase's drop-all and rollbacks, diesel's and sqlx's
  // database drop/reset and reverts, alembic's downgrade, MikroORM's schema drop and fresh runs.
  dbmate: [(p) => p.some((w) => /^(drop|rollback|down)$/.test(w))],
  goose: [(p) => p.some((w) => /^(down|down-to|reset|redo)$/.test(w))],
  flyway: [(p) => p.some((w) => w === "clean" || w === "undo")],
  liquibase: [(p) => p.some((w) => /^(dropall|drop-all|rollback.*)$/.test(w))],
  diesel: [["database", "reset"], ["database", "drop"], ["migration", "revert"], ["migration", "redo"]],
  sqlx: [["database", "drop"], ["database", "reset"], ["migrate", "revert"]],
  alembic: [(p) => p.includes("downgrade")],
  "mikro-orm": [(p) => /^(schema:drop|schema:fresh|migration:down|migration:fresh)$/.test(p[0] ?? "")],
};

function _railsTask(task: string): boolean {
  return /^db:(drop(:all)?|reset|purge(:all)?|schema:load|structure:load|rollback|migrate:reset|migrate:down|truncate_all)$/.test(task);
}

// `flush` and django-extensions' `reset_db` empty the database; `migrate APP zero` unapplies
// every migration of the app (its tables are dropped).
function _djangoCommand(path: string[]): boolean {
  return path[0] === "flush" || path[0] === "reset_db" || (path[0] === "migrate" && path[2] === "zero");
}

/** A framework CLI run by its own name (also through npx/bunx, which unwrap to it). */
export const appCli: Handler = (inv) => {
  const judged = _judge(inv.name, inv.args);
  // `dotnet tool install --tool-path DIR` (package-installs.ts).
  const tool = inv.name === "dotnet" ? packageCommand("dotnet", inv.args, inv.ctx, inv.cmd) : null;
  return tool?.length ? [...judged, ...tool] : judged;
};

/** `bundle exec CMD …` runs CMD with the bundle's gems: analysed as CMD. */
export const bundle: Handler = (inv) => {
  const [sub, head, ...rest] = inv.args;
  if (sub?.dynamic) return [op("unknown", inv.name)];
  if (sub?.value !== "exec" || !head) return [];
  return analyzeArgv(head, rest, inv.ctx, inv.cmd);
};

/**
 * A framework's own script run by an interpreter (`python manage.py flush`, `php artisan
 * migrate:fresh`): the database task it names, judged like the CLI.
 */
export function appScriptOps(name: string, script: Word, args: Word[]): Op[] {
  // The script's last path segment, compared without splitting the path.
  const v = script.value;
  if (v === "manage.py" || v.endsWith("/manage.py")) return _judge("django-admin", args, name);
  if (v === "artisan" || v.endsWith("/artisan")) return _artisan(args, name);
  return [];
}

function _artisan(args: Word[], name: string): Op[] {
  const line = cliLine(args, new Set(["--env", "--database"]));
  if (asksHelp(line)) return [];
  const [task] = words(line);
  if (line.operands[0]?.dynamic) return destroy(name);
  return task !== undefined && /^(migrate:(fresh|reset|refresh|rollback)|db:wipe)$/.test(task) ? destroy(name) : [];
}

function _judge(tool: string, args: Word[], name: string = tool): Op[] {
  const rules = (TASKS as Record<string, (typeof TASKS)[keyof typeof TASKS] | undefined>)[tool];
  if (!rules) return [];
  const line = cliLine(args, new Set(["--schema", "-e", "--environment", "--env", "--url", "--settings", "--project", "-p", "--config", "-c", "--knexfile", "--context", "--connection", "--database"]));
  if (asksHelp(line, ["--help", "-h", "-H"], true)) return [];
  // A task the guard cannot read may be any of them.
  if (line.operands[0]?.dynamic) return destroy(name);
  const path = words(line);
  const hit = rules.some((rule) => (Array.isArray(rule) ? rule.every((w, i) => path[i] === w) : rule(path, line.options)));
  return hit ? destroy(name) : [];
}

