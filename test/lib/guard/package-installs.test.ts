import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, ASK_OUT, NOOP, OK, PROTECTED, REMOTE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// The open package-install findings of red-team passes 14 and 15 (docs/check.md, "Package
// installs' folders (session 7)"): the folder an install writes under other spellings than the
// one pass 12 read, a written package.json an install reaches through a package.json the line
// did not write, and a workspace name taken for GitHub's `owner/repo`.
const fx = useGuardFixture();
const table = verdictRows(fx);
mkdirSync(join(fx.home, "other"));
// A monorepo whose root package.json (not written by the line) names workspaces, and an app
// depending on a folder beside it.
mkdirSync(join(fx.ws, "mono"));
writeFileSync(join(fx.ws, "mono", "package.json"), '{"name":"mono","private":true,"workspaces":["packages/*"]}\n');
mkdirSync(join(fx.ws, "app"));
writeFileSync(join(fx.ws, "app", "package.json"), '{"name":"app","version":"1.0.0","dependencies":{"evil":"file:../evil"}}\n');

// Each spelling is judged as `npm install --prefix DIR` is: ASK outside the workspace, BLOCK for
// a protected folder, nothing in the workspace.
table("npm's, pnpm's, yarn's and bun's install folder under every install subcommand", [
  ["npm i --prefix", "npm i --prefix ~/other lodash", ...ASK_OUT],
  ["npm add --prefix", "npm add --prefix ~/other lodash", ...ASK_OUT],
  ["npm i -C", "npm i -C /etc lodash", ...PROTECTED],
  ["npm --prefix before i", "npm --prefix ~/other i lodash", ...ASK_OUT],
  ["npm --prefix before add", "npm --prefix /etc add lodash", ...PROTECTED],
  ["npm ci --prefix", "npm ci --prefix ~/other", ...ASK_OUT],
  ["npm update --prefix", "npm update --prefix ~/other", ...ASK_OUT],
  ["pnpm add --dir", "pnpm add --dir ~/other lodash", ...ASK_OUT],
  ["pnpm --dir before add", "pnpm --dir ~/other add lodash", ...ASK_OUT],
  ["pnpm add -C", "pnpm add -C /etc lodash", ...PROTECTED],
  ["pnpm i --dir", "pnpm i --dir ~/other", ...ASK_OUT],
  ["pnpm add --global-dir", "pnpm add -g --global-dir /etc lodash", ...PROTECTED],
  ["after pnpm's --filter", "pnpm --filter ./packages/a add --dir ~/other lodash", ...ASK_OUT],
  ["after npm's --workspace", "npm --workspace packages/a install --prefix /etc lodash", ...PROTECTED],
  ["yarn add --cwd", "yarn add --cwd ~/other lodash", ...ASK_OUT],
  ["yarn --cwd before add", "yarn --cwd ~/other add lodash", ...ASK_OUT],
  ["a bare yarn installs", "yarn --cwd ~/other", ...ASK_OUT],
  ["yarn add --modules-folder", "yarn add --modules-folder /etc lodash", ...PROTECTED],
  ["bun add --cwd", "bun add --cwd ~/other lodash", ...ASK_OUT],
  ["bun install --cwd", "bun install --cwd /etc", ...PROTECTED],
  ["bun i --cwd", "bun i --cwd ~/other", ...ASK_OUT],
  ["npm i in the workspace", "npm i --prefix src lodash", ...OK],
  ["pnpm add in the workspace", "pnpm add --dir src lodash", ...OK],
  ["yarn --cwd in the workspace", "yarn --cwd src add lodash", ...OK],
  ["a bare yarn as before", "yarn", ...OK],
  ["a yarn script named like an npm command", "yarn ci --cwd ~/other", ...OK],
  ["npm ci as before", "npm ci", ...OK],
  ["bun add as before", "bun add lodash", ...OK],
]);

// The folder in the line's own environment variables, as the option names it (only the line's:
// the hook's environment is the user's setting).
// Session 10: a computed option word is the option its known start names; each row was ALLOW.
table("an install folder in a computed option word", [
  ["pip -t$X", "pip install -t$X requests", ...UNKNOWN],
  ["pip --target=$X", "pip install --target=$X requests", ...UNKNOWN],
  ["pip --prefix=$X", "pip install --prefix=$X requests", ...UNKNOWN],
  ["a computed long name may go on to =FOLDER", "pip install --tar$X requests", ...UNKNOWN],
  ["a computed cluster may go on to -t", "pip install -U$X requests", ...UNKNOWN],
  ["npm --prefix=$X", "npm install -g --prefix=$X left-pad", ...UNKNOWN],
  ["gem -i$X", "gem install -i$X rake", ...UNKNOWN],
  ["cargo --root=$X", "cargo install --root=$X ripgrep", ...UNKNOWN],
  ["a computed value of another option", "pip install -r $REQS", ...OK],
  ["computed package names", "pip install $PKGS", ...OK],
]);

