import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a hunk's header goes with its changed lines", () => {
  it("keeps a rename refactor's renamed definitions, not hunk headers alone (fresh23 git show)", async () => {
    const { e } = await capturedCase("fresh23", "git-show-refactor-f23");
    for (const m of [
      "-static cJSON_bool print_object(const cJSON * const item, printbuffer * const output_buffer)",
      "+static cJSON_bool render_object(const cJSON * const item, printbuffer * const output_buffer)",
      "-static cJSON_bool decode_array_index_from_pointer(const unsigned char * const pointer, size_t * const index)",
    ])
      expect(e.text).toContain(m);
    // Every header shown is followed by a line of its hunk, changed or next to a change.
    const lines = e.text.split("\n");
    lines.forEach((line, i) => {
      if (line.startsWith("@@ ")) expect(lines[i + 1] ?? "").not.toMatch(/^(@@ |diff --git )/);
    });
  });
});
