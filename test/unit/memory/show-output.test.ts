import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageFooter, type Read, type ReadSpec, readOutput } from "../../../src/memory/show-output.ts";
import { FIXTURES, type TempStore, tempStore } from "./helpers.ts";

// The one reader of stored originals (cairn show, MCP show_output, the dashboard), on
// real tool outputs from test/fixtures/outputs and on small hand-made ones.

const real = (name: string) => readFileSync(join(FIXTURES, "outputs", name));
const LOG = real("log-npm-install-verbose.txt"); // 120 KB
const GREP = real("grep-rn-go-err-2mb.txt"); // 1.9 MB

let t: TempStore;
const asker = { project: "/p", cli: "cairn" };

function file(session: string, original: Buffer, extra: Record<string, unknown> = {}): number {
  const cols = {
    session_id: session,
    tool_name: "Bash",
    label: "cat x",
    original,
    original_bytes: original.length,
    original_lines: 1,
    created_at: 1,
    ...extra,
  };
  const keys = Object.keys(cols);
  const r = t.store.db
    .prepare(`INSERT INTO outputs (${keys.join(", ")}) VALUES (${keys.map(() => "?").join(", ")})`)
    .run(...(Object.values(cols) as never[]));
  return Number(r.lastInsertRowid);
}

let small: number;
let log: number;
let grep: number;
let other: number;

beforeAll(async () => {
  t = await tempStore();
  t.store.db
    .prepare(
      "INSERT INTO sessions (id, project_dir, started_at, last_seen_at) VALUES ('s', '/p', 1, 1), ('o', '/other', 1, 1)",
    )
    .run();
  small = file("s", Buffer.from("alpha\nBeta\ngamma\nbeta 2\ndelta\n"), {
    excerpt: "[cairn #1 · excerpt]\nBeta",
  });
  log = file("s", LOG);
  grep = file("s", GREP);
  other = file("o", Buffer.from("secret of another project\n"));
});
afterAll(() => t.cleanup());

const ok = (r: Read) => {
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r;
};
const text = (id: number, spec: ReadSpec = {}) =>
  Buffer.from(ok(readOutput(t.store, id, spec, asker)).bytes).toString("utf8");

describe("what is asked for", () => {
  it("whole: the stored bytes themselves", () => {
    expect(Buffer.from(ok(readOutput(t.store, log, {}, asker)).bytes).equals(LOG)).toBe(true);
  });

  it("a line range: those lines' bytes, newlines kept; A- runs to the end, A alone is one line", () => {
    expect(text(small, { lines: "2-3" })).toBe("Beta\ngamma\n");
    expect(text(small, { lines: "4-" })).toBe("beta 2\ndelta\n");
    expect(text(small, { lines: "3" })).toBe("gamma\n");
    expect(text(small, { lines: "2-99" })).toBe("Beta\ngamma\nbeta 2\ndelta\n");
    const lines = LOG.toString("utf8").split("\n");
    expect(text(log, { lines: "100-102" })).toBe(`${lines.slice(99, 102).join("\n")}\n`);
  });

  it("grep: matching lines numbered as grep -n prints them, context around, -- between groups", () => {
    expect(text(small, { grep: "^g", context: 0 })).toBe("3: gamma\n");
    expect(text(small, { grep: "delta", context: 1 })).toBe("4- beta 2\n5: delta\n");
    expect(text(small, { grep: "alpha|delta", context: 0 })).toBe("1: alpha\n--\n5: delta\n");
  });

  it("grep is case-sensitive unless asked otherwise", () => {
    expect(text(small, { grep: "beta", context: 0 })).toBe("4: beta 2\n");
    expect(text(small, { grep: "beta", context: 0, ignoreCase: true })).toBe("2: Beta\n--\n4: beta 2\n");
    expect(text(small, { grep: "BETA", context: 1, ignoreCase: true })).toBe(
      "1- alpha\n2: Beta\n3- gamma\n4: beta 2\n5- delta\n",
    );
  });

  it("grep over a 1.9 MB original: every matching line, once", () => {
    const want = GREP.toString("utf8")
      .split("\n")
      .filter((l) => /ERR != NIL/i.test(l)).length;
    expect(want).toBeGreaterThan(1000);
    const printed = text(grep, { grep: "ERR != NIL", ignoreCase: true, context: 0 }).split("\n");
    const got = printed.filter((l) => /^\s*\d+: /.test(l)).length;
    expect(got).toBe(want);
  });

  it("--lines with --grep: the matches inside the range, with the original's numbers", () => {
    expect(text(small, { grep: "beta", ignoreCase: true, lines: "3-5", context: 0 })).toBe("4: beta 2\n");
    const r = readOutput(t.store, small, { grep: "alpha", lines: "2-5" }, asker);
    expect(r).toMatchObject({ ok: false, why: "no-match", message: "no line in 2-5 matches /alpha/" });
  });

  it("what the model was sent, instead of the original", () => {
    expect(text(small, { shown: true })).toBe("[cairn #1 · excerpt]\nBeta");
  });
});

