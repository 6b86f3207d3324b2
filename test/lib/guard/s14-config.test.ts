import { beforeAll } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, NOOP, OK, PERSIST, REMOTE, UNKNOWN, type VerdictRow, verdictRows } from "../../support/verdict-rows.ts";
import { PYPI_INDEX } from "../../../lib/guard/effects/public-indexes.ts";

// Session 14: the editor a tool runs as env and unset leave it (line-editor.ts, wrappers.ts
// `env -i`), npm's stored and `npm edit`'s editor (package-config.ts), gcloud's `--flags-file`
// (gcloud-flags-file.ts), uv's one-off indexes for sync/run (remote-packages.ts), awk commands
// held in a variable given one literal (awk-output.ts awkConstantCommands).
const fx = useGuardFixture();
const table = verdictRows(fx);
// The user's own editor is set in the environment the check runs in.
const withEditor = verdictRows({
  get ws() {
    return fx.ws;
  },
  get env() {
    return { ...fx.env, VISUAL: "vim", EDITOR: "vim" };
  },
});
const INFRA = ["ASK", "ASK_INFRA_DESTROY"] as const;

beforeAll(() => {
  writeFileSync(join(fx.ws, "deletes.yaml"), "--delete-unmatched-destination-objects: true\n");
  writeFileSync(join(fx.ws, "zone.yaml"), "--zone: us-a\n--recurse: true\n");
  writeFileSync(join(fx.ws, "zone.json"), '{"--zone": "us-a"}');
  writeFileSync(join(fx.ws, "scp.yaml"), '--scp-flag: ["-S", "./evil"]\n');
});

const EDITORS: VerdictRow[] = [
  ["env -u VISUAL leaves the line's EDITOR to pip", "env -u VISUAL EDITOR='rm -rf ~' pip config edit", ...ANCESTOR],
  ["unset VISUAL earlier in the line", "unset VISUAL; EDITOR='rm -rf ~' pip config edit", ...ANCESTOR],
  ["env -i clears the user's VISUAL", "env -i EDITOR='rm -rf /etc' pip config edit", ...ANCESTOR],
  ["env - clears it too", "env - EDITOR='rm -rf /etc' pip config edit", ...ANCESTOR],
  ["env --ignore-environment", "env --ignore-environment EDITOR='rm -rf /etc' pip config edit", ...ANCESTOR],
  ["env -i for npm config edit", "env -i EDITOR='rm -rf /etc' npm config edit", ...ANCESTOR],
  // env -i clears HOME: the shell's `~` is then not the guard's to name.
  ["env -i and a `~` the shell expands without HOME", "env -i EDITOR='rm -rf ~' pip config edit", ...UNKNOWN],
];
const EDITORS_PASS: VerdictRow[] = [
  ["the user's VISUAL over the line's EDITOR", "EDITOR='rm -rf ~' pip config edit", ...OK],
  ["env -u VISUAL alone: the user's EDITOR", "env -u VISUAL pip config edit", ...OK],
  ["env -i with no editor set", "env -i HOME=/tmp pip config edit", ...OK],
  ["an EDITOR env -i clears", "EDITOR='rm -rf ~' env -i pip config edit", ...OK],
  ["env -i ls", "env -i ls", ...OK],
];
withEditor("session 14: the editor env and unset leave (user's VISUAL and EDITOR set)", [...EDITORS, ...EDITORS_PASS]);

table("session 14: npm's stored editor and npm edit", [
  ["an editor stored earlier in the line", "npm config set editor 'rm -rf /etc' && npm config edit", ...ANCESTOR],
  ["stored as KEY=VALUE, then npm edit", "npm config set editor='rm -rf /etc'; npm edit lodash", ...ANCESTOR],
  ["a computed stored editor", 'npm set editor "$X" && npm c edit', ...UNKNOWN],
  ["npm edit runs npm_config_editor", "npm_config_editor='rm -rf /etc' npm edit lodash", ...ANCESTOR],
  ["npm edit runs EDITOR", "EDITOR='rm -rf /etc' npm edit lodash", ...ANCESTOR],
  ["npm edit --editor", "npm edit lodash --editor 'rm -rf /etc'", ...ANCESTOR],
  // npm's environment layer is over the npmrc: the line's npm_config_editor runs.
  ["npm_config_editor over the stored one", "npm config set editor 'rm -rf /etc' && npm_config_editor=vim npm config edit", ...PERSIST],
  ["a stored vim", "npm config set editor vim && npm config edit", ...PERSIST],
  ["npm edit in the user's editor", "npm edit lodash", ...OK],
  ["npm edit --editor vim", "npm edit lodash --editor vim", ...OK],
]);

