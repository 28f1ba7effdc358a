import { describe, expect, it } from "vitest";
import { failedTestOutput } from "../../../../src/compress/excerpt/failed-events.ts";
import { capturedCase } from "../corpus.ts";

describe("what a failing test printed, among JSON events (go test -json)", () => {
  it("keeps each failing test's message, file:line and all (fresh23 capture)", async () => {
    // 550 events of encoding/json's tests: three fail, their messages as Output events among
    // hundreds of passing tests' alike. `decode_test.go:1279: Encoding of …` holds no problem
    // word, and was cut as one more line of a frequent kind.
    const { e, must } = await capturedCase("fresh23", "go-test-json-farejson-spilled-f23");
    for (const fact of must) expect(e.text).toContain(fact);
  });

  it("reads the output of the tests a fail event names, not their framing", () => {
    const ev = (action: string, test: string, output?: string) =>
      JSON.stringify({ Action: action, Package: "p", Test: test, ...(output ? { Output: output } : {}) });
    const lines = [
      ev("output", "TestA", "=== RUN   TestA\n"),
      ev("output", "TestA", "    a_test.go:3: got 1\n"),
      ev("output", "TestA", "--- FAIL: TestA (0.00s)\n"),
      ev("fail", "TestA"),
      ev("output", "TestB", "    b_test.go:9: note\n"),
      ev("pass", "TestB"),
    ];
    expect(failedTestOutput(lines)).toEqual([1, 2]);
    expect(failedTestOutput(lines.slice(4))).toEqual([]);
  });
});
