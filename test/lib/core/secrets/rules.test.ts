import { describe, expect, test } from "bun:test";
import { detectSecrets } from "../../../../lib/core/secrets/detect.ts";
import { secretRedactor } from "../../../../lib/core/secrets/redactor.ts";
import { ALNUM, HEX, LETTERS, UPPER32, chars, charsOf, token } from "./fixtures.ts";

// One table per provider: [what the row shows, text, rule expected or null for "no finding"].
type Row = [string, string, string | null];

const ghp = token(["gh", "p_"], chars(36));
// Rows added since session 6 draw from their own stream, so the values above and in later files stay.
const own = charsOf(4105);
// Rows added in session 7 (a stream of their own again, so session 6's values stay).
const own7 = charsOf(4109);
// Rows added in session 8.
const own8 = charsOf(4113);
const TABLES: Record<string, Row[]> = {
  aws: [
    ["an access key id in a credentials file", `aws_access_key_id = ${token(["AK", "IA"], chars(16, UPPER32))}`, "aws-access-token"],
    ["a secret access key", `aws_secret_access_key = ${chars(40)}`, "aws-secret-access-key"],
    ["the documented example key", `key = ${token(["AK", "IA"], "IOSFODNN7")}${"EXAMPLE"}`, null],
    ["a low-entropy placeholder", `key = ${token(["AK", "IA"], "X".repeat(16))}`, null],
    ["a word that starts like a key", "TODAYINASIAASACKOFRICEFELLOVER", null],
  ],
  github: [
    ["a classic token in prose", `use ${ghp} here.`, "github-pat"],
    ["an OAuth token", token(["gh", "o_"], chars(36)), "github-oauth"],
    ["an installation token", `GITHUB_TOKEN=${token(["gh", "s_"], chars(36))}`, "github-app-token"],
    ["a fine-grained token", token(["github", "_pat_"], `11${chars(20)}_${chars(59)}`), "github-fine-grained-pat"],
    ["a token inside a clone URL", `https://x-access-token:${ghp}@github.com/o/r.git`, "github-pat"],
    ["a placeholder token", token(["gh", "p_"], "x".repeat(36)), null],
    ["a token glued to more letters", `${ghp}${chars(220, LETTERS)}`, null],
  ],
  gitlab: [
    ["a personal access token in a header", `Authorization: Bearer ${token(["gl", "pat-"], chars(20))}`, "gitlab-pat"],
    ["a pipeline trigger token", token(["gl", "ptt-"], chars(40, HEX)), "gitlab-ptt"],
    ["a runner registration token", token(["GR13", "48941"], chars(20)), "gitlab-rrt"],
    ["a placeholder", token(["gl", "pat-"], "XXXXXXXXXXX-XXXXXXXX"), null],
  ],
  slack: [
    ["a bot token", token(["xo", "xb-"], `${chars(12, "0123456789")}-${chars(12, "0123456789")}-${chars(24)}`), "slack-bot-token"],
    ["a webhook URL", `https://hooks.slack.com/services/${token(["T0"], chars(8, UPPER32))}/B${chars(10, UPPER32)}/${chars(24)}`, "slack-webhook-url"],
    ["a URL that merely contains xoxo", "https://indieweb.org/images/2018-250-xoxo-indieweb-1.jpg", null],
  ],
  stripe: [
    ["a live secret key", `stripe.api_key = "${token(["sk", "_live_"], chars(24))}"`, "stripe-access-token"],
    ["a truncated documentation key", `export STRIPE_SECRET_KEY="${token(["sk", "_live_"], "...")}"`, null],
  ],
  openai: [
    ["a project key", token(["sk-", "proj-"], `${chars(74)}T3Blbk${"FJ"}${chars(74)}`), "openai-api-key"],
    ["a placeholder value", 'OPENAI_API_KEY="your-api-key-here"', null],
  ],
  anthropic: [
    ["an API key pasted in chat", `here: ${token(["sk-ant-", "api03-"], `${chars(93)}AA`)} ok`, "anthropic-api-key"],
    ["a key with the wrong ending", token(["sk-ant-", "api03-"], `${chars(93)}BB`), null],
    ["a template reference", "ANTHROPIC_API_KEY=<your-anthropic-key>", null],
  ],
  google: [
    ["a Maps key in JSON", `{"maps_key": "${token(["AI", "za"], chars(35))}"}`, "gcp-api-key"],
    ["a low-entropy key", token(["AI", "za"], "a".repeat(35)), null],
  ],
  twilio: [
    // Session 8: found from the keyword `sk` and the 32 hex digits after it (no trigger regex).
    ["an API key in an env file", `TWILIO_API_KEY=${token(["S", "K"], own8(32, HEX))}`, "twilio-api-key"],
    ["an API key in upper-case hex after a word", `key: ${token(["S", "K"], own8(32, HEX).toUpperCase())} end`, "twilio-api-key"],
    ["one hex digit short", `sid ${token(["S", "K"], own8(31, HEX))} end`, null],
    ["sk in words", "the task was to ask about the disk and the desk", null],
  ],
  npm: [
    ["a token in a CI log", `NPM_TOKEN=${token(["np", "m_"], chars(36))} printed`, "npm-access-token"],
    ["an identifier with the prefix", "const npm_config_registry = 1", null],
  ],
  "private keys": [
    ["a PEM block", `-----BEGIN RSA PRIVATE ${"KEY"}-----\n${chars(64)}\n${chars(64)}\n-----END RSA PRIVATE ${"KEY"}-----`, "private-key"],
    ["a block cut off before its end", `-----BEGIN OPENSSH PRIVATE ${"KEY"}-----\n${chars(70)}\n${chars(70)}\n`, "private-key"],
    ["a public key", `-----BEGIN PUBLIC KEY-----\n${chars(64)}\n-----END PUBLIC KEY-----`, null],
    ["the header quoted in docs", `Regex example: -----BEGIN RSA PRIVATE ${"KEY"}-----`, null],
  ],
  jwt: [
    ["a bearer JWT (the more specific rule names it)", `Authorization: Bearer eyJ${chars(20)}.eyJ${chars(30)}.${chars(43)}`, "jwt"],
    ["a bare JWT", `token ey${chars(20)}.eyJ${chars(30)}.${chars(43)} end`, "jwt"],
  ],
  "credentials in URLs": [
    ["a database URL", `DATABASE_URL=postgres://app:${chars(16)}@db.internal:5432/app`, "url-credentials"],
    ["a Redis URL with an empty user", `REDIS_URL=redis://:${chars(20)}@cache.internal:6379/0`, "url-credentials"],
    ["a password variable in a URL", "postgresql://app_user:$NEW_PASSWORD@db.internal:5432/myapp", null],
    ["a documented password", "https://user:password@example.com/", null],
    ["a connection string", `Server=db;User Id=sa;Password=${chars(14)}9;`, "connection-string-password"],
    ["a password read from code", 'password = get_secret("db-password")', null],
  ],
  generic: [
    ["an API key assignment", `service_api_key = "${chars(32)}"`, "generic-api-key"],
    ["a client secret in JSON", `{"client_secret": "${chars(40, HEX)}"}`, "generic-api-key"],
    ["a template reference", 'api_key = "${API_KEY}"', null],
    ["a Helm template", 'secret: "{{ .Values.secret }}"', null],
    ["an Actions secret", "GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}", null],
    ["an identifier, not a secret", `kms_key_id = "${chars(8, HEX)}-${chars(4, HEX)}-4${chars(3, HEX)}-a${chars(3, HEX)}-${chars(12, HEX)}"`, null],
    ["a version", "COMMUNICATION_API_VERSION=rc0.13.0_20230412_0712-SNAPSHOT", null],
    ["a path", "ssh_key_path = /home/deploy/.ssh/id_ed25519", null],
    ["an alphabet", 'const keyStr = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"', null],
    ["a masked value", 'secret = "****************"', null],
    ["the second assignment on a line", `const label = "x"; const api_key = "${chars(32)}";`, "generic-api-key"],
    ["an XML value below a line that mentions a keyword", `<!-- keys below -->\n<apiToken>\n  ${chars(32)}\n</apiToken>`, "generic-api-key"],
    ["a keyword-named call, not an assignment", "Object.keys(tokens).forEach((key) => use(key, apiClient))", null],
    ["a name too long to be a setting", `${"x".repeat(48)}_api_key = "${chars(32)}"`, null],
  ],
  cookies: [
    ["a session cookie sent (curl -v)", `> Cookie: theme=dark; sessionid=${own(32, HEX)}`, "cookie-session"],
    ["a session cookie set", `< set-cookie: connect.sid=s%3A${own(24)}.${own(20)}; Path=/; HttpOnly`, "cookie-session"],
    ["a cookie header in JSON", `{"Cookie": "PHPSESSID=${own(32, HEX)}"}`, "cookie-session"],
    ["a session passed to curl --cookie", `curl --cookie "sid=${own(32, HEX)}; lang=en" http://127.0.0.1:8080/me`, "cookie-session"],
    ["an unquoted session passed to curl --cookie=", `curl --cookie=sid=${own(32, HEX)} http://127.0.0.1:8080/me`, "cookie-session"],
    ["a cookie jar passed to curl --cookie", "curl --cookie cookies-2024.txt http://127.0.0.1:8080/me", null],
    ["settings, not a session", "Cookie: theme=solarized-dark-high-contrast; lang=en", null],
    ["Set-Cookie's attributes", "Set-Cookie: lang=en; Domain=docs.internal.corp.test; Expires=Wed, 21 Oct 2026 07:28:00 GMT", null],
    ["a cookie set from a variable", "res.setHeader('Set-Cookie', `sid=${token}; HttpOnly`)", null],
    ["the word in prose", "The Set-Cookie header carries the session id; Cookie: echoes it back.", null],
    ["a session passed to curl -b", `curl -b "sid=${own7(32, HEX)}; lang=en" http://127.0.0.1:8080/me`, "cookie-session"],
    ["an unquoted session passed to curl -b", `curl -s -b sid=${own7(32, HEX)} http://127.0.0.1:8080/me`, "cookie-session"],
    ["a session passed to curl -b among short flags", `curl -sSb 'session=${own7(40)}' http://127.0.0.1:8080/me`, "cookie-session"],
    ["a session glued to curl's -b", `curl -bsid=${own7(32, HEX)} http://127.0.0.1:8080/me`, "cookie-session"],
    ["a session passed to curl -b on a continued line", `curl -sS \\\n  -b "sid=${own7(32, HEX)}" \\\n  http://127.0.0.1:8080/me`, "cookie-session"],
    ["a cookie jar passed to curl -b", "curl -b cookies-2024.txt -c cookies-2024.txt http://127.0.0.1:8080/me", null],
    ["settings passed to curl -b", "curl -b 'theme=solarized-dark-high-contrast; lang=en' http://127.0.0.1:8080/", null],
    ["a -b of another program", `tar -b 20 -cf out.tar ${"x".repeat(3)} && curl http://127.0.0.1:8080/`, null],
    ["a session in curl's cookie jar", `# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t0\tsessionid\t${own7(32, HEX)}\n`, "cookie-session"],
    ["an HttpOnly session in a cookie jar", `#HttpOnly_app.example.test\tFALSE\t/\tTRUE\t1798761600\tsid\t${own7(40)}`, "cookie-session"],
    ["settings in a cookie jar", "app.example.test\tFALSE\t/\tFALSE\t0\ttheme\tsolarized-dark-high-contrast", null],
    ["a table with TRUE and FALSE columns", "name\tTRUE\tpath\tFALSE\t12\tcount\tplain words only", null],
    // Session 8: cookies set in code with a literal session, and printed cookie jars.
    ["document.cookie set to a session", `document.cookie = "sessionid=${own8(32, HEX)}; path=/";`, "cookie-session"],
    ["a cookies dict given to requests", `requests.get("http://127.0.0.1:8000/me", cookies={"sessionid": "${own8(32, HEX)}"})`, "cookie-session"],
    ["a cookies dict() given to httpx", `httpx.get(url, cookies=dict(sid="${own8(40)}", lang="en"))`, "cookie-session"],
    ["a cookies object in JavaScript", `await fetchPage({ url, cookies: { session: '${own8(40)}' } })`, "cookie-session"],
    ["a session set with res.cookie", `res.cookie("sid", "${own8(32)}", { httpOnly: true });`, "cookie-session"],
    ["a session set with Django's set_cookie", `response.set_cookie('sessionid', '${own8(32, HEX)}')`, "cookie-session"],
    ["a session set with requests' cookies.set", `s.cookies.set("session", "${own8(40)}", domain="app.example.test")`, "cookie-session"],
    ["a Set-Cookie header set in Node", `res.setHeader("Set-Cookie", "sid=${own8(32)}; HttpOnly; Path=/")`, "cookie-session"],
    ["a Cookie header set in a Python dict", `headers["Cookie"] = "theme=dark; sid=${own8(32, HEX)}"`, "cookie-session"],
    ["a cookie added to Selenium", `driver.add_cookie({"name": "sessionid", "value": "${own8(32, HEX)}"})`, "cookie-session"],
    ["a HAR Cookie header on one line", `{"name": "Cookie", "value": "theme=dark; sid=${own8(32)}"}`, "cookie-session"],
    ["a cookie added to Playwright", `await context.addCookies([{ name: "sid", value: "${own8(40)}", url }]);`, "cookie-session"],
    ["a HAR entry's cookies on one line", `"cookies": [{"name": "sid", "value": "${own8(32)}", "path": "/", "httpOnly": true}],`, "cookie-session"],
    ["a printed requests cookie jar", `<RequestsCookieJar[<Cookie sessionid=${own8(32, HEX)} for 127.0.0.1/>]>`, "cookie-session"],
    ["document.cookie set to a setting", 'document.cookie = "theme=solarized-dark-high-contrast; path=/";', null],
    ["document.cookie built from a variable", "document.cookie = `sid=${sessionId}; path=/`;", null],
    ["document.cookie read", 'const sid = document.cookie.split("; ").find((c) => c.startsWith("session="));', null],
    ["a session cookie named, its value a variable", "res.cookie('session', sessionId, { httpOnly: true, maxAge: 86400000 });", null],
    ["a cookies dict of variables", 'requests.get(url, cookies={"session": session_id, "csrftoken": csrf})', null],
    ["a cookies dict of settings", 'requests.get(url, cookies={"theme": "solarized-dark-high-contrast", "lang": "en"})', null],
    ["a Set-Cookie of settings set in Node", 'res.setHeader("Set-Cookie", "lang=en; Path=/; Max-Age=31536000")', null],
    ["a cookie object of a setting", 'page.context().addCookies([{ name: "theme", value: "solarized-dark-high-contrast", url }])', null],
    ["a cookie name in a test", 'expect(getCookie("sessionid")).toBe(undefined)', null],
  ],
  "credential files": [
    ["a .netrc entry on one line", `machine api.internal.test login deploy password ${own(18)}`, "netrc-password"],
    ["a .netrc entry over lines", `machine git.internal.test\n  login deploy\n  password ${own(18)}\n`, "netrc-password"],
    ["a .netrc default entry", `default login anonymous password ${own(14)}9`, "netrc-password"],
    ["a .netrc default entry over lines", `default\n  login deploy\n  password ${own(14)}9\n`, "netrc-password"],
    ["a .pgpass line for PgBouncer", `pool.internal.test:6432:app:deploy:${own(16)}`, "pgpass-password"],
    ["a .netrc entry with the password before the login", `machine api.internal.test password ${own(18)} login deploy`, "netrc-password"],
    ["a .netrc entry with a documented password", "machine api.internal.test login deploy password changeme", null],
    ["machine and password in prose", "the machine learning password reset flow logs in twice", null],
    ["a default without a login", `export default password;\nconst x = ${own(8)};`, null],
    ["a .pgpass line", `db.internal.test:5432:app:deploy:${own(16)}`, "pgpass-password"],
    ["a .pgpass line with wildcards", `*:*:*:postgres:${own(12)}7`, "pgpass-password"],
    ["grep's file:line:column:text", "lib/app.ts:120:14:foo:barbaz", null],
    ["a MAC address", "0a:12:34:56:78:9a", null],
    ["a .pgpass line with a variable", "localhost:5432:app:deploy:$PGPASSWORD", null],
    ["a .pgpass line on another port", `db.internal.test:5434:app:deploy:${own7(16)}`, "pgpass-password"],
    ["a .pgpass line on a five-digit port", `127.0.0.1:15432:app:deploy:${own7(16)}`, "pgpass-password"],
    ["a .pgpass line for CockroachDB", `crdb.internal.test:26257:defaultdb:root:${own7(20)}`, "pgpass-password"],
    ["a .pgpass line among others", `# ~/.pgpass\nlocalhost:5432:*:postgres:$PGPASSWORD\nreplica.internal.test:7432:app:reader:${own7(18)}\n`, "pgpass-password"],
    ["a timestamped log line", "2026-11-30T13:11:47Z worker:queue:started job 42", null],
    ["a compiler message", "src/app.ts:12:3: error: cannot find name foo", null],
    ["a host, a port and a path", "api.internal.test:8080:v1:health:ready", null],
    ["a .pgpass line for a socket directory", `/var/run/postgresql:5432:app:deploy:${own8(16)}`, "pgpass-password"],
    ["a .pgpass line for /tmp's socket, any port", `/tmp:*:*:postgres:${own8(16)}`, "pgpass-password"],
    ["a .pgpass line for a Cloud SQL socket (escaped colons)", `/cloudsql/proj\\:europe-west1\\:db1:5432:app:deploy:${own8(16)}`, "pgpass-password"],
    ["a .pgpass line for ::1 with escaped colons", `\\:\\:1:5432:app:deploy:${own8(16)}`, "pgpass-password"],
    ["a .pgpass line for a link-local IPv6 with a zone", `fe80\\:\\:1%eth0:5432:app:deploy:${own8(16)}`, "pgpass-password"],
    ["a .pgpass line for a bracketed IPv6", `[::1]:5432:app:deploy:${own8(16)}`, "pgpass-password"],
    ["a .pgpass line for an unescaped ::1", `::1:5432:app:deploy:${own8(16)}`, "pgpass-password"],
    ["a .pgpass line for an IPv6 among others", `localhost:5432:*:postgres:$PGPASSWORD\n2001\\:db8\\:\\:5:6432:app:reader:${own8(18)}\n`, "pgpass-password"],
    ["grep -n with an absolute path", `/srv/app/src/db.ts:42:host:port:${own8(12)}9`, null],
    ["a socket .pgpass line with a variable", "/var/run/postgresql:5432:app:deploy:$PGPASSWORD", null],
  ],
  curl: [
    ["a user and password", `curl -u admin:${chars(14)} https://h`, "curl-auth-user"],
    ["variables", 'curl -u "$USERNAME:$PASSWORD" https://h', null],
    ["a documented pair", "curl -u username:token", null],
  ],
};

