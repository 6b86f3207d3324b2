import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, verdictRows } from "../../support/verdict-rows.ts";

// `git archive TREE | tar -x` in the work tree writes the tracked files of TREE over their
// uncommitted changes, as `git checkout TREE -- .` does (effects/tar.ts). Red team session 11,
// finding 9: ALLOW (a sandbox run showed the edit gone) while the checkout is snapshotted first.
const fx = useGuardFixture();
const table = verdictRows(fx);
const SNAPSHOT: [Decision, ReasonCode] = ["SNAPSHOT", "SNAPSHOT_GIT_WORKTREE"];

table("a piped git archive extracted over the work tree", [
  ["the checkout it equals", "git checkout -- .", ...SNAPSHOT],
  ["tar -x", "git archive HEAD | tar -x", ...SNAPSHOT],
  ["tar -xf -", "git archive HEAD | tar -xf -", ...SNAPSHOT],
  ["-C the same folder", "git archive --format=tar HEAD src | tar -x -C .", ...SNAPSHOT],
  ["one path", "git archive HEAD src/main.ts | tar -x", ...SNAPSHOT],
  ["compressed", "git archive --format=tar.gz HEAD | tar -xz", ...SNAPSHOT],
  ["bsdtar", "git archive HEAD | bsdtar -xf -", ...SNAPSHOT],
  ["from a subfolder", "cd src && git archive HEAD | tar -x", ...SNAPSHOT],
  ["an empty prefix", "git archive --prefix= HEAD | tar -x", ...SNAPSHOT],
  ["the ./ prefix", "git archive --prefix ./ HEAD | tar -x", ...SNAPSHOT],
]);

table("an archive extracted elsewhere, or kept off existing files", [
  ["another folder", "git archive HEAD | tar -x -C build", ...OK],
  ["under a prefix", "git archive --prefix=copy/ HEAD | tar -x", ...OK],
  ["-k keeps existing files", "git archive HEAD | tar -xk", ...OK],
  ["--skip-old-files", "git archive HEAD | tar -x --skip-old-files", ...OK],
  ["--strip-components", "git archive HEAD | tar -x --strip-components=1", ...OK],
  ["another repository", "git -C /tmp/other archive HEAD | tar -x", ...OK],
  ["a listing", "git archive HEAD | tar -t", ...OK],
  ["to stdout", "git archive HEAD | tar -xO", ...OK],
  ["an unknown archive", "tar -xf /tmp/x.tar", ...OK],
]);

// Session 12 (tar.ts gitArchiveFile): the archive written to a file first, then extracted by name
// (each SNAPSHOT row below was ALLOW_NOOP, the new archive file its only verdict).
table("a git archive written with -o, then extracted over the work tree", [
  ["-o FILE, then tar -xf FILE", "git archive -o f.tar HEAD && tar -xf f.tar", ...SNAPSHOT],
  ["--output=FILE, the traditional tar word", "git archive --output=f.tar HEAD; tar xf f.tar", ...SNAPSHOT],
  ["a file in /tmp", "git archive -o /tmp/f.tar HEAD && tar -xf /tmp/f.tar", ...SNAPSHOT],
  ["-oFILE, a tgz, one path", "git archive -of.tgz HEAD src && tar -xzf f.tgz", ...SNAPSHOT],
  ["from a subfolder, extracted there", "cd src && git archive -o ../f.tar HEAD && tar -xf ../f.tar", ...SNAPSHOT],
  ["-C the same folder", "git archive -o f.tar HEAD && tar -xf f.tar -C .", ...SNAPSHOT],
  ["stdout redirected to the file", "git archive HEAD > f.tar && tar -xf f.tar", ...SNAPSHOT],
  ["stdout redirected with >|, --format=tar", "git archive --format=tar HEAD >| f.tar; tar -xf f.tar", ...SNAPSHOT],
  // review (revC): the command's own redirection is a change before git's writing of the file
  ["-o FILE, stderr to a list", "git archive -v -o f.tar HEAD 2> list.txt && tar -xf f.tar", ...SNAPSHOT],
  ["-o FILE, stdout to another file", "git archive -o f.tar HEAD > g.tar && tar -xf f.tar", ...SNAPSHOT],
  // review (revC): tar's default archive from TAPE is the file too
  ["TAPE names the file", "git archive -o f.tar HEAD && TAPE=f.tar tar -x", ...SNAPSHOT],
]);

