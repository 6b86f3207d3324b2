import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, ASK_OUT, NOOP, OK, PROTECTED, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Build, packaging and image tools writing the file or folder an option or operand names
// (effects/packaging-outputs.ts), and aria2c's landing (download-targets.ts): session 9, the
// leftovers of session 8's output-writer hunt. Each row that writes outside the workspace or onto
// an existing file was ALLOW_NO_EFFECT before (judged as data, never run). A file is judged like
// `> FILE`, an archive updated like zip's, a folder like `tar -x -C DIR`.
const fx = useGuardFixture();
const table = verdictRows(fx);
const URL = "http://127.0.0.1:8000/x";

table("dotnet's output folder", [
  ["publish -o", "dotnet publish -o /etc/x", ...PROTECTED],
  ["publish -c Release -o ~/.config", "dotnet publish -c Release -o ~/.config", ...ASK_OUT],
  ["build -o", "dotnet build -o /etc/x", ...PROTECTED],
  ["pack -o", "dotnet pack -o ~/.config", ...ASK_OUT],
  ["--output=", "dotnet publish --output=/etc/x", ...PROTECTED],
  ["-o:", "dotnet publish -o:/etc/x", ...PROTECTED],
  ["new -o", "dotnet new console -o /etc/x", ...PROTECTED],
  ["an MSBuild output property", "dotnet build -p:OutputPath=/etc/x/", ...PROTECTED],
  ["one of several properties, /p: and any case", "dotnet publish '/p:Configuration=Release;publishdir=/etc/x'", ...PROTECTED],
  ["-property: through run", "dotnet run -property:OutDir=/etc/x", ...PROTECTED],
  ["other properties pass", "dotnet build -p:Version=1.2.3 -p:TreatWarningsAsErrors=true", ...OK],
  ["a workspace folder passes", "dotnet publish -o out", ...OK],
  ["no output option passes", "dotnet build", ...OK],
  ["run's -o is no output", "dotnet run -- -o /etc/x", ...OK],
]);

table("helm's destinations", [
  ["package -d", "helm package chart -d /etc", ...PROTECTED],
  ["package --destination", "helm package chart --destination ~/.config", ...ASK_OUT],
  ["package -ud: -d at the end of a cluster", "helm package -ud /etc chart", ...PROTECTED],
  ["pull -d", "helm pull repo/x -d /etc", ...PROTECTED],
  ["pull --untardir absolute", "helm pull repo/x --untar --untardir /etc", ...PROTECTED],
  ["pull --untardir below -d", "helm pull repo/x -d ~ --untar --untardir .config", ...ASK_OUT],
  ["template --output-dir", "helm template x chart --output-dir /etc", ...PROTECTED],
  ["global options before the subcommand", "helm -n prod package chart -d /etc", ...PROTECTED],
  ["repo index", "helm repo index /etc", ...PROTECTED],
  ["create writes the chart's folder", "helm create /etc/x", ...PROTECTED],
  ["create in the workspace", "helm create mychart", ...OK],
  ["dependency update writes charts/ and Chart.lock", "helm dependency update /etc/x", ...PROTECTED],
  ["dep up in the workspace", "helm dep up ./chart", ...OK],
  ["template prints", "helm template x chart", ...OK],
  ["package into the working folder", "helm package chart", ...OK],
  // pflag takes `-d=DIR` as DIR but `-d:DIR` as the folder `:DIR` (System.CommandLine, dotnet's parser, takes both).
  ["-d:DIR is a folder named :DIR to pflag", "helm package chart -d:/etc", ...OK],
]);

table("terraform's plan and state files", [
  ["plan -out=", "terraform plan -out=/etc/x", ...PROTECTED],
  ["plan -out FILE", "terraform plan -out ~/.bashrc", ...ASK_OUT],
  ["plan -out over a workspace file", "terraform plan -out=README.md", ...RELOCATE],
  ["-chdir moves a relative name", "terraform -chdir=/etc plan -out=x", ...PROTECTED],
  ["apply -state-out", "tofu apply -state-out=/etc/x", ...PROTECTED],
  ["providers mirror", "terraform providers mirror /etc", ...PROTECTED],
  ["a new plan file", "terraform plan -out=tfplan", ...NOOP],
  ["a computed plan file is unknown, as curl -o \"$F\" is", 'terraform plan -out="$PLAN"', ...UNKNOWN],
  ["dotnet: a computed value attached to -o", "dotnet publish -o$OUT", ...UNKNOWN],
  // Session 10 review: `--$X` may be any option (the first two were ALLOW), `--destination$X` may go on to `=DIR` (its next word is no value).
  ["dotnet: --$X may be --output=DIR", "dotnet build --$X", ...UNKNOWN],
  ["helm: --$X may be --destination=DIR", "helm package --$X chart", ...UNKNOWN],
  ["helm: --dest$X may go on to --destination=DIR", "helm package --destination$X chart", ...UNKNOWN],
  ["-backup=- writes none", "terraform refresh -backup=-", ...OK],
  ["show reads", "terraform show -json tfplan", ...OK],
]);

table("vagrant package --output", [
  ["--output", "vagrant package --output /etc/x", ...PROTECTED],
  ["--output=", "vagrant package --output=~/.bashrc", ...NOOP],
  ["an abbreviation", "vagrant package --out ~/.bashrc", ...ASK_OUT],
  ["the default box passes", "vagrant package", ...OK],
  // Session 10 (the option readers moved onto getopt.ts): a computed attached value was read as an operand.
  ["a computed --output=", "vagrant package --output=$F", ...UNKNOWN],
  ["after -- OptionParser reads no option", "vagrant package -- --output /etc/x", ...OK],
  // Session 11 review, as helm's and dotnet's above: `--$X` may be `--output=FILE` (it was ASK), `--out$X` may go on to `=FILE`.
  ["--$X may be --output=FILE", "vagrant package --$X", ...UNKNOWN],
  ["--out$X may go on to --output=FILE", "vagrant package --out$X ~/.bashrc", ...UNKNOWN],
]);

