import type { Handler } from "./context.ts";

/**
 * A handler whose module loads on its first call. leogriel-check runs once per agent command and
 * evaluates every module it imports before it reads the command, so the registry (programs.ts)
 * reaches most analysers through this: `from("files", "remove")` is `lazy(() => analyser("files"),
 * "remove")`, where `analyser` loads each module by `require()` with a literal path (one function
 * for all of them, programs.ts); a loader a module calls directly rather
 * than through `lazy` keeps what it loads in LOADED (loaded-analysers.ts, which the hook fills by
 * `import()` before the check), or is wrapped in `once` (below). A `require()`
 * added to a module loaded at start-up can change the compiled binary's evaluation order where
 * that module sits in the import cycle around programs.ts (session 7: one in wrappers.ts made
 * the binary crash at start); test/build/check-binary.test.ts runs one row per chunk and catches
 * it. The compiled binary keeps each such module
 * in a chunk of its own (`bun build --splitting` makes every `require()` of an ES module a chunk
 * boundary, loaded synchronously when the call runs), so a command loads only the analysers of
 * the programs it names. One closure per registration, no function of its own: start-up pays
 * for every function the registry creates.
 */
export function lazy<M extends Record<K, Handler>, K extends keyof M>(load: () => M, name: K): Handler {
  let handler: Handler | undefined;
  return (inv) => (handler ??= load()[name])(inv);
}

/** Like `lazy`, for a handler the module makes (`interpreter("python")`). */
export function lazyMade<M>(load: () => M, make: (module: M) => Handler): Handler {
  let handler: Handler | undefined;
  return (inv) => (handler ??= make(load()))(inv);
}

/**
 * A module loader that runs its `require()` once: a `require()` of a loaded module still costs
 * about half a microsecond (the registry lookup), and loaders are called per command.
 */
export function once<M>(load: () => M): () => M {
  let module: M | undefined;
  return () => (module ??= load());
}
