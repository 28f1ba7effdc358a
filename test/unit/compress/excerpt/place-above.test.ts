import { describe, expect, it } from "vitest";
import { distinctPlaces } from "../../../../src/compress/excerpt/code-places.ts";
import { placeAbove } from "../../../../src/compress/excerpt/place-above.ts";
import { capturedCase } from "../corpus.ts";

const MIXING =
  "Error: Mixing old (on:click) and new syntaxes for event handling is not allowed. Use only the onclick syntax";
const ADMIN = "/home/dev/work-fresh28/fx/fresh28/harbor/apps/admin/src/lib";

describe("a problem's place on the line above it", () => {
  it("keeps the four places of svelte-check's on:click error, each a path over the message (fresh28)", async () => {
    const { e, must } = await capturedCase("fresh28", "svelte-check-admin-f28");
    for (const f of [`${ADMIN}/InvoiceList.svelte:15:6`, `${ADMIN}/AuditTrail.svelte:17:6`])
      expect(e.text, f).toContain(f);
    for (const f of must) expect(e.text, f).toContain(f);
  });

  it("keeps them under turbo's `@harbor/admin:typecheck: ` too (fresh28)", async () => {
    const { e, must } = await capturedCase("fresh28", "turbo-run-typecheck-continue-f28");
    for (const f of ["src/lib/InvoiceList.svelte", "src/lib/AuditTrail.svelte"])
      expect(e.text, f).toContain(f);
    for (const f of must) expect(e.text, f).toContain(f);
  });

  it("is the place a line holds alone, past a prefix, and no problem's", () => {
    const lines = [
      `${ADMIN}/PilotQueue.svelte:16:6`,
      MIXING,
      `@harbor/admin:typecheck: ${ADMIN}/RouteMap.svelte:16:6`,
      `@harbor/admin:typecheck: ${MIXING}`,
      "src/a.ts(3,5): error TS2322: Type 'string' is not assignable",
      MIXING,
      "Checking files in src/lib/RouteMap.svelte:16:6",
      MIXING,
    ];
    expect(placeAbove(lines, 1)?.[0]).toBe(`${ADMIN}/PilotQueue.svelte:16:6`);
    expect(placeAbove(lines, 3)?.[1]).toBe(`${ADMIN}/RouteMap.svelte`);
    expect(placeAbove(lines, 5)).toBeNull();
    expect(placeAbove(lines, 7)).toBeNull();
    expect(placeAbove(lines, 0)).toBeNull();
  });

  it("makes each member of a kind of FEW or fewer a place with the line above it", () => {
    const lines = [
      `${ADMIN}/A.svelte:1:2`,
      MIXING,
      `${ADMIN}/B.svelte:3:4`,
      MIXING,
      `${ADMIN}/C.svelte:5:6`,
      MIXING,
    ];
    expect(distinctPlaces(lines, [1, 3, 5])).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
    ]);
  });
});
