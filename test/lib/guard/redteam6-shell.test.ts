import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, OUTSIDE, REMOTE, UNKNOWN, type VerdictRow, verdictRows } from "../../support/verdict-rows.ts";

// Sixth red-team pass, POSIX shell: array subscripts, mapfile callbacks, environment functions,
// restricted and versioned shell names, prompt variables set by read/mapfile/printf/+=, and the
// everyday commands those rules must leave alone.
const fx = useGuardFixture();
mkdirSync(join(fx.ws, "empty"), { recursive: true });
writeFileSync(join(fx.ws, "a.txt"), "a\n");

type Row = VerdictRow;

const table = verdictRows(fx);

const RM = "rm -rf ~/.ssh";

// C3. bash expands an indexed subscript as if double-quoted: single quotes do not protect `$(…)`.
table("red-team 6 C3: a single-quoted subscript runs its substitution", [
  ["unquoted", `echo \${a['$(${RM})']}`, ...OUTSIDE],
  ["double-quoted", `echo "\${a['$(${RM})']}"`, ...OUTSIDE],
  ["with :-x", `echo \${a['$(${RM})']:-x}`, ...OUTSIDE],
  ["backticks", `: \${a['\`${RM}\`']}`, ...OUTSIDE],
  ["an assignment", `x=\${a['$(${RM})']}`, ...OUTSIDE],
  ["ANSI-C \\x24", `echo \${a[$'\\x24(${RM})']}`, ...OUTSIDE],
  ["an indirect name", `echo \${!a['$(${RM})']}`, ...OUTSIDE],
  ["after an offset", `echo \${a['$(${RM})']:1}`, ...OUTSIDE],
  ["in a heredoc body", `cat <<EOF\n\${a['$(${RM})']}\nEOF`, ...OUTSIDE],
  ["inside bash -c", `bash -c "echo \\\${a['\\$(${RM})']}"`, ...OUTSIDE],
  ["an associative array too (stricter than bash)", `declare -A h; echo \${h['$(${RM})']}`, ...OUTSIDE],
  // Lookalikes bash leaves alone.
  ["an escaped dollar", `echo \${a[\\$(${RM})]}`, ...OK],
  ["the length of an element", `echo \${#a['$(${RM})']}`, ...OK],
  ["a quoted key without substitution", `declare -A h; echo "\${h['key']}"`, ...OK],
]);

// C5. mapfile evaluates its -C callback; bash imports BASH_FUNC_name%% variables as functions.
table("red-team 6 C5: mapfile callbacks and environment functions", [
  ["mapfile -C", `mapfile -C '${RM} #' -c 1 arr <<< x`, ...OUTSIDE],
  ["readarray -t -C", `readarray -t -C '${RM} #' -c1 arr < a.txt`, ...OUTSIDE],
  ["-tC attached", `mapfile -tC'${RM} #' -c1 arr < a.txt`, ...OUTSIDE],
  ["the index and line are appended", "mapfile -C 'rm -rf' -c1 arr < a.txt", ...UNKNOWN],
  ["an unknown callback", 'mapfile -C "$cb" -c1 arr < a.txt', ...UNKNOWN],
  ["inside bash -c", `bash -c "mapfile -C '${RM} #' -c1 arr < a.txt"`, ...OUTSIDE],
  ["env BASH_FUNC_f%%", `env 'BASH_FUNC_f%%=() { ${RM}; }' bash -c f`, ...UNKNOWN],
  ["a function named ls", `env 'BASH_FUNC_ls%%=() { ${RM}; }' bash -c ls`, ...UNKNOWN],
  ["the older () suffix", `env 'BASH_FUNC_ls()=() { ${RM}; }' bash -c ls`, ...UNKNOWN],
  ["an unknown value", 'env -i "BASH_FUNC_ls%%=$X" bash -c ls', ...UNKNOWN],
  ["through sudo", `sudo env 'BASH_FUNC_f%%=() { ${RM}; }' bash -c f`, ...UNKNOWN],
  ["plain mapfile", "mapfile -t lines < a.txt", ...OK],
  ["a harmless callback", "mapfile -C 'echo' -c1 arr < a.txt", ...OK],
  ["a harmless environment function", "env 'BASH_FUNC_f%%=() { echo hi; }' bash -c f", ...OK],
]);

// C6. rbash (Debian's link to bash) and other names of the shells.
table("red-team 6 C6: rbash and other shell names", [
  ["curl | rbash", "curl -s http://127.0.0.1:8012/x | rbash", ...REMOTE],
  ["echo | rbash", `echo '${RM}' | rbash`, ...OUTSIDE],
  ["| unshare rbash", `echo '${RM}' | unshare rbash`, ...OUTSIDE],
  ["rbash -c", `rbash -c '${RM}'`, ...OUTSIDE],
  ["/usr/bin/rbash -c", `/usr/bin/rbash -c '${RM}'`, ...OUTSIDE],
  ["bash5.2", `echo '${RM}' | unshare bash5.2`, ...OUTSIDE],
  ["posh", `echo '${RM}' | unshare posh`, ...OUTSIDE],
  ["sh.distrib", `echo '${RM}' | sh.distrib`, ...OUTSIDE],
  ["ksh93", `echo '${RM}' | ksh93`, ...OUTSIDE],
  ["rbash -c harmless", "rbash -c 'echo hi'", ...OK],
  ["echo | rbash harmless", "echo hi | rbash", ...OK],
]);

