import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Third red-team pass: interpreter one-liners that reach exec, the os module or a shell through
// reflection were ALLOW (`__builtins__.__dict__['ex'+'ec'](bytes.fromhex(…).decode())` ran
// `rm -rf ~`), and a regex that rescanned the code from every `{` made `node -e '{{{…'` take
// seconds: the hook timed out and the agent ran the command.
const fx = useGuardFixture();

const UNKNOWN: Array<[string, string]> = [
  ["python exec through __builtins__.__dict__", `python3 -c "__builtins__.__dict__['ex'+'ec'](bytes.fromhex('7072696e74283129').decode())"`],
  ["python globals()['__builtins__']", `python3 -c "globals()['__builtins__'].exec('x')"`],
  ["python vars(__builtins__)", `python3 -c "vars(__builtins__)['ex'+'ec']('x')"`],
  ["python os.__dict__", `python3 -c "import os; f=os.__dict__['sys'+'tem']; f('x')"`],
  ["python os.system taken without a call", `python3 -c "import os; f=os.system; f('rm -rf ~')"`],
  ["python the os module passed on", `python3 -c "import os as o; p=o; p.system('rm -rf ~')"`],
  ["python an imported system passed on", `python3 -c "from os import system as s; f=s; f('rm -rf ~')"`],
  ["python operator.methodcaller on os", `python3 -c "import operator, os; operator.methodcaller('sys'+'tem','x')(os)"`],
  ["python sys.modules", `python3 -c "import sys; sys.modules['o'+'s'].system('x')"`],
  ["python timeit runs a string", `python3 -c "import timeit; timeit.timeit(bytes.fromhex('00').decode())"`],
  ["python pickle.loads", `python3 -c "import pickle; pickle.loads(b'x')"`],
  ["python subclasses walk", `python3 -c "().__class__.__base__.__subclasses__()"`],
  ["python builtins module", `python3 -c "import builtins; builtins.exec('x')"`],
  ["python subprocess.run taken without a call", `python3 -c "import subprocess as sp; r=sp.run; r(['rm','-rf','/'])"`],
  ["python through sudo", `sudo python3 -c "__builtins__.__dict__['ex'+'ec']('x')"`],
  ["python through bash -c", `bash -c "python3 -c \\"vars(__builtins__)['ex'+'ec']('x')\\""`],
  ["python on stdin", `python3 - <<'E'\n__builtins__.__dict__['ex'+'ec']('x')\nE`],
  ["node global by a computed key", `node -e "global['ev'+'al']('x')"`],
  ["node globalThis by a computed key", `node -e "globalThis['ev'+'al']('x')"`],
  ["node require of a computed module", `node -e "require('child'+'_process').execSync('rm -rf ~')"`],
  ["node mainModule.require", `node -e "process.mainModule.require('child_process')"`],
  ["node a computed child_process method", `node -e "require('child_process')['ex'+'ecSync']('x')"`],
  ["node the Function constructor reached through constructors", `node -e "[].constructor.constructor('return process')()"`],
  ["node execSync taken without a call", `node -e "const cp=require('child_process'); const f=cp.execSync; f('x')"`],
  ["node fs.rmSync taken without a call", `node -e "const f=require('fs').rmSync; f('x',{recursive:true})"`],
  ["node a computed fs method", `node -e "require('fs')['rm'+'Sync']('x')"`],
  ["node child_process.fork", `node -e "require('child_process').fork('x.js')"`],
  ["perl a symbolic code reference", `perl -e '&{"sys"."tem"}("ls")'`],
  ["perl a string called as code", `perl -e 'my $f="CORE::system"; $f->("ls")'`],
  ["perl can()", `perl -e 'main->can("sys"."tem")->("ls")'`],
  ["perl s///ee", `perl -e '$_="system q{ls}"; s/(.*)/$1/ee'`],
  ["perl s{}{}gee", `perl -e '$_="system q{ls}"; s{(.*)}{$1}gee'`],
  ["perl string eval", `perl -e 'my $x="unlink q{a}"; eval $x'`],
  ["ruby const_get", `ruby -e 'Object.const_get(:Kernel).system("ls")'`],
  ["ruby method(:system)", `ruby -e 'method(:system).call("ls")'`],
  ["ruby open of a pipe", `ruby -e 'open("|ls")'`],
  ["ruby send", `ruby -e 'Kernel.send(:sys.to_s + "tem", "ls")'`],
  ["ruby instance_eval", `ruby -e 'x.instance_eval("system")'`],
  ["php a callable by name", `php -r 'array_map("sys"."tem", ["ls"]);'`],
  ["php a string called", `php -r '("sys"."tem")("ls");'`],
];

