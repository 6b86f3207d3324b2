import type { Analysers } from "./programs.ts";

/**
 * The analysers' modules loaded so far, by their name in the registry's loader (programs.ts
 * `analyser`). The hook fills it by `import()` before the check (programs.ts `preloadAnalysers`);
 * a module's own loader (flows.ts, interpreters.ts, stdin-code.ts, build-outputs.ts, …) looks here
 * before its `require()` and leaves what it loaded here: in the compiled hook a first `require()`
 * costs about 0.5 MiB, even of a module an `import()` loaded, an `import()` next to nothing
 * (docs/check.md "Session 11: hook memory"). It imports nothing, so that modules loaded at
 * start-up read it without an import cycle through programs.ts.
 */
export const LOADED: Partial<Analysers> = {};
