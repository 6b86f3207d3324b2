import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, OK, verdictRows } from "../../support/verdict-rows.ts";

// Tools that run a script file as its interpreter would (session 7, script-runners.ts): every
// ANCESTOR row was ALLOW_NOOP (the written script ran unread). Commands are only judged.
const fx = useGuardFixture();
const table = verdictRows(fx);
const RM_PY = String.raw`printf 'import os\nos.system("rm -rf ~")\n' > x.py`;
const RM_JS = `printf 'require("child_process").execSync("rm -rf ~")' > x.js`;

table("a written script run by a runner", [
  ["uv run FILE.py", `${RM_PY}; uv run x.py`, ...ANCESTOR],
  ["uv run with options first", `${RM_PY}; uv run --with requests x.py`, ...ANCESTOR],
  ["pdm run FILE.py", `${RM_PY}; pdm run x.py`, ...ANCESTOR],
  ["pipx run FILE.py", `${RM_PY}; pipx run x.py`, ...ANCESTOR],
  ["nodemon FILE.js", `${RM_JS}; nodemon x.js`, ...ANCESTOR],
  ["pm2 start FILE.js", `${RM_JS}; pm2 start x.js`, ...ANCESTOR],
  ["forever start FILE.js", `${RM_JS}; forever start x.js`, ...ANCESTOR],
  ["rails runner FILE.rb", `printf 'system("rm -rf ~")' > x.rb; rails runner x.rb`, ...ANCESTOR],
  ["rails runner CODE", `rails runner 'system("rm -rf ~")'`, ...ANCESTOR],
]);

table("the runners' everyday use", [
  ["uv run of a tool", "uv run pytest", ...OK],
  ["uv run of a script that is there", "uv run x.py", ...OK],
  ["uv run python -c still read", `uv run python -c 'import shutil; shutil.rmtree("/home")'`, ...ANCESTOR],
  ["uv pip install keeps its reading", "uv pip install -r requirements.txt", ...OK],
  ["pdm run of a script name", "pdm run test", ...OK],
  ["pm2 start of a script that is there", "pm2 start server.js", ...OK],
  ["nodemon of a source", "nodemon src/index.ts", ...OK],
  ["rails runner of harmless code", "rails runner 'puts User.count'", ...OK],
  ["rails server", "rails server", ...OK],
]);
