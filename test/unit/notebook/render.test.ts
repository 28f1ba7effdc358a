import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DATA_NOTE } from "../../../src/core/data-block.ts";
import { notebookPath } from "../../../src/core/paths.ts";
import { renderNotebook, renderNotebookText } from "../../../src/notebook/inject.ts";
import { buildRestore } from "../../../src/notebook/restore.ts";
import { notebookTemplate, writeNotebook } from "../../../src/notebook/state-file.ts";

const PATH = "/work/p/.cairn/STATE.md";

/** A notebook that has grown for weeks: long logs of decisions and dead-ends. */
function bigNotebook(): string {
  const decisions = Array.from(
    { length: 120 },
    (_, i) =>
      `- D${i + 1}: chose option ${i % 3 === 0 ? "A" : "B"} for module m${i} because of the benchmark run ${i}`,
  );
  const dead = Array.from(
    { length: 60 },
    (_, i) => `- X${i + 1}: tried approach ${i}; it failed with timeout ${i}s`,
  );
  return [
    "# STATE",
    "<!-- keep it short -->",
    "## Decisions",
    ...decisions,
    "## Dead-ends",
    ...dead,
    "## Goal",
    "GOAL-LINE: make the importer stream instead of buffering",
    "## Now",
    "NOW-LINE: step 3 of 5, the backpressure test",
    "## Open questions",
    "- does S3 multipart need retries?",
  ].join("\n");
}

describe("renderNotebookText", () => {
  it("returns a small notebook whole, Goal and Now first, comments and the title left out", () => {
    const text = "# STATE\n<!-- how to keep it -->\n## Decisions\n- d1\n## Goal\nG\n## Now\nN\n";
    const out = renderNotebookText(text, PATH, 6000);
    expect(out).toBe("## Goal\nG\n\n## Now\nN\n\n## Decisions\n- d1");
    expect(out.indexOf("## Goal")).toBe(0);
    expect(out.indexOf("## Now")).toBeLessThan(out.indexOf("## Decisions"));
    expect(out).not.toContain("how to keep it");
    expect(out).not.toContain("# STATE");
  });

  it("names the empty sections of the template instead of printing empty headings", () => {
    const out = renderNotebookText(notebookTemplate(), PATH, 6000);
    expect(out).toBe("(Empty so far: Goal, Now, Decisions, Dead-ends, Open questions.)");
  });

  it("cuts a long notebook by priority: Goal and Now whole, newest decisions, the path for the rest", () => {
    const text = bigNotebook();
    expect(text.length).toBeGreaterThan(9000);
    for (const max of [800, 1500, 3000, 6000]) {
      const out = renderNotebookText(text, PATH, max);
      expect(out.length).toBeLessThanOrEqual(max);
      expect(out).toContain("GOAL-LINE: make the importer stream instead of buffering");
      expect(out).toContain("NOW-LINE: step 3 of 5, the backpressure test");
      expect(out).toContain(PATH);
      expect(out.indexOf("GOAL-LINE")).toBeLessThan(out.indexOf("NOW-LINE"));
    }
    const mid = renderNotebookText(text, PATH, 3000);
    // Decisions are a log: what is kept is the newest end.
    expect(mid).toContain("D120:");
    expect(mid).not.toContain("- D1:");
    expect(mid).toMatch(/Not shown to save context: .*Decisions \(\d+ more lines\)/);
  });

  it("shares the room between a huge Goal and Now, so Now is never crowded out", () => {
    const text = `## Goal\n${"g".repeat(20_000)}\n## Now\nNOW-MARK step two\n`;
    const out = renderNotebookText(text, PATH, 2000);
    expect(out.length).toBeLessThanOrEqual(2000);
    expect(out).toContain("NOW-MARK step two");
    expect(out).toContain("## Goal\ngggg");
  });
});

