import type { Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler, Invocation } from "./context.ts";
import { clusterValue, computedRest, optionWalk, wordFrom } from "./getopt.ts";
import { outputOption, type OutputSpec } from "./output-options.ts";
import { createdFiles, filledFolder } from "./sinks.ts";
import { unmodelledReading } from "./unknown-program.ts";

// Programs an agent runs to dump a database, convert a document or an image, render a graph or
// bundle code, whose option or operand names the file (or folder) they write. Session 8's hunt
// found each ALLOW_NO_EFFECT with a startup file or a system folder as its output (`pg_dump -f
// ~/.bashrc`, `pandoc -o`, `esbuild --outfile`, `convert in.png OUT`). The file is judged like
// `> FILE` (an existing workspace file is relocated first, a file outside the workspace asks, a
// protected one blocks), a folder like `openssl ca -outdir DIR` (output-options.ts); what the
// program otherwise does is judged as before (its arguments scanned as an unknown program's).

/** The options of each program that name what it writes (the others that take a value are listed so their value is no operand). */
const SPECS: Record<string, OutputSpec> = {
  pg_dump: {
    short: "f",
    valued: "dhpUFjnNtTEZS",
    long: ["file"],
    valuedLong: ["dbname", "host", "port", "username", "format", "jobs", "schema", "exclude-schema", "table", "exclude-table", "encoding", "compress", "superuser", "role", "lock-wait-timeout", "section", "exclude-table-data", "extra-float-digits", "rows-per-insert", "filter", "extension", "exclude-extension"],
  },
  pg_dumpall: { short: "f", valued: "dhlpUS", long: ["file"], valuedLong: ["dbname", "host", "database", "port", "username", "role", "superuser", "lock-wait-timeout", "exclude-database", "extra-float-digits", "rows-per-insert", "filter", "encoding"] },
  // `-pSECRET` is dropped first (mysqldump.ts below): its value is attached or none.
  mysqldump: { short: "r", dirShort: "T", valued: "uhPSwW", long: ["result-file"], dirLong: ["tab"], valuedLong: ["user", "host", "port", "socket", "where", "default-character-set", "ignore-table", "compatible", "fields-terminated-by", "lines-terminated-by"] },
  mongoexport: { short: "o", valued: "hdcupqf", long: ["out"], valuedLong: ["host", "db", "collection", "username", "password", "query", "fields", "uri", "type", "authenticationDatabase", "port", "sort", "skip", "limit", "fieldFile", "readPreference"] },
  mongodump: { dirShort: "o", valued: "hdcupq", dirLong: ["out"], valuedLong: ["host", "db", "collection", "username", "password", "query", "uri", "authenticationDatabase", "port", "readPreference", "excludeCollection"] },
  pandoc: {
    short: "o",
    valued: "frtwMVFLdHBAc",
    long: ["output", "log"],
    dirLong: ["extract-media"],
    valuedLong: ["from", "read", "to", "write", "metadata", "metadata-file", "variable", "filter", "lua-filter", "defaults", "include-in-header", "include-before-body", "include-after-body", "css", "data-dir", "template", "resource-path", "pdf-engine", "pdf-engine-opt", "reference-doc", "bibliography", "csl", "highlight-style", "dpi", "wrap", "columns", "toc-depth", "top-level-division", "shift-heading-level-by", "tab-stop", "title-prefix", "epub-cover-image", "epub-metadata", "epub-embed-font", "split-level", "id-prefix", "number-offset", "email-obfuscation", "reference-location", "citation-abbreviations", "syntax-definition", "abbreviations", "indented-code-classes", "default-image-extension", "track-changes", "eol", "request-header"],
  },
  inkscape: { short: "o", valued: "wdhibya", long: ["export-filename"], valuedLong: ["export-type", "export-width", "export-height", "export-dpi", "export-id", "export-background", "export-background-opacity", "export-area", "export-page", "actions", "query-id", "select"] },
  "rsvg-convert": { short: "o", valued: "whxyzfbdpsi", long: ["output"], valuedLong: ["width", "height", "x-zoom", "y-zoom", "zoom", "format", "background-color", "dpi-x", "dpi-y", "stylesheet", "export-id", "page-width", "page-height", "top", "left", "accept-language", "base-uri"] },
  // Graphviz's layout programs: `-ooutfile`, the other options' values attached (`-Tpng`, `-Gsize=7`).
  dot: { short: "o", valued: "GNETKlLqsn" },
  mmdc: { short: "o", valued: "itwHbcCpsIe", long: ["output"], valuedLong: ["input", "theme", "width", "height", "backgroundColor", "configFile", "cssFile", "puppeteerConfigFile", "scale", "outputFormat", "iconPacks", "svgId"] },
  bison: { short: "o", valued: "bpDFLrSM", long: ["output", "defines", "header", "report-file", "graph", "xml", "html"], valuedLong: ["file-prefix", "name-prefix", "define", "force-define", "language", "report", "skeleton", "file-prefix-map"] },
  flex: { short: "o", valued: "PS", long: ["outfile", "header-file", "tables-file"], valuedLong: ["prefix", "skel"] },
  xsltproc: { short: "o", long: ["output"], valuedLong: ["param", "stringparam", "path", "maxdepth", "maxvars", "maxparserdepth", "encoding", "writesubtree"] },
  // libxml2's xmllint takes its options with one dash or two.
  xmllint: { words: ["output", "o"], valuedWords: ["path", "xpath", "schema", "relaxng", "dtdvalid", "dtdvalidfpi", "encode", "pretty", "maxmem", "schematron"] },
  msgfmt: { short: "o", dirShort: "d", valued: "DlLr", long: ["output-file"], valuedLong: ["directory", "locale", "resource", "template", "alignment"] },
  age: { short: "o", valued: "rRi", long: ["output"], valuedLong: ["recipient", "recipients-file", "identity"] },
  "age-keygen": { short: "o", long: ["output"] },
  sops: { long: ["output"], valuedLong: ["kms", "pgp", "gcp-kms", "azure-kv", "age", "hc-vault-transit", "input-type", "output-type", "encrypted-regex", "unencrypted-regex", "encrypted-suffix", "unencrypted-suffix", "config", "extract", "set", "filename-override", "aws-profile", "shamir-secret-sharing-threshold"] },
  mkisofs: { words: ["o", "log-file"], valuedWords: ["V", "A", "P", "p", "b", "c", "boot-load-size", "x", "m", "input-charset", "output-charset", "path-list", "sort", "hide", "hidden", "M", "C", "G", "root", "volset", "sysid", "publisher", "preparer"] },
  // `-dev` is read and written: an image it names is rewritten in place.
  xorriso: { words: ["outdev", "dev", "o"] },
  // tsc reads its options with one dash or two, in any case.
  tsc: { words: ["outFile", "outfile", "out", "tsBuildInfoFile", "tsbuildinfofile"], dirWords: ["outDir", "outdir", "declarationDir", "declarationdir"] },
  esbuild: { words: ["outfile", "metafile"], dirWords: ["outdir"] },
  rollup: { short: "o", dirShort: "d", valued: "finegp", long: ["file"], dirLong: ["dir"], valuedLong: ["format", "input", "name", "external", "globals", "plugin", "environment"] },
  terser: { short: "o", long: ["output"] },
  uglifyjs: { short: "o", long: ["output"] },
  babel: { short: "o", dirShort: "d", valued: "fx", long: ["out-file"], dirLong: ["out-dir"], valuedLong: ["filename", "extensions", "config-file", "env-name", "root-mode", "ignore", "only", "presets", "plugins"] },
  swig: { words: ["o", "oh"], dirWords: ["outdir"] },
  pyinstaller: { valued: "npi", dirLong: ["distpath", "workpath", "specpath"], valuedLong: ["name", "add-data", "add-binary", "paths", "hidden-import", "icon", "collect-all", "collect-data", "collect-submodules", "runtime-hook", "exclude-module", "key", "upx-dir", "log-level"] },
  javac: { dirWords: ["d", "s", "h"], valuedWords: ["cp", "classpath", "class-path", "sourcepath", "source-path", "encoding", "source", "target", "release", "processorpath", "processor-path", "module-path", "p", "bootclasspath", "extdirs", "endorseddirs", "implicit", "proc", "processor"] },
  "yt-dlp": { short: "o", valued: "fPaN", long: ["output"], valuedLong: ["format", "paths", "batch-file", "concurrent-fragments", "cookies", "cookies-from-browser", "username", "password", "proxy", "limit-rate", "retries"] },
  pdftotext: { words: [], valuedWords: ["f", "l", "r", "x", "y", "W", "H", "enc", "eol", "opw", "upw"] },
  // Red team session 11, finding 7 (dev-outputs.ts has the tools with subcommands). @swc/cli
  // (swc.rs/docs/usage/cli): `-o, --out-file FILE`, `-d, --out-dir DIR`.
  swc: { short: "o", dirShort: "d", valued: "fC", long: ["out-file"], dirLong: ["out-dir"], valuedLong: ["filename", "config-file", "env-name", "ignore", "only", "source-map-target", "source-file-name", "source-root", "config", "extensions", "out-file-extension", "workers", "cli-config-file"] },
  // webpack-cli 5 (webpack.js.org/api/cli): `-o, --output-path DIR` (webpack 4's `-o` named a
  // file; its folder is written either way). `-m, --merge` is a switch, `--stats [value]` takes
  // a value only when one follows (commander): neither takes the next word as its own.
  webpack: { dirShort: "o", valued: "ctd", dirLong: ["output-path"], valuedLong: ["config", "config-name", "env", "node-env", "mode", "entry", "name", "target", "devtool", "output-filename", "output-public-path"] },
  // shc(1): `-o FILE`, the compiled executable (`-f SCRIPT` is its input).
  shc: { short: "o", valued: "efilmx" },
  // asciidoctor(1): `-o, --out-file FILE`, `-D, --destination-dir DIR`.
  asciidoctor: { short: "o", dirShort: "D", valued: "abBdEIrRST", long: ["out-file"], dirLong: ["destination-dir"], valuedLong: ["attribute", "backend", "base-dir", "doctype", "template-engine", "load-path", "require", "source-dir", "safe-mode", "template-dir", "failure-level", "log-level"] },
};