for (const [provider, rows] of Object.entries(TABLES)) {
  describe(`${provider} rules`, () => {
    test.each(rows)("%s", (_what, text, rule) => {
      const found = detectSecrets(text);
      if (rule === null) expect(found).toEqual([]);
      else expect(found.map((f) => f.ruleId)).toContain(rule);
    });
  });
}

test("a cookie header is redacted whole, every session in it", () => {
  const [a, b] = [own(32, HEX), own(40)];
  const text = `> Cookie: theme=dark; sid=${a}; remember_token=${b}; lang=en\n> Accept: */*`;
  expect(secretRedactor(text).text).toBe("> Cookie: [REDACTED:cookie-session]\n> Accept: */*");
});

test("a session set in code is redacted, the code around it stays (session 8)", () => {
  const [a, b] = [own8(32, HEX), own8(40)];
  expect(secretRedactor(`document.cookie = "sid=${a}; path=/";`).text).toBe('document.cookie = "[REDACTED:cookie-session]";');
  expect(secretRedactor(`r = requests.get(url, cookies={"sid": "${b}"}, timeout=5)`).text).toBe("r = requests.get(url, cookies=[REDACTED:cookie-session], timeout=5)");
  expect(secretRedactor(`res.cookie("sid", "${b}", { httpOnly: true });`).text).toBe('res.cookie("sid", "[REDACTED:cookie-session]", { httpOnly: true });');
});

