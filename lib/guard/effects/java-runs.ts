import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { absolutePath } from "./program-path.ts";
import { scanUnknownProgram } from "./unknown-program.ts";
import { scriptText, unseenAfterWrites } from "./written-scripts.ts";

// java's options that take the next word as their value (the others are flags, `-opt:value` or `--opt=value`).
const VALUED = new Set(["-cp", "-classpath", "--class-path", "-p", "--module-path", "--upgrade-module-path", "--add-modules", "--limit-modules", "--enable-native-access", "--add-reads", "--add-exports", "--add-opens", "--patch-module", "--source", "-d", "--describe-module"]);
const CLASS_PATH = new Set(["-cp", "-classpath", "--class-path"]);

/**
 * java runs code the line may have made (session 15): a source file it wrote (`java X.java`, as
 * `go run` of a written source: Java is not read), classes or jars it filled (`cp /tmp/x.jar
 * app.jar; java -jar app.jar`), or classes built after it wrote text (`printf … > X.java && javac
 * X.java && java X`: javac, like any program writing files the guard does not see, may have built
 * them from that text; written-scripts.ts unseenAfterWrites). Unknown then; otherwise the workspace's
 * own classes run, judged as before (an unknown program's arguments scanned).
 */
export const java: Handler = (inv) => {
  const ops = scanUnknownProgram(inv.args, inv.ctx, inv.name, inv.cmd);
  const state = inv.ctx.state;
  if (!state.scripts?.size && !state.landed?.length && !state.tainted?.size) return ops;
  const loaded: Word[] = [];
  let classPath: Word | undefined;
  let main: Word | undefined;
  const args = inv.args;
  for (let i = 0; i < args.length && main === undefined; i++) {
    const a = args[i]!;
    if (a.dynamic) return [...ops, op("unknown", "java")];
    const v = a.value;
    if (v === "-jar") main = args[i + 1] ?? a;
    else if (v === "-m" || v === "--module") main = a;
    else if (VALUED.has(v)) {
      if (CLASS_PATH.has(v)) classPath = args[i + 1];
      i++;
    } else if (/^--class-path=/.test(v)) classPath = { ...a, value: v.slice(13) };
    else if (/^-javaagent:/.test(v)) loaded.push({ ...a, value: v.slice(11).replace(/=.*$/s, "") });
    else if (!v.startsWith("-")) main = a;
  }
  if (main === undefined) return ops;
  if (main.dynamic || classPath?.dynamic) return [...ops, op("unknown", "java")];
  // The class path's folders and jars (`lib/*` is the jars in lib), the running folder by default.
  const entries = (classPath?.value ?? ".").split(":").map((e) => e.replace(/\/?\*$/, "") || ".");
  const files = [...loaded.map((w) => w.value), ...(main.value.endsWith(".jar") || main.value.endsWith(".java") ? [main.value] : entries)];
  const source = main.value.endsWith(".java") && scriptText(main.value, state) !== undefined;
  const built = !main.value.endsWith(".java") && !main.value.endsWith(".jar") && unseenAfterWrites(state);
  return source || built || files.some((f) => _filled(f, inv.ctx.state)) ? [...ops, op("unknown", "java")] : ops;
};

/** Whether the line filled `file` (a class path entry, a jar, a source): it, a folder around it, a class, jar or other file it did not write text into below it. */
function _filled(file: string, state: Parameters<Handler>[0]["ctx"]["state"]): boolean {
  const path = absolutePath(file, state.cwd);
  if (path === null) return true;
  if (state.tainted?.size && [...state.tainted].some((t) => t === "" || path === t.replace(/\/$/, "") || path.startsWith(t.endsWith("/") ? t : `${t}/`) || t.startsWith(`${path}/`))) return true;
  return (state.landed ?? []).some((l) => l === null || l === path || path.startsWith(`${l}/`) || (l.startsWith(`${path}/`) && (/\.(class|jar)$/.test(l) || !state.scripts?.has(l))));
}
