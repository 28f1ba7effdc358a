import { describe, expect, it } from "vitest";
import { askedDrops } from "../../../../src/compress/excerpt/asked-kinds.ts";
import type { Templates } from "../../../../src/compress/excerpt/templates.ts";
import { capturedCase } from "../corpus.ts";

describe("asked lines of a kind many of them share rank after those of a rarer kind", () => {
  it("keeps lodash-es's unresolved line past 165 successful resolutions the intent's word holds (fresh23)", async () => {
    // Asked "Trace how the modules resolve": `resolve` holds every `was successfully resolved`
    // line, printed before line 1362, the one failed lookup of a module the errors name.
    const { e } = await capturedCase("fresh23", "tsc-trace-resolution-spilled-f23");
    expect(e.text).toContain("======== Module name 'lodash-es' was not resolved. ========");
    expect(e.text).toContain("======== Module name '@tide/fares' was not resolved. ========");
  });

  it("drops nothing for a kind of few asked lines, more the more a kind holds", () => {
    // 20 lines of kind 0 (resolved), then 3 of kind 1 (not resolved), every one asked.
    const of = Int32Array.from({ length: 23 }, (_, i) => (i < 20 ? 0 : 1));
    const t = { of } as unknown as Templates;
    const asked = [...of.keys()];
    const drops = askedDrops(t, asked);
    expect(drops.get(21)).toBeUndefined();
    expect(drops.get(0)).toBeCloseTo(0.4 * (1 - 8 / 20));
  });
});
