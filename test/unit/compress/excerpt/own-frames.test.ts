import { describe, expect, it } from "vitest";
import { ownFrames } from "../../../../src/compress/excerpt/own-frames.ts";
import { capturedCase } from "../corpus.ts";

describe("the program's own frame of each valgrind record", () => {
  it("keeps where the loader's own code leaks and reads (fresh25 valgrind --leak-check=full of the catalog loader)", async () => {
    // The catalog.c frames under malloc, printf and six of cJSON's frames were a few kinds of
    // many alike, and the records showed cJSON's frames instead.
    const { e, must } = await capturedCase("fresh25", "valgrind-leak-kinds-catalog-f25");
    for (const fact of must.filter((m) => m.includes("catalog.c:"))) expect(e.text).toContain(fact);
  });

  it("reads main's file, the first frame in it under each record", () => {
    const report = [
      "==7== Memcheck, a memory error detector",
      "==7== Using Valgrind-3.19.0 and LibVEX; rerun with -h for copyright info",
      "==7== ",
      "==7== 8 bytes in 1 blocks are definitely lost in loss record 1 of 2",
      "==7==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)",
      "==7==    by 0x10A000: item_new (lib.c:10)",
      "==7==    by 0x109000: load (app.c:20)",
      "==7==    by 0x109100: main (app.c:30)",
      "==7== ",
      "==7== 4 bytes in 1 blocks are definitely lost in loss record 2 of 2",
      "==7==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)",
      "==7==    by 0x109100: main (app.c:31)",
      "==7== ",
    ];
    expect(ownFrames(report)).toEqual([6, 11]);
    // No valgrind banner, or no main among the frames: none.
    expect(ownFrames(report.slice(2))).toEqual([]);
    expect(ownFrames(report.filter((l) => !l.includes("main (")))).toEqual([]);
  });
});
