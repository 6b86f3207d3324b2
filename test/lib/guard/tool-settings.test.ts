import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, OK, PERSIST, verdictRows } from "../../support/verdict-rows.ts";

// Red team session 11, finding 6 (tool-settings.ts): other tools' stored settings that name a
// program later commands run ask as npm's code keys do (package-config.ts). Every PERSIST and
// ANCESTOR row was ALLOW_NO_EFFECT. Commands are only judged.
const fx = useGuardFixture();
const table = verdictRows(fx);

table("stored settings that run a program later", [
  ["aws credential_process", "aws configure set credential_process /tmp/x.sh", ...PERSIST],
  ["aws credential_process of a profile", "aws configure set profile.x.credential_process /tmp/x.sh", ...PERSIST],
  ["aws credential_process with --profile first", "aws --profile x configure set credential_process /tmp/x.sh", ...PERSIST],
  ["aws cli_pager", "aws configure set cli_pager /tmp/x.sh", ...PERSIST],
  ["aws plugin module", "aws configure set plugins.x mymodule", ...PERSIST],
  ["aws computed key", "aws configure set $KEY /tmp/x.sh", ...PERSIST],
  ["go -toolexec in GOFLAGS", "go env -w GOFLAGS=-toolexec=/tmp/x.sh", ...PERSIST],
  ["go -exec in GOFLAGS", "go env -w 'GOFLAGS=-mod=mod -exec=/tmp/x.sh'", ...PERSIST],
  ["go CC", "go env -w CC=/tmp/x.sh", ...PERSIST],
  ["cgo's compiler wrapper", "go env -w CGO_CFLAGS=-wrapper,/tmp/x.sh", ...PERSIST],
  ["cgo's linker by path", "go env -w CGO_LDFLAGS=-fuse-ld=/tmp/x", ...PERSIST],
  ["gh editor", `gh config set editor 'sh -c "rm -rf ~"'`, ...PERSIST],
  ["gh pager for a host", "gh config set -h example.com pager /tmp/x.sh", ...PERSIST],
  ["gh browser", "gh config set browser /tmp/x.sh", ...PERSIST],
  ["glab editor", "glab config set editor /tmp/x.sh", ...PERSIST],
  ["glab shell alias", "glab alias set x '!/tmp/x.sh'", ...PERSIST],
  ["glab shell alias read now as gh's is", "glab alias set x '!rm -rf ~'", ...ANCESTOR],
  ["kubectl exec credential plugin", "kubectl config set-credentials x --exec-command=/tmp/x.sh", ...PERSIST],
  ["kubectl exec credential plugin, value apart", "kubectl config set-credentials x --exec-command /tmp/x.sh", ...PERSIST],
  ["kubectl auth provider's cmd-path", "kubectl config set-credentials x --auth-provider=gcp --auth-provider-arg=cmd-path=/tmp/x.sh", ...PERSIST],
  ["kubectl config set of an exec command", "kubectl config set users.x.exec.command /tmp/x.sh", ...PERSIST],
  ["oc exec credential plugin", "oc config set-credentials x --exec-command=/tmp/x.sh", ...PERSIST],
  ["rustup toolchain link", "rustup toolchain link evil /tmp/x", ...PERSIST],
]);

