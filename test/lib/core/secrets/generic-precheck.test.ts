import { expect, test } from "bun:test";
import { detectSecrets } from "../../../../lib/core/secrets/detect.ts";
import { genericRules } from "../../../../lib/core/secrets/rules/generic.ts";
import { mayAssignAfter } from "../../../../lib/core/secrets/rules/shape.ts";
import { seeded } from "./fixtures.ts";

// Session 8: the generic rule skips a keyword hit when no assignment can follow its name
// (`mayMatchAt`). The skip must never lose a finding: the rule with and without it finds the same.
const rule = genericRules[0]!;
const unchecked = { ...rule, mayMatchAt: undefined };
const random = seeded(4117);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const value = (n: number) => Array.from({ length: n }, () => pick([..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"])).join("");
const FRAGMENTS = [
  "api", "key", "token", "credential", "creds", "password", "passwd", "pwd", "secret", "auth", "access",
  "_", ".", "-", "x", "Ab", "9", " ", "\t", '"', "'", "`", "=", ":", "=>", ":=", "?=", "||", ">", ",", "(", ")", ";", "\n", "{", "<", "é",
];

test("the generic rule's precheck never loses a finding (seeded random texts)", () => {
  for (let i = 0; i < 3000; i++) {
    const parts = Array.from({ length: 4 + Math.floor(random() * 40) }, () => (random() < 0.15 ? `"${value(24)}1"` : random() < 0.1 ? value(12) : pick(FRAGMENTS)));
    const text = parts.join("");
    expect(detectSecrets(text, { rules: [rule] })).toEqual(detectSecrets(text, { rules: [unchecked] }));
  }
});

test("the precheck reaches as far as the longest name and ASSIGN's lead", () => {
  // 40 characters before the keyword, the longest keyword, 40 after it, five dots, a quote and three blanks.
  const name = `${"x".repeat(40)}credential${"y".repeat(40)}.....'   `;
  const text = `${name}= "${value(28)}7"`;
  expect(detectSecrets(text, { rules: [unchecked] }).map((f) => f.ruleId)).toEqual(["generic-api-key"]);
  expect(detectSecrets(text, { rules: [rule] }).map((f) => f.ruleId)).toEqual(["generic-api-key"]);
  expect(mayAssignAfter("token.get(x)", 0, 90)).toBe(false);
  expect(mayAssignAfter("token ".repeat(1000), 0, 90)).toBe(false);
  expect(mayAssignAfter('token" : ', 0, 90)).toBe(true);
});
