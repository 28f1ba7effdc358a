import { describe, expect, it } from "vitest";
import { locatedBefore } from "../../../../src/compress/excerpt/around.ts";
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
    const { toldAgainBelow } = await import("../../../../src/compress/excerpt/around.ts");
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
