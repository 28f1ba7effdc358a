import { describe, expect, it } from "vitest";
import { aptUpgrades } from "../../../../../src/compress/kinds/pkg/apt-upgrades.ts";
import { capturedCase } from "../../corpus.ts";

describe("the upgrades among a simulated plan's new packages", () => {
  it("keeps the one upgrade among texlive-full's 383 new packages (fresh21)", async () => {
    const { e } = await capturedCase("fresh21", "apt-get-simulate-texlive-full-spilled-f21");
    expect(e.text).toContain(
      "Inst libpcre2-8-0 [10.42-1] (10.42-1+deb12u2 Debian-Security:12/oldstable-security [amd64])",
    );
  });

  it("stands out only where upgrades are few among the Inst lines", () => {
    const plan = Array.from({ length: 20 }, (_, k) => `Inst pkg${k} (1.${k} Debian:12 [amd64])`);
    plan.push("Inst libold [1.0] (1.1 Debian-Security:12 [amd64])");
    expect(aptUpgrades(plan)).toEqual([20]);
    // `apt-get -s upgrade`: every line is an upgrade, the plan itself.
    const upgrade = plan.map((l, k) => l.replace(/^Inst (\S+) \(/, `Inst $1 [0.${k}] (`));
    expect(aptUpgrades(upgrade)).toEqual([]);
  });
});
