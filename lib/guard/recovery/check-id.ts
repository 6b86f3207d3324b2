/** A check id as the classifier generates it: bounded, no spaces, no path separators. */
export const CHECK_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$/;

export function isCheckId(value: unknown): value is string {
  return typeof value === "string" && CHECK_ID_PATTERN.test(value);
}
