import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { AnalyzeContext, Handler } from "./context.ts";
import { fileKeys } from "./file-identity.ts";

/**
 * Code formatters and auto-fixing linters rewrite their file operands in place (red team 7, H4):
 * judged like `sed -i` (ASK outside the workspace, BLOCK on protected paths, ALLOW inside), a
 * folder operand like a tree written into it.
 */
interface FormatterSpec {
  /** Subcommands that write (`ruff format`); absent: the program itself. */
  subs?: readonly string[];
  /** Options that make it write (`--write`, `-i`); absent: it always writes. */
  writes?: RegExp;
  /** Options after which nothing is written (`--check`, `--diff`). */
  readOnly?: RegExp;
  /** Options that take the next word as their value. */
  valued?: ReadonlySet<string>;
  /** The operands when none is given (ruff and eslint format the running folder). */
  none?: string;
  /** The first operand is not a file (yq's expression). */
  expression?: boolean;
}

const set = (s: string) => new Set(s.split(" "));

const SPECS: Record<string, FormatterSpec> = {
  rustfmt: { readOnly: /^(--check|--emit(=stdout)?|-h|--help|-V|--version|--print-config)$/, valued: set("--edition --config-path --config --emit --color --style-edition -l") },
  prettier: {
    writes: /^(--write|-w)$/,
    readOnly: /^(--check|-c|--list-different|-l)$/,
    valued: set("--config --parser --ignore-path --plugin --print-width --tab-width --trailing-comma --arrow-parens --end-of-line --prose-wrap --quote-props --html-whitespace-sensitivity --embedded-language-formatting --stdin-filepath --cache-location --cache-strategy --log-level --config-precedence --experimental-operator-position --object-wrap --cursor-offset --range-start --range-end --plugin-search-dir"),
  },
  black: { readOnly: /^(--check|--diff|-c|--code|-h|--help|--version)$/, valued: set("-l --line-length -t --target-version --include --exclude --extend-exclude --force-exclude --config -W --workers --stdin-filename --required-version --python-cell-magics") },
  ruff: {
    subs: ["format", "check"],
    readOnly: /^(--check|--diff|--no-fix|--help|-h|--show-fixes-only)$/,
    valued: set("--config --select --ignore --extend-select --extend-ignore --line-length --target-version --exclude --extend-exclude --output-format --stdin-filename --cache-dir --per-file-ignores --fixable --unfixable --extend-fixable --range --output-file -o"),
    none: ".",
  },
  "clang-format": { writes: /^--?i$/, valued: set("-style --style -assume-filename --assume-filename -lines --lines -offset --offset -length --length -cursor --cursor -fallback-style --fallback-style -files --files -qualifier-alignment") },
  eslint: {
    writes: /^--fix$/,
    valued: set("-c --config --ext --parser --parser-options --resolve-plugins-relative-to --rulesdir --plugin --rule --env --global -f --format -o --output-file --ignore-path --ignore-pattern --max-warnings --cache-location --cache-strategy --fix-type --stdin-filename --report-unused-disable-directives-severity --flag"),
    none: ".",
  },
  gofmt: { writes: /^-w$/, valued: set("-r -cpuprofile") },
  goimports: { writes: /^-w$/, valued: set("-local -srcdir") },
  shfmt: { writes: /^(-w|--write)$/, valued: set("-i --indent -ln --language-dialect -filename --filename --apply-ignore") },
  yq: { writes: /^(-[PCMNervj]*i[PCMNervj]*|--inplace)$/, valued: set("-o --output-format -p --input-format --from-file -I --indent --expression --front-matter --lua-prefix --lua-suffix --properties-separator --csv-separator --xml-attribute-prefix --xml-content-name"), expression: true },
  isort: { readOnly: /^(--check-only|--check|-c|--diff|--stdout|-d|--show-config|-h|--help)$/, valued: set("--settings-path --settings-file --sp -l --line-length --profile -m --multi-line -p --project --src --virtual-env --conda-env --py -a --add-import -o --thirdparty") },
  autopep8: { writes: /^(-i|--in-place|-[a-zA-Z]*i)$/, valued: set("--select --ignore --max-line-length --global-config --indent-size -j --jobs -p --pep8-passes --range --line-range --exclude --hang-closing") },
  yapf: { writes: /^(-i|--in-place)$/, valued: set("--style -l --lines -e --exclude -p") },
};

/** The in-place edits of a formatter (its name is a key of SPECS). */
export const formatter: Handler = ({ name, args, ctx }) => {
  const spec = SPECS[name];
  if (!spec) return [];
  let rest = args;
  if (spec.subs) {
    const at = rest.findIndex((a) => !a.value.startsWith("-"));
    const sub = rest[at]?.value;
    // ruff's legacy `ruff --fix PATH` (no subcommand) fixes too.
    if (sub === undefined || !spec.subs.includes(sub)) return name === "ruff" && rest.some((a) => a.value === "--fix") && !rest.some((a) => a.value === "--no-fix") ? _files(spec, rest, name, ctx.state) : [];
    if (sub === "check" && !rest.some((a) => a.value === "--fix" || a.value === "--unsafe-fixes")) return [];
    rest = [...rest.slice(0, at), ...rest.slice(at + 1)];
  }
  if (spec.writes && !rest.some((a) => !a.dynamic && spec.writes!.test(a.value))) return [];
  // yq's `eval`/`eval-all` subcommand comes before the expression.
  if (name === "yq") {
    const at = rest.findIndex((a) => !a.value.startsWith("-"));
    if (at >= 0 && /^(eval|e|eval-all|ea)$/.test(rest[at]!.value)) rest = [...rest.slice(0, at), ...rest.slice(at + 1)];
  }
  return _files(spec, rest, name, ctx.state);
};

function _files(spec: FormatterSpec, args: Word[], name: string, state: AnalyzeContext["state"]): Op[] {
  const files: Word[] = [];
  let expression = spec.expression && !args.some((a) => a.value === "--from-file" || a.value.startsWith("--expression"));
  let done = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!done && !a.dynamic && a.value === "--") done = true;
    else if (!done && !a.dynamic && a.value.startsWith("-") && a.value !== "-") {
      if (spec.readOnly?.test(a.value)) return [];
      if (spec.valued?.has(a.value)) i++;
    } else if (a.value === "-" && !a.dynamic) continue;
    else if (expression) expression = false;
    else files.push(a);
  }
  if (files.length === 0 && spec.none) files.push(literalWord(spec.none));
  // A folder operand is a tree of files rewritten in place: judged like a tree written over it
  // (policy-replaces.ts), which for a file is what `sed -i` gets. Unlike `sed -i`, which replaces
  // a symlink with a new file, a formatter opens the file for writing and writes through the link
  // (`prettier --write link.ts` with link.ts pointing at ~/.bashrc rewrote .bashrc): the file the
  // link reaches is a target too (red team 9, found in the false-positive hunt).
  const reached = files.flatMap((f) => (f.dynamic ? [] : fileKeys(f.value, state).slice(1).map((real) => literalWord(real, true))));
  return files.length ? [{ ...op("write-into", name, [...files, ...reached]), replaces: true }] : [];
}
