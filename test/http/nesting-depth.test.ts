/** The JSON nesting-depth scan a body is checked with: read in slices (paced), it agrees with the plain scan. */
import { expect, test } from "bun:test";

test("the paced depth scan agrees with the plain one at every slice size (escapes split across slices)", async () => {
  const { nestingDepth, nestingDepthPaced } = await import("../../src/http/read-body");
  const texts = [
    '{"a":[[1]],"b":"\\\\\\"[[["}',
    '[[["\\"]]]"]]]',
    '{"x":"\\\\"}',
    JSON.stringify({ a: [{ b: ["[", "\\", '"'] }] }),
    "[".repeat(40) + "]".repeat(40),
  ];
  for (const text of texts) {
    for (let slice = 1; slice <= 9; slice++)
      expect(`${text} ${slice} ${await nestingDepthPaced(text, slice)}`).toBe(`${text} ${slice} ${nestingDepth(text)}`);
  }
});