table("an install folder in a variable", [
  // A global folder (GOBIN, GOPATH, npm's and pnpm's under -g) outside the workspace is what the
  // default global install writes (~/go/bin): it asks only for the home or a hidden folder
  // (review B: these four asked while a plain `go install` passed).
  ["npm_config_prefix", "npm_config_prefix=$HOME/other npm i -g lodash", ...OK],
  ["NPM_CONFIG_PREFIX", "NPM_CONFIG_PREFIX=/etc npm install --global lodash", ...PROTECTED],
  ["exported earlier", "export npm_config_prefix=/etc; npm install -g lodash", ...PROTECTED],
  ["pnpm's global folder", "npm_config_global_dir=/etc pnpm add -g typescript", ...PROTECTED],
  ["PNPM_HOME", "PNPM_HOME=$HOME/other pnpm add --global typescript", ...OK],
  ["a local pnpm install ignores them", "PNPM_HOME=/etc pnpm add typescript", ...OK],
  ["yarn global add --prefix", "yarn global add --prefix /etc typescript", ...PROTECTED],
  ["yarn global add --global-folder", "yarn global add --global-folder ~/other typescript", ...ASK_OUT],
  ["yarn global add as before", "yarn global add typescript", ...OK],
  ["npm reads the name in any case", "Npm_Config_Prefix=/etc npm i -g lodash", ...PROTECTED],
  // A local install ignores it (sandbox, npm 11).
  ["a local install", "NPM_CONFIG_PREFIX=/etc npm install lodash", ...OK],
  ["PIP_TARGET", "PIP_TARGET=$HOME/other pip install requests", ...ASK_OUT],
  ["PIP_PREFIX", "PIP_PREFIX=/etc pip3 install requests", ...PROTECTED],
  ["CARGO_INSTALL_ROOT", "CARGO_INSTALL_ROOT=/etc cargo install ripgrep", ...PROTECTED],
  ["CARGO_INSTALL_ROOT is no manifest", "CARGO_INSTALL_ROOT=/etc cargo add serde", ...OK],
  ["GOBIN", "GOBIN=$HOME/other go install host.invalid/x@latest", ...OK],
  ["GOBIN of the home", "GOBIN=$HOME go install host.invalid/x@latest", ...ASK_OUT],
  ["GOBIN of a hidden folder", "GOBIN=$HOME/.ssh go install host.invalid/x/authorized_keys@latest", ...ASK_OUT],
  ["GOBIN protected", "GOBIN=/etc go install host.invalid/x@latest", ...PROTECTED],
  ["GEM_HOME", "GEM_HOME=/etc gem install rake", ...PROTECTED],
  ["GOPATH", "GOPATH=$HOME/other go install host.invalid/x@latest", ...OK],
  ["GOPATH's first folder", "GOPATH=/etc:$PWD go install host.invalid/x@latest", ...PROTECTED],
  ["GOMODCACHE", "GOMODCACHE=/etc go install host.invalid/x@latest", ...PROTECTED],
  ["GOBIN in the workspace", "GOBIN=$PWD/bin go install host.invalid/x@latest", ...OK],
  ["a variable of another command", "GOBIN=/etc go build ./...", ...OK],
  ["npm install as before", "npm install lodash", ...OK],
]);

// Session 13 reread: the variables as the installer sees them (own-assignments.ts ownAssignment):
// a wrapper's change over the command's own, the last of repeated ones. PROTECTED rows were
// ALLOW_NO_EFFECT (the own value was read); OK rows were BLOCK_PROTECTED_PATH (an earlier one was).
table("an install folder in a variable, as the installer sees it", [
  ["env's GOPATH over the own one", "GOPATH=$HOME/other env GOPATH=/etc go install host.invalid/x@latest", ...PROTECTED],
  ["env's PIP_TARGET over the own one", "PIP_TARGET=vendor env PIP_TARGET=.git/hooks pip install x", ...PROTECTED],
  ["the own one env replaced", "GOPATH=/etc env GOPATH=$HOME/other go install host.invalid/x@latest", ...OK],
  ["the last of repeated ones", "GOBIN=/etc GOBIN=$HOME/other go install host.invalid/x@latest", ...OK],
  ["unset by env", "GOBIN=/etc env -u GOBIN go install host.invalid/x@latest", ...OK],
  // Stays as it was.
  ["the last one protected", "GOBIN=$HOME/other GOBIN=/etc go install host.invalid/x@latest", ...PROTECTED],
]);

