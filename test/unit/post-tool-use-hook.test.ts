import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { traceOf } from "../../bench/lib/trace-account.ts";
import { LOADED } from "../../src/chunk-loader.ts";
import { REPO, runCairn, tempHome } from "../helpers/cairn.ts";

// PostToolUse compression through the built hook, on a real captured input carrying a
// real test-run output: it compresses what it understands, and for anything it does
// not (a future shape, an unknown tool) or cannot store, the original passes untouched
// and the log says why.

const captured = JSON.parse(
  readFileSync(join(REPO, "test/fixtures/hook-inputs/PostToolUse-Bash-small.json"), "utf8"),
);
const vitest = readFileSync(join(REPO, "test/fixtures/outputs/test-vitest-failing.txt"), "utf8");

describe("PostToolUse compression: understood, or passed through", () => {
  let sb: ReturnType<typeof tempHome>;
  const hook = (event: Record<string, unknown>) =>
    runCairn(["hook", "PostToolUse"], {
      input: JSON.stringify({ ...event, cwd: sb.project }),
      env: sb.env,
      cwd: sb.home,
    });
  const log = () => readFileSync(join(sb.home, ".cairn", "logs", "cairn.log"), "utf8");

  beforeEach(() => {
    sb = tempHome();
    mkdirSync(sb.project, { recursive: true });
  });
  afterEach(() => sb.cleanup());

  it("replaces a large Bash output with an excerpt in Bash's own shape", async () => {
    const r = await hook({ ...captured, tool_response: { ...captured.tool_response, stdout: vitest } });
    const out = JSON.parse(r.stdout).hookSpecificOutput.updatedToolOutput;
    expect(Object.keys(out).sort()).toEqual([
      "interrupted",
      "isImage",
      "noOutputExpected",
      "stderr",
      "stdout",
    ]);
    expect(out.stdout).toMatch(/^\[cairn #1 · /);
    expect(out.stdout).toContain("Tests  3 failed | 176 passed");
    // Every failure whole with where it failed; the room its facts need, at most half (issue 24).
    for (const line of vitest.split("\n").filter((l) => /^ FAIL |^ ❯ test\/.*:\d+:\d+$/.test(l)))
      expect(out.stdout).toContain(line);
    expect(out.stdout).not.toContain("✓ slugify");
    expect(out.stdout.length).toBeLessThan(vitest.length * 0.5);
  });

  it("loads the excerpts of the one kind it files: a pytest run, not the compilers' or the others'", async () => {
    const pytest = readFileSync(join(REPO, "test/fixtures/outputs/test-pytest-failing-verbose.txt"), "utf8");
    const r = await runCairn(["hook", "PostToolUse"], {
      input: JSON.stringify({
        ...captured,
        tool_input: { ...captured.tool_input, command: "pytest -v" },
        tool_response: { ...captured.tool_response, stdout: pytest },
        cwd: sb.project,
      }),
      env: { ...sb.env, CAIRN_TRACE: "1" },
      cwd: sb.home,
    });
    expect(r.code, r.stderr).toBe(0);
    const shown = JSON.parse(r.stdout).hookSpecificOutput.updatedToolOutput.stdout as string;
    expect(shown).toMatch(/^\[cairn #1 · .*→ excerpt \(pytest/);
    // The bundle's lazy files this run loaded (src/chunk-loader.ts marks each).
    const loaded = (traceOf(r.stderr) ?? [])
      .map(([label]) => label)
      .filter((l) => l.startsWith(LOADED))
      .map((l) => l.slice(LOADED.length));
    expect(loaded).toContain("compress-compress-lazy");
    expect(loaded.filter((f) => f.startsWith("compress-kinds-"))).toEqual(["compress-kinds-test-excerpt"]);
    // Not every kind at once, and not the generic excerpt the test runners' did not need.
    expect(loaded).not.toContain("compress-compress-text");
  });

  it("a 5 KB tsc run whose every line is an error reaches the model whole, and the record says so", async () => {
    // Issue 24: an output of 2-8 KB becomes an excerpt only when the excerpt keeps every
    // problem line; here it cannot, so the model gets the original and the stored row must
    // not claim an excerpt was shown (`cairn show --info`, the list, the dashboard read it).
    const tsc = readFileSync(join(REPO, "test/fixtures/outputs/compile-tsc-errors.txt"), "utf8");
    const r = await hook({ ...captured, tool_response: { ...captured.tool_response, stdout: tsc } });
    expect(JSON.parse(r.stdout).hookSpecificOutput?.updatedToolOutput).toBeUndefined();
    const cli = (args: string[]) => runCairn(args, { env: sb.env, cwd: sb.project });
    const info = await cli(["show", "1", "--info"]);
    expect(info.stdout).toMatch(/ shown {5}whole \(the excerpt by \S+ was no shorter\)/);
    expect((await cli(["show"])).stdout).toMatch(/#1 .* shown whole/);
    expect((await cli(["show", "1"])).stdout).toBe(tsc);
    expect((await cli(["show", "1", "--shown"])).stdout).toBe(tsc);
  });

  it("passes an output shape it does not know through untouched", async () => {
    const future = { ...captured, tool_response: { output: { chunks: [vitest] }, exit: 0 } };
    const r = await hook(future);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({});
    const arrayStdout = { ...captured, tool_response: { ...captured.tool_response, stdout: [vitest] } };
    expect(JSON.parse((await hook(arrayStdout)).stdout)).toEqual({});
  });

  it("passes an unknown tool's output through untouched", async () => {
    const r = await hook({ ...captured, tool_name: "FutureTool", tool_response: { text: vitest } });
    expect(JSON.parse(r.stdout)).toEqual({});
  });

  it("keeps the original when the database cannot be written, and logs why", async () => {
    mkdirSync(join(sb.home, ".cairn", "cairn.db"), { recursive: true }); // a directory where the database should be
    const r = await hook({ ...captured, tool_response: { ...captured.tool_response, stdout: vitest } });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({});
    expect(log()).toMatch(/"level":"error".*part compress failed/);
  });

  it("compresses text with replacement characters and control bytes (non-UTF-8 output as Claude Code decodes it)", async () => {
    const garbled = `${vitest.slice(0, 4000)}\uFFFD\uFFFD\u0000\u0007${"\uFFFDbinary\u0001".repeat(500)}\n${vitest.slice(4000)}`;
    const r = await hook({ ...captured, tool_response: { ...captured.tool_response, stdout: garbled } });
    const out = JSON.parse(r.stdout).hookSpecificOutput.updatedToolOutput;
    expect(out.stdout).toMatch(/^\[cairn #1 · /);
    const shown = await runCairn(["show", "1"], { env: sb.env, cwd: sb.project });
    expect(shown.stdout).toBe(garbled);
  });
});
