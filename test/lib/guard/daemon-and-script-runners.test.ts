import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, NOOP, OK, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 8's hunt of programs that run a program or a script (judged as data): start-stop-daemon
// passes the words after its own `--` to the program it starts (effects/command-runners.ts), an
// unknown program's `--` may be its own (effects/unknown-program.ts), and cmake -P / ctest -S read
// a CMake script from stdin (effects/cmake-e.ts). Each row was ALLOW before.
const fx = useGuardFixture();
const table = verdictRows(fx);

table("start-stop-daemon runs its program with the words after its `--`", [
  ["--exec", "start-stop-daemon --start --exec /bin/rm -- -rf ~", ...ANCESTOR],
  ["short options", "start-stop-daemon -S -x /bin/rm -- -rf ~", ...ANCESTOR],
  ["--startas a shell", "start-stop-daemon --start --startas /bin/sh -- -c 'rm -rf ~'", ...ANCESTOR],
  ["--startas wins over --exec", "start-stop-daemon --start --exec /bin/true --startas /bin/rm -- -rf ~", ...ANCESTOR],
  ["attached values", "start-stop-daemon --start --exec=/bin/rm -- -rf ~", ...ANCESTOR],
  ["--chdir", "start-stop-daemon --start --chdir /tmp --exec /bin/rm -- -rf ..", ...ANCESTOR],
  ["a workspace delete", "start-stop-daemon --start --exec /bin/rm -- -rf scratch.txt", ...RELOCATE],
  ["--chroot makes every path another file", "start-stop-daemon --start --chroot /srv/jail --exec /bin/rm -- -rf /data", ...UNKNOWN],
  ["a computed program", "start-stop-daemon --start --exec $PROG -- -rf ~", ...UNKNOWN],
  // Nothing runs.
  ["--test", "start-stop-daemon --start --test --exec /bin/rm -- -rf ~", ...OK],
  ["--stop", "start-stop-daemon --stop --exec /usr/sbin/nginx", ...OK],
  ["--status", "start-stop-daemon --status --pidfile /run/app.pid", ...OK],
  ["an ordinary daemon start", "start-stop-daemon --start --background --exec /usr/bin/node -- server.js", ...OK],
]);

table("an unknown program's own `--` after the program it runs", [
  ["both readings", "foo --exec /bin/rm -- -rf ~", ...ANCESTOR],
  ["rm's own `--` stays a no-op", "rm -- -rf ~", ...NOOP],
  ["harmless either way", "foo /bin/ls -- -la", ...OK],
]);

table("cmake -P and ctest -S reading a script from stdin", [
  ["cmake -P /dev/stdin", "cmake -P /dev/stdin <<< 'file(REMOVE_RECURSE ~)'", ...UNKNOWN],
  ["cmake -P /dev/fd/0", "cmake -P /dev/fd/0 <<< 'file(REMOVE_RECURSE ~)'", ...UNKNOWN],
  ["another descriptor", "cmake -P /dev/fd/3 3< x.cmake", ...UNKNOWN],
  ["ctest -S", "ctest -S /dev/stdin <<< 'file(REMOVE_RECURSE ~)'", ...UNKNOWN],
  ["ctest -SP with arguments", "ctest -SP /dev/stdin,Debug <<< 'file(REMOVE_RECURSE ~)'", ...UNKNOWN],
  ["a computed script with stdin fed", "cmake -P $S <<< 'file(REMOVE_RECURSE ~)'", ...UNKNOWN],
  // Harmless lookalikes.
  ["an empty script", "cmake -P /dev/stdin < /dev/null", ...OK],
  ["a project script", "cmake -P cmake/version.cmake", ...OK],
  ["a computed script, no stdin", "cmake -P $S", ...OK],
  ["ctest", "ctest --output-on-failure", ...OK],
  ["cmake -E echo", "cmake -E echo -P", ...OK],
]);
