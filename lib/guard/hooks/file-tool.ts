import { readlinkSync } from "node:fs";
import { dirname, isAbsolute, normalize } from "node:path";
import type { CheckResult } from "../classify.ts";
import { checkPaths, newCheckId } from "../classify.ts";
import { type DecisionJson, toDecisionJson } from "../decision-json.ts";
import { lstatOrUndefined } from "../fs-probe.ts";
import type { FilesRequest } from "./adapter.ts";
import { linksProtectedFile } from "./linked-protected.ts";
import { classifyPath, type PathContext, resolveTarget } from "../paths.ts";
import { decisionOf, type ReasonCode } from "../reasons.ts";
import { realWorkspace, workspaceConfig } from "../run-check.ts";
import { win32Names } from "../win32-names.ts";

/** Links followed from the named file before the answer is "cannot know" (the kernel's ELOOP limit). */
const MAX_LINK_HOPS = 40;

/**
 * The guard's answer to a file-tool edit: BLOCK_PROTECTED_PATH when the file is protected storage
 * (a control file of the guard or of an agent's hooks, Git metadata, the quarantine, a configured
 * protected path: the same classifyPath the shell policy uses), BLOCK_UNDETERMINABLE_EFFECT when
 * where the path leads cannot be known, and no opinion (undefined) otherwise: ordinary edits,
 * inside the workspace or outside it, are left to the agent's own permission prompts (red team 6
 * C1). The named entry and every link it leads through are classified, as a write follows them;
 * so is the path as spelled, as the policy does for the quarantine. Of several files (a patch),
 * one protected file blocks the call with BLOCK_PROTECTED_PATH, before an unknown one does.
 */
export async function judgeFileTool(req: FilesRequest, env: Record<string, string | undefined>, platform: NodeJS.Platform = process.platform): Promise<DecisionJson | undefined> {
  // On Windows the agent opens the file through Win32: `settings.json.` is settings.json.
  win32Names.value = platform === "win32";
  const { cwd, root } = realWorkspace(req.cwd || process.cwd());
  const config = await workspaceConfig(root, env);
  const pc = checkPaths(cwd, root, config?.protectedPaths ?? [], env);
  const ops = req.files.flatMap((file, index) => {
    const reason = _worst(_spellings(file, pc.home).map((f) => _reason(f, cwd, pc)));
    return reason === undefined ? [] : [{ index, kind: "overwrite" as const, verb: req.tool, decision: decisionOf(reason), reason, target_count: 1 }];
  });
  if (ops.length === 0) return undefined;
  const reasons = [...new Set(ops.map((o) => o.reason))];
  const reason = reasons.includes("BLOCK_PROTECTED_PATH") ? "BLOCK_PROTECTED_PATH" : reasons[0]!;
  const result: CheckResult = { checkId: newCheckId(), decision: decisionOf(reason), reason, reasons, dialect: null, ops, allowedByConfig: [] };
  return toDecisionJson(result);
}

/**
 * The paths a tool's file may name: itself, and for a leading `~` also the home folder's path, as
 * agents that expand it write there (red team 9 H2: `~/.claude/settings.json`).
 */
function _spellings(file: string, home: string): string[] {
  return /^~(?=\/|$)/.test(file) ? [file, `${home}${file.slice(1)}`] : [file];
}

function _worst(reasons: Array<ReasonCode | undefined>): ReasonCode | undefined {
  return reasons.find((r) => r === "BLOCK_PROTECTED_PATH") ?? reasons.find((r) => r !== undefined);
}

function _reason(file: string, cwd: string, pc: PathContext): ReasonCode | undefined {
  // `//x` is `/x` to the kernel; resolveTarget keeps a leading `//` unknown (a Windows share).
  const spelled = (isAbsolute(file) ? file : `${cwd}/${file}`).replace(/^\/{2,}/, "/");
  if (classifyPath(normalize(spelled).replace(/(.)\/+$/, "$1"), pc) === "protected") return "BLOCK_PROTECTED_PATH";
  const reached = _reached(spelled, cwd, pc);
  if (reached === null) return "BLOCK_UNDETERMINABLE_EFFECT";
  // A file with another name in protected storage (a hard link) is that storage.
  return reached.some((p) => classifyPath(p, pc) === "protected") || linksProtectedFile(reached.at(-1)!, pc) ? "BLOCK_PROTECTED_PATH" : undefined;
}

/** The named entry (its folders' links resolved as the policy does) and each link target after it; null when unknown. */
function _reached(path: string, cwd: string, pc: PathContext): string[] | null {
  const out: string[] = [];
  for (let hop = 0; hop < MAX_LINK_HOPS; hop++) {
    const resolved = resolveTarget({ value: path, pattern: path, dynamic: false, glob: false, quoted: true }, cwd, pc.realDirs);
    if (resolved.kind !== "paths" || resolved.paths.length !== 1) return null;
    const entry = resolved.paths[0]!;
    out.push(entry);
    if (!lstatOrUndefined(entry)?.isSymbolicLink()) return out;
    let link: string;
    try {
      link = readlinkSync(entry);
    } catch {
      return null;
    }
    path = (isAbsolute(link) ? link : `${dirname(entry)}/${link}`).replace(/^\/{2,}/, "/");
  }
  return null;
}