table("a git archive file extracted elsewhere, or not the one git wrote", [
  ["another folder", "git archive -o f.tar HEAD && tar -xf f.tar -C /tmp/x", "ALLOW", "ALLOW_NOOP"],
  ["-k keeps existing files", "git archive -o f.tar HEAD && tar -xkf f.tar", "ALLOW", "ALLOW_NOOP"],
  ["under a prefix", "git archive --prefix=p/ -o f.tar HEAD && tar -xf f.tar", "ALLOW", "ALLOW_NOOP"],
  ["rewritten since", "git archive -o f.tar HEAD && curl -o f.tar https://x.example && tar -xf f.tar", "ALLOW", "ALLOW_NOOP"],
  ["git run in another folder", "git -C build archive -o f.tar HEAD && tar -xf f.tar", "ALLOW", "ALLOW_NOOP"],
  ["a subfolder's archive, extracted above it", "cd src && git archive -o ../f.tar HEAD && cd .. && tar -xf f.tar", "ALLOW", "ALLOW_NOOP"],
  ["a listing", "git archive -o f.tar HEAD && tar -tf f.tar", "ALLOW", "ALLOW_NOOP"],
  ["to stdout", "git archive -o f.tar HEAD && tar -xOf f.tar", "ALLOW", "ALLOW_NOOP"],
  ["stderr redirected to the file", "git archive HEAD 2> f.tar && tar -xf f.tar", "ALLOW", "ALLOW_NOOP"],
  ["stdout redirected again elsewhere", "git archive HEAD > f.tar > g.tar && tar -xf f.tar", "ALLOW", "ALLOW_NOOP"],
  // review (revC): tar reads `a:b` from host a (rmt), not the file git wrote; --force-local reads the file
  ["a host:path name", "git archive -o a:b HEAD && tar -xf a:b", "ALLOW", "ALLOW_NOOP"],
  ["a host:path name, --force-local", "git archive -o a:b HEAD && tar -xf a:b --force-local", ...SNAPSHOT],
]);

