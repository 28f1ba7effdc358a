import { describe, expect, it } from "vitest";
import { docOf } from "../../../../src/compress/excerpt/lines.ts";
import { regimeChange } from "../../../../src/compress/excerpt/regime.ts";
import { templatesOf } from "../../../../src/compress/excerpt/templates.ts";
import { capturedCase } from "../corpus.ts";

// `tail -n 250` of a Linux syslog (loghub, dev): 157 lines of ftpd, sshd and logrotate kinds
// that recur, then `syslogd 1.4.1: restart.` and a reboot's ninety kernel lines, nearly each
// a kind never seen before. The restart said when the machine came back; it was shown only
// as part of an omitted gap.
describe("where an output changes regime", () => {
  it("a syslog: the restart just before a reboot's run of new kinds of line", async () => {
    const { e, must } = await capturedCase("dev", "tail-syslog");
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });

  it("the line before the run, only after a recurring background", async () => {
    const { text } = await capturedCase("dev", "tail-syslog");
    const doc = docOf(text);
    const at = regimeChange(templatesOf(doc, () => false));
    expect(doc.lines[at]).toContain("syslogd 1.4.1: restart.");
    // Only new kinds from the start (a file read whole): no background, no change.
    const fresh = docOf(
      Array.from({ length: 40 }, (_, i) => `step ${"abcdefghij"[i % 10]}${i} does ${i}`).join("\n"),
    );
    expect(regimeChange(templatesOf(fresh, () => false))).toBe(-1);
  });
});
