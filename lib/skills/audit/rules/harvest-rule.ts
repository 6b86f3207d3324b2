import type { RawFinding } from "../finding.ts";
import { KeywordSet } from "../keyword-index.ts";
import type { ScanFile } from "../scan-file.ts";
import { makeFinding } from "./line-rule.ts";
import { negatedBefore } from "./patterns.ts";

// Putting something back into the agent's own output: echo it back, repeat it verbatim, add it
// to every reply.
const INTO_OUTPUT = /\b(?:echo(?:es|ing)?|repeat(?:s|ing)?|weav(?:e|es|ing)|includ(?:e|es|ing)|insert(?:s|ing)?|append(?:s|ing)?|add(?:s|ing)?)\b[^.!?]{0,80}?\b(?:back\b|verbatim\b|(?:in|into|to|at the (?:end|start|beginning|bottom|top) of)\s+(?:every|each|all|any|your)\s+(?:reply|replies|response|responses|answer|answers|output|outputs)\b)/i;
const SECRET_DATA = /\b(?:passwords?|passphrases?|credentials?|api[ _-]?keys?|secrets?|tokens?|private (?:keys?|information|data|details)|personal (?:details|data|information)|account (?:details|numbers?)|sensitive (?:values?|data|information|details)|user-provided data|card numbers?)\b/i;
// Whose data: the person in the conversation, not an API's.
const FROM_USER = /\b(?:user(?:-provided|'s)?|they|you|your|shares?|shared|provided|mentions?|mentioned|tells?)\b/i;
// Text about attacks, not one (narrower than documentationContext: "for example" introduces the
// instruction itself in the attacks this rule is for).
const ABOUT_ATTACKS = /\b(?:detect\w*|attackers?|malicious|injection|phrases? like|patterns? like|is an example)\b/i;
const WORDS = new KeywordSet(["echo", "repeat", "weav", "includ", "insert", "append", "add", "verbatim"]);
const BLOCK_START = /^\s*(?:[-*+]|\d+[.)])\s|^\s*#/;
const SPAN = 12;

/**
 * Prose that tells the agent to collect what the user shares (passwords, credentials, personal
 * details) and put it back into its replies: a paraphrased exfiltration injection that needs a
 * whole sentence to see, so sentences are rebuilt from the Markdown paragraph or list item
 * around each candidate line. Heuristic: a warning at most (seed 000).
 */
export function harvestFindings(file: ScanFile): RawFinding[] {
  if (!file.markdown) return [];
  const out: RawFinding[] = [];
  const done = new Set<number>();
  for (const index of file.linesWith(WORDS)) {
    if (done.has(index) || file.region(index) === "code") continue;
    const block = _block(file, index);
    for (const i of block) done.add(i);
    const text = block.map((i) => file.segments(i)[0]?.text.trim() ?? "").join(" ");
    for (const sentence of text.split(/(?<=[.!?])\s+/)) {
      const into = INTO_OUTPUT.exec(sentence);
      if (!into || !SECRET_DATA.test(sentence) || !FROM_USER.test(sentence) || ABOUT_ATTACKS.test(sentence)) continue;
      if (negatedBefore(sentence.toLowerCase(), into.index)) continue;
      const at = block.find((i) => file.segments(i)[0]?.text.includes(into[0].split(/\s/)[0]!)) ?? block[0]!;
      out.push(makeFinding("injection/data-harvest", file.segments(at)[0]!, 0, "Tells the agent to gather what the user shares (passwords, credentials, personal details) and repeat it in its replies"));
    }
  }
  return out;
}

// The paragraph or list item holding line `index`: up to a blank line, a heading, a fence or the
// next item, at most SPAN lines each way.
function _block(file: ScanFile, index: number): number[] {
  const prose = (i: number) => file.region(i) !== "code" && (file.segments(i)[0]?.text.trim() ?? "") !== "";
  let first = index;
  while (first > index - SPAN && !BLOCK_START.test(file.segments(first)[0]?.text ?? "") && prose(first - 1)) first--;
  let last = index;
  while (last < index + SPAN && prose(last + 1) && !BLOCK_START.test(file.segments(last + 1)[0]?.text ?? "")) last++;
  return Array.from({ length: last - first + 1 }, (_, k) => first + k);
}
