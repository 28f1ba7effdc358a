import { describe, expect, it } from "vitest";
import { repeatedCases, sessions } from "../../../bench/corpus/capture/sessions.ts";

describe("the capture's sessions", () => {
  it("name every case once: a repeated name would overwrite another part's case", () => {
    expect(repeatedCases(sessions)).toEqual([]);
  });

  it("repeatedCases finds a name two sessions write", () => {
    const step = { case: "ps-aux", tool: "Bash" as const, input: {} };
    const s = { name: "a", setup: "x", cwd: "x", prompt: "", provenance: "", steps: [step] };
    expect(repeatedCases([s, { ...s, name: "b" }])).toEqual(["ps-aux"]);
  });
});
