import { copyFileSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  latestBackup,
  planSlim,
  runningReason,
  slimTranscript,
  undoSlim,
  validate,
} from "../../../src/memory/slim.ts";
import { lines, type TempStore, TOOLS_SESSION, tempStore } from "./helpers.ts";

let t: TempStore | undefined;
afterEach(() => {
  t?.cleanup();
  t = undefined;
});

const SID = "c0ffee00-0000-4000-8000-000000000001";

describe("planSlim", () => {
  it("picks the large tool results of a real transcript, keeping the most recent ones", () => {
    const ls = lines(TOOLS_SESSION);
    const all = planSlim(ls, 2000, 0);
    expect(all.results.map((r) => r.toolUseId)).toEqual(["toolu_cap_persisted_bash", "toolu_cap_large_read"]);
    expect(all.results[1]).toMatchObject({ toolName: "Read" });
    expect(all.results[1]!.text.length).toBeGreaterThan(70_000);
    const keep = planSlim(ls, 2000, 1);
    expect(keep.results.map((r) => r.toolUseId)).toEqual(["toolu_cap_persisted_bash"]);
    expect(keep.kept).toBe(1);
  });
});

describe("validate", () => {
  it("accepts the real transcript and catches a broken line or an orphaned result", () => {
    const ls = lines(TOOLS_SESSION);
    expect(validate(ls)).toBeUndefined();
    expect(validate([...ls.slice(0, 5), "{not json", ...ls.slice(5)])).toMatch(/line 6 is not JSON/);
    const noUse = ls.filter((l) => !(l.includes('"type":"assistant"') && l.includes("toolu_cap_small_read")));
    expect(validate(noUse)).toMatch(/tool_result toolu_cap_small_read has no tool_use/);
  });
});

async function setup(): Promise<{ path: string; before: Buffer }> {
  t = await tempStore();
  const path = join(t.dir, `${SID}.jsonl`);
  copyFileSync(TOOLS_SESSION, path);
  return { path, before: readFileSync(path) };
}

describe("slimTranscript", () => {
  it("replaces the results, keeps every other line byte for byte, validates, and undo restores", async () => {
    const { path, before } = await setup();
    const plan = planSlim(lines(path), 2000, 0);
    const out = await slimTranscript(
      t!.paths,
      path,
      SID,
      plan,
      async (r) => `[cairn #9 · ${r.toolUseId}] excerpt`,
      1000,
    );
    expect(out.replaced).toBe(2);
    expect(out.afterBytes).toBeLessThan(out.beforeBytes);
    const after = lines(path);
    const orig = lines(TOOLS_SESSION);
    expect(after.length).toBe(orig.length);
    const changed = after.flatMap((l, i) => (l === orig[i] ? [] : [i]));
    expect(changed.length).toBe(2);
    expect(validate(after)).toBeUndefined();
    const e = JSON.parse(after[changed[1]!]!);
    expect(e.message.content[0].content).toBe("[cairn #9 · toolu_cap_large_read] excerpt");
    // Claude Code's own record of the result is left alone.
    expect(e.toolUseResult).toEqual(JSON.parse(orig[changed[1]!]!).toolUseResult);
    expect(latestBackup(t!.paths, SID)?.transcriptPath).toBe(path);
    undoSlim(t!.paths, SID, false);
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(latestBackup(t!.paths, SID)).toBeUndefined();
  });

  it("a failure half way (storing an original fails) leaves the transcript exactly as it was", async () => {
    const { path, before } = await setup();
    const plan = planSlim(lines(path), 2000, 0);
    let n = 0;
    await expect(
      slimTranscript(
        t!.paths,
        path,
        SID,
        plan,
        async () => {
          if (++n === 2) throw new Error("disk full");
          return "[cairn #1] x";
        },
        1000,
      ),
    ).rejects.toThrow("disk full");
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it("undo refuses when the transcript changed since the slim, unless forced", async () => {
    const { path, before } = await setup();
    await slimTranscript(
      t!.paths,
      path,
      SID,
      planSlim(lines(path), 2000, 0),
      async () => "[cairn #1] x",
      1000,
    );
    writeFileSync(path, `${readFileSync(path, "utf8")}{"type":"user","uuid":"later"}\n`);
    expect(() => undoSlim(t!.paths, SID, false)).toThrow(/changed since it was slimmed/);
    undoSlim(t!.paths, SID, true);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it("refuses a transcript that does not validate to begin with", async () => {
    const { path } = await setup();
    writeFileSync(path, `${readFileSync(path, "utf8")}{"half a line`);
    await expect(
      slimTranscript(t!.paths, path, SID, planSlim(lines(path), 2000, 0), async () => "x", 1000),
    ).rejects.toThrow(/does not validate as it is/);
  });
});

describe("runningReason", () => {
  it("refuses while Claude Code's session registry says it runs, or the file was just written", async () => {
    const { path } = await setup();
    const home = t!.dir;
    const now = Date.now();
    const old = new Date(now - 10 * 60_000);
    utimesSync(path, old, old);
    expect(runningReason(path, SID, { HOME: home }, now, 60_000)).toBeUndefined();
    mkdirSync(join(home, ".claude", "sessions"), { recursive: true });
    writeFileSync(
      join(home, ".claude", "sessions", `${process.pid}.json`),
      JSON.stringify({ pid: process.pid, sessionId: SID }),
    );
    expect(runningReason(path, SID, { HOME: home }, now, 60_000)).toMatch(/is running/);
    // A registry entry of a process that is gone (a crash) does not count.
    writeFileSync(
      join(home, ".claude", "sessions", `${process.pid}.json`),
      JSON.stringify({ pid: 2 ** 22 + 7, sessionId: SID }),
    );
    expect(runningReason(path, SID, { HOME: home }, now, 60_000)).toBeUndefined();
    utimesSync(path, new Date(now - 5000), new Date(now - 5000));
    expect(runningReason(path, SID, { HOME: home }, now, 60_000)).toMatch(/written 5 s ago/);
  });
});
