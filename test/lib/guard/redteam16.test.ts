import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, ASK_OUT, OK, OUTSIDE, PROTECTED, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Red-team pass 16 (docs/check.md, "Red-team pass 16 (session 7)"): destructive programs the
// guard did not know. Every refused row was ALLOW_NO_EFFECT before the pass (judged as data, never
// run); fallocate's modes, badblocks on a file and chattr's reading of `-i` ran in
// test/support/sandbox.sh.
const DISK: [Decision, ReasonCode] = ["BLOCK", "BLOCK_DISK_DESTROY"];
const INFRA: [Decision, ReasonCode] = ["ASK", "ASK_INFRA_DESTROY"];
const DATA: [Decision, ReasonCode] = ["ASK", "ASK_DATA_STORE_DESTROY"];
const fx = useGuardFixture();
const table = verdictRows(fx);
// A chroot whose passwd names bob's home (userdel -R reads it).
mkdirSync(join(fx.ws, "jail", "etc"), { recursive: true });
mkdirSync(join(fx.ws, "jail", "home", "bob"), { recursive: true });
writeFileSync(join(fx.ws, "jail", "etc", "passwd"), "bob:x:1000:1000::/home/bob:/bin/sh\n");
writeFileSync(join(fx.ws, "jail", "home", "bob", "notes"), "x\n");