/** Programs read with another's options: Graphviz's layouts, yacc and lex, genisoimage. */
const SAME_AS: Record<string, string> = { neato: "dot", twopi: "dot", circo: "dot", fdp: "dot", sfdp: "dot", patchwork: "dot", osage: "dot", yacc: "bison", byacc: "bison", lex: "flex", genisoimage: "mkisofs", "webpack-cli": "webpack" };

/** What a program of registry-names.ts's OUTPUT_WRITERS writes, and what it otherwise does. */
export const outputWriter: Handler = (inv) => {
  const name = SAME_AS[inv.name] ?? inv.name;
  const custom = CUSTOM[name as keyof typeof CUSTOM];
  return custom ? custom(inv) : outputOption(SPECS[name] ?? {})(inv);
};

const written = (inv: Invocation, w: Word | undefined): Op[] => (w ? createdFiles(inv.name, [w]) : []);
const scanned = unmodelledReading;
/** The last word, when it is no option and not the only word (`convert IN OUT`, `wkhtmltopdf IN OUT`). */
const lastOperand = (args: Word[]): Word | undefined => {
  const last = args.at(-1);
  return args.length >= 2 && last && (last.dynamic || !last.value.startsWith("-") || last.value === "-") ? last : undefined;
};
/** A program that writes its last operand (`convert IN … OUT`, `wkhtmltopdf IN OUT`). */
const writesLast = (inv: Invocation): Op[] => [...scanned(inv), ...written(inv, lastOperand(inv.args))];

