import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATA_NOTE } from "../../../src/core/data-block.ts";
import { inspectTextFile, readNudge, subagentNudge, suggestTier } from "../../../src/notebook/nudges.ts";

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures");
const input = (name: string) =>
  JSON.parse(readFileSync(join(FIXTURES, "hook-inputs", `${name}.json`), "utf8")).tool_input as Record<
    string,
    unknown
  >;

describe("the Read nudge", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "cairn-nudge-"));
    copyFileSync(join(FIXTURES, "outputs", "read-python-argparse.txt"), join(dir, "argparse.py"));
    copyFileSync(join(FIXTURES, "outputs", "generic-versions-small.txt"), join(dir, "small.txt"));
    writeFileSync(join(dir, "blob.bin"), Buffer.concat([Buffer.from("PK\0\0"), Buffer.alloc(80_000, 7)]));
    writeFileSync(join(dir, "shot.png"), Buffer.alloc(80_000, 1));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("notes an unbounded Read of a large text file, with its size, lines and estimated tokens", () => {
    const real = input("PreToolUse-Read-large"); // { file_path } only, as the model sent it
    expect(Object.keys(real)).toEqual(["file_path"]);
    const text = readFileSync(join(dir, "argparse.py"), "utf8");
    const note = readNudge({ ...real, file_path: join(dir, "argparse.py") }, dir, dir, 50_000);
    const lines = text.split("\n").length.toLocaleString("en-US");
    expect(note).toBe(
      `cairn note: this Read is of a file of ${(text.length / 1024).toFixed(1)} KB (${lines} lines, ≈${Math.round(Buffer.byteLength(text) / 4 / 1000)}k tokens, estimate). Reading it whole fills the context; next time find the part you need first (Grep with -n) and Read it with offset and limit. The file:\n${DATA_NOTE}\n<cairn-data source="file name">\nargparse.py\n</cairn-data>`,
    );
  });

  it("says nothing for a bounded read, a small file, a binary or an image, or a missing file", () => {
    const bounded = input("PreToolUse-Read-offset-limit");
    expect(bounded).toMatchObject({ offset: 100, limit: 20 });
    expect(readNudge({ ...bounded, file_path: join(dir, "argparse.py") }, dir, dir, 50_000)).toBeUndefined();
    expect(readNudge({ file_path: join(dir, "small.txt") }, dir, dir, 50_000)).toBeUndefined();
    expect(readNudge({ file_path: join(dir, "blob.bin") }, dir, dir, 50_000)).toBeUndefined();
    expect(readNudge({ file_path: join(dir, "shot.png") }, dir, dir, 50_000)).toBeUndefined();
    expect(readNudge({ file_path: join(dir, "gone.txt") }, dir, dir, 50_000)).toBeUndefined();
    expect(readNudge({}, dir, dir, 50_000)).toBeUndefined();
  });

  it("resolves a relative path against the cwd and counts lines exactly", () => {
    const info = inspectTextFile(join(dir, "argparse.py"), 1024);
    expect(info?.lines).toBe(readFileSync(join(dir, "argparse.py"), "utf8").split("\n").length);
    expect(readNudge({ file_path: "argparse.py" }, dir, "/elsewhere", 50_000)).toContain(
      join(dir, "argparse.py"),
    );
  });
});

describe("the subagent model nudge", () => {
  let home: string;
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), "cairn-agents-"));
    mkdirSync(join(home, ".claude", "agents"), { recursive: true });
    writeFileSync(
      join(home, ".claude", "agents", "scout.md"),
      "---\nname: scout\nmodel: haiku\n---\nFind things.\n",
    );
    writeFileSync(
      join(home, ".claude", "agents", "heir.md"),
      "---\nname: heir\nmodel: inherit\n---\nDo things.\n",
    );
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));
  const env = () => ({ HOME: home });

  it("notes a real Agent call without a model, suggesting the cheapest tier for the task", () => {
    const real = input("PreToolUse-Agent-general-purpose");
    expect(real.model).toBeUndefined();
    const note = subagentNudge(real, env(), "/p");
    expect(note).toContain("cairn note: this subagent (general-purpose) has no explicit model");
    expect(note).toContain('For a task like "run sub", model: "sonnet"');
  });

  it("suggests haiku for lookups and sonnet for work that needs judgment", () => {
    expect(
      suggestTier({ description: "find callers", prompt: "Find every file that references parseDate" }),
    ).toBe("haiku");
    expect(suggestTier({ subagent_type: "Explore", description: "map the repo", prompt: "quick" })).toBe(
      "haiku",
    );
    expect(
      suggestTier({ description: "fix the bug", prompt: "Debug why the e2e test hangs and fix it" }),
    ).toBe("sonnet");
    expect(suggestTier({ description: "search then refactor", prompt: "Search for X and refactor it" })).toBe(
      "sonnet",
    );
    expect(
      subagentNudge({ description: "list TODOs", prompt: "List all TODO comments" }, env(), "/p"),
    ).toContain('model: "haiku"');
  });

  it("stays quiet when the model is chosen already, for forks, or when a default subagent model is set", () => {
    expect(
      subagentNudge({ ...input("PreToolUse-Agent-general-purpose"), model: "haiku" }, env(), "/p"),
    ).toBeUndefined();
    expect(subagentNudge({ subagent_type: "fork", prompt: "x" }, env(), "/p")).toBeUndefined();
    expect(
      subagentNudge({ prompt: "x" }, { ...env(), CLAUDE_CODE_SUBAGENT_MODEL: "haiku" }, "/p"),
    ).toBeUndefined();
    expect(subagentNudge({ subagent_type: "scout", prompt: "find x" }, env(), "/p")).toBeUndefined();
    expect(subagentNudge({ subagent_type: "heir", prompt: "find x" }, env(), "/p")).toContain("(heir)");
  });
});
