import { describe, expect, it } from "vitest";
import { cutLine } from "../../../../src/compress/excerpt/framing.ts";
import { lastExceptionFrom } from "../../../../src/compress/excerpt/signals.ts";
import { capturedCase } from "../corpus.ts";

describe("a line cut for length keeps the exception printed past the cut", () => {
  it("shows the root cause deep in a pino JSON error line's stack (fresh5 capture)", async () => {
    // A real `kubectl logs` of a pino backend (41 KB): three level-50 lines of 905
    // characters whose stack, escaped inside the JSON, ends in `caused by: Error:
    // getaddrinfo EAI_AGAIN auth-service`. Lines were cut to their head, so the root cause
    // of the 500s was never shown.
    const { text, e, must } = await capturedCase("fresh5", "kubectl-logs-backend-pino");
    expect(text).toContain("\\ncaused by: Error: getaddrinfo EAI_AGAIN auth-service\\n");
    expect(e.text).toContain("caused by: Error: getaddrinfo EAI_AGAIN auth-service");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });

  it("adds the last exception's clause as a piece, copied exactly", () => {
    const line = `{"msg":"x","stack":"Error: outer\\n${"    at f (a.js:1:1)\\n".repeat(30)}Caused by: java.io.IOException: disk full\\n    at g (b.js:2:2)"}`;
    const cut = cutLine(line, 300, lastExceptionFrom);
    expect(cut).toContain(" … Caused by: java.io.IOException: disk full …  [");
    expect(cut).toMatch(/\[\d+ of [\d,]+ chars shown\]$/);
    const body = cut.replace(/ {2}\[\d+ of [\d,]+ chars shown\]$/, "").replace(/ …$/, "");
    for (const piece of body.split(" … ")) expect(line).toContain(piece);
  });

  it("leaves a line whose rest prints no exception cut as before", () => {
    const line = `${"word ".repeat(80)}an error happened here, it failed`;
    expect(cutLine(line, 300, lastExceptionFrom)).toBe(cutLine(line, 300));
    expect(cutLine(line, 300)).toMatch(/ … \[\+\d+ chars\]$/);
  });
});
