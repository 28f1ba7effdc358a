import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a build file named by convention", () => {
  it("is read as code: its variables are its outline, not its comments as headings (fresh27 Read of CPython's Makefile)", async () => {
    // A real Read of the Makefile Debian installs for CPython 3.11 (1,548 lines shown): no
    // extension, and its first line `# Generated automatically…` looked like a Markdown
    // heading, so its comment lines were the outline and none of its variables showed.
    const { e } = await capturedCase("fresh27", "read-makefile-whole-f27");
    expect(e.compressor).toBe("read");
    for (const fact of [
      "CC=\t\tx86_64-linux-gnu-gcc",
      "OPT=\t\t-DNDEBUG -g -fwrapv -O2 -Wall",
      "CONFIGURE_CPPFLAGS=\t-Wdate-time -D_FORTIFY_SOURCE=2",
      "PY_CFLAGS=\t$(BASECFLAGS) $(OPT) $(CONFIGURE_CFLAGS) $(CFLAGS) $(EXTRA_CFLAGS)",
      "LDSHARED=\t$(CC) -shared -Wl,-O1 -Wl,-Bsymbolic-functions $(PY_LDFLAGS)",
      "EXT_SUFFIX=\t.cpython-311-x86_64-linux-gnu.so",
    ])
      expect(e.text).toContain(fact);
  });
});
