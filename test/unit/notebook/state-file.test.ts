import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notebookPath } from "../../../src/core/paths.ts";
import {
  appendItem,
  formatNotebook,
  isBlank,
  notebookTemplate,
  parseNotebook,
  readNotebook,
  sectionIdOf,
  sectionText,
  seedNotebook,
  setSection,
  writeNotebook,
} from "../../../src/notebook/state-file.ts";

describe("parseNotebook", () => {
  it("reads the template as five empty sections with the keeping instructions in the preamble", () => {
    const nb = parseNotebook(notebookTemplate());
    expect(nb.sections.map((s) => s.id)).toEqual(["goal", "now", "decisions", "dead-ends", "open-questions"]);
    expect(nb.preamble).toContain("cairn's notebook");
    expect(isBlank(nb)).toBe(true);
  });

  it("tolerates hand edits: heading levels, synonyms, CRLF, order, repeats, title, comments, code fences", () => {
    const text = [
      "# STATE: billing service",
      "Some free text the user wrote.",
      "",
      "### Current step",
      "- wire the retry queue",
      "  - then the dead-letter topic",
      "",
      "# Objective",
      "Make refunds idempotent.",
      "",
      "## What didn't work",
      "- locking rows in Postgres: deadlocks under load",
      "```md",
      "## Goal  <- inside a fence, not a heading",
      "```",
      "## Decisions:",
      "<!-- newest last -->",
      "- keys are (order_id, attempt)",
      "## My own notes",
      "ask Dana about SLAs",
      "## decisions",
      "- retries capped at 5",
    ].join("\r\n");
    const nb = parseNotebook(text);
    expect(sectionText(nb, "goal")).toBe("Make refunds idempotent.");
    expect(sectionText(nb, "now")).toBe("- wire the retry queue\n  - then the dead-letter topic");
    expect(sectionText(nb, "dead-ends")).toContain("locking rows in Postgres");
    expect(sectionText(nb, "dead-ends")).toContain("## Goal  <- inside a fence");
    expect(sectionText(nb, "decisions")).toBe("- keys are (order_id, attempt)\n- retries capped at 5");
    expect(nb.sections.find((s) => !s.id)?.title).toBe("My own notes");
    expect(nb.preamble).toContain("Some free text");
  });

  it("reads a notebook written as 'Label: text' lines without any headings", () => {
    const nb = parseNotebook(
      "Goal: ship v2\nNow: fixing the flaky e2e test\n  (the one with the timer)\nDead ends: sleeping longer\n",
    );
    expect(sectionText(nb, "goal")).toBe("ship v2");
    expect(sectionText(nb, "now")).toBe("fixing the flaky e2e test\n  (the one with the timer)");
    expect(sectionText(nb, "dead-ends")).toBe("sleeping longer");
  });

  it("maps common titles to sections and leaves others alone", () => {
    expect(sectionIdOf("Dead-ends")).toBe("dead-ends");
    expect(sectionIdOf("Dead ends")).toBe("dead-ends");
    expect(sectionIdOf("Now & next")).toBe("now");
    expect(sectionIdOf("1. Goals")).toBe("goal");
    expect(sectionIdOf("**Open questions**")).toBe("open-questions");
    expect(sectionIdOf("Don't retry")).toBe("dead-ends");
    expect(sectionIdOf("Architecture")).toBeUndefined();
  });
});

describe("updating", () => {
  it("setSection replaces one section and keeps everything else byte for byte", () => {
    const text = "# STATE\n\n## Goal\n\nA\n\n## Now\n\nold step\n\n## Mine\n\nkeep me\n";
    const next = formatNotebook(setSection(parseNotebook(text), "now", "new step"));
    expect(next).toBe("# STATE\n\n## Goal\n\nA\n\n## Now\n\nnew step\n\n## Mine\n\nkeep me\n");
  });

  it("setSection adds a missing section in the canonical order", () => {
    const nb = setSection(parseNotebook("## Goal\nA\n## Decisions\n- d1\n"), "now", "step");
    expect(nb.sections.map((s) => s.id)).toEqual(["goal", "now", "decisions"]);
  });

  it("appendItem adds a bullet at the end", () => {
    const nb = appendItem(parseNotebook(notebookTemplate()), "decisions", "use SQLite (no server)");
    const again = appendItem(nb, "decisions", "- WAL mode");
    expect(sectionText(again, "decisions")).toBe("- use SQLite (no server)\n- WAL mode");
  });
});

describe("the file", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "cairn-nb-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("is seeded once, 0600, and an existing notebook is never overwritten", () => {
    expect(seedNotebook(dir)).toBe(true);
    const path = notebookPath(dir);
    expect(readFileSync(path, "utf8")).toBe(notebookTemplate());
    expect(statSync(path).mode & 0o777).toBe(0o600);
    writeFileSync(path, "## Goal\nmine\n");
    expect(seedNotebook(dir)).toBe(false);
    expect(readFileSync(path, "utf8")).toBe("## Goal\nmine\n");
    // No temp files are left behind.
    expect(readdirSync(dirname(path))).toEqual(["STATE.md"]);
  });

  it("writes atomically and reads back with its mtime", () => {
    writeNotebook(dir, "## Goal\nG\n");
    const nb = readNotebook(dir);
    expect(nb && sectionText(nb.notebook, "goal")).toBe("G");
    expect(nb?.mtimeMs).toBeGreaterThan(0);
    expect(readdirSync(dirname(notebookPath(dir)))).toEqual(["STATE.md"]);
    expect(readNotebook(join(dir, "nope"))).toBeUndefined();
    expect(existsSync(notebookPath(join(dir, "nope")))).toBe(false);
  });
});