// python -m pip is pip, and cargo's manifest names the folder add and rm rewrite.
table("pip as a module and cargo's manifest", [
  ["python3 -m pip --target", "python3 -m pip install --target ~/other requests", ...ASK_OUT],
  ["python3 -m pip -t", "python3 -m pip install -t /etc requests", ...PROTECTED],
  ["cargo rm --manifest-path", "cargo rm --manifest-path ~/other/Cargo.toml serde", ...ASK_OUT],
  ["cargo remove --manifest-path=", "cargo remove --manifest-path=/etc/Cargo.toml serde", ...PROTECTED],
  ["cargo add --manifest-path", "cargo add --manifest-path ~/other/Cargo.toml serde", ...ASK_OUT],
  ["cargo update --manifest-path", "cargo update --manifest-path ~/other/Cargo.toml", ...ASK_OUT],
  ["cargo rm in a member", "cargo rm --manifest-path crates/a/Cargo.toml serde", ...OK],
  ["cargo rm as before", "cargo rm serde", ...OK],
  ["python3 -m pip install as before", "python3 -m pip install requests", ...OK],
]);

// The other managers' folder options.
table("other managers' install folders", [
  ["conda -p", "conda install -p ~/other numpy", ...ASK_OUT],
  ["conda create --prefix", "conda create --prefix /etc numpy", ...PROTECTED],
  ["conda remove -p", "conda remove -p ~/other numpy", ...ASK_OUT],
  ["an abbreviation of --prefix", "conda install --pref ~/other numpy", ...ASK_OUT],
  ["--platform is no folder", "conda install --platform linux-64 numpy", ...OK],
  ["conda env create -p", "conda env create -p /etc -f environment.yml", ...PROTECTED],
  ["conda env create as before", "conda env create -f environment.yml", ...OK],
  ["mamba -p", "mamba install -p ~/other numpy", ...ASK_OUT],
  ["apt-get -o Dir", "apt-get install -o Dir=/etc curl", ...PROTECTED],
  ["apt-get -o before install", "apt-get -o Dir::Cache::archives=$HOME/other install curl", ...ASK_OUT],
  ["apt-get -o of another key", "apt-get install -o APT::Install-Recommends=false curl", ...OK],
  ["dpkg --root", "dpkg --root ~/other -i x.deb", ...ASK_OUT],
  ["dpkg --instdir=", "dpkg -i --instdir=/etc x.deb", ...PROTECTED],
  ["dpkg listing", "dpkg --root ~/other -l", ...OK],
  // dpkg -x replaced an existing file of the folder (sandbox, dpkg 1.21); dpkg-deb's own -x is
  // extractors.ts's (gaps-files.test.ts).
  ["dpkg -x", "dpkg -x x.deb ~/other", ...ASK_OUT],
  ["dpkg --extract", "dpkg --extract x.deb /etc", ...PROTECTED],
  ["dpkg -x in the workspace", "dpkg -x x.deb out", ...OK],
  ["dpkg -R is no extraction", "dpkg -R -i debs/", ...OK],
  // An unknown word before the action may be -x (review B): judged as dpkg-deb's.
  ["an unknown word before dpkg's action", "dpkg $MODE x.deb /", ...UNKNOWN],
  ["dpkg -R before -x", "dpkg -R -x x.deb /etc", ...PROTECTED],
  ["an unknown package after dpkg -i", "dpkg -i $DEB", ...OK],
  ["brew --appdir", "brew install --cask --appdir ~/other firefox", ...ASK_OUT],
  ["brew --appdir=", "brew install --cask --appdir=/etc firefox", ...PROTECTED],
  ["an abbreviation of --appdir", "brew install --cask --appd ~/other firefox", ...ASK_OUT],
  ["an ambiguous abbreviation is no folder", "brew install --cask --a ~/other firefox", ...OK],
  ["--force is no folder", "brew install --force wget", ...OK],
  ["cabal --installdir", "cabal install --installdir ~/other pandoc", ...ASK_OUT],
  ["cabal --installdir=", "cabal install --installdir=/etc pandoc", ...PROTECTED],
  ["dotnet --tool-path", "dotnet tool install --tool-path ~/other dotnet-ef", ...ASK_OUT],
  ["dotnet tool update --tool-path", "dotnet tool update --tool-path /etc dotnet-ef", ...PROTECTED],
  ["composer require -d", "composer require -d ~/other monolog/monolog", ...ASK_OUT],
  ["composer install --working-dir=", "composer install --working-dir=/etc", ...PROTECTED],
  // bash leaves `~` after `--root=` as it is: a folder named `~` here.
  ["a tilde after = is no home", "dpkg --root=~/other -i x.deb", ...OK],
  ["conda install as before", "conda install numpy", ...OK],
  ["cabal install as before", "cabal install pandoc", ...OK],
  ["dotnet tool install as before", "dotnet tool install -g dotnet-ef", ...OK],
  // deno install -g writes its launcher into ROOT/bin (session 11, review: was ALLOW_NO_EFFECT).
  ["deno install --root=", "deno install --global --root=/etc/x -n y jsr:@std/http/file-server", ...PROTECTED],
  ["deno install --root a git hook folder", "deno install -g -n pre-commit --root .git/hooks jsr:@std/http/file-server", ...PROTECTED],
  ["deno install --root outside", "deno install -g -n y --root ~/other jsr:@std/http/file-server", ...ASK_OUT],
  ["DENO_INSTALL_ROOT", "DENO_INSTALL_ROOT=/etc/x deno install -g -n y jsr:@std/http/file-server", ...PROTECTED],
  ["deno uninstall --root", "deno uninstall --root /etc/x y", ...PROTECTED],
  ["deno install as before", "deno install -g -n serve jsr:@std/http/file-server", ...OK],
  ["deno install of the project as before", "deno install", ...OK],
]);

