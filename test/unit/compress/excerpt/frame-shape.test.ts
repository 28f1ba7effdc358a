import { describe, expect, it } from "vitest";
import { isFrame, traceStart } from "../../../../src/compress/excerpt/traces.ts";
import { capturedCase } from "../corpus.ts";

describe("what a Rust frame looks like", () => {
  it("is one symbol after its number, blanks only inside brackets", () => {
    for (const f of [
      "   0: rust_begin_unwind",
      "   1: core::panicking::panic_fmt",
      "  12: std::rt::lang_start::{{closure}}",
      "   5: <F as axum::handler::Handler<(M, T1), S>>::call::{{closure}}",
      "   3: <[u8; 4] as core::fmt::Debug>::fmt",
      "   4:     0x55d0c1f2a3b4 - std::panicking::begin_panic",
    ])
      expect(isFrame(f), f).toBe(true);
  });

  it("is not a numbered field of a record dump (InnoDB's SHOW ENGINE INNODB STATUS, fresh19)", async () => {
    const { text } = await capturedCase("fresh19", "mariadb-innodb-status-f19");
    const lines = text.split("\n");
    const fields = lines.filter((l) => /^ \d: len \d+; hex /.test(l));
    expect(fields.length).toBeGreaterThan(20);
    for (const l of fields) expect(isFrame(l), l).toBe(false);
    expect(traceStart(lines)).toBe(-1);
  });
});