table("skopeo's local destinations", [
  ["dir:", "skopeo copy docker://registry.example.com/x dir:/etc/x", ...PROTECTED],
  ["oci: with a reference", "skopeo copy docker://registry.example.com/x oci:/etc/x:latest", ...PROTECTED],
  ["docker-archive:", "skopeo copy docker://registry.example.com/x docker-archive:/etc/x", ...PROTECTED],
  ["docker-archive: over a workspace file", "skopeo copy docker://registry.example.com/x docker-archive:README.md", ...RELOCATE],
  ["oci-archive:", "skopeo copy --all docker://registry.example.com/x oci-archive:/etc/x:tag", ...PROTECTED],
  ["--digestfile", "skopeo copy --digestfile ~/.bashrc docker://registry.example.com/x docker://registry.example.com/y", ...ASK_OUT],
  ["sync --dest dir", "skopeo sync --src docker --dest dir registry.example.com/x /etc", ...PROTECTED],
  ["a workspace folder passes", "skopeo copy docker://registry.example.com/x dir:out", ...OK],
  ["a registry destination passes", "skopeo copy docker://registry.example.com/x docker://registry.example.com/y", ...OK],
  ["inspect reads", "skopeo inspect docker://registry.example.com/x", ...OK],
  // Session 10: a computed `--opt=VALUE` was taken for an operand (the destination's place moved, a computed --dest lost).
  ["a computed option value before the operands", "skopeo copy --src-creds=$C docker://registry.example.com/x dir:/etc/x", ...PROTECTED],
  ["a computed --dest= read as dir", "skopeo sync --dest=$T registry.example.com/x /etc", ...PROTECTED],
]);

table("jar's archive and extraction", [
  ["cf", "jar cf /etc/x.jar src", ...PROTECTED],
  ["cf onto a startup file", "jar cf ~/.bashrc src", ...ASK_OUT],
  ["cvf over a workspace file", "jar cvf README.md src", ...RELOCATE],
  ["cmf: the manifest comes first", "jar cmf manifest /etc/x.jar src", ...PROTECTED],
  ["uf", "jar uf /etc/x.jar src", ...PROTECTED],
  ["--create --file", "jar --create --file /etc/x.jar src", ...PROTECTED],
  ["-c -f", "jar -c -f /etc/x.jar src", ...PROTECTED],
  ["-cf clustered", "jar -cf /etc/x.jar src", ...PROTECTED],
  ["xf -C", "jar xf x.jar -C /etc", ...PROTECTED],
  ["-x --dir", "jar -x -f x.jar --dir /etc", ...PROTECTED],
  ["a new archive", "jar cf x.jar src", ...NOOP],
  ["tf lists", "jar tf x.jar", ...OK],
  // Session 10: a computed attached value (`--file=$F`, `-f$F`) was read as an operand and the write lost.
  ["a computed --file=", "jar --create --file=$F src", ...UNKNOWN],
  ["a computed -fFILE", "jar -c -f$F src", ...UNKNOWN],
  ["a computed --dir=", "jar -x -f x.jar --dir=$D", ...UNKNOWN],
]);

table("aria2c's -d/-o pair", [
  ["-d ~ -o .bashrc", `aria2c -d ~ -o .bashrc ${URL}`, ...ASK_OUT],
  ["-o before -d", `aria2c -o .bashrc -d ~ ${URL}`, ...ASK_OUT],
  ["attached values", `aria2c --allow-overwrite -d/etc -ox ${URL}`, ...PROTECTED],
  ["--allow-overwrite over a workspace file", `aria2c --allow-overwrite=true -o README.md ${URL}`, ...RELOCATE],
  ["--allow-overwrite into /etc", `aria2c --allow-overwrite --dir=/etc --out=x ${URL}`, ...PROTECTED],
  ["an existing file is kept (NAME.1)", `aria2c -o README.md ${URL}`, ...OK],
  ["a new file passes", `aria2c -o x ${URL}`, ...OK],
  // Its log is appended to, its session and cookie files replaced; `-i` reads URIs from a file.
  ["-l onto a startup file", `aria2c -l ~/.bashrc ${URL}`, ...ASK_OUT],
  ["-l - is stdout", `aria2c -l - ${URL}`, ...OK],
  ["--save-session over a workspace file", `aria2c --save-session=README.md ${URL}`, ...RELOCATE],
  ["--save-session into /etc", `aria2c --save-session /etc/x ${URL}`, ...PROTECTED],
  ["-i: names the guard cannot know in -d", "aria2c -i urls.txt -d ~/.config", ...ASK_OUT],
  ["-i into the working folder", "aria2c -i urls.txt", ...OK],
  // Its hook options run a program with the GID, the file count and the path.
  ["a hook script the line wrote", `echo 'rm -rf ~' > h.sh; chmod +x h.sh; aria2c --on-download-complete=./h.sh ${URL}`, ...ANCESTOR],
  ["a hook that is rm", `aria2c --on-download-complete=/bin/rm ${URL}`, ...UNKNOWN],
  ["a computed hook", `aria2c --on-bt-download-complete "$HOOK" ${URL}`, ...UNKNOWN],
  ["a hook that does nothing", `aria2c --on-download-complete /usr/bin/true ${URL}`, ...OK],
]);