// A package.json the line wrote that an install reaches through one it did not write: the
// root's workspaces or a file: dependency. Its lifecycle scripts run (red team 15's open item).
const WS_EVIL = "mkdir -p mono/packages/a && printf '{\"name\":\"a\",\"version\":\"1.0.0\",\"scripts\":{\"postinstall\":\"rm -rf ~\"}}' > mono/packages/a/package.json && ";
const DEP_EVIL = "mkdir -p evil && printf '{\"name\":\"evil\",\"version\":\"1.0.0\",\"scripts\":{\"preinstall\":\"rm -rf ~\"}}' > evil/package.json && ";
table("a written package.json under one the line did not write", [
  ["a workspace package", `${WS_EVIL}cd mono && npm install`, ...ANCESTOR],
  ["pnpm", `${WS_EVIL}cd mono && pnpm install`, ...ANCESTOR],
  ["a bare yarn", `${WS_EVIL}cd mono && yarn`, ...ANCESTOR],
  ["an install by name", `${WS_EVIL}cd mono && npm install lodash`, ...ANCESTOR],
  ["npm --prefix", `${WS_EVIL}npm install --prefix mono`, ...ANCESTOR],
  ["a file: dependency", `${DEP_EVIL}cd app && npm install`, ...ANCESTOR],
  ["npm rm installs it too", `${DEP_EVIL}cd app && npm rm lodash`, ...ANCESTOR],
  ["npm ci", `${DEP_EVIL}cd app && npm ci`, ...ANCESTOR],
  ["a script of a workspace run", `${WS_EVIL.replace("postinstall", "build")}cd mono && npm run build -w packages/a`, ...ANCESTOR],
  // Left: a folder copied or extracted there holds text the guard did not see (judged by the copy).
  ["a folder the line filled otherwise, as before", "cp -r /tmp/x mono/packages/a && cd mono && npm install", ...NOOP],
  ["harmless scripts", "mkdir -p mono/packages/a && printf '{\"name\":\"a\",\"version\":\"1.0.0\",\"scripts\":{\"build\":\"tsc\"}}' > mono/packages/a/package.json && cd mono && npm install", ...OK],
  ["unreadable text", "mkdir -p mono/packages/a && printf '{' > mono/packages/a/package.json && cd mono && npm install", ...UNKNOWN],
]);

// npm's `-w`/`--workspace` takes a value: the workspace's folder was read as GitHub's
// `owner/repo` (ASK_REMOTE_CODE).
table("a workspace is no GitHub repository", [
  ["-w", "npm install -w packages/a lodash", ...OK],
  ["--workspace", "npm install --workspace packages/a lodash", ...OK],
  ["npm i -w", "npm i -w packages/a lodash", ...OK],
  ["before the subcommand as before", "npm -w packages/a install lodash", ...OK],
  ["a GitHub source still asks", "npm install -w packages/a owner/repo", ...REMOTE],
  ["pnpm's -w takes no value", "pnpm add -w owner/repo", ...REMOTE],
]);

