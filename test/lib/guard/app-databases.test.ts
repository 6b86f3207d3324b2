import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const reason = (command: string) => classify({ command, cwd: fx.ws, env: fx.env }).reason;

// Frameworks' database tasks that drop, wipe or roll back a database ask like a DROP does.
const DESTROYS = [
  "npx prisma migrate reset --force",
  "prisma db push --force-reset",
  "prisma db push --accept-data-loss",
  "rails db:drop",
  "bin/rails db:reset",
  "bundle exec rails db:purge",
  "bundle exec rake db:schema:load",
  "rake db:migrate db:rollback",
  "rails db:drop RAILS_ENV=production",
  "python manage.py flush --no-input",
  "python3 manage.py reset_db",
  "python manage.py migrate shop zero",
  "django-admin flush --settings=app.settings",
  "php artisan migrate:fresh --seed",
  "php artisan db:wipe --force",
  "supabase db reset --linked",
  "npx sequelize-cli db:drop",
  "typeorm schema:drop",
  "knex migrate:rollback --all",
  "mix ecto.reset",
  "dotnet ef database drop --force",
  // Wrappers and expansions do not hide the task.
  "sudo -u app bash -c 'bundle exec rails db:drop'",
  "env RAILS_ENV=production rails db:drop",
  "rails $TASK",
  "cd app && npx prisma migrate reset",
];
const PASSES = [
  "npx prisma migrate dev",
  "prisma generate",
  "prisma db push",
  "rails db:migrate",
  "bundle exec rails server -p $PORT",
  "bundle install",
  "rails generate model $NAME",
  "python manage.py migrate",
  "python manage.py runserver",
  "php artisan migrate",
  "php artisan tinker",
  "supabase start",
  "mix ecto.migrate",
  "dotnet ef migrations add Init",
  "rails --help",
  "php artisan migrate:fresh --help",
  // Data about the tasks is not running them.
  "echo rails db:drop",
  "grep -n db:drop Rakefile",
];

describe("framework database tasks", () => {
  test.each(DESTROYS)("%s asks", (command) => {
    expect(reason(command)).toBe("ASK_DATA_STORE_DESTROY");
  });
  test.each(PASSES)("%s passes", (command) => {
    expect(reason(command)).not.toBe("ASK_DATA_STORE_DESTROY");
  });
});
