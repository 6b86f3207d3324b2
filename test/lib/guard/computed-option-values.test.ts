import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { ASK_OUT, NOOP, OK, PROTECTED, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 10: option readers on getopt.ts optionWalk took a computed word with a known option
// start (`-o$X`, `--output=$X`, `-f"$F"`, `-t$X`) for an operand, although getopt.ts mayBeOption
// says it is the option it names: the value of a computed output option was never judged. Each
// row of the first table of each reader was ALLOW before (unknown now, as the same option with a
// separate computed word, `gcc -o "$X"`, already was); the second shows literal values judged as
// before.
const DISK: [Decision, ReasonCode] = ["BLOCK", "BLOCK_DISK_DESTROY"];
const fx = useGuardFixture();
const table = verdictRows(fx);
writeFileSync(join(fx.ws, "a.c"), "int main(){return 0;}\n");
writeFileSync(join(fx.ws, "a.o"), "x");
writeFileSync(join(fx.ws, "a.txt"), "a\n");

table("output-options.ts: a computed output option's value is unknown", [
  ["iconv -o$X", "iconv -f utf-8 -t ascii -o$X a.txt", ...UNKNOWN],
  ["iconv --output=$X", "iconv --output=$X a.txt", ...UNKNOWN],
  ["iconv --out$X (the expansion may end or go on with the name)", "iconv --out$X a.txt", ...UNKNOWN],
  ["iconv -c$X (the rest may be `o FILE`)", "iconv -c$X a.txt", ...UNKNOWN],
  ["openssl enc -out=$X", "openssl enc -aes256 -in a.txt -out=$X", ...UNKNOWN],
  ["openssl -out$X", "openssl enc -in a.txt -out$X", ...UNKNOWN],
  ["go build -o=$X", "go build -o=$X ./cmd/x", ...UNKNOWN],
  ["pg_dump -f$X", "pg_dump -f$X db", ...UNKNOWN],
  ["pg_dump -Fc -f$X", "pg_dump -Fc -f$X db", ...UNKNOWN],
  ["pg_dump --file=$X", "pg_dump --file=$X db", ...UNKNOWN],
  ["mysqldump -r$X", "mysqldump -r$X db", ...UNKNOWN],
  ["mysqldump --result-file=$X", "mysqldump --result-file=$X db", ...UNKNOWN],
  ["pandoc -o$X", "pandoc README.md -o$X", ...UNKNOWN],
  ["gpg -o$X", "gpg -o$X -d a.txt", ...UNKNOWN],
]);

table("output-options.ts: literal and other computed values as before", [
  ["iconv -o a new file", "iconv -o b.txt a.txt", ...NOOP],
  ["iconv -oFILE onto /etc", "iconv -o/etc/x a.txt", ...PROTECTED],
  ["iconv -f$X is the input encoding", "iconv -f$X -t ascii a.txt", ...OK],
  ["openssl -out=/etc/x", "openssl enc -in a.txt -out=/etc/x", ...PROTECTED],
  ["openssl -in$X reads", "openssl enc -in$X -out b.txt", ...NOOP],
  ["go build -o=/etc/x", "go build -o=/etc/x", ...PROTECTED],
  ["go build -ldflags=$X", "go build -ldflags=$X -o bin/x", ...NOOP],
  ["pg_dump -h$H -U$U -f FILE", "pg_dump -h$H -U$U -f ~/.bashrc db", ...ASK_OUT],
  ["mysqldump -p$PASS (its rest is the password)", "mysqldump -u root -p$PASS db", ...OK],
]);

table("tool-outputs.ts: a computed output option's value is unknown", [
  ["gcc -o$X", "gcc -o$X a.c", ...UNKNOWN],
  ["gcc -o\"$F\"", 'gcc -o"$F" a.c', ...UNKNOWN],
  ["gcc --output=$X", "gcc --output=$X a.c", ...UNKNOWN],
  ["gcc -MF$X", "gcc -MD -MF$X -c a.c", ...UNKNOWN],
  ["gcc -M$X (the rest may be `F FILE`)", "gcc -M$X -c a.c", ...UNKNOWN],
  ["ld -o$X", "ld -o$X a.o", ...UNKNOWN],
  ["ld -Map=$X", "ld -Map=$X a.o", ...UNKNOWN],
  ["ld --output=$X", "ld --output=$X a.o", ...UNKNOWN],
  ["nasm -o$X", "nasm -felf64 -o$X a.asm", ...UNKNOWN],
  ["rustc -o$X", "rustc -o$X a.rs", ...UNKNOWN],
  ["rustc --out-dir=$X", "rustc --out-dir=$X a.rs", ...UNKNOWN],
]);

table("tool-outputs.ts: literal and other computed values as before", [
  ["gcc -oFILE", "gcc -ox a.c", ...NOOP],
  ["gcc -o/etc/x", "gcc -o/etc/x a.c", ...PROTECTED],
  ["gcc -O$LEVEL -I$INC -D$DEF", "gcc -O$LEVEL -I$INC -D$DEF -o x a.c", ...NOOP],
  ["ld -o FILE", "ld -o ~/.bashrc a.o", ...ASK_OUT],
  ["ar x --output DIR", "ar x --output /etc a.a", ...PROTECTED],
  ["ar x --output$X (may be --output=DIR; unknown before too)", "ar x --output$X a.a", ...UNKNOWN],
]);

table("tar-args.ts: a computed archive or option is unknown", [
  ["tar -cf$X", "tar -cf$X src", ...UNKNOWN],
  ["tar -czf\"$F\"", 'tar -czf"$F" src', ...UNKNOWN],
  ["tar --file=$X -c", "tar --file=$X -c src", ...UNKNOWN],
  ["tar -c --file=$X", "tar -c --file=$X src", ...UNKNOWN],
  ["tar -c$X (the rest may be `f FILE`, `I CMD`)", "tar -c$X src", ...UNKNOWN],
  ["tar cf$X (a traditional first word)", "tar cf$X src", ...UNKNOWN],
  ["tar --f$X (may be --file=, --to-command=)", "tar -c --f$X src", ...UNKNOWN],
]);

table("tar-args.ts: literal values as before", [
  ["tar -cf a new archive", "tar -czf out.tgz src", ...NOOP],
  ["tar -cfFILE onto /etc", "tar -cf/etc/x src", ...PROTECTED],
  ["tar cf onto /etc", "tar cf /etc/x src", ...PROTECTED],
]);

table("copy-args.ts: a computed target folder is unknown", [
  ["cp -t$X", "cp -t$X a.txt", ...UNKNOWN],
  ["cp --target-directory=$X", "cp --target-directory=$X a.txt", ...UNKNOWN],
  ["cp --t$X (may be --target-directory=)", "cp --t$X a.txt b.txt", ...UNKNOWN],
  ["cp -r$X (the rest may be `t DIR`)", "cp -r$X a.txt b.txt", ...UNKNOWN],
  ["cp -r\"$X\"", 'cp -r"$X" a.txt b.txt', ...UNKNOWN],
  ["cp -$X (any option)", "cp -$X a.txt b.txt", ...UNKNOWN],
  ["cp --$X (any long option)", "cp --$X a.txt b.txt", ...UNKNOWN],
]);

table("copy-args.ts: literal values as before", [
  ["cp -t DIR", "cp -t /etc a.txt", ...PROTECTED],
  ["cp -tDIR", "cp -t/etc a.txt", ...PROTECTED],
  ["cp -S$X: the rest is the backup suffix", "cp -bS$X a.txt b.txt", ...NOOP],
  ["install -m$M: the rest is the mode", "install -m$M a.txt /etc/x", ...PROTECTED],
  ["cp a new file", "cp a.txt b.txt", ...NOOP],
  ["cp --ta=DIR (an abbreviation, getopt.ts longChoices)", "cp --ta=/etc a.txt", ...PROTECTED],
  ["mv --ta DIR (its value the next word)", "mv --ta /etc a.txt", ...PROTECTED],
  ["cp --s=x is ambiguous: no target read", "cp --s=/etc a.txt b.txt", ...NOOP],
]);

// The flag readers (device-writers.ts, file-erasers.ts, account-removals.ts, patch.ts, csplit.ts,
// compressors.ts) and output-writers.ts' own loops: a computed option word whose rest may be any
// (getopt.ts openOption) may be the dangerous option, as mayBeOption's words are.
table("flag and output readers: a computed option is read, an open one may be any", [
  ["badblocks -o$X", "badblocks -o$X /dev/sda", ...UNKNOWN],
  ["badblocks -s$X (may be -sw)", "badblocks -s$X /dev/sda", ...UNKNOWN],
  ["mdadm -v$X", "mdadm -v$X /dev/md0", ...DISK],
  ["flashrom -V$X (may be -Vw)", "flashrom -V$X -p internal", ...DISK],
  ["lvresize -r$X (may be -rL-10G)", "lvresize -r$X vg/lv", ...DISK],
  ["e2fsck -f$X (may be -fy)", "e2fsck -f$X /dev/sda1", ...DISK],
  ["fsck -C$X (may be -Cy)", "fsck -C$X /dev/sda1", ...DISK],
  ["partclone -o$X", "partclone.ext4 -c -s /dev/sda1 -o$X", ...UNKNOWN],
  ["ntfsclone -o$X", "ntfsclone -o$X /dev/sda1", ...UNKNOWN],
  ["ntfsclone -f$X (may be -fO DEV)", "ntfsclone -f$X /dev/sda1", ...UNKNOWN],
  ["fallocate -k$X (may be -kp)", "fallocate -k$X -l 1 a.txt", ...RELOCATE],
  ["passwd -S$X (may be -Sd)", "passwd -S$X bob", ...UNKNOWN],
  ["usermod -a$X (may be -aL)", "usermod -a$X bob", ...UNKNOWN],
  ["csplit -f$X", "csplit -f$X a.txt 1", ...UNKNOWN],
  ["csplit -s$X (may be -sf PREFIX)", "csplit -s$X a.txt 1", ...UNKNOWN],
  ["gs -sOutputFile=$X", "gs -sDEVICE=pdfwrite -sOutputFile=$X in.pdf", ...UNKNOWN],
  ["protoc --go_out=$D", "protoc --go_out=$D a.proto", ...UNKNOWN],
  ["protoc -o$F", "protoc -o$F a.proto", ...UNKNOWN],
]);

table("flag and output readers: literal and valued computed words as before", [
  ["badblocks -b$BS reads", "badblocks -b$BS /dev/sda", ...OK],
  ["badblocks -sv reads", "badblocks -sv /dev/sda", ...OK],
  ["mdadm --detail", "mdadm --detail /dev/md0", ...OK],
  ["e2fsck -n$X is read-only", "e2fsck -n$X /dev/sda1", ...OK],
  ["e2fsck -f", "e2fsck -f /dev/sda1", ...OK],
  ["fallocate -l$N reserves", "fallocate -l$N a.txt", ...OK],
  ["usermod -aG$G", "usermod -aG$G bob", ...OK],
  ["passwd -S", "passwd -S bob", ...OK],
  ["csplit -f PREFIX", "csplit -f x a.txt 1", ...NOOP],
  ["gzip -9", "gzip -9 a.txt", ...OK],
  ["zstd -T0", "zstd -T0 a.txt", ...OK],
  ["protoc --go_out=DIR", "protoc --go_out=gen a.proto", ...OK],
  ["partclone -o FILE", "partclone.ext4 -c -s /dev/sda1 -o img", ...NOOP],
]);

// A computed value of an option that takes one was an operand before, and that reading was wrong.
table("flag and output readers: a computed value in its option's place, not an operand", [
  ["uniq -f$X IN OUT writes OUT (was unknown: the computed word was IN)", "uniq -f$X a.txt b.txt", ...NOOP],
  ["zstd -T$N (was unknown: read as an input)", "zstd -T$N a.txt", ...OK],
  ["xz -T$N", "xz -kT$N a.txt", ...OK],
  ["sass -I$X in out (was unknown: read as the input)", "sass -I$X in.scss out.css", ...NOOP],
  ["pdftotext -f$X IN OUT (was unknown: OUT was IN's place)", "pdftotext -f$X in.pdf ~/.bashrc", ...ASK_OUT],
]);

// A computed word whose known text is only dashes (getopt.ts dashWord: `-$X`, `--$X`) may be any
// option, the output's too (`-o/etc/x`, `-cf/etc/x`). Each was ALLOW before.
table("a computed word of dashes only may be the output option", [
  ["gcc -$X", "gcc -$X a.c", ...UNKNOWN],
  ["gcc --$X", "gcc --$X a.c", ...UNKNOWN],
  ["iconv -$X", "iconv -$X a.txt", ...UNKNOWN],
  ["pg_dump -$X", "pg_dump -$X db", ...UNKNOWN],
  ["openssl enc -$X", "openssl enc -$X -in a.txt", ...UNKNOWN],
  ["tar -$X", "tar -$X src", ...UNKNOWN],
  ["tar --$X", "tar --$X src", ...UNKNOWN],
  ["csplit -$X", "csplit -$X a.txt 1", ...UNKNOWN],
]);

// Session 11: curl and wget read a computed long word with no `=` only when its known text was a
// whole name (`--out$X ~/.bashrc` and `-s$X ~/.bashrc`, which may be `--output`/`-so`, were ALLOW).
table("download-targets.ts: a computed option of curl or wget may be its output option", [
  ["curl --out$X FILE", "curl --out$X ~/.bashrc http://127.0.0.1/x", ...UNKNOWN],
  ["curl -s$X FILE", "curl -s$X ~/.bashrc http://127.0.0.1/x", ...UNKNOWN],
  ["wget --out$X FILE", "wget --out$X ~/.bashrc http://127.0.0.1/x", ...UNKNOWN],
  ["wget -q$X FILE", "wget -q$X ~/.bashrc http://127.0.0.1/x", ...UNKNOWN],
]);

table("a bare computed word is still an operand to the output readers", [
  ["gcc $CFLAGS -o app", "gcc $CFLAGS -o app a.c", ...NOOP],
  ["go build -ldflags \"-X main.v=$V\"", 'go build -ldflags "-X main.v=$V" -o bin/app ./cmd/app', ...NOOP],
  ["tar --exclude=$X", "tar --exclude=$X -czf out.tgz src", ...NOOP],
]);