// Found on the way: project configuration the line wrote that names code the tool runs.
// bunfig.toml's preload ran on `bun run main.ts` and `bun main.ts` (sandbox, bun 1.4); yarn's
// `yarn-path` (.yarnrc) and `yarnPath` (.yarnrc.yml) name the yarn it runs (yarn's documentation).
const PRELOAD = "printf 'preload = [\"./p.ts\"]\\n' > bunfig.toml && printf 'require(\"child_process\").execSync(\"rm -rf ~\")\\n' > p.ts && ";
table("written project configuration naming code", [
  ["bunfig.toml preload, bun run", `${PRELOAD}bun run src/main.ts`, ...UNKNOWN],
  ["bunfig.toml preload, bun FILE", `${PRELOAD}bun src/main.ts`, ...UNKNOWN],
  [".yarnrc yarn-path", "printf 'yarn-path \"./y.js\"\\n' > .yarnrc && yarn", ...UNKNOWN],
  [".yarnrc --modules-folder", "printf -- '--modules-folder /etc\\n' > .yarnrc && yarn install", ...UNKNOWN],
  ["bun run without a written bunfig.toml as before", "bun run src/main.ts", ...OK],
  ["a bunfig.toml of settings", "printf '[install]\\nexact = true\\n' > bunfig.toml && bun install", ...NOOP],
  ["a .yarnrc of settings", "printf 'registry \"http://127.0.0.1:4873\"\\n' > .yarnrc && yarn", ...NOOP],
  // Any key outside a short list of settings is unknown (review B: script-shell was ALLOW_NOOP).
  [".yarnrc script-shell", "printf 'script-shell \"./x.sh\"\\n' > .yarnrc; yarn build", ...UNKNOWN],
  [".yarnrc.yml of another key", "printf 'injectEnvironmentFiles:\\n  - .env.x\\n' > .yarnrc.yml; yarn", ...UNKNOWN],
  // (.yarnrc.yml may hold a token: writing it asks, as before.)
  [".yarnrc.yml nodeLinker", "printf 'nodeLinker: node-modules\\n' > .yarnrc.yml; yarn install", "ASK", "ASK_SECRET_ACCESS"],
  [".yarnrc.yml of nested scopes", "printf 'npmScopes:\\n  acme:\\n    npmRegistryServer: \"http://127.0.0.1:4873\"\\n' > .yarnrc.yml; yarn", "ASK", "ASK_SECRET_ACCESS"],
  [".yarnrc of save settings", "printf 'save-prefix \"~\"\\n# a comment\\n' > .yarnrc; yarn add lodash", ...NOOP],
]);

// Session 8: settings appended to yarn's configuration (`>>`) are read as a written file's are
// (each unknown row but the last two was BLOCK_UNDETERMINABLE_EFFECT for any text appended,
// the plain settings included); what the file held before is the project's own.
table("settings appended to yarn's configuration", [
  [".yarnrc.yml nodeLinker appended", "printf 'nodeLinker: node-modules\\n' >> .yarnrc.yml; yarn install", "ASK", "ASK_SECRET_ACCESS"],
  [".yarnrc registry appended", "echo 'registry \"http://127.0.0.1:4873\"' >> .yarnrc; yarn install", ...OK],
  [".yarnrc.yml appended twice", "printf 'nodeLinker: pnp\\n' >> .yarnrc.yml; printf 'enableTelemetry: false\\n' >> .yarnrc.yml; yarn", "ASK", "ASK_SECRET_ACCESS"],
  [".yarnrc.yml yarnPath appended", "printf 'yarnPath: ./y.cjs\\n' >> .yarnrc.yml; yarn install", ...UNKNOWN],
  [".yarnrc yarn-path appended", "echo 'yarn-path \"./y.js\"' >> .yarnrc; yarn install", ...UNKNOWN],
  // An indented line continues the file's last key, whatever it is.
  [".yarnrc.yml indented line appended", "printf '  - ./p.cjs\\n' >> .yarnrc.yml; yarn", ...UNKNOWN],
  [".yarnrc.yml appended after a safe one of unknown text", "printf 'nodeLinker: pnp\\n' >> .yarnrc.yml; printf \"$X\" >> .yarnrc.yml; yarn", ...UNKNOWN],
  [".yarnrc.yml edited in place after the append", "printf 'nodeLinker: pnp\\n' >> .yarnrc.yml; sed -i 's/nodeLinker: pnp/yarnPath: y.cjs/' .yarnrc.yml; yarn", ...UNKNOWN],
  [".yarnrc.yml extracted over after the append", "printf 'nodeLinker: pnp\\n' >> .yarnrc.yml; tar xf c.tgz; yarn", ...UNKNOWN],
  [".yarnrc.yml extracted before the append", "tar xf c.tgz; printf 'nodeLinker: pnp\\n' >> .yarnrc.yml; yarn", ...UNKNOWN],
  // yarn reads its configuration in every folder up from the working one (both were ALLOW_NOOP,
  // the .yarnrc.yml row ASK_SECRET_ACCESS).
  [".yarnrc of a folder above", "printf 'yarn-path \"./y.js\"\\n' > .yarnrc; cd src && yarn", ...UNKNOWN],
  [".yarnrc.yml of a folder above", "printf 'yarnPath: ./y.cjs\\n' > .yarnrc.yml; cd src; yarn install", ...UNKNOWN],
  // A lone CR is a line break to yarn's parsers (both were read as one plain setting).
  [".yarnrc.yml with a CR", "printf 'nodeLinker: pnp\\ryarnPath: ./y.cjs\\n' > .yarnrc.yml; yarn install", ...UNKNOWN],
  [".yarnrc with a CR", "printf 'registry \"http://127.0.0.1:4873\"\\ryarn-path \"./y.js\"\\n' > .yarnrc; yarn install", ...UNKNOWN],
  // pip splits a requirements file as str.splitlines does (was ALLOW_NOOP: `-e .` hid behind a CR).
  ["a requirements file with -e after a CR", "printf 'requests\\r-e .\\n' > req.txt && pip install -r req.txt", ...UNKNOWN],
  ["a requirements file of names with CRLF", "printf 'requests\\r\\nflask==2.0\\r\\n' > req.txt && pip install -r req.txt", ...NOOP],
  // bunfig.toml's static-serve plugins, and a key spelled with an escape (both were ALLOW_NOOP).
  ["bunfig.toml plugins", "printf '[serve.static]\\nplugins = [\"./p.ts\"]\\n' > bunfig.toml; bun ./index.html", ...UNKNOWN],
  ["bunfig.toml escaped preload", "printf '\"\\\\u0070reload\" = [\"./p.ts\"]\\n' > bunfig.toml; bun run src/main.ts", ...UNKNOWN],
  [".yarnrc of settings above", "printf 'registry \"http://127.0.0.1:4873\"\\n' > .yarnrc; cd src && yarn", ...NOOP],
]);

