import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a linter's one-line format read as matches", () => {
  it("tells its rules apart by their words (fresh3 capture)", async () => {
    // A real `yamllint -f parsable k8s/` (22 KB, 212 lines `path:L:C: [level] message
    // (rule)`), read as grep output. Its lines were not problems (no level word of a log),
    // so lines half alike joined one template: 4 `inside brackets (brackets)` and 8
    // `inside braces (braces)` were one line ×12 like this, and the braces were not shown.
    const { text, e } = await capturedCase("fresh3", "yamllint-parsable");
    expect(e.compressor).toBe("grep");
    for (const fact of [
      "k8s/disk_full_statefulset-manifest.yaml:283:21: [error] too many spaces inside brackets (brackets)",
      "k8s/new_relic_checkout_errors_tracing-checkout-service.yaml:317:23: [error] too many spaces inside braces (braces)",
    ])
      expect(e.text).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length * 0.25);
  });
});