// Drive and firmware tools erase or rewrite the device in these modes; their reading modes pass.
table("drive and firmware tools", [
  ["hdparm --security-erase", "hdparm --user-master u --security-erase NULL /dev/sda", ...DISK],
  ["hdparm --security-erase-enhanced", "hdparm --security-erase-enhanced p /dev/sda", ...DISK],
  ["hdparm --trim-sector-ranges", "hdparm --trim-sector-ranges 0:1000 --please-destroy-my-drive /dev/sda", ...DISK],
  ["hdparm --write-sector", "hdparm --yes-i-know-what-i-am-doing --write-sector 100 /dev/sda", ...DISK],
  ["hdparm -I reads", "hdparm -I /dev/sda", ...OK],
  ["hdparm -tT times reads", "hdparm -tT /dev/sda", ...OK],
  ["nvme format", "nvme format /dev/nvme0n1", ...DISK],
  ["nvme sanitize", "nvme sanitize /dev/nvme0 -a 2", ...DISK],
  ["nvme write-zeroes", "nvme write-zeroes /dev/nvme0n1 -s 0 -c 100", ...DISK],
  ["nvme with a command the guard cannot see", 'nvme "$CMD" /dev/nvme0n1', ...UNKNOWN],
  ["nvme list", "nvme list", ...OK],
  ["nvme smart-log", "nvme smart-log /dev/nvme0", ...OK],
  ["badblocks -w", "badblocks -w /dev/sda", ...DISK],
  ["badblocks -n in a cluster", "badblocks -nsv /dev/sda", ...DISK],
  ["badblocks -w after a valued option", "badblocks -b 4096 -w /dev/sda", ...DISK],
  // On a file, -w leaves zeros (sandbox): an overwrite.
  ["badblocks -w on a file", "badblocks -b 4096 -w README.md", ...RELOCATE],
  ["badblocks scans by reading", "badblocks -sv /dev/sda", ...OK],
  ["badblocks -t's value is no mode", "badblocks -t 0 -sv /dev/sda", ...OK],
  // `-o FILE` writes the list of bad blocks (review A, session 7: was ALLOW_NO_EFFECT).
  ["badblocks -o writes its file", "badblocks -o ~/.bashrc /dev/sda", ...ASK_OUT],
  ["cryptsetup luksFormat", "cryptsetup luksFormat /dev/sda1", ...DISK],
  ["cryptsetup luksFormat after options", "cryptsetup -q --type luks2 luksFormat /dev/sda1", ...DISK],
  ["cryptsetup erase", "cryptsetup erase /dev/sda1", ...DISK],
  ["cryptsetup luksErase", "cryptsetup luksErase /dev/sda1", ...DISK],
  ["cryptsetup luksKillSlot", "cryptsetup luksKillSlot /dev/sda1 0", ...DISK],
  ["cryptsetup status", "cryptsetup status root", ...OK],
  ["cryptsetup luksDump", "cryptsetup luksDump /dev/sda1", ...OK],
  ["cryptsetup open names a mapping erase", "cryptsetup open /dev/sda1 erase", ...OK],
  ["mdadm --zero-superblock", "mdadm --zero-superblock /dev/sda1", ...DISK],
  ["mdadm --zero abbreviated", "mdadm --zero /dev/sda1", ...DISK],
  ["mdadm --create", "mdadm --create /dev/md0 --level=1 --raid-devices=2 /dev/sda1 /dev/sdb1", ...DISK],
  ["mdadm -C", "mdadm -C /dev/md0 -l1 -n2 /dev/sda1 /dev/sdb1", ...DISK],
  ["mdadm -Cv", "mdadm -Cv /dev/md0 -l1 -n2 /dev/sda1 /dev/sdb1", ...DISK],
  ["mdadm --detail", "mdadm --detail /dev/md0", ...OK],
  ["mdadm --assemble", "mdadm --assemble --scan", ...OK],
  // Review A (session 7; each was ALLOW_NO_EFFECT): getopt_long takes any unique prefix, `-a` adds
  // a device in manage mode (in assemble mode it is `--auto VALUE`), a computed word may be `-C`.
  ["mdadm --ze (a unique prefix)", "mdadm --ze /dev/sdb1", ...DISK],
  ["mdadm -a in manage mode", "mdadm --manage /dev/md0 -a /dev/sdb1", ...DISK],
  ["mdadm --add-spare", "mdadm /dev/md0 --add-spare /dev/sdc1", ...DISK],
  ["mdadm with a computed option", "mdadm $OPTS /dev/md0 /dev/sdb1", ...DISK],
  ["mdadm --ad is ambiguous (getopt_long refuses it)", "mdadm --ad /dev/sdb1", ...OK],
  ["mdadm -A's -a takes a value", "mdadm -A /dev/md0 -a yes /dev/sda1 /dev/sdb1", ...OK],
  ["mdadm --detail of a quoted device", 'mdadm --detail "$MD"', ...OK],
  // The policy's accepted false positive: unquoted, the word may split into options.
  ["mdadm --detail of an unquoted device", "mdadm --detail $MD", ...DISK],
  ["flashrom -w", "flashrom -p internal -w bios.bin", ...DISK],
  ["flashrom -Vw", "flashrom -p internal -Vw bios.bin", ...DISK],
  ["flashrom -E", "flashrom -p internal -E", ...DISK],
  ["flashrom --erase", "flashrom -p internal --erase", ...DISK],
  ["flashrom -r reads", "flashrom -p internal -r backup.bin", ...OK],
  ["flashrom -w after a flag in a cluster", "flashrom -p internal -nw backup.bin", ...DISK],
  ["flashrom --wr (a unique prefix)", "flashrom -p internal --wr backup.bin", ...DISK],
  ["flashrom with a computed option", "flashrom -p internal $MODE bios.bin", ...DISK],
  ["flashrom -rw reads into the file w", "flashrom -p internal -rw", ...OK],
  ["dmsetup remove_all", "dmsetup remove_all", ...DISK],
  ["dmsetup wipe_table", "dmsetup wipe_table root", ...DISK],
  ["dmsetup ls", "dmsetup ls", ...OK],
  ["dmsetup -u's value is no command", "dmsetup -u abc remove_all", ...DISK],
  ["dmsetup --uuid's value is no command", "dmsetup --uuid abc remove_all", ...DISK],
  ["dmsetup info -c", "dmsetup info -c", ...OK],
  ["nwipe --autonuke", "nwipe --autonuke", ...DISK],
  ["sg_format --format", "sg_format --format /dev/sg1", ...DISK],
  ["sg_format reports", "sg_format /dev/sg1", ...OK],
  ["sg_sanitize --overwrite", "sg_sanitize --overwrite /dev/sg1", ...DISK],
]);