// Session 8: every option of npm's that takes a value (remote-packages.ts NPM_VALUED_OPTIONS, from
// @npmcli/config's definitions) keeps its value before the subcommand, where each reader finds
// it: an install's folder, a removal, a stored setting, a GitHub source. The first seven rows
// were judged with the option's value read as the subcommand; the others kept their decisions.
table("npm's options taking a value before the subcommand", [
  ["--cache DIR rm: a removal of packages", "npm --cache /tmp/c rm -rf ~", ...OK],
  ["--userconfig before --prefix rm", "npm --userconfig x --prefix /etc rm lodash", ...PROTECTED],
  ["--registry before --prefix install", "npm --registry http://127.0.0.1:9/ --prefix ~/other install lodash", ...ASK_OUT],
  ["--loglevel before i --prefix", "npm --loglevel silent i --prefix ~/other lodash", ...ASK_OUT],
  ["--location before config set", "npm --location project config set script-shell ./x.sh", "ASK", "ASK_PERSISTENT_CODE"],
  ["--location after config set", "npm config set --location project script-shell ./x.sh", "ASK", "ASK_PERSISTENT_CODE"],
  ["--prefix before install of a GitHub source", "npm --prefix x install owner/repo", ...REMOTE],
  ["--registry before install of a written local package", `printf '{"scripts":{"postinstall":"rm -rf ~"}}' > evil/package.json; npm --registry http://127.0.0.1:9/ install ./evil`, ...ANCESTOR],
  // Switches take none, and an ambiguous abbreviation is no option npm knows (its value is then the subcommand, as npm reads it).
  ["--global before install", "npm --global install lodash", ...OK],
  ["--omit dev ci", "npm --omit dev ci", ...OK],
  ["--silent run", "npm --silent run build", ...OK],
  ["--cache before exec -c", "npm --cache /tmp/c exec -c 'rm -rf ~'", ...ANCESTOR],
]);

// Session 8: a local package an install names, in a folder the line filled by a copy, a move or an
// extraction, runs build and install scripts the guard never saw (unknown, as a script run from
// there is); each unknown row was ALLOW. The running folder's own tree (a checkout, an
// extraction into it) is read as before, as `npm install` reads its package.json.
table("local packages in a folder the line filled", [
  ["cp -r then npm install ./dir", "cp -r /tmp/x ./vendor/x && npm install ./vendor/x", ...UNKNOWN],
  ["tar -x -C then pip install ./dir", "tar xf pkg.tgz -C vendor && pip install ./vendor/pkg", ...UNKNOWN],
  ["unzip -d then npm install ./dir", "unzip pkg.zip -d vendor && npm install ./vendor/pkg", ...UNKNOWN],
  ["mv then pip install -e", "mv /tmp/x vendor/x && pip install -e vendor/x", ...UNKNOWN],
  ["cp -r then python -m pip install", "cp -r /tmp/x vendor/x && python3 -m pip install ./vendor/x", ...UNKNOWN],
  ["cp -r then npm add file:", "cp -r /tmp/x vendor/x && npm add file:vendor/x", ...UNKNOWN],
  ["a checkout then pip install -e .", "git checkout main && pip install -e .", ...OK],
  ["a checkout then npm install ./dir", "git checkout main && npm install ./vendor/x", ...OK],
  ["a copy of one file judged by its source", "cp /tmp/setup.py setup.py && pip install .", ...NOOP],
  ["a registry package after a copy", "cp -r /tmp/x vendor/x && npm install lodash", ...NOOP],
  ["a local package that is there", "npm install ./vendor/x", ...OK],
  // A folder named with a trailing slash is the folder (program-path.ts recordLanded): each of
  // these was ALLOW, a script run from there too.
  ["cp -r into DIR/", "cp -r /tmp/x/ vendor/x/ && pip install -e vendor/x", ...UNKNOWN],
  ["rsync into DIR/", "rsync -a /tmp/x/ vendor/x/ && pip install -e vendor/x", ...UNKNOWN],
  ["a script run from a folder filled as DIR/", "cp -r /tmp/x/ vendor/x/ && bash vendor/x/run.sh", ...UNKNOWN],
  ["rsync into DIR/ then a script from it", "rsync -a /tmp/x vendor/ && bash vendor/x/run.sh", ...UNKNOWN],
  // An option's value before the subcommand (was ALLOW: the value read as the subcommand).
  ["pnpm -C DIR add ./dir", "cp -r /tmp/x vendor/x && pnpm -C . add ./vendor/x", ...UNKNOWN],
  ["yarn --cwd DIR add file:", "cp -r /tmp/x vendor/x && yarn --cwd . add file:vendor/x", ...UNKNOWN],
  ["pip --cache-dir DIR install ./dir", "cp -r /tmp/x vendor/x && pip --cache-dir /tmp/pc install ./vendor/x", ...UNKNOWN],
  // Each manager's own (MANAGER_VALUED): yarn 1's --link-folder DIR, bun's -c FILE (--config).
  ["yarn --link-folder DIR add file:", "cp -r /tmp/x vendor/x && yarn --link-folder /tmp/l add file:vendor/x", ...UNKNOWN],
  ["bun -c FILE add ./dir", "cp -r /tmp/x vendor/x && bun -c bunfig.toml add ./vendor/x", ...UNKNOWN],
]);