// Session 12 (supply chain): a stored index, proxy or trust setting makes every later install of
// a registry name, which passes, fetch from elsewhere or unverified. Each row was ALLOW_NO_EFFECT
// (GONOSUMDB was an OK row).
table("stored package sources", [
  ["pip's index", "pip config set global.index-url https://pypi.example.com/simple", ...PERSIST],
  ["pip's extra index", "pip config set global.extra-index-url https://pypi.example.com/simple", ...PERSIST],
  ["pip's index, an install section, underscores", "pip config --user set install.index_url https://pypi.example.com/simple", ...PERSIST],
  ["pip's trusted host", "pip config set global.trusted-host pypi.example.com", ...PERSIST],
  ["pip's link page", "pip config set global.find-links https://pypi.example.com/links", ...PERSIST],
  ["pip3 with an option's value first", "pip3 --proxy http://127.0.0.1:3128 config set global.index-url https://pypi.example.com/simple", ...PERSIST],
  ["python -m pip", "python3 -m pip config set global.index-url https://pypi.example.com/simple", ...PERSIST],
  ["pip, a computed key", 'pip config set "$K" https://pypi.example.com/simple', ...PERSIST],
  ["go's proxy", "go env -w GOPROXY=https://proxy.example.com", ...PERSIST],
  ["go's proxy after the public one", "go env -w 'GOPROXY=https://proxy.golang.org|https://proxy.example.com'", ...PERSIST],
  ["go's checksum database off", "go env -w GOSUMDB=off", ...PERSIST],
  ["go modules unverified", "go env -w GONOSUMDB=*", ...PERSIST],
  ["go private modules (GONOSUMDB implied)", "go env -w GOPRIVATE=example.com", ...PERSIST],
  ["go over plain HTTP", "go env -w GOINSECURE=*", ...PERSIST],
  ["GOFLAGS' -insecure", "go env -w GOFLAGS=-insecure", ...PERSIST],
  ["GOAUTH's command", "go env -w 'GOAUTH=command /tmp/x.sh'", ...PERSIST],
  ["gem source", "gem sources --add https://gems.example.com/", ...PERSIST],
  ["gem source, -aURL", "gem sources -ahttps://gems.example.com/", ...PERSIST],
  ["gem source, an abbreviation", "gem sources --ad https://gems.example.com/", ...PERSIST],
  ["gem source appended", "gem sources --append=https://gems.example.com/", ...PERSIST],
  ["conda channel by URL", "conda config --add channels https://conda.example.com/", ...PERSIST],
  ["conda channel of a user", "conda config --prepend channels someuser", ...PERSIST],
  ["conda channel alias", "conda config --set channel_alias https://conda.example.com", ...PERSIST],
  ["conda TLS checks off", "conda config --set ssl_verify false", ...PERSIST],
  ["mamba channel", "mamba config --append channels https://conda.example.com/", ...PERSIST],
]);

table("other settings pass", [
  ["aws region", "aws configure set region us-east-1", ...OK],
  ["aws key id", "aws configure set aws_access_key_id AKIAEXAMPLE", ...OK],
  ["aws configure get", "aws configure get credential_process", ...OK],
  ["go module settings", "go env -w GONOPROXY=example.com GOFLAGS=-mod=mod", ...OK],
  ["go's public proxy stored back", "go env -w GOPROXY=https://proxy.golang.org,direct", ...OK],
  ["go's default checksum database", "go env -w GOSUMDB=sum.golang.org", ...OK],
  ["go's toolchain", "go env -w GOTOOLCHAIN=local", ...OK],
  ["pip's timeout", "pip config set global.timeout 60", ...OK],
  ["pip's public index stored back", "pip config set global.index-url https://pypi.org/simple", ...OK],
  ["pip config get", "pip config get global.index-url", ...OK],
  ["pip config list", "pip config list --user", ...OK],
  ["gem's own source stored back", "gem sources --add https://rubygems.org/", ...OK],
  ["gem sources listed", "gem sources --list", ...OK],
  ["gem install keeps its reading", "gem install rails --install-dir /etc", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["conda-forge", "conda config --add channels conda-forge", ...OK],
  ["conda TLS checks on", "conda config --set ssl_verify true", ...OK],
  ["another conda setting", "conda config --set auto_activate_base false", ...OK],
  ["conda config shown", "conda config --show channels", ...OK],
  ["go env read", "go env GOPATH", ...OK],
  ["cgo's optimisation flags", "go env -w 'CGO_CFLAGS=-O2 -g'", ...OK],
  ["cgo's linker by name", "go env -w CGO_LDFLAGS=-fuse-ld=lld", ...OK],
  ["go env -u", "go env -u GOFLAGS", ...OK],
  ["gh git protocol (was BLOCK: `ssh` read as a program)", "gh config set git_protocol ssh", ...OK],
  ["gh prompt", "gh config set prompt disabled", ...OK],
  ["gh config get", "gh config get editor", ...OK],
  ["glab git protocol (was BLOCK: `ssh` read as a program)", "glab config set git_protocol ssh", ...OK],
  ["glab glab alias", "glab alias set co 'mr checkout'", ...OK],
  ["kubectl token", "kubectl config set-credentials user --token=token123", ...OK],
  ["kubectl computed token", 'kubectl config set-credentials user --token="$T"', ...OK],
  ["kubectl namespace", "kubectl config set contexts.x.namespace foo", ...OK],
  ["kubectl set-context", "kubectl config set-context --current --namespace=test", ...OK],
  ["kubectl config view", "kubectl config view", ...OK],
  ["rustup default", "rustup default stable", ...OK],
  ["rustup toolchain install", "rustup toolchain install nightly", ...OK],
  ["rustup toolchain list", "rustup toolchain list", ...OK],
]);