// Session 12 (settings, tar, gcloud ssh: tar.ts _gitArchiveAt): git's global options before
// `archive`, `-C DIR` where git runs and `-o FILE` is read from (each SNAPSHOT row was ALLOW_NOOP,
// the piped one ALLOW_NO_EFFECT).
table("a git archive after git's global options", [
  ["-C a folder, extracted there", "git -C src archive -o f.tar HEAD && tar -xf src/f.tar -C src", ...SNAPSHOT],
  ["-C a folder, extracted there after cd", "git -C src archive -o f.tar HEAD && cd src && tar -xf f.tar", ...SNAPSHOT],
  ["-C the same folder", "git -C . archive -o f.tar HEAD && tar -xf f.tar", ...SNAPSHOT],
  ["-c K=V", "git -c core.quotepath=off archive -o f.tar HEAD && tar -xf f.tar", ...SNAPSHOT],
  ["-C DIR, stdout redirected from the shell's folder", "git -C src archive HEAD > f.tar && tar -xf f.tar -C src", ...SNAPSHOT],
  ["-C DIR piped", "git -C src archive HEAD | tar -x -C src", ...SNAPSHOT],
  ["-C DIR -C SUB", "git -C src -C .. archive -o f.tar HEAD && tar -xf f.tar", ...SNAPSHOT],
  ["-C DIR, extracted above it", "git -C src archive -o f.tar HEAD && tar -xf src/f.tar", "ALLOW", "ALLOW_NOOP"],
  ["--git-dir", "git --git-dir=other/.git archive -o f.tar HEAD && tar -xf f.tar", "ALLOW", "ALLOW_NOOP"],
  ["a computed -C (git.ts: the output unknown)", 'git -C "$D" archive -o f.tar HEAD && tar -xf f.tar', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
]);

// Session 12 review (revC): bsdtar (macOS's and Windows' tar, `bsdtar` anywhere) extracts a zip as
// it does a tar, so a zip of the work tree is the same discard (each row was ALLOW_NO_EFFECT or
// ALLOW_NOOP; GNU tar refuses a zip, where the snapshot is one taken for nothing).
table("a git archive as a zip, or its format given twice, extracted over the work tree", [
  ["piped to bsdtar", "git archive --format=zip HEAD | bsdtar -x", ...SNAPSHOT],
  ["piped to tar (bsdtar on macOS)", "git archive --format=zip HEAD | tar -x", ...SNAPSHOT],
  ["a zip by its name", "git archive -o f.zip HEAD && bsdtar -xf f.zip", ...SNAPSHOT],
  ["a zip by its name, tar", "git archive -o f.zip HEAD && tar -xf f.zip", ...SNAPSHOT],
  ["a zip by --format", "git archive --format=zip -o f.tar HEAD && tar -xf f.tar", ...SNAPSHOT],
  ["a zip redirected to the file", "git archive --format=zip HEAD > f.zip && tar -xf f.zip", ...SNAPSHOT],
  ["a zip under a prefix", "git archive --format=zip --prefix=p/ HEAD | bsdtar -x", ...OK],
  // the last --format is the one git writes
  ["--format given twice, the last a tar", "git archive --format=tar.xz --format=tar HEAD | tar -x", ...SNAPSHOT],
  ["--format given twice, the last a file", "git archive --format=tar.xz --format tgz -o f.tgz HEAD && tar -xf f.tgz", ...SNAPSHOT],
]);

// Session 13 (tar.ts gitArchiveFile and archiveCopies, archive-git-options.ts): an append, a
// compressor between git and tar, and git archive's options as git reads them (checked in the
// sandbox with git 2.39). Each SNAPSHOT row was ALLOW_NOOP or ALLOW_NO_EFFECT.
table("a git archive appended, compressed, or given abbreviated options", [
  ["stdout appended to the file", "git archive HEAD >> f.tar && tar -xf f.tar", ...SNAPSHOT],
  ["stdout and stderr appended", "git archive HEAD &>> f.tar && tar -xf f.tar", ...SNAPSHOT],
  ["appended, then replaced by a later redirection", "git archive HEAD > g.tar >> f.tar && tar -xf f.tar", ...SNAPSHOT],
  ["gzip'd between", "git archive -o f.tar HEAD && gzip f.tar && tar -xf f.tar.gz", ...SNAPSHOT],
  ["gzip'd between, tar -z", "git archive -o f.tar HEAD && gzip f.tar && tar -xzf f.tar.gz", ...SNAPSHOT],
  ["gzip -k", "git archive -o f.tar HEAD && gzip -k f.tar && tar -xf f.tar.gz", ...SNAPSHOT],
  ["xz", "git archive -o f.tar HEAD && xz f.tar && tar -xJf f.tar.xz", ...SNAPSHOT],
  ["a tgz gunzip'd", "git archive -o f.tgz HEAD && gunzip f.tgz && tar -xf f.tar", ...SNAPSHOT],
  ["gzip -c into a file", "git archive -o f.tar HEAD && gzip -c f.tar > f.tgz && tar -xf f.tgz", ...SNAPSHOT],
  ["piped through gzip into a file", "git archive HEAD | gzip > f.tgz && tar -xzf f.tgz", ...SNAPSHOT],
  ["piped through xz -c into a file", "git archive HEAD | xz -c > f.txz && tar -xJf f.txz", ...SNAPSHOT],
  ["--form=", "git archive --form=zip -o f.tar HEAD && bsdtar -xf f.tar", ...SNAPSHOT],
  ["--form= last", "git archive --format=tar.xz --form=tar HEAD | tar -x", ...SNAPSHOT],
  ["--pre= (an empty prefix)", "git archive --pre= HEAD | tar -x", ...SNAPSHOT],
  ["an empty prefix last", "git archive --prefix=p/ --pre= HEAD | tar -x", ...SNAPSHOT],
  ["--no-prefix last", "git archive --prefix=p/ --no-prefix HEAD | tar -x", ...SNAPSHOT],
  ["--exec without --remote runs here", "git archive --exec=x HEAD | tar -x", ...SNAPSHOT],
]);

table("what git or the line leaves unread", [
  ["--pre=DIR/", "git archive --pre=p/ HEAD | tar -x", ...OK],
  ["--form= of another format", "git archive --form=tar.xz -o f.tar HEAD && tar -xf f.tar", "ALLOW", "ALLOW_NOOP"],
  // git reads --output, --remote and --exec first by their exact names: an abbreviation is refused
  ["--out= (git refuses it)", "git archive --out=f.tar HEAD && tar -xf f.tar", "ALLOW", "ALLOW_NOOP"],
  ["-vo (git refuses -o in a cluster)", "git archive -vo f.tar HEAD && tar -xf f.tar", "ALLOW", "ALLOW_NOOP"],
  ["--rem= (git refuses it)", "git archive --rem=x HEAD | tar -x", ...OK],
  ["an ambiguous option", "git archive --a=x HEAD | tar -x", ...OK],
  ["gzip'd, then rewritten", "git archive -o f.tar HEAD && gzip f.tar && echo x > f.tar.gz && tar -xf f.tar.gz", "ALLOW", "ALLOW_NOOP"],
  ["changed before gzip", "git archive -o f.tar HEAD && echo x >> f.tar && gzip f.tar && tar -xf f.tar.gz", "ALLOW", "ALLOW_NOOP"],
  ["gzip'd, the original extracted", "git archive -o f.tar HEAD && gzip f.tar && tar -xf f.tar", "ALLOW", "ALLOW_NOOP"],
  ["piped through gzip under a prefix", "git archive --prefix=p/ HEAD | gzip > f.tgz && tar -xzf f.tgz", "ALLOW", "ALLOW_NOOP"],
  ["gzip -t tests only", "git archive -o f.tar HEAD && gzip -t f.tar > f.tgz && tar -xf f.tgz", "ALLOW", "ALLOW_NOOP"],
  ["piped through gzip, extracted elsewhere", "git archive HEAD | gzip > f.tgz && tar -xzf f.tgz -C build", "ALLOW", "ALLOW_NOOP"],
  ["gzip'd, extracted elsewhere", "git archive -o f.tar HEAD && gzip f.tar && tar -xf f.tar.gz -C /tmp/x", "ALLOW", "ALLOW_NOOP"],
]);