// Session 9: pnpm 10 takes its settings from pnpm-workspace.yaml (found upwards from the working
// folder), read as a written .yarnrc.yml is: a key outside a list that names no code, folder or
// file is unknown, and so is a catalog, override or package extension naming a source other than
// the registry; the lists of dependencies whose builds run name registry packages, whose install
// scripts npm runs by default (`pnpm add --allow-build=x x` is ALLOW too). Each UNKNOWN row was
// ALLOW_NOOP.
const PNPM_WS = (yaml: string) => `printf '${yaml}' > pnpm-workspace.yaml && `;
table("pnpm-workspace.yaml settings", [
  ["pnpmfile", `${PNPM_WS("pnpmfile: ./x.cjs\\n")}pnpm install`, ...UNKNOWN],
  ["configDependencies", `${PNPM_WS("configDependencies:\\n  x: 1.0.0+sha512-abc\\n")}pnpm install`, ...UNKNOWN],
  ["patchedDependencies", `${PNPM_WS("patchedDependencies:\\n  a@1.0.0: patches/a.patch\\n")}pnpm install`, ...UNKNOWN],
  ["scriptShell", `${PNPM_WS("scriptShell: ./x.sh\\n")}pnpm run build`, ...UNKNOWN],
  ["a package extension from a git host", `${PNPM_WS("packageExtensions:\\n  a:\\n    dependencies:\\n      b: github:u/r\\n")}pnpm install`, ...UNKNOWN],
  ["an override to a local folder", `${PNPM_WS("overrides:\\n  a: link:../x\\n")}pnpm install`, ...UNKNOWN],
  ["a lone CR ends a line", `${PNPM_WS("nodeLinker: hoisted\\rpnpmfile: ./x.cjs\\n")}pnpm install`, ...UNKNOWN],
  ["read from a folder above", `${PNPM_WS("pnpmfile: ./x.cjs\\n")}cd src && pnpm install`, ...UNKNOWN],
  ["an indented line appended", "printf '  pnpmfile: ./x.cjs\\n' >> pnpm-workspace.yaml && pnpm install", ...UNKNOWN],
  ["builds of registry packages", `${PNPM_WS("onlyBuiltDependencies:\\n  - esbuild\\n")}pnpm install`, ...NOOP],
  ["as a flow list", `${PNPM_WS('onlyBuiltDependencies: [esbuild, "@swc/core"]\\n')}pnpm install`, ...NOOP],
  ["every build", `${PNPM_WS("dangerouslyAllowAllBuilds: true\\n")}pnpm install`, ...NOOP],
  ["workspace globs", `${PNPM_WS("packages:\\n  - apps/*\\n  - \"!**/test/**\"\\n")}pnpm install`, ...NOOP],
  ["overrides and a catalog of versions", `${PNPM_WS("overrides:\\n  foo: ~1.2.3\\n  \"@a/b>c\": ^2\\ncatalog:\\n  react: ^18.2.0\\n")}pnpm install`, ...NOOP],
  ["written, pnpm not run", "printf 'pnpmfile: ./x.cjs\\n' > pnpm-workspace.yaml", ...NOOP],
]);

