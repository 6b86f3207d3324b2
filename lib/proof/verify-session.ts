import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { LeogrielError } from "../core/errors.ts";
import { loadTrustedKeys } from "../core/keys.ts";
import { receiptPathOf, RECEIPT_RELATIVE_PATH, refuseSymlinkedPath } from "./control-paths.ts";
import type { Limits } from "./limits.ts";
import { matchRepository, type RepositoryMatch } from "./repository-match.ts";
import { requireRepositoryRoot } from "./repository-root.ts";
import { readRegularFile } from "./read-regular-file.ts";
import { readRequest } from "./request.ts";
import { verifySessionReceipt, type ReceiptVerification } from "./verify-receipt.ts";

export interface VerifyOptions {
  requestPath: string;
  cwd: string;
  trustedKeysPath?: string;
  limits: Limits;
}

export interface VerifyReport extends Omit<ReceiptVerification, "predicate"> {
  receipt: string;
  /** Null when the receipt is not valid: its commitments cannot be relied on. */
  repository: RepositoryMatch | null;
}

/**
 * Verifies the repository's session receipt under a verify request: the receipt itself, then,
 * only when it is valid, whether the repository still matches its final commitments.
 * @throws {LeogrielError} request errors, `control_path_symlink`, `receipt_not_found`,
 *   `trusted_keys_invalid`, `git_unavailable`, `git_repository_required` (exit 1)
 */
export async function verifySession(options: VerifyOptions): Promise<VerifyReport> {
  const root = await requireRepositoryRoot(options.cwd);
  const requestFile = resolve(realpathSync(options.cwd), options.requestPath);
  refuseSymlinkedPath(root, requestFile);
  readRequest(requestFile, "verify");
  const receiptFile = receiptPathOf(root);
  refuseSymlinkedPath(root, receiptFile);
  const trusted = options.trustedKeysPath ? loadTrustedKeys(resolve(options.cwd, options.trustedKeysPath)) : undefined;
  const text = _readReceipt(receiptFile, options.limits);
  const verification =
    text === undefined
      ? { ...verifySessionReceipt("", trusted), problems: ["the receipt is too large or not UTF-8"] }
      : verifySessionReceipt(text, trusted);
  const { predicate, ...rest } = verification;
  const repository = verification.receipt_valid && predicate ? await matchRepository(root, predicate, options.limits) : null;
  return { receipt: RECEIPT_RELATIVE_PATH, ...rest, repository };
}

function _readReceipt(path: string, limits: Limits): string | undefined {
  try {
    return readRegularFile(path, { maxBytes: limits.receipt_max_bytes, label: RECEIPT_RELATIVE_PATH });
  } catch (err) {
    if (!(err instanceof LeogrielError)) throw err;
    if (err.code === "file_not_found") {
      throw new LeogrielError("receipt_not_found", `Cannot verify: ${RECEIPT_RELATIVE_PATH} does not exist`, { exitCode: 1 });
    }
    if (err.code === "file_too_large" || err.code === "invalid_utf8") return undefined;
    throw new LeogrielError("receipt_unreadable", err.message, { exitCode: 1 });
  }
}
