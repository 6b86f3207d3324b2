import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { EGRESS, OK } from "../../support/verdict-rows.ts";

// A static file server hands every file below the folder it serves to whoever reaches its port:
// serving the home folder, `/` or a tree holding a credential file is data egress
// (file-servers.ts); an ordinary project folder without secrets is not.
const fx = useGuardFixture();
const put = (path: string, text = "x\n") => {
  mkdirSync(join(fx.ws, path, ".."), { recursive: true });
  writeFileSync(join(fx.ws, path), text);
};
put("site/index.html", "<p>hi</p>\n");
put("site/app.js");
put("keys/server.key", "not a key\n");
put("keys/index.html");
put("nested/public/.env", "TOKEN=not a key\n");
mkdirSync(join(fx.ws, "linked"));
symlinkSync(join(fx.home, ".ssh"), join(fx.ws, "linked", "ssh"));
const empty = mkdtempSync(join(tmpdir(), "leogriel-serve-"));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

type Row = [string, string, Decision, ReasonCode, string?];
const site = () => join(fx.ws, "site");
const keys = () => join(fx.ws, "keys");

const ROWS: Row[] = [
  // the home folder, `/`, and trees with a credential file
  ["http.server -d ~", "python3 -m http.server -d ~", ...EGRESS],
  ["http.server --directory /", "python3 -m http.server --directory /", ...EGRESS],
  ["http.server --directory=$HOME", 'python3 -m http.server 8000 --directory="$HOME"', ...EGRESS],
  ["an argparse prefix of --directory", "python3 -m http.server --dir ~", ...EGRESS],
  ["-d with the folder attached", "python3 -m http.server -d/", ...EGRESS],
  ["-d naming a folder with a key", "python3 -m http.server -d keys 8080", ...EGRESS],
  ["a key deep in the served tree", "python3 -m http.server -d nested", ...EGRESS],
  ["served from a folder with a key", "python3 -m http.server 8000", ...EGRESS, "keys"],
  ["served after cd ~", "cd ~ && python3 -m http.server", ...EGRESS],
  ["served after cd /", "cd / && python -m http.server 9000 --bind 0.0.0.0", ...EGRESS],
  ["a folder the guard cannot name", 'python3 -m http.server -d "$DIR"', ...EGRESS],
  ["a symlink to a credential folder is followed", "python3 -m http.server -d linked", ...EGRESS],
  ["Python 2 SimpleHTTPServer in the home folder", "cd ~; python -m SimpleHTTPServer 8000", ...EGRESS],
  ["interpreter options before -m", "python3 -u -X dev -m http.server -d ~", ...EGRESS],
  ["-m clustered with other flags", "python3 -Im http.server -d ~", ...EGRESS],
  ["-m with the module attached", "python3 -mhttp.server -d ~", ...EGRESS],
  ["a versioned interpreter by path", "/usr/bin/python3.12 -m http.server -d ~", ...EGRESS],
  ["php -S with -t ~", "php -S 0.0.0.0:8000 -t ~", ...EGRESS],
  ["php -S with the docroot attached", "php -S localhost:8000 -t/", ...EGRESS],
  ["php -S from a folder with a key", "php -S localhost:8000", ...EGRESS, "keys"],
  ["ruby -run -e httpd ~", "ruby -run -e httpd ~ -p 8000", ...EGRESS],
  ["ruby -r un -e httpd", "ruby -r un -e httpd / --port=8000", ...EGRESS],
  ["ruby httpd from a folder with a key", "ruby -run -ehttpd . --port 8000", ...EGRESS, "keys"],
  ["npx http-server ~", "npx http-server ~ -p 8080", ...EGRESS],
  ["http-server with options first", "http-server -p 8080 -a 0.0.0.0 /", ...EGRESS],
  ["http-server in a folder with a key", "http-server -p 8080", ...EGRESS, "keys"],
  ["npx serve ~", "npx serve ~", ...EGRESS],
  ["busybox httpd -h ~", "busybox httpd -f -p 8080 -h ~", ...EGRESS],
  ["busybox httpd in a folder with a key", "busybox httpd -f -p 8080", ...EGRESS, "keys"],
  ["httpd -h naming the home folder", "httpd -h ~", ...EGRESS],
  // wrappers do not hide it
  ["behind sudo", "sudo python3 -m http.server -d /", ...EGRESS],
  ["behind env", "env PYTHONUNBUFFERED=1 python3 -m http.server -d ~", ...EGRESS],
  ["inside bash -c", "bash -c 'python3 -m http.server --directory ~'", ...EGRESS],
  ["in the background behind nohup", "nohup python3 -m http.server -d ~ > /dev/null 2>&1 &", ...EGRESS],
  ["behind timeout", "timeout 60 php -S 0:8000 -t ~", ...EGRESS],
  // ordinary project folders, and lookalikes
  ["a clean project folder", "python3 -m http.server -d site", ...OK],
  ["served from a clean folder", "python3 -m http.server 8000", ...OK, "site"],
  ["served from an empty temporary folder", "python3 -m http.server", ...OK, "empty"],
  ["php -S over a clean docroot", "php -S localhost:8000 -t site", ...OK],
  ["ruby httpd over a clean folder", "ruby -run -e httpd site -p 8000", ...OK],
  ["npx http-server over a clean folder", "npx http-server site -p 8080 -c-1", ...OK],
  ["busybox httpd over a clean folder", "busybox httpd -f -h site", ...OK],
  ["busybox httpd -d only decodes a string", "busybox httpd -d 'a%20b'", ...OK],
  ["Apache httpd without a folder", "httpd -k start", ...OK],
  ["http.server --help", "python3 -m http.server --help", ...OK],
  ["another module", "python3 -m venv ~/.venvs/x", ...OK],
  ["code that imports http.server", "python3 -c 'import http.server' -d ~", ...OK],
  ["echo of a server command", "echo python3 -m http.server -d ~", ...OK],
  ["php without -S", "php -r 'echo 1;'", ...OK],
  ["other busybox applets still unwrap", "busybox ls ~", ...OK],
  ["busybox rm still judged", "busybox rm -rf ~", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
];

describe("static file servers over folders with credentials", () => {
  for (const [name, command, decision, reason, cwd] of ROWS) {
    test(name, () => {
      const dir = cwd === "keys" ? keys() : cwd === "site" ? site() : cwd === "empty" ? empty : fx.ws;
      const result = classify({ command, cwd: dir, env: fx.env });
      expect([result.decision, result.reason]).toEqual([decision, reason]);
    });
  }
});
