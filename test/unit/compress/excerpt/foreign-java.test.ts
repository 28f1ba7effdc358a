import { describe, expect, it } from "vitest";
import { FOREIGN } from "../../../../src/compress/excerpt/traces.ts";
import { capturedCase } from "../corpus.ts";

describe("frames in a Java test framework's code", () => {
  it("are not the user's: JUnit's, opentest4j's and Maven's frames are foreign, the project's are not", () => {
    expect(FOREIGN.test("\tat org.junit.jupiter.api.AssertEquals.failNotEqual(AssertEquals.java:197)")).toBe(
      true,
    );
    expect(
      FOREIGN.test("\tat org.opentest4j.AssertionFailedError.<init>(AssertionFailedError.java:40)"),
    ).toBe(true);
    expect(
      FOREIGN.test("\tat org.apache.maven.surefire.booter.ForkedBooter.main(ForkedBooter.java:495)"),
    ).toBe(true);
    expect(FOREIGN.test("\tat com.acme.orders.PricingTest.vat(PricingTest.java:16)")).toBe(false);
  });

  it("are no facts under a failing test: a surefire run keeps its failures, not JUnit's frames (fresh4 capture)", async () => {
    // Maven surefire with JUnit 5 (mvn-test-parameterized, 18 KB): each failure's first
    // frames are JUnit's assertion machinery; four of them were facts as what locates it.
    const { e, must } = await capturedCase("fresh4", "mvn-test-parameterized");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    expect(e.text.split("\n").filter((l) => /^\s+at org\.junit\./.test(l)).length).toBeLessThan(5);
  });
});
