import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../../../..");

describe("go test -race: the race detector's reports", () => {
  it("keeps each race's two accesses over where their goroutines were created (fresh8 capture)", async () => {
    // A real `go test -race ./cache/`: three races, each `WARNING: DATA RACE`, the access
    // (`Read at 0x… by goroutine 14:`) and the one it raced with (`Previous write at …`),
    // their frames, then where both goroutines were created. Cut to a 1,500-character
    // budget, the creation sites' frames ranked as the accesses' and the access lines
    // themselves, no frame and no message, were dropped.
    const { goTestExcerpt } = await import("../../../../../src/compress/kinds/test/go-test.ts");
    const c = JSON.parse(readFileSync(join(ROOT, "bench/corpus/fresh8/go-test-race-cache.json"), "utf8"));
    const text: string = c.input.tool_response.stdout;
    const e = goTestExcerpt(text, { tool: "Bash", command: c.input.tool_input.command }, 1500);
    const accesses = text.split("\n").filter((l) => /^(?:Previous )?(?:read|write|Read|Write) at 0x/.test(l));
    expect(accesses.length).toBe(6);
    for (const fact of [
      ...accesses,
      "WARNING: DATA RACE",
      "cache/cache.go:16",
      "cache/cache.go:22",
      "cache/cache.go:24",
      "--- FAIL: TestConcurrentReaders (0.00s)",
      "race detected during execution of test",
    ])
      expect(e.text).toContain(fact);
  });
});