// files.ts's read-only words were read for every disk tool: `-t` (lvm's --test) made `mkfs -t
// ext4 DEV` a read, `-n` mkfs.vfat's label, `-d`/`-l` mkfs.xfs's data and log options; sgdisk
// runs its options in order, so a `-p` beside `-Z` still zaps.
table("disk tools' read-only options, by tool", [
  ["mkfs -t", "mkfs -t ext4 /dev/sdb1", ...DISK],
  ["mke2fs -t", "mke2fs -t ext4 /dev/sdb1", ...DISK],
  ["mkfs.vfat -n LABEL", "mkfs.vfat -n BOOT /dev/sdb1", ...DISK],
  ["mkfs.xfs -d", "mkfs.xfs -d agcount=4 /dev/sdb", ...DISK],
  ["mkfs.ext4 -d DIR", "mkfs.ext4 -d rootdir /dev/sdb1", ...DISK],
  ["sgdisk -Z -p", "sgdisk -Z -p /dev/sda", ...DISK],
  ["parted mklabel then print", "parted -s /dev/sda mklabel gpt print", ...DISK],
  ["pvcreate", "pvcreate -ff /dev/sdb1", ...DISK],
  ["lvreduce", "lvreduce -f -L 1G vg0/root", ...DISK],
  ["lvresize by a negative size", "lvresize -L -10G vg0/root", ...DISK],
  ["lvresize --size=-N", "lvresize --size=-10G vg0/root", ...DISK],
  ["lvresize -l -N", "lvresize -l-100 vg0/root", ...DISK],
  ["lvresize growing", "lvresize -L +10G vg0/root", ...OK],
  ["lvresize -L in a cluster", "lvresize -rL-10G vg/lv", ...DISK],
  ["lvresize -L in a cluster growing", "lvresize -rL+10G vg/lv", ...OK],
  ["lvresize with a computed option", "lvresize $SIZE vg/lv", ...DISK],
  ["mkdosfs", "mkdosfs /dev/sdb1", ...DISK],
  ["mkfs.hfsplus", "mkfs.hfsplus /dev/sdb1", ...DISK],
  ["mkfs.ext4 -n is a dry run", "mkfs.ext4 -n /dev/sdb1", ...OK],
  ["mkfs.xfs -N is a dry run", "mkfs.xfs -N /dev/sdb", ...OK],
  ["sgdisk -p prints", "sgdisk -p /dev/sda", ...OK],
  ["sgdisk -P pretends", "sgdisk -P -Z /dev/sda", ...OK],
  ["parted print", "parted /dev/sda print", ...OK],
  // parted takes a unique prefix of a command (review A, session 7: was ALLOW_NO_EFFECT).
  ["parted mkl is mklabel", "parted -s /dev/sda mkl gpt print", ...DISK],
  ["parted's unit s is no command", "parted /dev/sda unit s print", ...OK],
  ["fdisk -l", "fdisk -l /dev/sda", ...OK],
  ["sfdisk -d", "sfdisk -d /dev/sda", ...OK],
  ["lvremove --test", "lvremove --test vg0/root", ...OK],
  ["lvremove -t", "lvremove -t vg0/root", ...OK],
]);

// Volumes: zfs's destroys and rollbacks; a btrfs subvolume deleted is its tree, as rm -rf.
table("volume managers", [
  ["zfs destroy -r", "zfs destroy -r tank", ...DISK],
  ["zfs destroy a snapshot", "zfs destroy tank/home@snap", ...DISK],
  ["zfs rollback", "zfs rollback -r tank/home@snap", ...DISK],
  ["zfs recv -F", "zfs recv -F tank/home", ...DISK],
  ["zfs destroy -nv is a dry run", "zfs destroy -nv tank", ...OK],
  ["zfs list", "zfs list", ...OK],
  ["zfs snapshot", "zfs snapshot tank/home@now", ...OK],
  ["btrfs subvolume delete /", "btrfs subvolume delete /", ...ANCESTOR],
  ["btrfs subvolume delete ~/Documents", "btrfs subvolume delete ~/Documents", ...OUTSIDE],
  ["btrfs sub del in the workspace", "btrfs sub del src", ...RELOCATE],
  ["btrfs subvolume list", "btrfs subvolume list /", ...OK],
  ["btrfs subvolume snapshot", "btrfs subvolume snapshot src snap", ...OK],
]);