const ALLOWED: Array<[string, string]> = [
  ["python print", `python3 -c "print(1)"`],
  ["python os.getcwd", `python3 -c "import os; print(os.getcwd())"`],
  ["python os.path", `python3 -c "import os, sys; print(os.path.join('a','b'), sys.argv)"`],
  ["python subprocess.run of ls", `python3 -c "import subprocess; print(subprocess.run(['ls'], stdout=subprocess.PIPE).stdout)"`],
  ["python from os import path", `python3 -c "from os import path; print(path.join('a'))"`],
  ["python from os import environ", `python3 -c "from os import environ; print(environ['HOME'])"`],
  ["python json on stdin", `python3 -c "import json,sys; print(json.load(sys.stdin)['x'])"`],
  ["python base64 printed", `python3 -c "import base64; print(base64.b64decode('aGk='))"`],
  ["python os rebound to a namespace", `python3 -c "import os, types; os = types.SimpleNamespace(remove=lambda *a: None); os.remove('missing')"`],
  ["node console.log", `node -e "console.log(1)"`],
  ["node readFileSync", `node -e "console.log(require('fs').readFileSync('README.md','utf8'))"`],
  ["node a scoped package", `node -e "console.log(require('@scope/pkg').x)"`],
  ["node cp.execSync of ls", `node -e "const cp=require('child_process'); cp.execSync('ls')"`],
  ["perl -ne with &&", `perl -ne 'print if $a && $b' README.md`],
  ["perl s///g", `perl -pe 's/foo/bar/g' README.md`],
  ["perl s///ge", `perl -pe 's/a/b/ge' README.md`],
  ["ruby map", `ruby -e 'puts [1,2].map { |x| x * 2 }'`],
  ["php strlen", `php -r 'echo strlen("abc");'`],
];

describe("red-team 3: interpreter code reaching exec through reflection is unknown", () => {
  for (const [name, command] of UNKNOWN) {
    test(name, () => {
      expect(classify({ command, cwd: fx.ws, env: fx.env }).decision).toBe("BLOCK");
    });
  }
  for (const [name, command] of ALLOWED) {
    test(`lookalike: ${name}`, () => {
      expect(classify({ command, cwd: fx.ws, env: fx.env }).decision).toBe("ALLOW");
    });
  }
});

// About 1 MB of one shape each (under the 1 MiB limit). The regexes these shapes broke rescanned
// the rest of the code from every start: at this size seconds to minutes; the verdicts must come
// back at all (bun's test timeout), and right.
const SIZE = 1_000_000;
const fill = (unit: string, size = SIZE) => unit.repeat(Math.floor(size / unit.length));
const HOSTILE: Array<[string, string, Decision, ReasonCode?]> = [
  ["node braces", `node -e '${fill("{")}'`, "ALLOW"],
  ["node braces then rm -rf ~", `node -e '${fill("{", SIZE - 20)}'; rm -rf ~`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["node Bun.file( without a close", `bun -e '${fill("Bun.file(")}'`, "ALLOW"],
  ["node many fs bindings", `node -e '${fill("const a = fs;")}'`, "ALLOW"],
  ["node many rmSync calls", `node -e '${fill("fs.rmSync(")}'`, "BLOCK"],
  ["python open( without a close", `python3 -c '${fill("open(")}'`, "ALLOW"],
  ["python from-imports without an end", `python3 -c '${fill("from a import b ")}.'`, "ALLOW"],
  ["python import aliases", `python3 -c '${fill("import a as b;")}'`, "ALLOW"],
  ["python from-import aliases", `python3 -c '${fill("from a import b as c;")}'`, "ALLOW"],
  ["python many os.system calls", `python3 -c '${fill("os.system(")}'`, "BLOCK"],
  ["python open( in a heredoc", `python3 <<'E'\n${fill("open(")}\nE`, "ALLOW"],
  ["perl open without a semicolon", `perl -e '${fill("open ")}'`, "ALLOW"],
  ["perl a long modifier run", `perl -e '/${fill("e", SIZE - 20)}t'`, "ALLOW"],
  ["perl many delimiters", `perl -e '${fill("/e")}'`, "ALLOW"],
  ["ruby %x", `ruby -e '${fill("%x(")}'`, "BLOCK"],
  ["a glob of brackets naming an env file", `cat ${fill("[", SIZE - 10)}.env`, "ALLOW"],
  ["a download URL with many ? before a newline", `curl -O 'http://h/a${fill("?", SIZE - 30)}\nx'`, "BLOCK"],
];

describe("red-team 3: a hostile one-liner of each shape is judged, not timed out", () => {
  for (const [name, command, decision, reason] of HOSTILE) {
    test(name, () => {
      const result = classify({ command, cwd: fx.ws, env: fx.env });
      expect(result.decision).toBe(decision);
      if (reason) expect(result.reason).toBe(reason);
    });
  }
});
