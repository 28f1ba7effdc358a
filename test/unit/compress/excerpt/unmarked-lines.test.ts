import { describe, expect, it } from "vitest";
import { unmarkedLines } from "../../../../src/compress/excerpt/unmarked-lines.ts";
import { capturedCase } from "../corpus.ts";

describe("the few lines not marked as most are", () => {
  it("keeps the settings a project changed among Django's defaults (fresh24 `diffsettings --all`)", async () => {
    // Each setting is a line of its own kind: the unmarked ones were no rarer than the
    // `###` defaults around them, and most were cut.
    const { e, must } = await capturedCase("fresh24", "django-diffsettings-all-f24");
    const own = must.filter((m) => /^[A-Z_]+ = /.test(m));
    expect(own.length).toBeGreaterThanOrEqual(8);
    for (const fact of own) expect(e.text).toContain(fact);
  });

  it("reads a mark most lines open with, and only then", () => {
    const marked = Array.from({ length: 40 }, (_, i) => `# option_${i} = ${i}`);
    const lines = [...marked.slice(0, 20), "port = 8080", "", ...marked.slice(20), "user = www"];
    expect(unmarkedLines(lines)).toEqual([20, 42]);
    // Too few lines, or no mark held by most of them: nothing.
    expect(unmarkedLines(["# a", "b"])).toEqual([]);
    const half = Array.from({ length: 40 }, (_, i) => (i % 2 ? `# c${i}` : `- d${i}`));
    expect(unmarkedLines([...half, "port = 1"])).toEqual([]);
  });
});
