import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { saysStepDone } from "../../../src/notebook/advisor.ts";

const HOOK_INPUTS = join(import.meta.dirname, "..", "..", "fixtures", "hook-inputs");

describe("saysStepDone", () => {
  it("recognises the real Stop input's closing message", () => {
    const stop = JSON.parse(readFileSync(join(HOOK_INPUTS, "Stop-basic.json"), "utf8"));
    expect(stop.last_assistant_message).toBe("All done.");
    expect(saysStepDone(stop.last_assistant_message)).toBe(true);
  });

  it.each([
    "Step 2 is done: the parser now streams. Next I'll wire the CLI.",
    "The migration is complete and the old table is dropped.",
    "I've finished the refactor of `src/store`. All 214 tests pass.",
    "Done. I updated STATE.md with the decision.",
    "✅ Done — the retry queue is in place.",
    "Step 3 complete.\n\nSummary of changes:\n- a\n- b",
    "Tests are now passing after the fix to `parseDate`.",
  ])("a step ended: %s", (msg) => {
    expect(saysStepDone(msg)).toBe(true);
  });

  it.each([
    "The build is not done yet; two type errors remain.",
    "I'm almost done with the parser.",
    "Once this is done we can move on to the CLI.",
    "Should I continue with step 3?",
    "Here is the output of the command you asked for.",
    "I found the bug in `merge.ts` line 40; fixing it next.",
    "",
  ])("no boundary: %s", (msg) => {
    expect(saysStepDone(msg)).toBe(false);
  });

  it("treats a missing message as no boundary", () => {
    expect(saysStepDone(null)).toBe(false);
    expect(saysStepDone(undefined)).toBe(false);
  });
});
