import { describe, expect, it } from "vitest";
import { sameEvent } from "../../../../src/compress/excerpt/same-event.ts";
import { capturedCase, variantCase } from "../corpus.ts";

describe("a log's lines of one event, led by its stamp", () => {
  it("keep who waited on whom under each deadlock once the Postgres log grew past 8 KB (fresh25)", async () => {
    for (const kind of ["grown2x", "grown4x"] as const) {
      const { e, must } = await variantCase("fresh25", "postgres-server-log-deadlock-f25", kind);
      for (const fact of must.filter((f) => f.startsWith("Process ")))
        expect(e.text, `${kind}: ${fact}`).toContain(fact);
    }
  });

  it("are the lines the error's stamp, to the fraction of a second and its process, leads", async () => {
    const { text } = await capturedCase("fresh25", "postgres-server-log-deadlock-f25");
    const lines = text.split("\n");
    const error = lines.findIndex((l) => l.endsWith("ERROR:  deadlock detected"));
    expect(lines[error + 1]).toContain("DETAIL:  Process ");
    expect(sameEvent(lines, error, error + 1)).toBe(true);
    // The next line of another process, at the same time to the millisecond, is another event.
    const other = lines.findIndex((l, k) => k > error && !l.startsWith("\t") && !sameEvent(lines, error, k));
    expect(lines[other]!.slice(0, 23)).toBe(lines[error]!.slice(0, 23));
    expect(lines[other]).not.toContain("[10912]");
  });

  it("are none where a line has no stamp to a fraction of a second with a process", () => {
    const lines = ["2026-11-30 19:50:19 ERROR: x", "2026-11-30 19:50:19 DETAIL: y"];
    expect(sameEvent(lines, 0, 1)).toBe(false);
  });
});
