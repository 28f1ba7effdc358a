import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { matchingLine } from "../../../src/memory/search.ts";
import { openStore } from "../../../src/store/db.ts";
import { indexOutputs } from "../../../src/store/outputs-index.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";

// A search hit shows its whole matching line: `src/db/pool.ts:88` stays whole, not cut
// to a window of a few words with brackets inserted. A query FTS5 cannot read is
// refused with the reason, never answered "No match".

let h: ReturnType<typeof tempHome>;
let grepOutput: string;
const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  runCairn(args, { cwd: h.project, env: { ...h.env, CLAUDE_PROJECT_DIR: h.project, ...env } });

beforeAll(async () => {
  h = tempHome("cairn-search-line-");
  // A real grep over a small tree: the output the agent searched for.
  const tree = join(h.home, "tree");
  mkdirSync(join(tree, "src", "db"), { recursive: true });
  const pool = Array.from({ length: 120 }, (_, i) =>
    i === 87
      ? "  const conn = await pool.acquire({ timeoutMs: 30_000, label: 'checkout-flow' }); // TODO release on error path"
      : `  // filler line ${i + 1} of the connection pool module`,
  );
  writeFileSync(join(tree, "src", "db", "pool.ts"), `${pool.join("\n")}\n`);
  writeFileSync(join(tree, "src", "db", "index.ts"), "export * from './pool';\n// TODO document\n");
  grepOutput = execFileSync("grep", ["-rn", "TODO", "src"], { cwd: tree, encoding: "utf8" });
  mkdirSync(h.project, { recursive: true });
  const store = await openStore(cairnPaths(join(h.home, ".cairn")).db);
  store.db
    .prepare("INSERT INTO sessions (id, project_dir, started_at, last_seen_at) VALUES ('s1', ?, 1, 1)")
    .run(h.project);
  store.db
    .prepare(
      "INSERT INTO outputs (session_id, tool_name, label, original, original_bytes, original_lines, created_at) VALUES ('s1', 'Bash', 'grep -rn TODO src', ?, ?, 2, 1)",
    )
    .run(Buffer.from(grepOutput), grepOutput.length);
  // A second real output with the same word on another line: each hit must show its own.
  const second = execFileSync("grep", ["-rn", "export", "src"], { cwd: tree, encoding: "utf8" });
  store.db
    .prepare(
      "INSERT INTO outputs (session_id, tool_name, label, original, original_bytes, original_lines, created_at) VALUES ('s1', 'Bash', 'grep -rn export src', ?, ?, 1, 2)",
    )
    .run(Buffer.from(`${second}release notes pending\n`), second.length + 22);
  indexOutputs(store, 1);
  store.close();
});
afterAll(() => h.cleanup());

describe("cairn search shows each hit's whole matching line", () => {
  it("keeps src/db/pool.ts:88 and the rest of its line", async () => {
    const lines = grepOutput.split("\n");
    const n = lines.findIndex((l) => l.includes("pool.acquire")) + 1;
    const line = lines[n - 1]!;
    expect(line).toMatch(/^src\/db\/pool\.ts:88:/);
    const r = await run(["search", "release"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(line);
    expect(r.stdout).not.toContain("[release]");
    // The way to more: that line of the original, with some context.
    // (cairn as it runs here: the absolute invocation, since no `cairn` is on this PATH.)
    const next = r.stdout.split(`   ${n}: ${line}\n`)[1]?.split("\n")[0];
    expect(next).toMatch(new RegExp(`^   \\S.* show 1 --lines 1-${n + 5}$`));
    const j = await run(["search", "release", "--json"]);
    const hits = JSON.parse(j.stdout).hits as { id: number; snippet: string }[];
    // Each hit its own line (FTS5 once answered every hit with the first one's).
    expect(hits.map((x) => [x.id, x.snippet]).sort()).toEqual([
      [1, line],
      [2, "release notes pending"],
    ]);
    const hit = hits.find((x) => x.id === 1) as unknown as {
      snippet: string;
      line: number;
      marks: number[][];
    };
    expect(hit.snippet).toBe(line);
    expect(hit.line).toBe(n);
    expect(hit.snippet.slice(hit.marks[0]![0], hit.marks[0]![1])).toBe("release");
  });

  it("finds words with dots, slashes and colons as typed", async () => {
    const r = await run(["search", "src/db/pool.ts:88"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("src/db/pool.ts:88:");
    const call = await run(["search", "pool.acquire({"]);
    expect(call.code, call.stderr).toBe(0);
  });

  it("refuses a malformed FTS5 query with the reason, exit 2", async () => {
    for (const q of ["foo AND (", "*", '"unclosed']) {
      const r = await run(["search", q]);
      expect(r.code, `${q}: ${r.stdout}${r.stderr}`).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain("is not valid FTS5 syntax");
      expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
    }
  });
});

describe("matchingLine", () => {
  it("takes the line with the most matches, whole, and cuts only a very long one around its match", () => {
    expect(matchingLine("a \u0002x\u0003\nb \u0002x\u0003 \u0002y\u0003 c\nd")).toEqual({
      snippet: "b x y c",
      marks: [
        [2, 3],
        [4, 5],
      ],
      line: 2,
    });
    const long = `${"w ".repeat(2000)}\u0002needle\u0003${" z".repeat(2000)}`;
    const m = matchingLine(long);
    expect(m.snippet.length).toBeLessThanOrEqual(602);
    expect(m.snippet.startsWith("…") && m.snippet.endsWith("…")).toBe(true);
    expect(m.snippet.slice(m.marks[0]![0], m.marks[0]![1])).toBe("needle");
  });
});
