import { describe, expect, it } from "vitest";
import { capturedCase } from "../corpus.ts";

describe("an unsorted size listing's largest entries, wherever they stand", () => {
  it("keeps Temurin's 51M src.zip among 888 lines of du -ah (fresh12 capture, spilled, stored whole)", async () => {
    // Unsorted, du -ah prints each JDK's tree in place; the 51M src.zip is the fifth
    // largest thing (after two modules files and OpenJDK's 75M jmods) but not far above
    // them, and only the largest three values were kept: a sorted listing keeps ten.
    const { e } = await capturedCase("fresh12", "du-ah-jvm-spilled-f12");
    expect(e.text).toContain("51M\t/usr/lib/jvm/temurin-25-jdk-amd64/lib/src.zip");
    expect(e.text).toContain("75M\t/usr/lib/jvm/java-17-openjdk-amd64/jmods");
  });

  it("keeps the fourth-largest folder of du -h /usr/lib/x86_64-linux-gnu (fresh12 capture)", async () => {
    // 332 folders in du's order: perl 26M, dri 25M, valgrind 23M, then gconv 8.2M, which
    // the three-largest rule cut though it is what `sort -h | tail` would have shown.
    const { e } = await capturedCase("fresh12", "du-h-lib-gnu-f12");
    for (const fact of [
      "726M\t/usr/lib/x86_64-linux-gnu",
      "26M\t/usr/lib/x86_64-linux-gnu/perl",
      "23M\t/usr/lib/x86_64-linux-gnu/valgrind",
      "8.2M\t/usr/lib/x86_64-linux-gnu/gconv",
    ])
      expect(e.text).toContain(fact);
  });
});