describe("renderNotebook (memory's resume uses this signature)", () => {
  const dir = mkdtempSync(join(tmpdir(), "cairn-render-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads the project's STATE.md, or gives undefined when there is none", () => {
    expect(renderNotebook(dir, 6000)).toBeUndefined();
    writeNotebook(dir, bigNotebook());
    const out = renderNotebook(dir, 2500);
    expect(out?.length).toBeLessThanOrEqual(2500);
    expect(out).toContain("GOAL-LINE");
    expect(out).toContain(notebookPath(dir));
    writeFileSync(notebookPath(dir), "  \n");
    expect(renderNotebook(dir, 6000)).toBeUndefined();
  });
});

describe("buildRestore", () => {
  const base = {
    projectDir: "/work/p",
    seeded: false,
    maxChars: 6000,
    cli: "/usr/bin/node /opt/cairn/dist/cairn.cjs",
  };

  it("stays within its budget with a long notebook and a summary of the last session", () => {
    const r = buildRestore({
      ...base,
      source: "startup",
      notebookText: bigNotebook(),
      lastSession: `LAST-SESSION: ${"stopped while fixing the importer; ".repeat(80)}`,
    });
    expect(r).toBeDefined();
    expect(r!.additionalContext.length).toBeLessThanOrEqual(6000);
    expect(r!.additionalContext).toMatch(/^cairn notebook \(STATE\.md\), restored at session start: /);
    expect(r!.additionalContext).toContain("GOAL-LINE");
    expect(r!.additionalContext).toContain("LAST-SESSION:");
    // The agent is told how to update it without the Edit prompt Claude Code shows under .claude/.
    expect(r!.additionalContext).toContain('/usr/bin/node /opt/cairn/dist/cairn.cjs state set now "…"');
    expect(r!.systemMessage).toMatch(
      /^cairn: notebook restored at session start \([\d,]+ chars; goal: GOAL-LINE/,
    );
    expect(r!.systemMessage).not.toContain("\n");
  });

  it("labels each source and asks for a new notebook to be filled in", () => {
    for (const [source, label] of [
      ["clear", "after /clear"],
      ["resume", "on resume"],
      ["compact", "after compaction"],
    ] as const) {
      const r = buildRestore({ ...base, source, notebookText: "## Goal\nG\n" });
      expect(r?.additionalContext).toContain(`restored ${label}:`);
    }
    const seeded = buildRestore({
      ...base,
      source: "startup",
      seeded: true,
      notebookText: notebookTemplate(),
    });
    expect(seeded?.additionalContext).toContain("It is new and empty: fill in Goal and Now");
    expect(seeded?.systemMessage).toBe("cairn: notebook created at /work/p/.cairn/STATE.md");
  });

  it("says an empty notebook is empty once: no body naming its empty sections, no note on recorded data", () => {
    for (const seeded of [true, false]) {
      const r = buildRestore({ ...base, source: "startup", seeded, notebookText: notebookTemplate() });
      const context = r?.additionalContext ?? "";
      expect(context).toContain("It is new and empty: fill in Goal and Now");
      expect(context).toContain("(sections: goal, now, decisions, dead-ends, open-questions)");
      expect(context).not.toContain("Empty so far");
      expect(context).not.toContain(DATA_NOTE);
      expect(context.split("\n")).toHaveLength(3);
    }
    // With where the last session stopped, that is recorded data: the note stays.
    const last = buildRestore({
      ...base,
      source: "startup",
      seeded: false,
      notebookText: notebookTemplate(),
      lastSession: "ran the tests",
    });
    expect(last?.additionalContext).toContain(DATA_NOTE);
  });

  it("on resume, points to a notebook the conversation already holds instead of repeating it", () => {
    const first = buildRestore({ ...base, source: "startup", notebookText: bigNotebook() })!;
    const again = buildRestore({
      ...base,
      source: "resume",
      notebookText: bigNotebook(),
      alreadyInjected: first.hash,
    })!;
    expect(again.pointerOnly).toBe(true);
    expect(again.additionalContext.length).toBeLessThan(200);
    const changed = buildRestore({
      ...base,
      source: "resume",
      notebookText: `${bigNotebook()}\n- one more`,
      alreadyInjected: first.hash,
    })!;
    expect(changed.pointerOnly).toBe(false);
    // After a compaction the conversation no longer holds it: always in full.
    const compact = buildRestore({
      ...base,
      source: "compact",
      notebookText: bigNotebook(),
      alreadyInjected: first.hash,
    })!;
    expect(compact.pointerOnly).toBe(false);
  });

  it("gives nothing without a notebook or a summary", () => {
    expect(buildRestore({ ...base, source: "startup", notebookText: undefined })).toBeUndefined();
  });
});
