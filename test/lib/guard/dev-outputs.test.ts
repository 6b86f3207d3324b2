import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ASK_OUT, NOOP, OK, PROTECTED, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Everyday tools' output options (effects/dev-outputs.ts; swc, webpack, shc and asciidoctor in
// output-writers.ts). Red team session 11, finding 7: every row below that writes was
// ALLOW_NO_EFFECT before, a git hook or a startup file among them (`bun build --compile
// --outfile .git/hooks/pre-commit` plants an executable hook), while `esbuild --outfile` and `go
// build -o` to the same paths were judged. The file is judged like `> FILE`, a folder like `tar
// -x -C DIR`.
const fx = useGuardFixture();
const table = verdictRows(fx);

table("bundlers and compilers", [
  ["bun build --compile into a hook", "bun build --compile x.ts --outfile .git/hooks/pre-commit", ...PROTECTED],
  ["bun build --outfile=", "bun build x.ts --outfile=.git/hooks/pre-commit", ...PROTECTED],
  ["bun build --outdir", "bun build x.ts --outdir .git/hooks", ...PROTECTED],
  ["bun build over agent settings", "bun build x.ts --outfile .claude/settings.json", ...PROTECTED],
  ["bun build a PATH shadow", "bun build --compile x.ts --outfile ~/.local/bin/git", ...ASK_OUT],
  ["bun build over a startup file", "bun build x.ts --outfile ~/.bashrc", ...ASK_OUT],
  ["bun build over a workspace file", "bun build x.ts --outfile src/main.ts", ...RELOCATE],
  ["bun build a new file", "bun build x.ts --outfile dist/x.js", ...NOOP],
  ["bun build a computed file", 'bun build x.ts --outfile="$F"', ...UNKNOWN],
  ["bun build into dist", "bun build ./src/index.ts --outdir=dist --minify", ...OK],
  ["bun pm pack --destination", "bun pm pack --destination .git/hooks", ...PROTECTED],
  ["bun test", "bun test", ...OK],
  ["deno compile -o", "deno compile -o .git/hooks/pre-commit x.ts", ...PROTECTED],
  ["deno compile --output", "deno compile --output ~/.local/bin/git x.ts", ...ASK_OUT],
  ["deno compile", "deno compile -A x.ts", ...OK],
  ["deno bundle SRC OUT", "deno bundle x.ts .git/hooks/pre-commit", ...PROTECTED],
  ["deno bundle -o", "deno bundle -o .git/hooks/pre-commit x.ts", ...PROTECTED],
  ["deno run: the script's words", "deno run -A x.ts -o .git/hooks/pre-commit", ...OK],
  ["swc -o", "swc x.js -o .git/hooks/pre-commit", ...PROTECTED],
  ["swc -d", "swc src -d .git/hooks", ...PROTECTED],
  ["webpack --output-path", "webpack --output-path .git/hooks", ...PROTECTED],
  ["webpack -m (a switch) -o", "webpack -c a.js -c b.js -m -o .git/hooks", ...PROTECTED],
  ["webpack --stats -o", "webpack --stats -o .git/hooks", ...PROTECTED],
  ["webpack", "webpack --mode production", ...OK],
  ["shc -o", "shc -f x.sh -o .git/hooks/pre-commit", ...PROTECTED],
  ["zig -femit-bin=", "zig build-exe x.zig -femit-bin=.git/hooks/pre-commit", ...PROTECTED],
  ["zig build -p", "zig build -p .git/hooks", ...PROTECTED],
  ["zig build --prefix-exe-dir", "zig build --prefix-exe-dir ~/.local/bin", ...ASK_OUT],
  ["zig build test", "zig build test", ...OK],
  ["asciidoctor -o", "asciidoctor -o ~/.bashrc x.adoc", ...ASK_OUT],
]);

