import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Fourth red-team pass: programs that write files through options the third pass did not read
// (attached values, compiler-family outputs, tar's index and snapshot files, gpg's status and log
// files, csplit's pieces). Real bash overwrote ~/.bashrc or .git files behind an ALLOW.
const fx = useGuardFixture();
const H = fx.home;
writeFileSync(join(fx.ws, "x.c"), "int main(){return 0;}\n");
writeFileSync(join(fx.ws, "x.o"), "x");
writeFileSync(join(fx.ws, "lib.a"), "x");
writeFileSync(join(fx.ws, "dots.tar"), "x");

const ROWS: Array<[string, string, Decision]> = [
  // 7. Attached values of output options.
  ["gcc -oFILE", `gcc -o${H}/.bashrc x.c`, "ASK"],
  ["gcc x.c -oFILE", `gcc x.c -o${H}/.bashrc`, "ASK"],
  ["cc -o.git/index", "cc -o.git/index x.c", "BLOCK"],
  ["gcc --output=FILE", `gcc --output=${H}/.bashrc x.c`, "ASK"],
  ["gcc --output FILE", "gcc --output ~/.bashrc x.c", "ASK"],
  ["gcc -MF FILE (dependency file)", "gcc -MD -MF ~/.bashrc -c x.c", "ASK"],
  ["gcc -MFFILE attached", `gcc -MD -MF${H}/.bashrc -c x.c`, "ASK"],
  ["clang -oFILE behind sudo", `sudo clang -o${H}/.bashrc x.c`, "ASK"],
  ["g++ -oFILE inside bash -c", `bash -c 'g++ -o${H}/.bashrc x.c'`, "ASK"],
  ["ld -oFILE", `ld -o${H}/.bashrc x.o`, "ASK"],
  ["ld --output=FILE", `ld --output=${H}/.bashrc x.o`, "ASK"],
  ["ld --out abbreviated", "ld --out ~/.bashrc x.o", "ASK"],
  ["ld -Map=FILE", `ld -Map=${H}/.bashrc -o app x.o`, "ASK"],
  ["ld -Map FILE", "ld -Map ~/.bashrc -o app x.o", "ASK"],
  ["rustc -oFILE", `rustc -o${H}/.bashrc x.rs`, "ASK"],
  // 8. Compiler-family outputs.
  ["cpp's second operand", "cpp x.c ~/.bashrc", "ASK"],
  ["cpp -o", "cpp -o ~/.bashrc x.c", "ASK"],
  ["cpp second operand into .git", "cpp x.c .git/index", "BLOCK"],
  ["as -o", "as -o ~/.bashrc x.s", "ASK"],
  ["as -oFILE", `as -o${H}/.bashrc x.s`, "ASK"],
  ["as -al=FILE listing", `as -al=${H}/.bashrc x.s`, "ASK"],
  ["as --MD FILE", "as --MD ~/.bashrc x.s", "ASK"],
  ["strip -o", "strip -o ~/.bashrc x.o", "ASK"],
  ["strip -oFILE", `strip -o${H}/.bashrc x.o`, "ASK"],
  ["strip --output-file=", `strip --output-file=${H}/.bashrc x.o`, "ASK"],
  ["strip in place outside", "strip ~/.bashrc", "ASK"],
  ["strip in place in .git", "strip .git/index", "BLOCK"],
  ["objcopy IN OUT", "objcopy x.o ~/.bashrc", "ASK"],
  ["objcopy in place outside", "objcopy -O binary ~/.bashrc", "ASK"],
  ["objcopy --dump-section", `objcopy --dump-section .text=${H}/.bashrc x.o out.o`, "ASK"],
  ["nasm -o", "nasm -f elf64 -o ~/.bashrc x.asm", "ASK"],
  ["nasm -oFILE", `nasm -felf64 -o${H}/.bashrc x.asm`, "ASK"],
  ["nasm -l listing", "nasm -l ~/.bashrc x.asm", "ASK"],
  ["ar rcs creates or replaces an archive", "ar rcs ~/.bashrc x.o", "ASK"],
  ["ar with a dash", "ar -rcs .git/index x.o", "BLOCK"],
  ["ar q", "ar q ~/.bashrc x.o", "ASK"],
  ["ar r creating a missing startup file", "ar r ~/.profile x.o", "ASK"],
  ["ar d in place", "ar d ~/.bashrc x.o", "ASK"],
  ["ar x extracts into the home folder", "cd ~ && ar x ws/lib.a", "ASK"],
  ["ranlib in place", "ranlib ~/.bashrc", "ASK"],
  ["ranlib into .git", "ranlib .git/index", "BLOCK"],
  // 9. tar's other written files and programs.
  ["tar --index-file=FILE", `tar --index-file=${H}/.bashrc -cvf x.tar src`, "ASK"],
  ["tar --index-file FILE", "tar --index-file ~/.bashrc -cvf x.tar src", "ASK"],
  ["tar --index abbreviated", "tar --index ~/.bashrc -cvf x.tar src", "ASK"],
  ["tar -g FILE", "tar -g ~/.bashrc -cf x.tar src", "ASK"],
  ["tar -gFILE attached", `tar -g${H}/.bashrc -cf x.tar src`, "ASK"],
  ["tar -g in a cluster", "tar -cg ~/.bashrc -f x.tar src", "ASK"],
  ["tar traditional cgf", "tar cgf ~/.bashrc x.tar src", "ASK"],
  ["tar --listed-incremental=FILE", `tar --listed-incremental=${H}/.bashrc -cf x.tar src`, "ASK"],
  ["tar --listed abbreviated", "tar --listed ~/.bashrc -cf x.tar src", "ASK"],
  ["tar --listed-incremental into .git", "tar --listed-incremental=.git/index -cf x.tar src", "BLOCK"],
  ["tar -g creating a missing startup file", "tar -g ~/.profile -cf x.tar src", "ASK"],
  ["tar --volno-file", "tar --volno-file ~/.bashrc -cf x.tar src", "ASK"],
  ["tar --to-command as a separate word", "tar -xf dots.tar --to-command 'rm -rf ~'", "BLOCK"],
  ["tar --to-com= abbreviated", "tar -xf dots.tar --to-com='rm -rf ~'", "BLOCK"],
  ["tar --use-compress-program as a separate word", "tar -cf x.tar --use-compress-program 'rm -rf ~' src", "BLOCK"],
  ["tar --use abbreviated", "tar -cf x.tar --use='rm -rf ~' src", "BLOCK"],
  ["tar -ICMD attached", "tar -cf x.tar '-Irm -rf ~' src", "BLOCK"],
  ["tar traditional cIf", "tar cIf 'rm -rf ~' x.tar src", "BLOCK"],
  ["tar --checkpoint-action exec= as a separate word", "tar -cf x.tar --checkpoint=1 --checkpoint-action 'exec=rm -rf ~' src", "BLOCK"],
  ["tar --checkpoint-ac abbreviated", "tar -cf x.tar --checkpoint=1 --checkpoint-ac='exec=rm -rf ~' src", "BLOCK"],
  ["tar --info-script as a separate word", "tar -cML 1 -f x.tar --info-script 'rm -rf ~' src", "BLOCK"],
  ["tar -FCMD attached", "tar -cML 1 -f x.tar '-Frm -rf ~' src", "BLOCK"],
  ["tar --new-volume abbreviated", "tar -cML 1 -f x.tar --new-volume='rm -rf ~' src", "BLOCK"],
  ["tar --rsh-command as a separate word", "tar -cf h:x.tar --rsh-command 'rm -rf ~' src", "BLOCK"],
  // 10. gpg's written files.
  ["gpg --status-file=FILE", `gpg --status-file=${H}/.bashrc --list-keys`, "ASK"],
  ["gpg --status-file FILE", "gpg --status-file ~/.bashrc --list-keys", "ASK"],
  ["gpg --status-fi abbreviated", "gpg --status-fi ~/.bashrc --list-keys", "ASK"],
  ["gpg --logger-file", "gpg --logger-file ~/.bashrc --list-keys", "ASK"],
  ["gpg --log-file", `gpg --log-file=${H}/.bashrc --list-keys`, "ASK"],
  ["gpg --attribute-file", "gpg --attribute-file ~/.bashrc --list-keys", "ASK"],
  ["gpg --status-file into .git", "gpg --status-file .git/index --list-keys", "BLOCK"],
  ["gpg2 --status-file", "gpg2 --status-file ~/.bashrc --list-keys", "ASK"],
  ["gpgv --status-file", "gpgv --status-file ~/.bashrc x.sig", "ASK"],
  ["gpg --status-file behind sudo", "sudo gpg --status-file ~/.bashrc --list-keys", "ASK"],
  // 11. csplit.
  ["csplit -f -b %.0drc", "csplit -f ~/.bash -b '%.0drc' README.md 1", "ASK"],
  ["csplit --prefix= --suffix-format=", `csplit --prefix=${H}/.bash --suffix-format='%.0drc' README.md 1`, "ASK"],
  ["csplit abbreviated long options", `csplit --pre=${H}/.bash --suf='%.0drc' README.md 1`, "ASK"],
  ["csplit attached -fPREFIX -bFORMAT", `csplit -f${H}/.bash '-b%.0drc' README.md 1`, "ASK"],
  ["csplit {N}: the fifteenth piece is the startup file", "csplit -f ~/.profil -b '%x' README.md 1 '{13}'", "ASK"],
  ["csplit -b '%.0d' makes the prefix itself the name", "csplit -f ~/.bashrc -b '%.0d' README.md 1", "ASK"],
  ["csplit {*} repeats unbounded", "csplit -f ~/.bash -b '%xrc' README.md '/x/' '{*}'", "ASK"],
  ["csplit relative prefix in the home folder", "cd ~ && csplit -f .bash -b '%.0drc' ws/README.md 1", "BLOCK"],
  ["csplit into .git", "csplit -f .git/x README.md 1", "BLOCK"],
  ["csplit behind env", "env csplit -f ~/.bash -b '%.0drc' README.md 1", "ASK"],
  // Harmless lookalikes stay allowed.
  ["gcc -o in the workspace", "gcc -oapp x.c", "ALLOW"],
  ["gcc -O2 -Wall", "gcc -O2 -Wall -fno-omit-frame-pointer -o app x.c", "ALLOW"],
  ["gcc -c", "gcc -c x.c", "ALLOW"],
  ["cpp to stdout", "cpp x.c", "ALLOW"],
  ["cpp into a new workspace file", "cpp x.c out.i", "ALLOW"],
  ["as into the workspace", "as -o y.o x.s", "ALLOW"],
  ["strip -o a new workspace file", "strip -o app.stripped x.o", "ALLOW"],
  ["objcopy into a new workspace file", "objcopy -O binary x.o app.bin", "ALLOW"],
  ["ar r of an existing workspace archive", "ar r lib.a x.o", "ALLOW"],
  ["sed -i of a missing startup file stays allowed", "sed -i d ~/.profile", "ALLOW"],
  ["ar t lists", "ar t ~/lib.a", "ALLOW"],
  ["ar p prints", "ar p ~/lib.a", "ALLOW"],
  ["ar rcs a new workspace archive", "ar rcs libnew.a x.o", "ALLOW"],
  ["ar x in the workspace", "ar x lib.a", "ALLOW"],
  ["tar -g in the workspace", "tar -g snap.snar -cf x.tar src", "ALLOW"],
  ["tar --index-file in the temporary directory", "tar --index-file=/tmp/idx -cvf x.tar src", "ALLOW"],
  ["tar --use-compress-program=zstd", "tar --use-compress-program=zstd -cf x.tar.zst src", "ALLOW"],
  ["tar -I 'zstd -19'", "tar -I 'zstd -19' -cf x.tar.zst src", "ALLOW"],
  ["tar --checkpoint-action=dot", "tar --checkpoint=100 --checkpoint-action=dot -cf x.tar src", "ALLOW"],
  ["tar -V label", "tar -V mylabel -cf x.tar src", "ALLOW"],
  ["gpg --status-fd", "gpg --status-fd 2 --list-keys", "ALLOW"],
  ["gpg --logger-fd", "gpg --logger-fd 2 --list-keys", "ALLOW"],
  ["gpg --status-file in the workspace", "gpg --status-file status.txt --list-keys", "ALLOW"],
  ["gpg --status-file /dev/stderr", "gpg --status-file /dev/stderr --list-keys", "ALLOW"],
  ["csplit in the workspace", "csplit README.md 2", "ALLOW"],
  ["csplit with a workspace prefix", "csplit -f part- -b '%03d.txt' README.md '/x/' '{*}'", "ALLOW"],
  ["csplit into the temporary directory", "csplit -f /tmp/part README.md 1", "ALLOW"],
  ["csplit -n 0 next to a startup file", "csplit -n 0 -f ~/.bashrc README.md 1", "ALLOW"],
];

describe("red-team 4: files programs write through options", () => {
  for (const [name, command, decision] of ROWS) {
    test(name, () => {
      expect(classify({ command, cwd: fx.ws, env: fx.env }).decision).toBe(decision);
    });
  }
});