describe("what it cannot give, in the same words everywhere", () => {
  it("a pattern that could run away is refused, like a config pattern", () => {
    for (const p of ["(a+)+$", "(x|y)*z(\\1)"]) {
      const r = readOutput(t.store, small, { grep: p }, asker);
      expect(r).toMatchObject({ ok: false, why: "bad-request" });
    }
  });

  it("a range written backwards, one past the end", () => {
    expect(readOutput(t.store, small, { lines: "3-2" }, asker)).toMatchObject({
      why: "bad-request",
      message: "--lines 3-2 is reversed: the first line comes first (--lines 2-3)",
    });
    expect(readOutput(t.store, small, { lines: "9-" }, asker)).toMatchObject({
      why: "past-end",
      message: "#1 has 5 lines",
    });
  });

  it("another project's output, unless every project is asked for", () => {
    expect(readOutput(t.store, other, {}, asker)).toMatchObject({ ok: false, why: "other-project" });
    expect(ok(readOutput(t.store, other, {}, { cli: "cairn" })).bytes.byteLength).toBeGreaterThan(0);
  });

  it("an id never given, one whose record retention removed, a pruned original", () => {
    expect(readOutput(t.store, 999, {}, asker)).toMatchObject({ why: "not-found" });
    const gone = file("s", Buffer.from("x\n"));
    t.store.db.prepare("DELETE FROM outputs WHERE id = ?").run(gone);
    expect(readOutput(t.store, gone, {}, asker)).toMatchObject({ why: "removed" });
    const pruned = file("s", Buffer.from(""), {
      pruned_at: Date.parse("2026-11-20T10:00:00Z"),
      original_bytes: 5000,
    });
    expect(readOutput(t.store, pruned, {}, asker)).toMatchObject({
      why: "pruned",
      message: `the original of #${pruned} (4.9 KB) was removed by the retention policy on 2026-11-20 10:00 UTC to keep the database under retention.max_mb; its record stays: \`cairn show ${pruned} --info\`.`,
    });
  });
});

describe("pages", () => {
  const pages = (id: number, spec: ReadSpec, chars: number) => {
    const first = ok(readOutput(t.store, id, { ...spec, paging: { chars, page: 1 } }, asker));
    const count = first.page?.count ?? 1;
    return Array.from({ length: count }, (_, i) =>
      ok(readOutput(t.store, id, { ...spec, paging: { chars, page: i + 1 } }, asker)),
    );
  };

  it("cut the whole into pages no larger than asked, as large as whole lines allow, that add up to it", () => {
    const all = pages(log, {}, 25_000);
    const chars = LOG.toString("utf8").length;
    expect(all.length).toBeGreaterThanOrEqual(Math.ceil(chars / 25_000));
    expect(all.length).toBeLessThanOrEqual(Math.ceil(chars / 12_500));
    const texts = all.map((p) => Buffer.from(p.bytes).toString("utf8"));
    expect(texts.join("")).toBe(LOG.toString("utf8"));
    for (const [i, s] of texts.entries()) {
      expect(s.length).toBeLessThanOrEqual(25_000);
      // Every page but the last is more than half full and ends at a line's end.
      if (i < texts.length - 1) {
        expect(s.length).toBeGreaterThan(12_500);
        expect(s.endsWith("\n")).toBe(true);
      }
    }
  });

  it("name every page's lines, and those lines are what --lines gives", () => {
    const all = pages(log, {}, 25_000);
    const { ranges } = all[0]!.page!;
    expect(ranges).toHaveLength(all.length);
    for (const [i, [a, b]] of ranges.entries()) {
      expect(text(log, { lines: `${a}-${b}` })).toBe(Buffer.from(all[i]!.bytes).toString("utf8"));
      if (i > 0) expect(a).toBe(ranges[i - 1]![1] + 1);
    }
    expect(ranges.at(-1)![1]).toBe(all[0]!.totalLines);
  });

  it("page grep's answer, naming the original's lines its matches are on", () => {
    const spec = { grep: "http", context: 1 };
    const all = pages(log, spec, 10_000);
    expect(all.length).toBeGreaterThan(3);
    const joined = all.map((p) => Buffer.from(p.bytes).toString("utf8")).join("");
    expect(joined).toBe(text(log, spec));
    for (const [i, p] of all.entries()) {
      const [a, b] = p.page!.ranges[i]!;
      const s = Buffer.from(p.bytes).toString("utf8");
      const printed = s
        .trimEnd()
        .split("\n")
        .filter((l) => l !== "--");
      expect(Number(/^\s*(\d+)[:-]/.exec(printed[0]!)![1])).toBe(a);
      expect(Number(/^\s*(\d+)[:-]/.exec(printed.at(-1)!)![1])).toBe(b);
    }
  });

  it("split a line longer than a page, never between a surrogate pair", () => {
    const long = file("s", Buffer.from(`short\n${"😀".repeat(30_000)}\nend\n`));
    const all = pages(long, {}, 25_001);
    const texts = all.map((p) => Buffer.from(p.bytes).toString("utf8"));
    expect(texts.join("")).toBe(`short\n${"😀".repeat(30_000)}\nend\n`);
    for (const s of texts) expect(s).not.toMatch(/\uFFFD/);
    expect(all[0]!.page!.ranges[1]).toEqual([2, 2]);
  });

  it("one page is no page: no footer", () => {
    expect(
      ok(readOutput(t.store, small, { paging: { chars: 25_000, page: 1 } }, asker)).page,
    ).toBeUndefined();
    expect(readOutput(t.store, log, { paging: { chars: 25_000, page: 99 } }, asker)).toMatchObject({
      why: "past-end",
    });
  });

  it("the footer names where the page is, the next page's command and every page's lines", () => {
    const p = ok(readOutput(t.store, log, { paging: { chars: 25_000, page: 1 } }, asker));
    const footer = pageFooter(
      log,
      { page: p.page!, totalLines: p.totalLines },
      (n) => `cairn show ${log} --page ${n}`,
    );
    const [a, b] = p.page!.ranges[0]!;
    expect(footer).toBe(
      `[cairn #${log} · page 1 of ${p.page!.count} · lines ${a}-${b} of ${p.totalLines.toLocaleString("en-US")} · next page: cairn show ${log} --page 2]\n` +
        `[pages by line: ${p.page!.ranges.map(([x, y], i) => `${i + 1}: ${x}-${y}`).join(" · ")}]\n`,
    );
  });
});