// Session 10: a dependency from the network in a package.json the same line wrote, then an
// install: the manager fetches the source and runs its install scripts, as `npm install github:u/r`
// does (ASK_REMOTE_CODE). Each REMOTE row was ALLOW_NOOP; a registry range passes.
const PKG = (json: string) => `printf '${json}' > package.json && `;
table("a written package.json's dependencies from the network", [
  ["github: then npm install", `${PKG('{"dependencies":{"x":"github:u/r"}}')}npm install`, ...REMOTE],
  ["owner/repo then npm ci", `${PKG('{"dependencies":{"x":"u/r#v1"}}')}npm ci`, ...REMOTE],
  ["git+https in devDependencies", `${PKG('{"devDependencies":{"x":"git+https://host.invalid/r.git"}}')}npm i`, ...REMOTE],
  ["scp-like git", `${PKG('{"dependencies":{"x":"git@host.invalid:u/r.git"}}')}npm install`, ...REMOTE],
  ["a tarball URL, pnpm", `${PKG('{"dependencies":{"x":"https://host.invalid/x.tgz"}}')}pnpm install`, ...REMOTE],
  ["an alias of a GitHub source", `${PKG('{"dependencies":{"x":"npm:y@github:u/r"}}')}npm install`, ...REMOTE],
  ["yarn alone installs", `${PKG('{"dependencies":{"x":"github:u/r"}}')}yarn`, ...REMOTE],
  ["pnpm -C DIR i", `${PKG('{"dependencies":{"x":"github:u/r"}}')}pnpm -C . i`, ...REMOTE],
  ["bun install", `${PKG('{"dependencies":{"x":"github:u/r"}}')}bun install`, ...REMOTE],
  ["npm rm installs what is missing", `${PKG('{"dependencies":{"x":"github:u/r"}}')}npm rm lodash`, ...REMOTE],
  ["npm's overrides", `${PKG('{"overrides":{"x":{"y":"github:u/r"}}}')}npm install`, ...REMOTE],
  ["yarn's resolutions", `${PKG('{"resolutions":{"**/x":"u/r"}}')}yarn`, ...REMOTE],
  ["corepack's packageManager as a URL", `${PKG('{"packageManager":"yarn@https://host.invalid/yarn.tgz"}')}yarn`, ...REMOTE],
  ["a local override is unknown, as a local dependency is", `${PKG('{"pnpm":{"overrides":{"x":"link:../x"}}}')}pnpm install`, ...UNKNOWN],
  ["yarn's exec: protocol runs a script", `${PKG('{"dependencies":{"x":"exec:./gen.js"}}')}yarn`, ...UNKNOWN],
  ["registry ranges, a tilde range among them", `${PKG('{"dependencies":{"x":"^1.0.0","y":"~1.2.0","z":"npm:@s/p@^1","w":"latest","v":"workspace:*"}}')}npm install`, ...NOOP],
  ["a pinned packageManager", `${PKG('{"packageManager":"yarn@4.1.0+sha512.abc"}')}yarn`, ...NOOP],
  ["a script run installs nothing", `${PKG('{"dependencies":{"x":"github:u/r"}}')}npm run build`, ...NOOP],
]);

// A written lockfile: an install fetches what it resolves to, whatever package.json says.
const LOCK = (file: string, text: string) => `printf '${text}' > ${file} && `;
table("a written lockfile's sources", [
  ["npm's resolved URL", `${LOCK("package-lock.json", '{"lockfileVersion":3,"packages":{"node_modules/x":{"resolved":"https://host.invalid/x.tgz"}}}')}npm ci`, ...REMOTE],
  ["a git source beside a registry range", `${PKG('{"dependencies":{"x":"^1.0.0"}}')}${LOCK("package-lock.json", '{"lockfileVersion":3,"packages":{"node_modules/x":{"resolved":"git+ssh://git@host.invalid/u/r.git#abc"}}}')}npm ci`, ...REMOTE],
  ["yarn's resolved URL", `${LOCK("yarn.lock", 'x@^1.0.0:\n  version "1.0.0"\n  resolved "https://host.invalid/x.tgz"\n')}yarn install --frozen-lockfile`, ...REMOTE],
  ["pnpm's tarball", `${LOCK("pnpm-lock.yaml", "packages:\n  x@1.0.0:\n    resolution: {tarball: https://host.invalid/x.tgz}\n")}pnpm install --frozen-lockfile`, ...REMOTE],
  ["a local source", `${LOCK("package-lock.json", '{"lockfileVersion":3,"packages":{"node_modules/x":{"resolved":"file:../x"}}}')}npm ci`, ...UNKNOWN],
  ["registry entries", `${LOCK("yarn.lock", '"x@npm:^1.0.0":\n  version: 1.0.0\n  resolution: "x@npm:1.0.0"\n')}yarn install`, ...NOOP],
  ["pnpm's integrity only", `${LOCK("pnpm-lock.yaml", "x@1.0.0:\n  resolution: {integrity: sha512-abc}\n")}pnpm install`, ...NOOP],
  ["a script run reads no lockfile", `${LOCK("package-lock.json", '{"lockfileVersion":3,"packages":{"node_modules/x":{"resolved":"https://host.invalid/x.tgz"}}}')}npm run build`, ...NOOP],
]);