// scrub and fallocate's hole punching erase a device or overwrite a file (fallocate ran in the
// sandbox: -p and -z leave zeros, -c cuts the range out); wipe -r is rm -r.
table("scrub, fallocate, wipe", [
  ["scrub a device", "scrub /dev/sda", ...DISK],
  ["scrub a workspace file", "scrub -p dod README.md", ...RELOCATE],
  ["scrub a home file", "scrub ~/.bashrc", ...ASK_OUT],
  ["scrub -r removes", "scrub -r ~/Documents/notes.txt", ...ASK_OUT],
  ["scrub --pattern VALUE", "scrub --pattern dod README.md", ...RELOCATE],
  ["fallocate -p on a device", "fallocate -p -o 0 -l 1G /dev/sda", ...DISK],
  ["fallocate --punch-hole", "fallocate --punch-hole -o 0 -l 4096 README.md", ...RELOCATE],
  ["fallocate -z outside", "fallocate -z -o 0 -l 4096 ~/.bashrc", ...ASK_OUT],
  ["fallocate -c", "fallocate -c -o 0 -l 4096 README.md", ...RELOCATE],
  // getopt_long takes abbreviations.
  ["fallocate --punch", "fallocate --punch -o 0 -l 4096 README.md", ...RELOCATE],
  ["fallocate --zero=", "fallocate --zero --offset=0 --len 4096 README.md", ...RELOCATE],
  ["fallocate -p in Git metadata", "fallocate -p -o 0 -l 10 .git/config", ...PROTECTED],
  ["fallocate -l creates", "fallocate -l 1G big.img", ...OK],
  ["fallocate -l onto a file keeps it", "fallocate -l 1M README.md", ...OK],
  ["fallocate -d digs holes", "fallocate -d README.md", ...OK],
  // A computed word may be the dangerous option (getopt.ts mayBeOption; review A, session 7).
  ["fallocate with a computed option", "fallocate $OPTS README.md", ...RELOCATE],
  ["fallocate -l of a quoted computed file", 'fallocate -l 1M "$F"', ...OK],
  ["wipe -rf is rm -rf", "wipe -rf ~/Documents", ...OUTSIDE],
  ["wipe -rf in the workspace", "wipe -rf src", ...RELOCATE],
  ["wipe -rkf keeps names, not data", "wipe -rkf ~/Documents", ...OUTSIDE],
  ["wipe -rf /", "wipe -rf /", ...ANCESTOR],
  ["wipe a file deletes it", "wipe -f README.md", ...RELOCATE],
]);

// userdel -r and deluser remove the home; passwd's modes rewrite /etc/shadow; chattr's `-i` is a
// mode (it was read as an option, and the file as the mode): judged as chmod's operands.
table("accounts and attributes", [
  ["userdel -r", "userdel -r leogriel-nouser", ...OUTSIDE],
  ["userdel --remove", "userdel --remove leogriel-nouser", ...OUTSIDE],
  ["userdel --rem abbreviated", "userdel --rem leogriel-nouser", ...OUTSIDE],
  ["userdel --root= a chroot", "userdel -r --root=jail bob", ...RELOCATE],
  ["userdel -r in a chroot reads its passwd", "userdel -r -R jail bob", ...RELOCATE],
  ["userdel -r of a name the guard cannot see", 'userdel -r "$U"', ...UNKNOWN],
  ["deluser --remove-home", "deluser --remove-home leogriel-nouser", ...OUTSIDE],
  ["deluser --remove-h abbreviated", "deluser --remove-h leogriel-nouser", ...OUTSIDE],
  ["deluser --remove-all-files", "deluser --remove-all-files leogriel-nouser", ...ANCESTOR],
  ["userdel keeps the home", "userdel leogriel-nouser", ...OK],
  ["passwd -d", "passwd -d root", ...PROTECTED],
  ["passwd -l", "passwd -l root", ...PROTECTED],
  ["passwd --del abbreviated", "passwd --del root", ...PROTECTED],
  ["passwd -S shows", "passwd -S root", ...OK],
  // A computed word may be the dangerous option (getopt.ts mayBeOption; review A, session 7: each was ALLOW_NO_EFFECT).
  ["userdel with a computed option", "userdel $OPTS bob", ...UNKNOWN],
  ["deluser with a computed option", "deluser $OPTS bob", ...ANCESTOR],
  ["passwd with a computed option", "passwd $OPTS bob", ...UNKNOWN],
  ["passwd of a quoted computed user", 'passwd "$U"', ...OK],
  ["chattr -i in Git metadata", "chattr -i .git/config", ...PROTECTED],
  ["chattr -R -i /etc", "chattr -R -i /etc", ...ANCESTOR],
  ["chattr -Ri in one word", "chattr -Ri /etc", ...ANCESTOR],
  ["chattr -R +i ~", "chattr -R +i ~", ...ANCESTOR],
  // Like `chmod 644 /etc/passwd`: a permission change of one system file (the policy's, unchanged).
  ["chattr -i of one system file", "chattr -i /etc/passwd", ...OK],
  ["chattr +i in the workspace", "chattr +i src/main.ts", ...OK],
  ["chattr -i in the workspace", "chattr -i src/main.ts", ...OK],
  ["lsattr", "lsattr /etc/passwd", ...OK],
]);