const CUSTOM = {
  // `mysqldump -pSECRET`: the password is attached or none (`-p` prompts), never the next word;
  // `-p$PASS` too (its rest is the password, no option).
  mysqldump: (inv: Invocation) => outputOption(SPECS.mysqldump!)({ ...inv, args: inv.args.filter((a) => !/^-p/.test(a.value)) }),
  // pdftotext IN [OUT]: the second operand (IN with .txt otherwise, next to it).
  pdftotext: (inv: Invocation) => {
    const out = _operands(inv.args, SPECS.pdftotext!)[1];
    return [...scanned(inv), ...written(inv, out)];
  },
  // ImageMagick writes its last argument (`convert IN … OUT`); `magick identify|mogrify|display` write none here.
  convert: writesLast,
  magick: (inv: Invocation) => {
    const tool = inv.args[0]?.value;
    if (tool === "identify" || tool === "mogrify" || tool === "display" || tool === "animate" || tool === "import" || tool === "stream") return scanned(inv);
    return writesLast(inv);
  },
  // ffmpeg writes its last argument (not `-i`'s value); `-n` never overwrites an existing file.
  ffmpeg: (inv: Invocation) => {
    const out = lastOperand(inv.args);
    const input = inv.args.at(-2)?.value === "-i";
    if (!out || input || inv.args.some((a) => a.value === "-n")) return scanned(inv);
    return [...scanned(inv), ...written(inv, out)];
  },
  // lessc IN [OUT].
  lessc: (inv: Invocation) => [...scanned(inv), ...written(inv, _operands(inv.args, {})[1])],
  // sass IN OUT, or `IN:OUT` pairs (a folder to a folder with `--update`/`--watch` too).
  sass: (inv: Invocation) => {
    const operands = _operands(inv.args, { valued: "Is" });
    const pairs = operands.filter((o) => !o.dynamic && /^[^:]{2,}:./.test(o.value));
    const outs = pairs.length ? pairs.map((o) => wordFrom(o, o.value.indexOf(":") + 1)) : [operands[1]];
    return [...scanned(inv), ...outs.flatMap((o) => written(inv, o))];
  },
  wkhtmltopdf: writesLast,
  wkhtmltoimage: writesLast,
  // qpdf IN … OUT, unless `--replace-input` (the input edited in place) or a reading (`--check IN`).
  qpdf: (inv: Invocation) => {
    const operands = inv.args.filter((a) => a.dynamic || !a.value.startsWith("-"));
    if (operands.length < 2 || inv.args.some((a) => a.value === "--replace-input")) return scanned(inv);
    return [...scanned(inv), ...written(inv, operands.at(-1))];
  },
  // Ghostscript: `-o FILE`, `-sOutputFile=FILE` (`-sOutputFile FILE` is no option of it); a
  // computed value is unknown (`-sOutputFile=$F`).
  gs: (inv: Invocation) => {
    const files: Word[] = [];
    inv.args.forEach((a, i) => {
      if (a.value === "-o" && !a.dynamic && inv.args[i + 1]) files.push(inv.args[i + 1]!);
      else if (a.value.startsWith("-sOutputFile=")) files.push(wordFrom(a, "-sOutputFile=".length));
    });
    return [...scanned(inv), ...files.flatMap((f) => written(inv, f))];
  },
  // qemu-img create FILE …, convert … OUT, dd of=FILE.
  "qemu-img": (inv: Invocation) => {
    const [sub, ...rest] = inv.args;
    if (!sub || sub.dynamic) return scanned(inv);
    if (sub.value === "dd") return [...scanned(inv), ...rest.filter((a) => a.value.startsWith("of=")).flatMap((a) => written(inv, wordFrom(a, 3)))];
    const operands = _operands(rest, { valued: "fFbBoOlsStTrm" });
    const out = sub.value === "create" ? operands[0] : sub.value === "convert" && operands.length >= 2 ? operands.at(-1) : undefined;
    return [...scanned(inv), ...written(inv, out)];
  },
  // protoc: `--LANG_out=[OPTIONS:]DIR` fills a folder; `-oFILE`, `--descriptor_set_out=FILE` and `--dependency_out=FILE` are files.
  // A computed value is unknown (`--go_out=$D`, `-o$F`: the word's rest, not the next word).
  protoc: (inv: Invocation) => {
    const ops = scanned(inv);
    const dirs: Word[] = [];
    inv.args.forEach((a, i) => {
      const m = /^--(\w+)_out(=|$)/.exec(a.value);
      const next = !a.dynamic ? inv.args[i + 1] : computedRest(a);
      const value = m ? (m[2] ? wordFrom(a, m[0].length) : next) : a.value === "-o" ? next : a.value.startsWith("-o") ? wordFrom(a, 2) : undefined;
      if (!value) return;
      if (m && m[1] !== "descriptor_set" && m[1] !== "dependency") dirs.push(value.dynamic ? value : wordFrom(value, value.value.lastIndexOf(":") + 1));
      else ops.push(...written(inv, value));
    });
    if (dirs.length) ops.push(filledFolder(inv.name, dirs));
    return ops;
  },
};

/** The operands of getopt-style arguments, the values of `spec`'s options skipped. */
function _operands(args: Word[], spec: OutputSpec): Word[] {
  const letters = spec.valued ?? "";
  // A computed word with a known option start is that option (`-f$N`: its rest is the value).
  return optionWalk(
    args,
    (a, i) => {
      if (spec.valuedWords?.includes(a.value.replace(/^--?/, ""))) return a.dynamic ? i : i + 1;
      if (spec.words || a.value.startsWith("--")) return i;
      return clusterValue(args, i, letters)?.i ?? i;
    },
    true,
  );
}
