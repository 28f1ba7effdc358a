import { describe, expect, it } from "vitest";
import { locatedBefore } from "../../../../src/compress/excerpt/problem-context.ts";
import { capturedCase } from "../corpus.ts";

describe("a problem told on a caret line is located by what is above its source line", () => {
  it("reaches the block header over the source line a caret points at", () => {
    const lines = [
      "In f4/scripts/nightly.sh line 41:",
      "[[ -f /etc/job5.conf ]] && source /etc/job5.conf",
      "^---------------------^ SC3010 (warning): In POSIX sh, [[ ]] is undefined.",
      "                           ^-------------------^ SC3046 (warning): In POSIX sh, 'source' in place of '.' is undefined.",
    ];
    expect(locatedBefore(lines, 2)).toBe(0);
    expect(locatedBefore(lines, 3)).toBe(0);
  });

  it("keeps the `In f line N:` header of the last finding kept of a frequent code (fresh4 capture)", async () => {
    // A real shellcheck (tty format) over a 260-line script (36 KB, 193 findings). The
    // last SC3010 block was kept, source and caret, but not its `In f4/scripts/nightly.sh
    // line 252:` over them: the caret line was not known to point at the source line
    // above it, and the last of a frequent problem was not located at all.
    const { text, e, must } = await capturedCase("fresh4", "shellcheck-nightly");
    expect(text).toContain("In f4/scripts/nightly.sh line 252:\n[[ -f /etc/job38.conf ]]");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length * 0.25);
  });
});

describe("a rare finding told on a caret line", () => {
  it("is kept with the `In f line N:` header over its source line (fresh9 capture)", async () => {
    // A real shellcheck (tty format) over eight deploy scripts (62 KB): hundreds of the same
    // quoting findings, and a few rare ones (SC2162 read without -r, an info, not a
    // problem). Its caret line was kept as a rare line, its source line as a code frame,
    // but not the header saying which file and line: a rare line was not located as a
    // problem is.
    const { e } = await capturedCase("fresh9", "shellcheck-deploy-pipeline");
    for (const fact of [
      "In deploy/snapshot.sh line 53:\nread -p 'continue? ' answer\n^--^ SC2162 (info): read without -r will mangle backslashes.",
      "In deploy/snapshot.sh line 55:",
      "In deploy/drain-node.sh line 59:",
    ])
      expect(e.text).toContain(fact);
  });
});

describe("a diagnostic's message told again below it", () => {
  it("is found before the next problem, past the lines attached to it", async () => {
    const { toldAgainBelow } = await import("../../../../src/compress/excerpt/problem-context.ts");
    const lines = [
      "f.c:26:60: warning: use after ‘free’ of ‘j’ [CWE-416] [-Wanalyzer-use-after-free]",
      "   26 |     job_free(j); printf(j->name);",
      "           |      (14) returning to ‘drain’",
      "           |      (15) use after ‘free’ of ‘j’; freed at (13)",
      "f.c:37:9: warning: leak of ‘copy’ [CWE-401]",
      "           |      (9) use after ‘free’ of ‘j’; again",
    ];
    const problem = (k: number) => lines[k]!.startsWith("f.c:");
    expect(toldAgainBelow(lines, 0, problem)).toBe(3);
    expect(toldAgainBelow(lines, 4, problem)).toBe(-1);
  });

  it("keeps the use after free's last event, where it happens (fresh4 capture)", async () => {
    // A real `gcc -fanalyzer` (26 KB, ten warnings each with a path of events drawn under
    // it). The use after free's path ends 70 lines below it in `(15) use after ‘free’ of
    // ‘j’; freed at (13)`, which says where it was freed; it was left out.
    const { text, e, must } = await capturedCase("fresh4", "gcc-fanalyzer-jobq");
    expect(text).toContain("(15) use after ‘free’ of ‘j’; freed at (13)");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length * 0.4);
  });
});

describe("what locates a problem above it stops at another diagnostic's own lines", () => {
  it("does not take a trace's last frames past a blank as the next failure's place (fresh4 capture)", () => {
    // Maven surefire (mvn-test-parameterized): a failing invocation's trace ends, a blank,
    // the next failing invocation. Its frames were kept as what locates the next one.
    const lines = [
      "\tat java.base/java.util.stream.AbstractPipeline.evaluate(AbstractPipeline.java:234)",
      "\tat java.base/java.util.stream.ReferencePipeline.forEach(ReferencePipeline.java:596)",
      "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1511)",
      "",
      "[ERROR] com.acme.orders.PricingTest.vatForOtherCountries(String)[2] -- Time elapsed: 0.034 s <<< ERROR!",
    ];
    expect(locatedBefore(lines, 4)).toBe(4);
  });

  it("still takes a located header past a blank (biome, fresh3 capture)", () => {
    const lines = [
      "legacy/basket.js:8:18 lint/suspicious/noDoubleEquals  FIXABLE  ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━",
      "",
      "  × Use === instead of ==",
    ];
    expect(locatedBefore(lines, 2)).toBe(0);
  });

  it("leaves the code frame of the note above to that note when the problem names its place (fresh4 capture)", () => {
    // g++ concepts errors (gxx-concepts-errors): a candidate note, its source and caret,
    // then a note naming its own place. The frame above was kept as its locator.
    const lines = [
      "tools/units.cpp:10:8: note: candidate: ‘template<class T>  requires  Weighted<T> double total_weight(const std::vector<T>&)’",
      "   10 | double total_weight(const std::vector<T>& items) { double s = 0; for (auto& i : items) s += i.weight(); return s; }",
      "      |        ^~~~~~~~~~~~",
      "tools/units.cpp:10:8: note:   template argument deduction/substitution failed:",
      "tools/units.cpp:20:26:   required from here",
      "tools/units.cpp:8:46: note: the required expression ‘t.weight()’ is invalid",
    ];
    expect(locatedBefore(lines, 3)).toBe(3);
    // Lines naming a place above it without a frame still locate it (the template chain).
    expect(locatedBefore(lines, 5)).toBe(4);
  });
});
