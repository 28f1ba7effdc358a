import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../../../..");

describe("a Go panic followed by every goroutine's stack", () => {
  it("keeps the goroutine that panicked, its frames and what was printed before, over the others (fresh8 capture)", async () => {
    // A real `GOTRACEBACK=all go run ./cmd/settle`: the panic, the running goroutine's
    // frames, then eleven sleeping workers and main blocked on a send. Every Go function
    // line above its location ranked as an exception, so the other goroutines' frames
    // crowded out the panicking goroutine's header and the last line printed before.
    const { tracesExcerpt } = await import("../../../../../src/compress/kinds/trace/excerpt.ts");
    const c = JSON.parse(
      readFileSync(join(ROOT, "bench/corpus/fresh8/go-run-panic-all-goroutines.json"), "utf8"),
    );
    const text: string = c.input.tool_response.stdout;
    const e = tracesExcerpt(text, { tool: "Bash", command: c.input.tool_input.command }, 1500);
    for (const fact of [
      "panic: runtime error: index out of range [4] with length 4",
      "goroutine 18 [running]:",
      "main.settle(...)",
      "go/settle/cmd/settle/main.go:18",
      "queued batch 12 (5 lines)",
    ])
      expect(e.text).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length * 0.6);
  });
});