// Remote storage, published packages and repositories, hosted apps and VMs: the quarantine
// cannot bring them back.
table("services and published things", [
  ["rclone purge", "rclone purge remote:bucket", ...INFRA],
  ["rclone delete", "rclone delete remote:bucket", ...INFRA],
  ["rclone deletefile", "rclone deletefile remote:bucket/a.txt", ...INFRA],
  ["rclone cleanup", "rclone cleanup remote:bucket", ...INFRA],
  ["rclone sync onto a remote", "rclone sync ./empty remote:bucket", ...INFRA],
  ["rclone move off a remote", "rclone move remote:bucket ./here", ...INFRA],
  ["rclone rmdirs removes empty folders", "rclone rmdirs remote:bucket", ...OK],
  ["rclone lsf", "rclone lsf remote:bucket", ...OK],
  ["rclone sync --dry-run", "rclone sync --dry-run ./empty remote:bucket", ...OK],
  ["podman system reset", "podman system reset -f", ...INFRA],
  ["gh repo delete", "gh repo delete owner/repo --yes", ...INFRA],
  ["gh release delete", "gh release delete v1 --yes", ...INFRA],
  ["gh -R before", "gh -R owner/repo release delete v1", ...INFRA],
  ["gh api -X DELETE", "gh api -X DELETE repos/o/r", ...INFRA],
  ["gh api --method=delete", "gh api --method=delete repos/o/r", ...INFRA],
  ["gh api -XDELETE", "gh api -XDELETE repos/o/r", ...INFRA],
  ["gh repo view", "gh repo view owner/repo", ...OK],
  ["gh api GET", "gh api repos/o/r", ...OK],
  ["gh search for the word delete", "gh search issues delete", ...OK],
  ["gh repo deploy-key delete", "gh repo deploy-key delete 123", ...INFRA],
  ["gh repo view of a computed repository", "gh repo view $R", ...OK],
  ["gh repo deploy-key with a computed verb", "gh repo deploy-key $V 123", ...INFRA],
  ["gh project item-delete", "gh project item-delete 1 --owner me --id X", ...INFRA],
  ["gh alias set of a delete", "gh alias set rd 'repo delete --yes o/r'", ...INFRA],
  ["gh alias set of a view", "gh alias set co 'pr checkout'", ...OK],
  ["gh alias set of shell text", "gh alias set --shell wipe 'rm -rf ~'", ...ANCESTOR],
  ["gh alias set of a ! expansion", "gh alias set wipe '!rm -rf ~'", ...ANCESTOR],
  ["gh api graphql delete mutation", `gh api graphql -f query='mutation{deleteRepository(input:{repositoryId:"X"}){clientMutationId}}'`, ...INFRA],
  ["gh api graphql query", "gh api graphql -f query='query{viewer{login}}'", ...OK],
  ["gh api -X=DELETE", "gh api -X=DELETE repos/o/r", ...INFRA],
  ["npm unpublish", "npm unpublish pkg --force", ...INFRA],
  ["npm unpublish a version", "npm unpublish pkg@1.0.0", ...INFRA],
  ["pnpm unpublish", "pnpm unpublish pkg@1.0.0", ...INFRA],
  ["npm unpublish --dry-run", "npm unpublish pkg --dry-run", ...OK],
  ["npm view", "npm view pkg", ...OK],
  ["vagrant destroy", "vagrant destroy -f", ...INFRA],
  ["vagrant box remove", "vagrant box remove ubuntu", ...INFRA],
  ["vagrant up", "vagrant up", ...OK],
  ["virsh undefine with its storage", "virsh undefine vm --remove-all-storage", ...INFRA],
  ["virsh vol-delete", "virsh vol-delete disk.qcow2 --pool default", ...INFRA],
  ["virsh list", "virsh list --all", ...OK],
  ["doctl droplet delete", "doctl compute droplet delete web-1 --force", ...INFRA],
  ["doctl droplet list", "doctl compute droplet list", ...OK],
  ["flyctl apps destroy", "flyctl apps destroy my-app --yes", ...INFRA],
  ["fly machine rm", "fly machine rm 123 -a my-app", ...INFRA],
  ["fly with a command the guard cannot see", "fly $CMD", ...INFRA],
  ["fly with a computed second command word", "fly apps $V myapp", ...INFRA],
  ["doctl with a computed third command word", "doctl compute droplet $V 123", ...INFRA],
  ["fly deploy with a computed option value", "fly deploy --image $IMG", ...OK],
  ["fly deploy", "fly deploy", ...OK],
  ["fly ssh runs another program's words", "fly ssh console -C 'rm -rf /tmp/x'", ...OK],
  ["heroku apps:destroy", "heroku apps:destroy --app my-app --confirm my-app", ...INFRA],
  ["heroku logs", "heroku logs --tail", ...OK],
  ["vercel remove", "vercel remove my-app --yes", ...INFRA],
  ["vercel ls", "vercel ls", ...OK],
  ["netlify sites:delete", "netlify sites:delete abc --force", ...INFRA],
  ["netlify deploy", "netlify deploy --prod", ...OK],
  ["npx netlify-cli sites:delete", "npx netlify-cli sites:delete abc", ...INFRA],
  ["npx firebase-tools firestore:delete", "npx firebase-tools firestore:delete --all-collections", ...DATA],
  ["npx vercel remove", "npx vercel remove my-app --yes", ...INFRA],
  ["firebase functions:delete", "firebase functions:delete fn --force", ...INFRA],
  ["firebase hosting:disable", "firebase hosting:disable", ...INFRA],
  ["firebase deploy", "firebase deploy", ...OK],
  ["supabase projects delete", "supabase projects delete abc", ...INFRA],
  ["supabase start", "supabase start", ...OK],
  ["wrangler r2 bucket delete", "wrangler r2 bucket delete b", ...INFRA],
  ["wrangler deploy", "wrangler deploy", ...OK],
  ["kind delete cluster", "kind delete cluster", ...INFRA],
  ["minikube delete", "minikube delete --all", ...INFRA],
  ["k3d cluster delete", "k3d cluster delete dev", ...INFRA],
  ["eksctl delete cluster", "eksctl delete cluster --name prod", ...INFRA],
  ["hcloud server delete", "hcloud server delete web", ...INFRA],
  ["openstack server delete", "openstack server delete web", ...INFRA],
  ["scw instance server delete", "scw instance server delete 11111111-1111-1111-1111-111111111111", ...INFRA],
  ["scw instance server terminate", "scw instance server terminate 11111111-1111-1111-1111-111111111111", ...INFRA],
  ["oci os object bulk-delete", "oci os object bulk-delete --bucket-name B --force", ...INFRA],
  ["railway volume delete", "railway volume delete --volume v1", ...INFRA],
  ["railway environment delete", "railway environment delete staging", ...INFRA],
  ["railway run runs another program's words", "railway run npm run delete", ...OK],
  ["civo instance remove", "civo instance remove web", ...INFRA],
  ["railway down", "railway down -y", ...INFRA],
  ["oci compute instance terminate", "oci compute instance terminate --instance-id ocid1.x --force", ...INFRA],
  ["ibmcloud is instance-delete", "ibmcloud is instance-delete web -f", ...INFRA],
  ["argocd app delete", "argocd app delete guestbook -y", ...INFRA],
  ["flux uninstall", "flux uninstall --silent", ...INFRA],
  ["serverless remove", "serverless remove --stage prod", ...INFRA],
  ["sam delete", "sam delete --stack-name app --no-prompts", ...INFRA],
  ["copilot app delete", "copilot app delete --yes", ...INFRA],
  ["helmfile destroy", "helmfile -e prod destroy", ...INFRA],
  ["skaffold delete", "skaffold delete", ...INFRA],
  ["kind get clusters", "kind get clusters", ...OK],
  ["argocd app sync", "argocd app sync guestbook", ...OK],
  ["serverless deploy", "serverless deploy --stage prod", ...OK],
  ["helmfile apply", "helmfile apply", ...OK],
  ["oci os object list", "oci os object list -bn b", ...OK],
  ["railway up", "railway up", ...OK],
  ["GitHub's copilot with a prompt", "copilot -p delete --allow-all-tools", ...OK],
  ["minikube start", "minikube start", ...OK],
]);