table("linters' and test runners' reports", [
  ["eslint -o", "eslint -o .git/hooks/pre-commit .", ...PROTECTED],
  ["eslint --output-file", "eslint --output-file ~/.bashrc .", ...ASK_OUT],
  ["eslint -o over work", "eslint -o src/main.ts .", ...RELOCATE],
  ["eslint", "eslint .", ...OK],
  ["ruff check --output-file", "ruff check --output-file .git/hooks/pre-commit .", ...PROTECTED],
  ["ruff check --output-format", "ruff check --output-format json .", ...OK],
  ["pytest --junitxml=", "pytest --junitxml=.git/hooks/pre-commit", ...PROTECTED],
  ["pytest --junitxml= over work", "pytest --junitxml=src/main.ts", ...RELOCATE],
  ["pytest --junit-xml FILE", "pytest --junit-xml ~/.bashrc", ...ASK_OUT],
  ["pytest --cov-report=xml:", "pytest --cov=src --cov-report=xml:.git/hooks/pre-commit", ...PROTECTED],
  ["pytest --cov-report=html:", "pytest --cov=src --cov-report=html:.git/hooks", ...PROTECTED],
  ["pytest --cov-report=term", "pytest --cov=src --cov-report=term-missing", ...OK],
  ["python -m pytest --junitxml=", "python3 -m pytest --junitxml=.git/hooks/pre-commit", ...PROTECTED],
  ["python -m pytest", "python -m pytest -q tests", ...OK],
  ["python -m pip download -d", "python -m pip download x -d .git/hooks", ...PROTECTED],
  ["python -m coverage xml -o", "python -m coverage xml -o ~/.bashrc", ...ASK_OUT],
  ["jest --json --outputFile", "jest --outputFile=.git/hooks/pre-commit --json", ...PROTECTED],
  ["npx jest", "npx jest --json --outputFile .git/hooks/pre-commit", ...PROTECTED],
  ["jest --outputFile without --json: not written", "jest --outputFile=.git/hooks/pre-commit", ...OK],
  ["go test -coverprofile=", "go test -coverprofile=.git/hooks/pre-commit ./...", ...PROTECTED],
  ["go test -coverprofile over work", "go test -coverprofile=src/main.ts ./...", ...RELOCATE],
  ["go test -outputdir", "go test -outputdir .git -coverprofile=hooks/pre-commit ./...", ...PROTECTED],
  ["go test -cpuprofile", "go test -cpuprofile ~/.bashrc -bench . ./...", ...ASK_OUT],
  // `go -C DIR` (its first word) runs go in DIR: the subcommand follows it, relative files are from DIR.
  ["go -C DIR test -coverprofile", "go -C src test -coverprofile=../.git/hooks/pre-commit ./...", ...PROTECTED],
  ["go -C=DIR build -o", "go -C=src build -o ../.git/hooks/pre-commit .", ...PROTECTED],
  ["go -C DIR test -coverprofile inside it", "go -C src test -coverprofile=c.out ./...", ...NOOP],
  ["go test", "go test ./...", ...OK],
  ["mypy --junit-xml", "mypy --junit-xml .git/hooks/pre-commit .", ...PROTECTED],
  ["coverage html -d", "coverage html -d .git/hooks", ...PROTECTED],
  ["coverage xml -o", "coverage xml -o ~/.bashrc", ...ASK_OUT],
  ["coverage run", "coverage run -m pytest", ...OK],
]);

table("tracers' logs", [
  ["strace -o", "strace -o .git/hooks/pre-commit true", ...PROTECTED],
  // `--quiet` takes a value only after `=` (optional_argument): `-o` is strace's.
  ["strace --quiet -o", "strace --quiet -o .git/hooks/pre-commit true", ...PROTECTED],
  ["strace --detach-on VALUE -o", "strace --detach-on execve -o .git/hooks/pre-commit true", ...PROTECTED],
  ["strace -ff -o: beside the file", "strace -ff -o .git/hooks/pre-commit true", ...PROTECTED],
  ["strace -o '|CMD' runs CMD", "strace -o '|rm -rf src' true", ...RELOCATE],
  ["the traced command's -o", "strace -e trace=open ls -o .git/hooks/pre-commit", ...OK],
  ["ltrace -o", "ltrace -o ~/.bashrc true", ...ASK_OUT],
  ["ltrace --debug MASK -o", "ltrace --debug 1 -o ~/.bashrc true", ...ASK_OUT],
  ["valgrind --log-file=", "valgrind --log-file=.git/hooks/pre-commit true", ...PROTECTED],
  ["valgrind %p: any process id", "valgrind --log-file=src/main.%p.ts ./a.out", ...NOOP],
  ["valgrind %p in a hook folder", "valgrind --log-file=.git/hooks/pre-%p true", "BLOCK", "BLOCK_WILDCARD"],
  ["valgrind", "valgrind --leak-check=full ./a.out", ...OK],
  ["GNU time -o", "/usr/bin/time -o ~/.bashrc true", ...ASK_OUT],
  ["GNU time: the timed command's -o", "/usr/bin/time -v gcc -o x x.c", ...NOOP],
  // bash's `time` keyword takes no option: `-o` is run as a command (checked in a sandbox).
  ["bash's time keyword", "time -o .git/hooks/pre-commit true", ...OK],
]);

table("downloads into a folder", [
  ["npm pack --pack-destination", "npm pack --pack-destination .git/hooks", ...PROTECTED],
  ["npm's options before pack", "npm --loglevel warn pack --pack-destination .git/hooks", ...PROTECTED],
  ["npm run with a pack-destination word", "npm run build -- --pack-destination .git/hooks", ...OK],
  ["pip download -d", "pip download x -d .git/hooks", ...PROTECTED],
  ["pip wheel -w", "pip wheel -w ~/Documents .", ...ASK_OUT],
  ["pip3 download --dest=", "pip3 download requests --dest=.git/hooks", ...PROTECTED],
  ["gh release download -D", "gh release download -D .git/hooks", ...PROTECTED],
  ["gh release download -O", "gh release download v1 -O ~/.bashrc", ...ASK_OUT],
  ["gh release download --skip-existing -O: a switch", "gh release download v1 --skip-existing -O .git/hooks/pre-commit", ...PROTECTED],
  ["gh run download -D", "gh run download 1 -D .git/hooks", ...PROTECTED],
  ["gh run download into the workspace", "gh run download 12345 --dir ./artifacts", ...OK],
]);
