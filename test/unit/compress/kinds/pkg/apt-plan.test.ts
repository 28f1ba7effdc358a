import { describe, expect, it } from "vitest";
import { planLists, planRemovals } from "../../../../../src/compress/kinds/pkg/apt-plan.ts";
import { aptUpgrades } from "../../../../../src/compress/kinds/pkg/apt-upgrades.ts";
import { capturedCase } from "../../corpus.ts";

describe("what an apt plan does to the installed system, kept whole", () => {
  it("keeps every name and version apt-get remove -s would take away, and its upgrades (fresh24)", async () => {
    const { e } = await capturedCase("fresh24", "apt-get-remove-s-libxml2-f24");
    // A name from the middle of the REMOVED list, and each removal with the version that goes.
    expect(e.text).toContain("  phpunit-complexity phpunit-lines-of-code postgresql postgresql-15\n");
    expect(e.text).toContain("Remv postgresql-15 [15.18-0+deb12u1] … [+20 chars]");
    expect(e.text).toContain("Remv cmake [3.25.1-1] … [+");
    expect(e.text).toContain("Remv xmlstarlet [1.6.1-3]\n");
    // Six upgrades beside 97 removals stand out.
    expect(e.text).toContain(
      "Inst openjdk-17-jdk-headless [17.0.15+6-1~deb12u1] (17.0.21.1+2-1~deb12u1 Debian-Security:12/oldstable-security [amd64]) []",
    );
    expect(e.text.length).toBeLessThan(9000);
  });

  it("keeps a list of names whole where it fits, its first line where it does not", () => {
    const names = (n: number) => Array.from({ length: n }, (_, k) => `  pkg${k}a pkg${k}b`);
    const lines = [
      "The following packages will be REMOVED:",
      ...names(3),
      "The following NEW packages will be installed:",
      ...names(41),
      "0 upgraded",
    ];
    expect(planLists(lines)).toEqual([[1, 3]]);
  });

  it("cuts a removal after its version, and leaves other lines alone", () => {
    const shown = planRemovals([
      "Remv a [1.0] [b:amd64 c:amd64 ]",
      "Remv b [2.0]",
      "Inst c [1] (2 Debian:12 [amd64])",
    ]);
    expect([...shown]).toEqual([
      [0, "Remv a [1.0] … [+19 chars]"],
      [1, "Remv b [2.0]"],
    ]);
    expect(
      aptUpgrades(["Remv a [1.0]", ...Array(9).fill("Remv x [1]"), "Inst c [1] (2 Debian:12 [amd64])"]),
    ).toEqual([10]);
  });
});
