import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { NOOP, OK } from "../../support/verdict-rows.ts";

const fx = useGuardFixture();
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

type Row = [string, string, Decision, ReasonCode];
const ASK: [Decision, ReasonCode] = ["ASK", "ASK_INFRA_DESTROY"];
const DATA: [Decision, ReasonCode] = ["ASK", "ASK_DATA_STORE_DESTROY"];

const TERRAFORM: Row[] = [
  ["terraform destroy asks", "terraform destroy", ...ASK],
  ["terraform destroy -auto-approve asks", "terraform destroy -auto-approve -var env=prod", ...ASK],
  ["apply -destroy asks", "terraform -chdir=infra apply -destroy -auto-approve", ...ASK],
  ["tofu destroy asks", "tofu destroy", ...ASK],
  ["terragrunt run-all destroy asks", "terragrunt run-all destroy", ...ASK],
  ["workspace delete asks", "terraform workspace delete staging", ...ASK],
  ["plan passes", "terraform plan", ...OK],
  // It writes a new plan file (packaging-outputs.ts, session 9).
  ["plan -destroy only plans", "terraform plan -destroy -out destroy.tfplan", ...NOOP],
  ["apply without -destroy passes (its plan waits for approval)", "terraform apply", ...OK],
  ["a -var value named destroy is a value", "terraform plan -var mode=destroy", ...OK],
  ["help passes", "terraform destroy -help", ...OK],
  ["a subcommand in a variable asks", "terraform $ACTION", ...ASK],
  ["pulumi destroy asks", "pulumi destroy --yes -s prod", ...ASK],
  ["cdk destroy asks", "npx cdk destroy --force", ...ASK],
  ["pulumi preview passes", "pulumi preview", ...OK],
];

const KUBERNETES: Row[] = [
  ["kubectl delete namespace asks", "kubectl delete namespace production", ...ASK],
  ["kubectl delete -f asks", "kubectl delete -f deploy.yaml", ...ASK],
  ["kubectl delete pods --all asks", "kubectl delete pods --all", ...ASK],
  ["kubectl drain asks", "kubectl drain node-1", ...ASK],
  ["kubectl replace --force asks", "kubectl replace --force -f pod.yaml", ...ASK],
  ["kubectl apply --prune asks", "kubectl apply --prune -l app=web -f dir/", ...ASK],
  ["a client dry run passes", "kubectl delete pod x --dry-run=client", ...OK],
  ["a server dry run passes", "kubectl delete pod x --dry-run=server -o yaml", ...OK],
  ["--dry-run=none deletes", "kubectl delete pod x --dry-run=none", ...ASK],
  ["kubectl get passes", "kubectl get pods -A", ...OK],
  ["a namespace named delete is a value", "kubectl -n delete get pods", ...OK],
  ["a context named delete is a value", "kubectl --context delete get pods", ...OK],
  ["wait --for=delete waits", "kubectl wait --for=delete pod/nginx --timeout=60s", ...OK],
  ["delete --help passes", "kubectl delete --help", ...OK],
  ["a verb in a substitution asks", "kubectl $(echo delete) pod foo", ...ASK],
  ["oc delete asks", "oc delete project demo", ...ASK],
  ["helm uninstall asks", "helm uninstall myrelease -n production", ...ASK],
  ["helm del asks", "helm del myrelease", ...ASK],
  ["helm uninstall --dry-run passes", "helm uninstall myrelease --dry-run", ...OK],
  ["helm list --uninstalled passes", "helm list --uninstalled", ...OK],
  ["helm plugin uninstall is a local plugin", "helm plugin uninstall diff", ...OK],
];

