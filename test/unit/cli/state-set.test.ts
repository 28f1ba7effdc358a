import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseNotebook, SECTION_IDS } from "../../../src/notebook/state-file.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";

// `cairn state set/add` keep text inside its section: no heading injected, no empty
// Goal, and a bullet given as an argument is a bullet, not an option.

let h: ReturnType<typeof tempHome>;
const path = () => join(h.project, ".cairn", "STATE.md");
const cli = (args: string[], input?: string) =>
  runCairn(["state", ...args], {
    cwd: h.project,
    env: { ...h.env, CLAUDE_PROJECT_DIR: h.project },
    ...(input === undefined ? {} : { input }),
  });
const sections = () => parseNotebook(readFileSync(path(), "utf8")).sections;

beforeEach(async () => {
  h = tempHome("cairn-state-set-");
  mkdirSync(join(h.project, ".git"), { recursive: true });
  expect((await cli(["set", "goal", "ship the dashboard"])).code).toBe(0);
});
afterEach(() => h.cleanup());

describe("cairn state set/add validation", () => {
  it("refuses text that would inject a heading, and leaves the notebook as it was", async () => {
    const before = readFileSync(path(), "utf8");
    for (const [args, input] of [
      [["set", "now", "step 1\n## Goal\npwned goal"]],
      [["add", "decisions", "x\n# Goal"]],
      [["set", "now", "-"], "fine\n### Open questions\nq"],
      [["set", "now", "```\nunclosed fence"]],
    ] as [string[], string?][]) {
      const r = await cli(args, input);
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(/heading|fence/);
      expect(readFileSync(path(), "utf8")).toBe(before);
    }
  });

  it("refuses an empty Goal or Now", async () => {
    for (const args of [
      ["set", "goal", ""],
      ["set", "goal", "   "],
      ["set", "now"],
    ]) {
      const r = await cli(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain("cannot be empty");
    }
    expect(sections().find((s) => s.id === "goal")?.body).toBe("ship the dashboard");
  });

  it("takes bullet arguments as bullets, options still where they are", async () => {
    let r = await cli(["add", "decisions", "- use uPlot: small and fast"]);
    expect(r.code, r.stderr).toBe(0);
    r = await cli(["set", "dead-ends", "- SVG charts: slow", "- canvas by hand: too much code", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).sections["dead-ends"]).toBe(
      "- SVG charts: slow\n- canvas by hand: too much code",
    );
    r = await cli(["--json", "add", "open-questions", "--", "--why is this slow?"]);
    expect(r.code, r.stderr).toBe(0);
    const s = sections();
    expect(s.find((x) => x.id === "decisions")?.body).toBe("- use uPlot: small and fast");
    expect(s.find((x) => x.id === "open-questions")?.body).toBe("- --why is this slow?");
    // Still exactly the known sections, in order.
    expect(s.map((x) => x.id)).toEqual(SECTION_IDS);
    // Words without bullets stay one line.
    expect((await cli(["set", "now", "wiring", "the", "chart"])).code).toBe(0);
    expect(sections().find((x) => x.id === "now")?.body).toBe("wiring the chart");
  });
});
