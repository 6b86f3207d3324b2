// Program names the registry (programs.ts) registers for analysers it loads on first use
// (lazy-handler.ts), kept apart from them: start-up reads the names without loading the analysers.
// Each analyser keys its own table by these names, and TypeScript checks the two match.

/**
 * dig, host, ping and the other programs that send a name to a resolver (dns-sent.ts); getent
 * (hosts, ahosts, and any database a name service may look up remotely), resolvectl and
 * systemd-resolve query it the same way (red team 6 M2).
 */
export const NAME_QUERY_PROGRAMS = ["dig", "host", "nslookup", "drill", "kdig", "delv", "ping", "ping6", "traceroute", "tracepath", "mtr", "getent", "resolvectl", "systemd-resolve", "dog", "doggo", "adig", "ahost"] as const;

/** The framework CLIs whose database tasks app-databases.ts judges. */
export const APP_CLIS = ["prisma", "rails", "rake", "supabase", "sequelize", "sequelize-cli", "typeorm", "typeorm-ts-node-commonjs", "knex", "mix", "dotnet", "django-admin", "dbmate", "goose", "flyway", "liquibase", "diesel", "sqlx", "alembic", "mikro-orm"] as const;

/**
 * The hosting, cloud and virtual-machine CLIs whose delete commands service-deletes.ts judges
 * (supabase's database tasks are app-databases.ts's); netlify-cli and firebase-tools are the npm
 * packages `npx` runs them by.
 */
export const SERVICE_CLIS = ["vagrant", "virsh", "doctl", "fly", "flyctl", "heroku", "vercel", "netlify", "firebase", "wrangler", "eksctl", "kind", "minikube", "k3d", "hcloud", "linode-cli", "openstack", "supabase", "netlify-cli", "firebase-tools", "scw", "civo", "railway", "oci", "ibmcloud", "argocd", "flux", "serverless", "sls", "sam", "copilot", "helmfile", "skaffold", "render", "vultr-cli", "exo", "nomad"] as const;

/** The compressors and decompressors that replace their input (compressors.ts). */
export const COMPRESSOR_NAMES = ["gzip", "pigz", "gunzip", "unpigz", "bzip2", "pbzip2", "lbzip2", "bunzip2", "xz", "lzma", "unxz", "unlzma", "zstd", "zstdmt", "unzstd", "lz4", "unlz4", "compress", "uncompress", "brotli", "lzop", "lzip", "plzip", "clzip", "lunzip"] as const;
/** The compressors, for a name lookup (flows.ts, line-changes.ts). */
export const COMPRESSING: ReadonlySet<string> = new Set(COMPRESSOR_NAMES);

/** Programs whose option or operand names the file or folder they write (output-writers.ts). */
export const OUTPUT_WRITERS = ["pg_dump", "pg_dumpall", "mysqldump", "mongoexport", "mongodump", "pandoc", "inkscape", "rsvg-convert", "dot", "neato", "twopi", "circo", "fdp", "sfdp", "patchwork", "osage", "mmdc", "bison", "yacc", "byacc", "flex", "lex", "xsltproc", "xmllint", "msgfmt", "age", "age-keygen", "sops", "mkisofs", "genisoimage", "xorriso", "tsc", "esbuild", "rollup", "terser", "uglifyjs", "babel", "swig", "pyinstaller", "javac", "yt-dlp", "lessc", "sass", "pdftotext", "convert", "magick", "ffmpeg", "wkhtmltopdf", "wkhtmltoimage", "qpdf", "gs", "qemu-img", "protoc", "swc", "webpack", "webpack-cli", "shc", "asciidoctor"] as const;

/**
 * Everyday tools whose option names a file or folder they write (dev-outputs.ts): run beside the
 * program's own handler, or with an unknown program's reading of its words where it has none.
 */
export const DEV_OUTPUT_WRITERS = ["bun", "deno", "go", "pytest", "py.test", "eslint", "ruff", "npm", "gh", "strace", "ltrace", "time", "pip", "pip3", "valgrind", "jest", "coverage", "zig", "mypy"] as const;
