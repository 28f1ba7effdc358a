import { describe, expect, it } from "vitest";
import { sanitizerFrames } from "../../../../src/compress/excerpt/sanitizer-frames.ts";
import { capturedCase } from "../corpus.ts";

describe("the program's own frame of each sanitizer stack", () => {
  it("keeps every allocation site of LeakSanitizer's records (fresh29 tree mode, spilled)", async () => {
    // 78 records whose frames the templates held as a few kinds: label_for's site, the first
    // frame in the program's folder under 38 of them, was shown under none.
    const { e } = await capturedCase("fresh29", "lsan-leaks-tree-spilled-f29");
    expect(e.text).toContain("in label_for src/tree.c:4");
    expect(e.text).toContain("in tree_build src/tree.c:10");
    expect(e.text).toContain("in ring_new src/ring.c:6");
  });

  it("reads the first frame in main's folder under each stack, each place once", () => {
    const lines = [
      "==7==ERROR: LeakSanitizer: detected memory leaks",
      "",
      "Direct leak of 8 byte(s) in 1 object(s) allocated from:",
      "    #0 0x7f in __interceptor_malloc ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69",
      "    #1 0x55 in make src/a.c:4",
      "    #2 0x55 in main src/main.c:9",
      "",
      "Indirect leak of 8 byte(s) in 1 object(s) allocated from:",
      "    #0 0x7f in __interceptor_malloc ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69",
      "    #1 0x56 in make src/a.c:4",
      "    #2 0x55 in main src/main.c:9",
      "",
      "Indirect leak of 8 byte(s) in 1 object(s) allocated from:",
      "    #0 0x7f in __interceptor_calloc ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:77",
      "    #1 0x57 in name_of src/names.c:12",
      "    #2 0x56 in make src/a.c:5",
    ];
    expect(sanitizerFrames(lines)).toEqual([4, 14]);
    // A clang or TSan frame names its file whole, with a column and the module after it.
    expect(
      sanitizerFrames([
        "WARNING: ThreadSanitizer: data race (pid=1)",
        "  Write of size 8 at 0x7b by thread T1:",
        "    #0 ns::f(int) /w/p/src/pool.cpp:23:15 (pool+0xd4) (BuildId: 76)",
        "    #1 void std::__invoke_impl<void>(int) /usr/include/c++/12/bits/invoke.h:61:14 (pool+0xd5)",
        "",
        "  Thread T1 (tid=2, running) created by main thread at:",
        "    #0 pthread_create <null> (pool+0x53) (BuildId: 76)",
        "    #1 main /w/p/src/pool.cpp:50:39 (pool+0xd4) (BuildId: 76)",
      ]),
    ).toEqual([2, 7]);
    // Not a sanitizer's: a numbered stack alone (gdb's bt) is left to the engine.
    expect(sanitizerFrames(["#0  f () at a.c:3", "    #1 0x55 in main src/main.c:9"])).toEqual([]);
  });
});
