/**
 * A frame is told by its function's name (templates.ts namesApart, mask.ts's name bit):
 * mono's remoting wrapper frames of two constructors were one template, the name a
 * wildcard, and the framing said `[×4 like this]` of two frames of FileStream..ctor and two
 * of StreamReader..ctor.
 */
import { describe, expect, it } from "vitest";
import { workOf } from "../../../../src/compress/excerpt/engine.ts";
import { docOf } from "../../../../src/compress/excerpt/lines.ts";
import { checkClaims, firstLineOf } from "../../../helpers/claims.ts";
import { madeOf } from "../../../helpers/open-excerpts.ts";

describe("frames of two functions", () => {
  it("are two kinds of line, their counts true (fresh26 mono unhandled exception)", () => {
    for (const m of madeOf("fresh26/mono-unhandled-settle-f26")) {
      const lines = m.text.split("\n");
      const wrappers = lines.flatMap((l, i) =>
        l.includes("(wrapper remoting-invoke-with-check)") ? [i] : [],
      );
      expect(wrappers.length).toBe(4);
      const { t } = workOf(docOf(m.text));
      const kinds = new Set(wrappers.map((i) => t.of[i]));
      // FileStream..ctor's two and StreamReader..ctor's two.
      expect(kinds.size).toBe(2);
      const claims = checkClaims(
        m.text,
        m.excerpt,
        firstLineOf(m.hints, m.excerpt.compressor),
        m.hints.intent,
      );
      expect(claims.filter((c) => !c.ok)).toEqual([]);
    }
  });

  it("a line that is no frame still varies at a word (a log's logger)", () => {
    const log = [
      "2026-11-20T08:00:01.170Z INFO [scheduler] heartbeat ok uptime_s=6951",
      "2026-11-20T08:00:04.179Z INFO [api] heartbeat ok uptime_s=2723",
      "  at Harrow.Settle.Program.LoadRates (System.String path) [0x00042] in /src/Settle.cs:23",
      "  at Harrow.Settle.Program.SettleFile (System.String path) [0x0007f] in /src/Settle.cs:41",
    ].join("\n");
    const { t } = workOf(docOf(log));
    expect(t.of[0]).toBe(t.of[1]);
    expect(t.of[2]).not.toBe(t.of[3]);
  });
});
