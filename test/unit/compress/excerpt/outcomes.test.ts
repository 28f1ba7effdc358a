import { describe, expect, it } from "vitest";
import { capturedCase } from "../corpus.ts";

describe("the other outcome of a frequent failure", () => {
  it("keeps the opens that worked among hundreds of ENOENT probes (strace -f, fresh3 capture)", async () => {
    // A real `strace -f -e trace=file` of a nightly job (65 KB, 734 lines): three children
    // probe 12 config names in 6 directories (~400 `= -1 ENOENT` problem lines) and each
    // finds only ./conf/base.conf, limits.conf and routes.conf (`= 3`). Those lines are
    // of the same shape as 26 other opens that worked (/dev/null, the libraries), so
    // nothing told them apart: the files the job did read were left out.
    const { text, e } = await capturedCase("fresh3", "strace-f-file");
    for (const fact of [
      '[pid  4511] openat(AT_FDCWD, "./conf/base.conf", O_RDONLY) = 3',
      '[pid  4511] openat(AT_FDCWD, "./conf/limits.conf", O_RDONLY) = 3',
      '[pid  4511] openat(AT_FDCWD, "./conf/routes.conf", O_RDONLY) = 3',
    ])
      expect(e.text).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length * 0.2);
  });
});
