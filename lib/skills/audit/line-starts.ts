/** The offsets where each line of `text` starts; lines end at `\n`. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** The index of the line holding `offset`. */
export function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Line `index` of `text`, without its `\n`. */
export function lineText(text: string, starts: readonly number[], index: number): string {
  const end = index + 1 < starts.length ? starts[index + 1]! - 1 : text.length;
  return text.slice(starts[index]!, end);
}
