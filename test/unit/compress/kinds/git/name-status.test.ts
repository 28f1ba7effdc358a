import { describe, expect, it } from "vitest";
import type { Pick } from "../../../../../src/compress/excerpt/pack.ts";
import { nameStatusPicks } from "../../../../../src/compress/kinds/git/name-status.ts";
import { capturedCase } from "../../corpus.ts";

describe("git log --name-status under a format of its own", () => {
  it("keeps the files deleted and renamed, each with its commit, and the oldest commit (fresh22)", async () => {
    const { e } = await capturedCase("fresh22", "git-log-name-status-f22");
    for (const line of [
      "a3672b65 2025-11-06 Tomer",
      "D\tholmes/plugins/toolsets/servicenow/servicenow.py",
      "D\tholmes/plugins/toolsets/grafana/toolset_grafana_loki.py",
      "3e9a2e16 2025-10-16 Nicolas Herment",
      "D\tholmes/core/performance_timing.py",
      "D\tLICENSE.txt",
      "R097\ttests/core/test_tool_calling_llm.py\ttests/core/test_truncation.py",
      "62096e4f 2025-10-09 Natan Yellin",
    ])
      expect(e.text).toContain(`${line}\n`);
  });

  it("marks a letter rare by its share of the files, not by which letter it is", () => {
    const lines = ["abc1234 one", "subject", ""];
    for (let i = 0; i < 20; i++) lines.push(`D\tsrc/gone${i}.ts`);
    lines.push("def5678 two", "subject", "", "M\tsrc/kept.ts");
    const picks: Pick[] = [];
    expect(nameStatusPicks(lines, picks)).toBe(23);
    const must = new Set(picks.filter((p) => p.prio >= 100).map((p) => p.from));
    expect(must.has(26)).toBe(true);
    expect(must.has(3)).toBe(false);
  });
});
