import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, OK, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Shells the guard did not know (session 7; docs/check.md, the names of the shells): each of
// these was ALLOW_NO_EFFECT. Commands are only judged.
const fx = useGuardFixture();
const table = verdictRows(fx);

table("POSIX shells under names of their own", [
  ["lksh", "lksh -c 'rm -rf ~'", ...ANCESTOR],
  ["pdksh", "pdksh -c 'rm -rf ~'", ...ANCESTOR],
  ["oksh", "oksh -c 'rm -rf ~'", ...ANCESTOR],
  ["Oils' osh", "osh -c 'rm -rf ~'", ...ANCESTOR],
  ["bosh", "bosh -c 'rm -rf ~'", ...ANCESTOR],
  ["busybox hush", "hush -c 'rm -rf ~'", ...ANCESTOR],
  ["sash", "sash -c 'rm -rf ~'", ...ANCESTOR],
  ["loksh (review A)", "loksh -c 'rm -rf ~'", ...ANCESTOR],
  ["a harmless line", "oksh -c 'ls -la'", ...OK],
]);

table("shells of other languages: their code is not read", [
  ["tcsh -c", "tcsh -c 'rm -rf ~'", ...UNKNOWN],
  ["csh -c", "csh -c 'rm -rf ~'", ...UNKNOWN],
  ["a cluster ending in c", "tcsh -fc 'echo hi'", ...UNKNOWN],
  ["a cluster with c first (review A)", "tcsh -cf 'rm -rf ~'", ...UNKNOWN],
  ["nushell --commands", "nu --commands 'rm -r ~'", ...UNKNOWN],
  ["nushell -e", "nu -e 'rm -r ~'", ...UNKNOWN],
  ["a --config file the line wrote", "echo 'rm -r ~' > evil.nu && nu --config evil.nu", ...UNKNOWN],
  ["elvish", "elvish -c 'rm -rf ~'", ...UNKNOWN],
  ["xonsh", "xonsh -c 'import shutil; shutil.rmtree(\"/home\")'", ...UNKNOWN],
  ["rc", "rc -c 'rm -rf ~'", ...UNKNOWN],
  ["es", "es -c 'rm -rf ~'", ...UNKNOWN],
  ["ysh", "ysh -c 'rm -rf ~'", ...UNKNOWN],
  ["ion", "ion -c 'rm -rf ~'", ...UNKNOWN],
  ["murex", "murex -c 'rm -rf ~'", ...UNKNOWN],
  ["stdin", "echo 'rm -rf ~' | tcsh", ...UNKNOWN],
  ["a script the line wrote", "echo 'rm -rf ~' > x.csh && tcsh x.csh", ...UNKNOWN],
  ["a script that is there", "tcsh build.csh", ...OK],
  ["the version", "nu --version", ...OK],
]);
