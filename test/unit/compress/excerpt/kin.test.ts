import { describe, expect, it } from "vitest";
import { kinLines } from "../../../../src/compress/excerpt/kin.ts";
import { capturedCase } from "../corpus.ts";

describe("lines sharing a rare value with an asked line", () => {
  it("keeps libssl3 beside openssl, asked to check the OpenSSL version (dev capture, dpkg -l)", async () => {
    // libssl3's row does not name OpenSSL; it shares openssl's version, 3.0.19-1~deb12u2.
    const { e } = await capturedCase("dev", "dpkg-list");
    expect(e.text).toContain("ii  libssl3:amd64                             3.0.19-1~deb12u2");
  });

  it("ties a log's lines by a request id, never by a value most lines hold or a short one", () => {
    const lines = [
      "10:00:01 INFO  api GET /orders req=7f3a9c21e0 user=u_104",
      "10:00:01 INFO  api GET /health req=11aa22bb33 user=u_000",
      "10:00:02 ERROR payments declined card req=7f3a9c21e0",
      "10:00:02 INFO  api GET /health req=44cc55dd66 user=u_000",
      "10:00:03 WARN  api slow response req=7f3a9c21e0 took=2.5s",
      "10:00:04 INFO  worker done v=1.2.3",
      "10:00:05 INFO  worker done v=1.2.3",
    ];
    const keep = () => true;
    // Asked about the declined payment: the request's other lines.
    expect(kinLines(lines, undefined, [2], keep)).toEqual([0, 4]);
    // `v=1.2.3` is short: shared by chance. `10:00:0x` times are no longer than 8 alone.
    expect(kinLines(lines, undefined, [5], keep)).toEqual([]);
  });
});