// Hosted databases wiped, and migration tools that drop or roll back (like `prisma migrate reset`).
table("hosted databases and migration tools", [
  ["heroku pg:reset", "heroku pg:reset DATABASE_URL --confirm my-app", ...DATA],
  ["heroku pg:backups:restore", "heroku pg:backups:restore b001 DATABASE_URL --app x --confirm x", ...DATA],
  ["heroku pg:copy", "heroku pg:copy src::DATABASE_URL DATABASE_URL -a dst --confirm dst", ...DATA],
  ["wrangler d1 execute DROP", "wrangler d1 execute mydb --remote --command 'DROP TABLE users'", ...DATA],
  ["wrangler d1 execute SELECT", "wrangler d1 execute mydb --command 'SELECT 1'", ...OK],
  ["firebase firestore:delete", "firebase firestore:delete --all-collections --force", ...DATA],
  ["firebase database:remove", "firebase database:remove / --force", ...DATA],
  ["dbmate drop", "dbmate drop", ...DATA],
  ["dbmate rollback after a folder option", "dbmate -d db/migrations rollback", ...DATA],
  ["goose reset", "goose postgres 'dbname=x' reset", ...DATA],
  ["flyway clean", "flyway -cleanDisabled=false clean", ...DATA],
  ["liquibase dropAll", "liquibase dropAll", ...DATA],
  ["diesel database reset", "diesel database reset", ...DATA],
  ["sqlx database drop", "sqlx database drop -y", ...DATA],
  ["alembic downgrade", "alembic downgrade base", ...DATA],
  ["mikro-orm schema:drop", "mikro-orm schema:drop --run", ...DATA],
  ["dbmate migrate", "dbmate migrate", ...OK],
  ["goose up", "goose postgres 'dbname=x' up", ...OK],
  ["flyway migrate", "flyway migrate", ...OK],
  ["alembic upgrade", "alembic upgrade head", ...OK],
  ["diesel migration run", "diesel migration run", ...OK],
]);

// Signals and power: no reason code of seed 001 fits, and none of them deletes or overwrites a
// file or stored data (docs/check.md, "Decisions where the spec is silent"): they stay ALLOW.
table("signals and power stay allowed", [
  ["kill -9 -1", "kill -9 -1", ...OK],
  ["killall5 -9", "killall5 -9", ...OK],
  ["shutdown", "shutdown -h now", ...OK],
  ["reboot", "reboot", ...OK],
  ["halt", "halt", ...OK],
  ["poweroff", "poweroff", ...OK],
  ["init 0", "init 0", ...OK],
  ["systemctl poweroff", "systemctl poweroff", ...OK],
  ["systemctl reboot", "systemctl reboot", ...OK],
  ["kill a job", "kill %1", ...OK],
]);