const CONTAINERS: Row[] = [
  ["docker system prune asks", "docker system prune", ...ASK],
  ["docker system prune -af --volumes asks", "docker system prune -af --volumes", ...ASK],
  ["docker volume rm asks", "docker volume rm pgdata", ...ASK],
  ["docker volume prune asks", "docker volume prune -f", ...ASK],
  ["docker container prune asks", "docker container prune", ...ASK],
  ["docker rm -v removes volumes", "docker rm -v db", ...ASK],
  ["docker rm -fv removes volumes", "docker rm -fv db", ...ASK],
  ["docker compose down -v removes volumes", "docker compose -f prod.yml down -v", ...ASK],
  ["docker-compose down --volumes removes volumes", "docker-compose down --volumes", ...ASK],
  ["podman volume rm asks", "podman volume rm data", ...ASK],
  ["docker rm -f passes: containers are cattle", "docker rm -f web", ...OK],
  ["docker rm of a name like a workspace file passes", "docker rm -f README.md", ...OK],
  ["docker rmi passes", "docker rmi myimage", ...OK],
  ["docker image prune passes", "docker image prune -a", ...OK],
  ["docker compose down passes", "docker compose down", ...OK],
  ["docker ps passes", "docker ps -a", ...OK],
  ["docker volume ls passes", "docker volume ls", ...OK],
  ["a -H value named prune is a value", "docker -H prune ps", ...OK],
  ["a subcommand in a variable asks", "docker $CMD", ...ASK],
  ["docker exec psql DROP asks", "docker exec db psql -c 'DROP TABLE users'", ...DATA],
  ["docker exec -it psql SELECT passes", "docker exec -it db psql -U app -c 'SELECT 1'", ...OK],
  ["docker exec sh -c psql DROP asks", `docker exec db sh -c "psql -c 'DROP TABLE t'"`, ...DATA],
  ["docker compose exec redis-cli FLUSHALL asks", "docker compose exec cache redis-cli FLUSHALL", ...DATA],
  ["docker run mysql -e DROP asks", "docker run --rm mysql:8 mysql -h db -e 'DROP DATABASE app'", ...DATA],
  ["a file delete in a container still fails closed", "docker exec nginx rm -rf /", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a container's SQL file is not the local one", "docker exec db psql -f README.md", ...DATA],
  ["kubectl exec psql DROP asks", "kubectl exec -it pg-0 -n db -- psql -c 'DROP TABLE x'", ...DATA],
  ["kubectl exec psql SELECT passes", "kubectl exec pg-0 -- psql -c 'SELECT 1'", ...OK],
  ["kubectl exec rm still fails closed", "kubectl exec pod -- rm -rf /data", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  // A volume spec ending in a program's name (`/:/host`, `src=/,dst=/host`) is no program: the
  // rm after the image is still found (session 7: these were ALLOW_NO_EFFECT).
  ["a root volume spec hides no rm", "docker run --rm -v /:/host alpine rm -rf /host/etc", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["a --mount spec hides no rm", "docker run --rm --mount type=bind,src=/,dst=/host alpine rm -rf /host/etc", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["podman's the same", "podman run --rm -v /:/host alpine rm -rf /host", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["any unknown wrapper's the same", "foo /:/host rm -rf /e", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
];

const CLOUD: Row[] = [
  ["aws s3 rm --recursive asks", "aws s3 rm s3://bucket --recursive", ...ASK],
  ["aws s3 rm of one object asks", "aws s3 rm s3://bucket/key", ...ASK],
  ["aws s3 rb --force asks", "aws s3 rb s3://bucket --force", ...ASK],
  ["aws s3 sync --delete asks", "aws s3 sync s3://src s3://dest --delete", ...ASK],
  ["aws s3 sync passes", "aws s3 sync s3://src s3://dest", ...OK],
  ["aws s3 rm --dryrun passes", "aws s3 rm s3://bucket --recursive --dryrun", ...OK],
  ["aws s3 rm --help passes", "aws s3 rm --help", ...OK],
  ["aws delete-* asks", "aws --profile prod dynamodb delete-table --table-name users", ...ASK],
  ["aws terminate-instances asks", "aws ec2 terminate-instances --instance-ids i-1", ...ASK],
  ["aws ec2 --dry-run passes", "aws ec2 terminate-instances --instance-ids i-1 --dry-run", ...OK],
  ["aws route53 DELETE batch asks", `aws route53 change-resource-record-sets --hosted-zone-id Z --change-batch '{"Changes":[{"Action":"DELETE"}]}'`, ...ASK],
  ["aws route53 UPSERT batch passes", `aws route53 change-resource-record-sets --hosted-zone-id Z --change-batch '{"Changes":[{"Action":"UPSERT"}]}'`, ...OK],
  ["aws list and describe pass", "aws route53 list-hosted-zones; aws ec2 describe-instances", ...OK],
  ["aws rds download-db-log-file-portion passes", "aws rds download-db-log-file-portion --db-instance-identifier mydb --log-file-name error.log", ...OK],
  ["gcloud delete asks", "gcloud compute instances delete vm-1 --zone us-east1-b", ...ASK],
  ["gcloud projects delete asks", "gcloud projects delete my-project", ...ASK],
  ["gcloud storage rm asks", "gcloud storage rm -r gs://bucket", ...ASK],
  ["gcloud list passes", "gcloud compute instances list", ...OK],
  ["a --project named delete is a value", "gcloud --project delete compute instances list", ...OK],
  ["a --format named delete is a value", "gcloud --format delete compute instances list", ...OK],
  ["a filter value named delete is a value", "gcloud compute instances list --filter delete", ...OK],
  ["gsutil rm asks", "gsutil -m rm -r gs://bucket/dir", ...ASK],
  ["gsutil ls passes", "gsutil ls gs://bucket", ...OK],
  ["az group delete asks", "az group delete --name rg --yes", ...ASK],
  ["az storage blob delete-batch asks", "az storage blob delete-batch -s c --account-name a", ...ASK],
  ["az keyvault purge asks", "az keyvault purge --name kv", ...ASK],
  ["a --subscription named delete is a value", "az --subscription delete vm list", ...OK],
  ["an -o value named delete is a value", "az -o delete vm list", ...OK],
  ["az vm list passes", "az vm list", ...OK],
  ["az group delete --help passes", "az group delete --help", ...OK],
];

const WRAPPERS_AND_REMOTE: Row[] = [
  ["sudo does not hide kubectl delete", "sudo kubectl delete ns prod", ...ASK],
  ["env does not hide terraform destroy", "env TF_LOG=debug terraform destroy", ...ASK],
  ["bash -c does not hide terraform destroy", "bash -c 'terraform destroy'", ...ASK],
  ["a compound line keeps it", "cd infra && terraform init && terraform destroy -auto-approve", ...ASK],
  ["xargs does not hide kubectl delete", "kubectl get pods -o name | xargs kubectl delete", ...ASK],
  ["echo of a destroy is data", `echo "terraform destroy"`, ...OK],
  ["ssh runs psql on the remote host", `ssh db.prod 'psql -c "DROP DATABASE prod"'`, ...DATA],
  ["ssh options before the host are skipped", `ssh -p 2222 -i key -tt db.prod psql -c "'DROP DATABASE prod'"`, ...DATA],
  ["ssh runs kubectl delete remotely", "ssh bastion kubectl delete ns prod", ...ASK],
  ["ssh runs a read remotely", `ssh db.prod 'psql -c "SELECT 1"'`, ...OK],
  ["a remote SQL file cannot be read here", "ssh db.prod psql -f README.md", ...DATA],
  ["remote text the parser cannot read asks when it names a client", `ssh db "psql -c 'SELECT 1'; echo '"`, ...DATA],
  ["remote file effects are not the workspace's", "ssh host 'rm -rf /tmp/cache'", ...OK],
  // Session 9: a disk destroyed on the remote host is destroyed (BLOCK_DISK_DESTROY, as through docker exec).
  ["ssh runs mkfs remotely", "ssh host mkfs.ext4 /dev/sdb", "BLOCK", "BLOCK_DISK_DESTROY"],
  ["ssh runs dd onto a device remotely", "ssh host 'sudo dd if=disk.img of=/dev/sdb bs=4M'", "BLOCK", "BLOCK_DISK_DESTROY"],
  ["ssh runs zpool create remotely", "ssh -p 2222 host 'zpool create tank /dev/sdb'", "BLOCK", "BLOCK_DISK_DESTROY"],
  ["ssh lists disks remotely", "ssh host 'lsblk; fdisk -l'", ...OK],
  ["a remote image file is not the workspace's", "ssh host 'e2fsck -fy disk.img'", ...OK],
  ["plain ssh passes", "ssh host uptime", ...OK],
];

for (const [title, rows] of [["terraform and stacks", TERRAFORM], ["kubernetes", KUBERNETES], ["containers", CONTAINERS], ["cloud CLIs", CLOUD], ["wrappers and remote commands", WRAPPERS_AND_REMOTE]] as const) {
  describe(`infrastructure: ${title}`, () => {
    for (const [name, command, decision, reason] of rows) {
      test(`${name}: ${decision} ${reason}`, () => {
        const r = check(command);
        expect([r.decision, r.reason]).toEqual([decision, reason]);
      });
    }
  });
}
