import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Fifth red-team pass: inline code of interpreters whose language the guard did not read
// (gdb -ex, Rscript -e, lua -e, julia -e, expect -c, octave --eval, …) ran under ALLOW, as did
// node --eval=CODE, deno eval, a script the line wrote then ran by python/node/lua/Rscript, and
// `find ~/.ssh -exec cat {} +`.
const fx = useGuardFixture();
const RM = "rm -rf ~/Documents";

const ROWS: Array<[string, string, Decision]> = [
  // gdb
  ["gdb -ex shell", `gdb -batch -ex 'shell ${RM}'`, "BLOCK"],
  ["gdb --eval-command=", `gdb -batch --eval-command='shell ${RM}'`, "BLOCK"],
  ["gdb -eval-command (single dash, abbreviated)", `gdb -batch -eval-comm 'shell ${RM}'`, "BLOCK"],
  ["gdb -iex", `gdb -iex 'shell ${RM}' ./a.out`, "BLOCK"],
  ["gdb shell abbreviated", `gdb -batch -ex 'she ${RM}'`, "BLOCK"],
  ["gdb !", `gdb -batch -ex '!${RM}'`, "BLOCK"],
  ["gdb pipe", `gdb -batch -ex 'pipe bt | ${RM}'`, "BLOCK"],
  ["gdb |", `gdb -batch -ex '| bt | ${RM}'`, "BLOCK"],
  ["gdb python os.system", `gdb -batch -ex 'python import os; os.system("${RM}")'`, "BLOCK"],
  ["gdb py gdb.execute", `gdb -batch -ex 'py gdb.execute("shell ${RM}")'`, "BLOCK"],
  ["gdb -x of a written command file", `echo 'shell ${RM}' > cmds; gdb -batch -x cmds`, "BLOCK"],
  ["gdb --command= of a written python block", `printf 'python\\nimport shutil\\nshutil.rmtree("/etc")\\nend\\n' > c.gdb; gdb -batch --command=c.gdb`, "BLOCK"],
  ["gdb run arguments go through a shell", `gdb -batch -ex 'run $(${RM})' ./a.out`, "BLOCK"],
  ["gdb call into the program", `gdb -batch -ex 'break main' -ex run -ex 'call (int)system("${RM}")' ./a.out`, "BLOCK"],
  ["gdb $_shell", `gdb -batch -ex 'p $_shell("${RM}")'`, "BLOCK"],
  ["gdb thread apply", `gdb -batch -ex 'thread apply all shell ${RM}' -p 1`, "BLOCK"],
  ["gdb with --", `gdb -batch -ex 'with print pretty -- shell ${RM}'`, "BLOCK"],
  ["gdb target remote | cmd", `gdb -batch -ex 'target remote | ${RM}'`, "BLOCK"],
  ["gdb eval", `gdb -batch -ex 'eval "shell %s", "x"'`, "BLOCK"],
  ["gdb set logging file", "gdb -batch -ex 'set logging file ~/.bashrc' -ex 'set logging on'", "ASK"],
  ["gdb behind sudo", `sudo gdb -batch -ex 'shell ${RM}'`, "BLOCK"],
  ["gdb in bash -c", `bash -c "gdb -batch -ex 'shell ${RM}'"`, "BLOCK"],
  // R
  ["Rscript -e system", `Rscript -e 'system("${RM}")'`, "BLOCK"],
  ["R -e system", `R -e 'system("${RM}")'`, "BLOCK"],
  ["R --no-save -e unlink", `R --no-save -e 'unlink("~/Documents", recursive=TRUE)'`, "BLOCK"],
  ["Rscript -e attached file.remove", `Rscript -e'file.remove("/etc/hosts")'`, "BLOCK"],
  ["Rscript system2", `Rscript -e 'system2("rm", c("-rf", "~/Documents"))'`, "BLOCK"],
  ["Rscript shell", `Rscript -e 'shell("${RM}")'`, "BLOCK"],
  ["Rscript backquoted name", `Rscript -e '\`system\`("${RM}")'`, "BLOCK"],
  ["Rscript base::system", `Rscript -e 'base::system("${RM}")'`, "BLOCK"],
  ["Rscript raw string", `Rscript -e 'system(r"(${RM})")'`, "BLOCK"],
  ["Rscript escaped tilde", `Rscript -e 'system("rm -rf \\x7e/Documents")'`, "BLOCK"],
  ["Rscript alias", `Rscript -e 'f <- system; f("${RM}")'`, "BLOCK"],
  ["Rscript do.call", `Rscript -e 'do.call("system", list("${RM}"))'`, "BLOCK"],
  ["Rscript eval(parse())", `Rscript -e 'eval(parse(text="x"))'`, "BLOCK"],
  ["Rscript pasted command", `Rscript -e 'system(paste("rm", "-rf ~"))'`, "BLOCK"],
  ["Rscript writeLines", `Rscript -e 'writeLines("x", "~/.bashrc")'`, "BLOCK"],
  ["Rscript cat file=", `Rscript -e 'cat("x", file="~/.bashrc")'`, "BLOCK"],
  ["Rscript install_github", `Rscript -e 'remotes::install_github("a/b")'`, "ASK"],
  ["Rscript install.packages from a URL", `Rscript -e 'install.packages("http://127.0.0.1/x.tar.gz", repos=NULL)'`, "ASK"],
  ["Rscript of a written script", `echo 'system("${RM}")' > x.R; Rscript x.R`, "BLOCK"],
  // Lua
  ["lua os.execute", `lua -e 'os.execute("${RM}")'`, "BLOCK"],
  ["luajit os.remove", `luajit -e 'os.remove("/etc/hosts")'`, "BLOCK"],
  ["lua io.popen", `lua -e 'io.popen("${RM}")'`, "BLOCK"],
  ["lua call with a long string", `lua -e 'os.execute[[${RM}]]'`, "BLOCK"],
  ["lua decimal escape", `lua -e 'os.remove("/etc/\\104osts")'`, "BLOCK"],
  ["lua os alias", `lua -e 'local o = os; o.execute("${RM}")'`, "BLOCK"],
  ["lua os by index", `lua -e 'os["execute"]("${RM}")'`, "BLOCK"],
  ["lua load", `lua -e 'load("os.execute(1)")()'`, "BLOCK"],
  ["lua io.open for writing", `lua -e 'io.open("/etc/hosts", "w")'`, "BLOCK"],
  ["lua attached -e", `lua5.4 -e'os.execute("${RM}")'`, "BLOCK"],
  ["lua through env", `env lua -e 'os.execute("${RM}")'`, "BLOCK"],
  ["lua of a written script", `echo 'os.execute("${RM}")' > x.lua; lua x.lua`, "BLOCK"],
  // Julia
  ["julia rm(homedir())", "julia -e 'rm(homedir(), recursive=true)'", "BLOCK"],
  ["julia --eval rm", `julia --eval 'rm("/etc/hosts")'`, "BLOCK"],
  ["julia --eval= rm", `julia --eval='rm("/etc/hosts")'`, "BLOCK"],
  ["julia -E", `julia -E 'rm("/etc/hosts")'`, "BLOCK"],
  ["julia run command literal", `julia -e 'run(\`${RM.replace("~", "/etc")}\`)'`, "BLOCK"],
  ["julia Base.run", `julia -e 'Base.run(\`rm -rf /etc\`)'`, "BLOCK"],
  ["julia interpolated command", "julia -e 'run(`rm -rf $(homedir())`)'", "BLOCK"],
  ["julia mv", `julia -e 'mv("a", "b")'`, "BLOCK"],
  ["julia cp force", `julia -e 'cp("a", "/etc/hosts"; force=true)'`, "BLOCK"],
  ["julia eval", `julia -e 'eval(Meta.parse("1"))'`, "BLOCK"],
  ["julia Pkg.add url", `julia -e 'using Pkg; Pkg.add(url="http://127.0.0.1/x.git")'`, "ASK"],
  // Others
  ["expect -c exec", `expect -c 'exec ${RM}'`, "BLOCK"],
  ["expect -c spawn", "expect -c 'spawn rm -rf /etc'", "BLOCK"],
  ["expect -c send to a spawned shell", `expect -c 'spawn bash; send "${RM}\\r"'`, "BLOCK"],
  ["expect -c file delete -force", "expect -c 'file delete -force ~/Documents'", "BLOCK"],
  ["expect -c substituted command", "expect -c 'exec rm -rf [pwd]'", "BLOCK"],
  ["guile -c system", `guile -c '(system "${RM}")'`, "BLOCK"],
  ["sbcl --eval run-program", `sbcl --eval '(sb-ext:run-program "/bin/rm" (list "-rf" "/etc"))'`, "BLOCK"],
  ["racket -e system", `racket -e '(system "${RM}")'`, "BLOCK"],
  ["octave --eval system", `octave --eval 'system("${RM}")'`, "BLOCK"],
  ["octave rmdir s", `octave --eval 'rmdir("~/Documents", "s")'`, "BLOCK"],
  ["ghc -e System.Process", `ghc -e 'System.Process.callCommand "${RM}"'`, "BLOCK"],
  ["ghc -e :!", `ghc -e ':! ${RM}'`, "BLOCK"],
  ["osascript do shell script", `osascript -e 'do shell script "${RM}"'`, "BLOCK"],
  ["osascript JXA", `osascript -l JavaScript -e 'Application.currentApplication().doShellScript("x")'`, "BLOCK"],
  ["dc -e !", `dc -e '!${RM}'`, "BLOCK"],
  ["gnuplot system", `gnuplot -e 'system("${RM}")'`, "BLOCK"],
  // node, deno; scripts the line wrote
  ["node --eval=", `node --eval='require("child_process").execSync("${RM}")'`, "BLOCK"],
  ["deno eval", `deno eval 'Deno.removeSync("/etc", {recursive: true})'`, "BLOCK"],
  ["python3 of a written script", `echo 'import os; os.system("${RM}")' > x.py; python3 x.py`, "BLOCK"],
  ["node of a written script", `echo 'require("fs").rmSync("/etc", {recursive: true})' > x.js; node x.js`, "BLOCK"],
  // find -exec of a reader
  ["find ~/.ssh -exec cat", "find ~/.ssh -exec cat {} +", "ASK"],
  ["find ~/.ssh -execdir head", "find ~/.ssh -type f -execdir head {} \\;", "ASK"],
  ["find ~/.aws -ok grep behind sudo", "sudo find ~/.aws -ok grep -l x {} \\;", "ASK"],
  // Lookalikes.
  ["Rscript print", "Rscript -e 'print(1)'", "ALLOW"],
  ["Rscript install.packages from the registry", `Rscript -e 'install.packages("x")'`, "ALLOW"],
  ["Rscript read and summarise", `Rscript -e 'x <- read.csv("a.csv"); print(summary(x))'`, "ALLOW"],
  ["Rscript system.file", `Rscript -e 'print(system.file(package="stats"))'`, "ALLOW"],
  ["Rscript system ls", `Rscript -e 'system("ls -la")'`, "ALLOW"],
  ["Rscript cat", `Rscript -e 'cat("hi\\n")'`, "ALLOW"],
  ["lua print", "lua -e 'print(1)'", "ALLOW"],
  ["lua os.time", "lua -e 'print(os.time(), os.getenv(\"HOME\"))'", "ALLOW"],
  ["lua io.open to read", `lua -e 'local f = io.open("x.txt"); print(f:read("a"))'`, "ALLOW"],
  ["lua comment", `lua -e '-- os.remove("/etc/hosts")'`, "ALLOW"],
  ["lua long comment", `lua -e $'--[[\\nos.remove("/etc/hosts")\\n]]'`, "ALLOW"],
  ["lua long string", `lua -e 'print([[os.remove("/etc/hosts")]])'`, "ALLOW"],
  ["julia Pkg.status", "julia -e 'using Pkg; Pkg.status()'", "ALLOW"],
  ["julia Pkg.add by name", `julia -e 'using Pkg; Pkg.add("Example")'`, "ALLOW"],
  ["julia block comment", `julia -e $'#=\\nrm("/etc/hosts")\\n=#'`, "ALLOW"],
  ["julia adjoint", `julia -e "x = [1 2]; println(x')"`, "ALLOW"],
  ["julia cp without force", `julia -e 'cp("a", "b")'`, "ALLOW"],
  ["gdb backtrace", "gdb -batch -ex 'bt' ./a.out", "ALLOW"],
  ["gdb run --args", "gdb -ex run --args ./x", "ALLOW"],
  ["gdb thread apply all bt", "gdb -batch -ex 'thread apply all bt' -p 123", "ALLOW"],
  ["gdb break, run, print", "gdb -batch -ex 'break main' -ex run -ex 'p x' ./a.out", "ALLOW"],
  ["gdb run with redirections in the workspace", "gdb -batch -ex 'run < in.txt > out.txt' ./a.out", "ALLOW"],
  ["octave arithmetic", "octave --eval '1+1'", "ALLOW"],
  ["octave transpose", "octave --eval \"a = [1 2]'; disp(a)\"", "ALLOW"],
  ["expect -c puts", "expect -c 'puts hi'", "ALLOW"],
  ["guile display", "guile -c '(display 1)'", "ALLOW"],
  ["racket displayln", "racket -e '(displayln 1)'", "ALLOW"],
  ["ghc -e putStrLn", `ghc -e 'putStrLn "hi"'`, "ALLOW"],
  ["osascript notification", `osascript -e 'display notification "hi"'`, "ALLOW"],
  ["dc arithmetic", "dc -e '2 3 + p'", "ALLOW"],
  ["gnuplot to a png", `gnuplot -e 'set terminal png; set output "x.png"; plot sin(x)'`, "ALLOW"],
  ["node --print=", "node --print='1+1'", "ALLOW"],
  ["deno eval -p", "deno eval -p '1+1'", "ALLOW"],
  ["python3 of a harmless written script", "echo 'print(1)' > x.py; python3 x.py", "ALLOW"],
  ["find -exec cat in the workspace", "find . -name '*.ts' -exec cat {} +", "ALLOW"],
  ["find ~/.ssh -exec ls", "find ~/.ssh -exec ls -l {} +", "ALLOW"],
];

describe("red-team 5: inline code of interpreters the guard reads by pattern", () => {
  for (const [name, command, decision] of ROWS) {
    test(name, () => {
      expect(classify({ command, cwd: fx.ws, env: fx.env }).decision).toBe(decision);
    });
  }
});

describe("red-team 5: hostile inline code stays fast", () => {
  const big = (s: string) => s.repeat(Math.ceil(200_000 / s.length));
  for (const [program, body] of [
    ["Rscript -e", big('"')],
    ["lua -e", big("io.open(x,")],
    ["octave --eval", big('unlink("a",')],
    ["julia -e", big('r"(')],
    ["expect -c", big("{exec ")],
    ["gdb -ex", big("thread apply all ")],
  ] as const) {
    test(`${program} ${JSON.stringify(body.slice(0, 10))}…`, () => {
      const command = `${program} '${body.replace(/'/g, "'\\''")}'`;
      expect(["ALLOW", "ASK", "BLOCK"]).toContain(classify({ command, cwd: fx.ws, env: fx.env }).decision);
    });
  }
});
