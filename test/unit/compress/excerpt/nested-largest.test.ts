import { describe, expect, it } from "vitest";
import { capturedCase } from "../corpus.ts";

describe("the largest entries of a nested listing, one large thing counted once", () => {
  it("keeps each JDK's modules file under its lib folder (fresh12 capture, du -ah /usr/lib/jvm)", async () => {
    // A real `du -ah /usr/lib/jvm` (888 lines, spilled, stored whole): two JDKs. Sorted by
    // size, OpenJDK's 184M lib is followed by Temurin's 140M modules, then OpenJDK's 123M
    // modules, which is most of that lib: it was counted as a place of its own, the fourth
    // of three, and cut, though it is the file that makes the lib large.
    const { e } = await capturedCase("fresh12", "du-ah-jvm-spilled-f12");
    for (const fact of [
      "562M\t/usr/lib/jvm",
      "260M\t/usr/lib/jvm/java-17-openjdk-amd64",
      "140M\t/usr/lib/jvm/temurin-25-jdk-amd64/lib/modules",
      "123M\t/usr/lib/jvm/java-17-openjdk-amd64/lib/modules",
    ])
      expect(e.text).toContain(fact);
  });
});