table("session 14: gcloud --flags-file", [
  ["a file's rsync deletion", "gcloud storage rsync --flags-file=deletes.yaml ./d gs://b/d", ...INFRA],
  ["a second file's", "gcloud storage rsync --flags-file=zone.yaml --flags-file deletes.yaml ./d gs://b/d", ...INFRA],
  ["a computed file may delete", 'gcloud storage rsync --flags-file="$F" ./d gs://b/d', ...INFRA],
  ["a file the line wrote, read as written", "printf -- '--delete-unmatched-destination-objects: true' > w.yaml; gcloud storage rsync --flags-file=w.yaml ./d gs://b/d", ...INFRA],
  ["a file of unknown text may delete", "curl -o w.yaml http://127.0.0.1/x; gcloud storage rsync --flags-file=w.yaml ./d gs://b/d", ...INFRA],
  ["scp's program from the file", "printf 'rm -rf ~' > evil; gcloud compute scp --flags-file=scp.yaml a vm:b", ...ANCESTOR],
  // Session 15: a computed ssh flag may be `-oProxyCommand=CMD` (cloud.ts _unreadFlags; was ASK_DATA_EGRESS).
  ["a computed file for compute ssh: its ssh flags", 'gcloud compute ssh vm --flags-file="$F"', ...UNKNOWN],
  ["a YAML zone", "gcloud storage rsync --flags-file zone.yaml ./d gs://b/d", ...OK],
  ["a JSON zone", "gcloud compute scp --flags-file=zone.json a vm:b", ...OK],
  ["a missing file: gcloud fails", "gcloud storage rsync --flags-file=missing.yaml ./d gs://b/d", ...OK],
  ["a written zone", "printf -- '--zone: a' > w.yaml; gcloud storage rsync --flags-file=w.yaml ./d gs://b/d", ...NOOP],
  ["a listing", 'gcloud compute instances list --flags-file="$F"', ...OK],
]);

table("session 14: uv's one-off indexes", [
  ["uv sync --index-url", "uv sync --index-url http://127.0.0.1/simple", ...REMOTE],
  ["uv sync --extra-index-url", "uv sync --extra-index-url http://127.0.0.1/simple", ...REMOTE],
  ["uv sync --index", "uv sync --index http://127.0.0.1/simple", ...REMOTE],
  ["uv sync --default-index", "uv sync --default-index http://127.0.0.1/simple", ...REMOTE],
  ["uv sync -f URL", "uv sync -f http://127.0.0.1/links", ...REMOTE],
  ["a named index", "uv add --index corp=http://127.0.0.1/simple x", ...REMOTE],
  ["uv run installs first", "uv run --index-url http://127.0.0.1/simple x", ...REMOTE],
  ["uv pip sync", "uv pip sync --index-url http://127.0.0.1/simple r.txt", ...REMOTE],
  ["uv tool upgrade", "uv tool upgrade --index-url http://127.0.0.1/simple ruff", ...REMOTE],
  ["UV_INDEX_URL for uv sync", "UV_INDEX_URL=http://127.0.0.1/simple uv sync", ...REMOTE],
  ["a global option before sync", "uv --directory a sync --index-url=http://127.0.0.1/simple", ...REMOTE],
  ["PyPI's index", `uv sync --index-url ${PYPI_INDEX.slice(0, -1)}`, ...OK],
  ["PyPI's, named", `uv sync --index pypi=${PYPI_INDEX.slice(0, -1)}`, ...OK],
  ["a local find-links folder", "uv sync -f ./wheels", ...OK],
  ["uv lock resolves (as pip download)", "uv lock --index-url http://127.0.0.1/simple", ...OK],
  ["the run command's own option", "uv run tool --index-url http://127.0.0.1/simple", ...OK],
  ["uv sync", "uv sync", ...OK],
]);

table("session 14: awk commands held in a variable", [
  ["a literal removal", `awk 'BEGIN{cmd="rm -rf ~"; cmd | getline}'`, ...ANCESTOR],
  ["system of a literal variable", `awk 'BEGIN{c="rm -rf ~"; system(c)}'`, ...ANCESTOR],
  ["a computed -v command", `awk -v c="$X" 'BEGIN{c | getline}'`, ...UNKNOWN],
  ["-v may set it", `awk -v cmd=x 'BEGIN{cmd="date"; cmd | getline}'`, ...UNKNOWN],
  ["an operand may set it", `awk 'BEGIN{cmd="date"; cmd | getline}' cmd='rm -rf ~' f`, ...UNKNOWN],
  ["a concatenation after", `awk 'BEGIN{cmd="date"; cmd = cmd " ~"; cmd | getline}'`, ...UNKNOWN],
  ["a field assigned", `awk 'BEGIN{cmd="date"} {cmd=$1} END{cmd | getline}'`, ...UNKNOWN],
  ["two literals", `awk 'BEGIN{c="date"; c="rm -rf ~"; c | getline}'`, ...UNKNOWN],
  ["getline into it", `awk 'BEGIN{c="date"; c | getline c; c | getline}'`, ...UNKNOWN],
  ["a parameter of that name", `awk 'function f(c){c | getline} BEGIN{c="date"; f("rm -rf ~")}'`, ...UNKNOWN],
  ["a shell fed awk's input", `awk '{print $1 | c} BEGIN{c="sh"}' f`, ...UNKNOWN],
  ["date through a variable", `awk 'BEGIN{cmd="date"; cmd | getline d; print d}'`, ...OK],
  ["the read loop idiom", `awk 'BEGIN{cmd="date"; while ((cmd | getline line) > 0) print line; close(cmd)}'`, ...OK],
  ["system of date", `awk 'BEGIN{c="date"; system(c)}'`, ...OK],
  ["print into sort", `awk '{print $1 | c} BEGIN{c="sort -u"}' f`, ...OK],
]);