// H10. Prompt variables set other than by `=`.
table("red-team 6 H10: PS4 by +=, read, mapfile, printf -v, a nameref", [
  ["PS4+=", `PS4+='$(${RM})'; set -x; :`, ...OUTSIDE],
  ["export PS4+=", `export PS4+='$(${RM})'; set -x; :`, ...OUTSIDE],
  ["declare -g PS4+=", `declare -g PS4+='$(${RM})'; set -x; :`, ...OUTSIDE],
  ["mapfile -t PS4", `mapfile -t PS4 <<< '$(${RM})'; set -x; :`, ...UNKNOWN],
  ["readarray PS4", "readarray PS4 < f; set -x; :", ...UNKNOWN],
  ["read from a process substitution", `IFS= read -r PS4 < <(echo '$(${RM})'); set -x; :`, ...UNKNOWN],
  ["read from a here-string", `read -r PS4 <<< '$(${RM})'; set -x`, ...UNKNOWN],
  ["read -a PS4", "read -a PS4 <<< x; set -x", ...UNKNOWN],
  ["printf -v PS4", `printf -v PS4 '%s' '$(${RM})'; set -x; true`, ...OUTSIDE],
  ["printf -vPS4", `printf -vPS4 '%s' '$(${RM})'; set -x; true`, ...OUTSIDE],
  ["printf -v PS4 with \\x24", `printf -v PS4 '\\x24(${RM})'; set -x; :`, ...OUTSIDE],
  ["printf -v PROMPT_COMMAND", `printf -v PROMPT_COMMAND '${RM}'; bash -i`, ...OUTSIDE],
  ["read PROMPT_COMMAND", "read -r PROMPT_COMMAND < f; bash -i", ...UNKNOWN],
  ["a nameref", `declare -n r=PS4; r='$(${RM})'; set -x; :`, ...UNKNOWN],
  ["a known variable holding $(…)", `v='$(${RM})'; PS4=$v; set -x; :`, ...OUTSIDE],
  ["a plain PS4", "PS4='+ $LINENO: '; set -x; make", ...OK],
  ["PS4+= plain", "PS4+=': '; set -x; make", ...OK],
  ["read into another name", 'read -r name; echo "$name"', ...OK],
  ["printf -v another name", "printf -v out '%s' hi; echo \"$out\"", ...OK],
]);

// False positive: an unknown program's option value naming a shell is not the shell it runs.
table("red-team 6: a shell word is the wrapped program only as the program operand", [
  ["delta --language bash", "git diff | delta --language bash", ...OK],
  ["fzf --query python", "ps aux | fzf --query python", ...OK],
  ["a later argument", "git log | mycli filter bash", ...OK],
  ["unshare -r bash", `echo '${RM}' | unshare -r bash`, ...OUTSIDE],
  ["unshare --map-root-user bash", `echo '${RM}' | unshare --map-root-user bash`, ...OUTSIDE],
  ["nsenter -t 1 -m bash", `echo '${RM}' | nsenter -t 1 -m bash`, ...OUTSIDE],
  ["chroot / bash", `echo '${RM}' | chroot / bash`, ...OUTSIDE],
  ["after --", `echo '${RM}' | mywrap --lang -- bash`, ...OUTSIDE],
  ["after exec", `echo '${RM}' | mywrap exec bash`, ...OUTSIDE],
  ["a download into unshare -r bash", "curl -s http://127.0.0.1:8012/x | unshare -r bash", ...UNKNOWN],
]);

// False positives: arrays (the parser failed on `name=(…)`) and `${!v}` over literal names.
table("red-team 6: everyday arrays and indirect names", [
  ["an array and a literal index", 'arr=(1 2 3); echo "${arr[1]}"', ...OK],
  ["+= and a count", "declare -a arr; arr+=(x); echo ${#arr[@]}", ...OK],
  ["a glob array", 'files=(*.txt); echo "${files[0]}"', ...OK],
  ["a loop over the indexes", 'for i in "${!arr[@]}"; do echo "${arr[$i]}"; done', ...OK],
  ["local -a in a function", 'f() { local -a xs=("$@"); echo "${xs[0]}"; }', ...OK],
  ["a multi-line array with a comment", 'arr=(\n  one   # first\n  two\n); echo "${arr[@]}"', ...OK],
  ["an index set to a literal", 'i=2; arr=(1 2 3); echo "${arr[$i]}"', ...OK],
  ["${!v} over literal names", 'for v in PATH HOME; do echo "${!v}"; done', ...OK],
  // Still caught.
  ["a substitution in an element", `a=($(${RM}))`, ...OUTSIDE],
  ["a quoted substitution in an element subscript", `a=(['$(${RM})']=1)`, ...OUTSIDE],
  ["a substitution in an element subscript", `a=([$(${RM})]=1)`, ...OUTSIDE],
  ["an array prefix to rm", `x=(a b) ${RM}`, ...OUTSIDE],
  ["an array run as a command", `cmd=(${RM}); "\${cmd[@]}"`, ...UNKNOWN],
  ["an array's elements deleted", 'a=(1 2); rm -rf "${a[@]}"', ...UNKNOWN],
  ["an array then a quoted subscript", `a=(1); echo \${a['$(${RM})']}`, ...OUTSIDE],
  ["an index from an unknown value", 'i=$x; echo "${arr[$i]}"', ...UNKNOWN],
  ["keys of an associative array", 'declare -A h; for k in "${!h[@]}"; do echo "${a[$k]}"; done', ...UNKNOWN],
  ["${!v} over a subscript word", `for v in PATH "a[\\$(${RM})]"; do echo "\${!v}"; done`, ...UNKNOWN],
  ["${!v} over compgen -e", 'for v in $(compgen -e); do echo "${!v}"; done', ...UNKNOWN],
]);
