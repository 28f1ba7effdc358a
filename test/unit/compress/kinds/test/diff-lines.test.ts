import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("an expected/received diff in a failure", () => {
  it("keeps its nested lines, however deep their indent after the marker (jest, fresh3 capture)", async () => {
    // A real `npx jest --verbose --coverage` (86 KB): `expire` returned one entry too few,
    // and jest's diff shows the missing object as `-   Object {`, `-     "at": …`,
    // `-     "id": "e3",`, `-   },`. A diff line was read as the marker and at most four
    // blanks, so the object's fields, nested deeper, were no diff lines and were dropped
    // while its braces were kept.
    const { e, must } = await capturedCase("fresh3", "jest-verbose-coverage-loyalty");
    for (const line of ['    -     "at": 1732060800000,', '    -     "id": "e3",'])
      expect(e.text).toContain(line);
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });
});
