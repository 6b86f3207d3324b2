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

table("other settings pass", [
  ["aws region", "aws configure set region us-east-1", ...OK],
  ["aws key id", "aws configure set aws_access_key_id AKIAEXAMPLE", ...OK],
  ["aws configure get", "aws configure get credential_process", ...OK],
  ["go module settings", "go env -w GONOSUMDB=example.com GOFLAGS=-mod=mod", ...OK],
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