// Session 9: a HAR file as browsers' devtools export it, pretty-printed (built at run time; the
// session values are fake, from a stream of their own).
const own9 = charsOf(4117);
const harCookie = (name: string, value: string, more = "") =>
  `            {\n              "name": "${name}",\n              "value": "${value}",\n              "path": "/",\n              "domain": "app.example.test",\n              "expires": "2027-11-30T18:32:14.000Z",\n              "httpOnly": true,\n              "secure": true${more}\n            }`;
const harHeader = (name: string, value: string) => `            {\n              "name": "${name}",\n              "value": "${value}"\n            }`;
const harRequest = (headers: string[], cookies: string[]) =>
  `      "request": {\n        "method": "GET",\n        "url": "http://127.0.0.1:8080/me",\n        "headers": [\n${headers.join(",\n")}\n        ],\n        "queryString": [],\n        "cookies": [\n${cookies.join(",\n")}\n        ],\n        "headersSize": -1\n      },`;

describe("a pretty-printed HAR file (session 9)", () => {
  const sid = own9(32, HEX);
  test.each([
    ["a session cookie in the cookies list", harRequest([harHeader(":authority", "127.0.0.1:8080")], [harCookie("theme", "dark"), harCookie("sessionid", sid)]), true],
    ["a session in the Cookie header", harRequest([harHeader("cookie", `theme=dark; sessionid=${sid}`)], []), true],
    ["a session in a Set-Cookie header", harHeader("set-cookie", `sessionid=${own9(40)}; Path=/; HttpOnly`), true],
    ["settings only, a date in expires", harRequest([harHeader("cookie", "theme=solarized-dark-high-contrast; lang=en")], [harCookie("theme", "solarized-dark-high-contrast"), harCookie("_ga", "GA1.1.1234567890.1700000000")]), false],
    ["a random query parameter is no cookie", `        "queryString": [\n${harHeader("q", own9(32))}\n        ],`, false],
    ["an empty cookies list", '        "cookies": [],\n        "headersSize": -1', false],
  ])("%s", (_what, text, found) => {
    expect(detectSecrets(text).map((f) => f.ruleId)).toEqual(found ? ["cookie-session"] : []);
  });

  // The Authorization header as a name and value pair (a HAR's headers, Postman's).
  const bearer = own9(40);
  test.each([
    ["pretty-printed", harHeader("authorization", `Bearer ${bearer}`), true],
    ["on one line", `{"name": "Authorization", "value": "Bearer ${bearer}"}`, true],
    ["Postman's key and value", `{"key": "Authorization", "value": "Bearer ${bearer}", "type": "text"}`, true],
    ["Basic credentials", harHeader("Proxy-Authorization", `Basic ${btoa(`deploy:${own9(16)}`)}`), true],
    ["a placeholder", harHeader("authorization", "Bearer YOUR_API_TOKEN_HERE"), false],
    ["a variable", '{"key": "Authorization", "value": "Bearer {{token}}", "type": "text"}', false],
  ])("an Authorization header %s", (_what, text, found) => {
    expect(detectSecrets(text).map((f) => f.ruleId)).toEqual(found ? ["authorization-header"] : []);
  });

  // Session 10: the same headers given value first (a tool that orders the keys so); each was
  // found by no rule before.
  const valueFirst = (name: string, value: string) => `            {\n              "value": "${value}",\n              "name": "${name}"\n            }`;
  test.each([
    ["an Authorization header pretty-printed", valueFirst("authorization", `Bearer ${bearer}`), "authorization-header"],
    ["an Authorization header on one line", `{"value": "Bearer ${bearer}", "name": "Authorization"}`, "authorization-header"],
    ["Postman's value and key", `{"value": "Bearer ${bearer}", "key": "Authorization", "type": "text"}`, "authorization-header"],
    ["Basic proxy credentials", valueFirst("Proxy-Authorization", `Basic ${btoa(`deploy:${own9(16)}`)}`), "authorization-header"],
    ["a session in the Cookie header", harRequest([valueFirst("cookie", `theme=dark; sessionid=${sid}`)], []), "cookie-session"],
    ["a session in a Set-Cookie header on one line", `{"value": "sessionid=${own9(40)}; Path=/; HttpOnly", "name": "Set-Cookie"}`, "cookie-session"],
    ["a placeholder", valueFirst("authorization", "Bearer YOUR_API_TOKEN_HERE"), null],
    ["a variable", '{"value": "Bearer {{token}}", "key": "Authorization"}', null],
    ["settings only in the Cookie header", valueFirst("cookie", "theme=solarized-dark-high-contrast; lang=en"), null],
    ["a random value of another header", valueFirst("x-request-id", own9(32)), null],
    ["a name that only ends so", `{"value": "Bearer ${bearer}", "name": "X-Authorization-Hint"}`, null],
  ])("a header given value first: %s", (_what, text, rule) => {
    expect(detectSecrets(text).map((f) => f.ruleId)).toEqual(rule ? [rule] : []);
  });

  test("a header given value first is redacted; the name stays", () => {
    const out = secretRedactor(`{"value": "Bearer ${bearer}", "name": "Authorization"}`).text;
    expect(out).not.toContain(bearer.slice(0, 12));
    expect(out).toContain('"name": "Authorization"');
  });

  test("the list and the header are redacted; nothing of the session is left", () => {
    const text = harRequest([harHeader("cookie", `theme=dark; sessionid=${sid}`)], [harCookie("theme", "dark"), harCookie("sessionid", sid)]);
    const out = secretRedactor(text).text;
    expect(out).not.toContain(sid.slice(0, 12));
    expect(out).toContain('"cookies": [REDACTED:cookie-session],');
    expect(out).toContain('"value": "[REDACTED:cookie-session]"');
    expect(out).toContain('"url": "http://127.0.0.1:8080/me"');
  });
});

test("a finding never carries the secret value", () => {
  const text = `GH=${ghp}`;
  const serialized = JSON.stringify(detectSecrets(text));
  expect(serialized).not.toContain(ghp);
  expect(serialized).not.toContain(ghp.slice(4, 20));
});

test("alphabets used by the tables are what they say", () => {
  expect(ALNUM).toHaveLength(62);
});
