import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeVariant } from "../../../../bench/corpus/facts/variants.ts";
import { compressText } from "../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../src/compress/excerpt/budget.ts";
import { defaults } from "../../../../src/config/schema.ts";
import { REPO } from "../../../helpers/cairn.ts";
import { capturedCase } from "../corpus.ts";

// Real captured outputs of the bench's development part (bench/corpus/dev): how the engine
// groups an output made of problems, and records read from a JSON-lines file.

const caseOf = (name: string) => capturedCase("dev", name);

describe("an output made of problems", () => {
  it("a grep for FATAL: each kind of event once with its count, the rare ones whole", async () => {
    const { text, e, must } = await caseOf("grep-bgl-fatal");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    // The 60 TLB interrupts on one node card are one kind: a line and its count, not 60 lines.
    expect(e.text).toMatch(/data TLB error interrupt {2}\[×\d+ like this, lines \d+-\d+\]/);
    expect(
      e.text.split("\n").filter((l) => l.includes("data TLB error interrupt")).length,
    ).toBeLessThanOrEqual(2);
    // Its facts need room (73 kinds of event), but at most half (issue 24).
    expect(e.text.length).toBeLessThan(text.length * 0.5);
  });

  it("a linter's findings: each kind of finding with its count, the few alike ones each in its place", async () => {
    const { e, must } = await caseOf("yamllint-manifests");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    expect(e.text).toMatch(
      /line too long \(\d+ > 80 characters\) {2}\(line-length\) {2}\[×\d+ like this, lines \d+-\d+\]/,
    );
  });

  it("problems alike but for a value: the rare values whole (the one host among many)", async () => {
    const { e, must } = await caseOf("grep-sshd-failures");
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });
});

describe("a JSON-lines file read", () => {
  it("is read as records: the rare ones whole among thousands alike", async () => {
    const { e, must } = await caseOf("read-audit-ndjson");
    expect(e.kept).toContain("records");
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });
});

describe("stylelint, laid out as eslint's stylish with ✖ and ⚠", () => {
  it("is read as diagnostics: the one rare error under its file, the frequent rules counted", async () => {
    const { e, must } = await caseOf("stylelint-css");
    expect(e.kept).toMatch(/^601 errors in 10 files/);
    for (const fact of must) expect(e.text, fact).toContain(fact);
    expect(e.text).toMatch(/styles\/checkout\.css\n(?:\[lines? \d+(?:-\d+)? omitted\]\n)? {2}74:3 {3}✖/);
  });
});

describe("a JSON API response's records", () => {
  it("the one record whose list is not empty (a warning) is shown with that list whole and its row", async () => {
    const { e, must } = await caseOf("curl-import-results-json");
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });
});

describe("records laid out one field a line", () => {
  it("a record with a rare value is shown whole, with its id and url", async () => {
    const { e, must } = await caseOf("sqlite-line-webhooks");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    expect(e.text).toMatch(
      / {9}id = 37\n account_id = 37\n {8}url = https:\/\/hooks\.acct0037\.example\/events\nlast_status = 502/,
    );
  });
});

describe("lines dated but not in time order", () => {
  it("git blame: the newest commits' lines are kept", async () => {
    const { e, must } = await caseOf("git-blame-range");
    expect(e.text).toContain(must[0]); // the newest commit, 7df9aed47
    expect(e.text).toContain(must[1]);
  });

  it("git blame: the newest four commits, not three (a range's recent history is more than its last change)", async () => {
    // dev's blame of 220 lines: 7df9aed47, 3e9a2e16e, 3b0eee75c, then 6f8857a48 (Nicolas
    // Herment, 2025-10-09, seven lines): with the newest three stamps its import of LLM
    // (line 35) was left out.
    const { e } = await caseOf("git-blame-range");
    expect(e.text).toContain(
      "6f8857a48 (Nicolas Herment 2025-10-09 12:44:05 +0200  35) from holmes.core.llm import LLM",
    );
  });

  // The robustness bench's variants of that blame (bench/corpus/facts/variants.ts): rotated
  // at its middle, the newest commits' first lines by position were the ends of their hunks
  // (line 22's one-line change came after its 47-49); grown, its commits' adjacent lines
  // counted as neighbours in time order and the whole read as a log, with no newest lines.
  it("git blame rotated or grown: each newest commit's changes by place, and repeats are no time order", async () => {
    const { text, must } = await caseOf("git-blame-range");
    for (const kind of ["shifted", "grown2x"] as const) {
      const v = makeVariant(text, must, kind);
      if (!("text" in v)) throw new Error(v.skip);
      const e = compressText(
        v.text,
        { tool: "Bash", command: "git blame" },
        excerptBudget(defaults(), v.text.length),
      );
      for (const fact of must.slice(0, 4)) expect(e.text, `${kind}: ${fact}`).toContain(fact);
    }
  });

  // A blame's lines are a source file's behind their commit: each line of code is a kind of
  // its own, and as rare lines they were facts up to the cap (half the output), crowding out
  // the class a reader asked about (fresh5: `class LLMResult(LLMCosts):`, line 143). Read as
  // a blame, where each commit first shows and what the source declares are the facts.
  it("git blame: each commit where it first shows and the source's declarations, the other code as room", async () => {
    for (const [set, name] of [
      ["fresh5", "git-blame-spilled"],
      ["fresh3", "git-blame-interactive"],
      ["fresh6", "git-blame-w-C-config"],
    ] as const) {
      const { text, e, must } = await capturedCase(set, name);
      for (const fact of must) expect(e.text, `${name}: ${fact}`).toContain(fact);
      expect(e.text.length, name).toBeLessThan(text.length * 0.42);
    }
  });

  it("the same lines in time order (a log) have no newest lines of their own: the end stands for them", async () => {
    const { newestLines } = await import("../../../../src/compress/excerpt/newest.ts");
    const { text } = await caseOf("git-blame-range");
    const lines = text.split("\n").filter(Boolean);
    expect(newestLines(lines).map((i) => lines[i]!.slice(0, 9))).toContain("7df9aed47");
    const stamp = (l: string) => /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.exec(l)![0];
    expect(newestLines([...lines].sort((a, b) => stamp(a).localeCompare(stamp(b))))).toEqual([]);
  });
});

describe("templates: a shared start is not a shared kind", () => {
  // `python3 etl.py`: 419 progress lines of a logger (`… INFO etl.loader batch=N rows=N …`),
  // four retries, two lines of another kind from the same logger, then a KeyError. Date,
  // time, level and logger make half the words of every line: a line that shares only them
  // with a kind is not of that kind (main counted the two lines before the crash with the
  // progress lines and showed neither of them, nor the last progress line).
  it("the lines just before a crash, after hundreds of progress lines, are shown whole", async () => {
    const text = readFileSync(join(REPO, "test/fixtures/outputs-extra/log-crash-after-progress.txt"), "utf8");
    const e = compressText(text, { tool: "Bash", command: "python3 etl.py" }, 2930);
    const shown = e.text.split("\n");
    for (const line of text.split("\n").slice(-11, -8)) expect(shown).toContain(line);
    expect(e.text).toContain("KeyError: 'amount_cents'");
    expect(e.text.length).toBeLessThan(text.length * 0.1);
  });
});

describe("what is not a fact still gets room past the facts", () => {
  // `tail -n 250` of a Linux syslog (loghub): ftpd and sshd lines, then a reboot whose
  // hundred kernel lines are each of a kind of their own (facts that took all the budget).
  // The four ftpd `getpeername` errors, a kind of line without a problem word, were left
  // out on main: nothing that is not a fact got any room once the facts had taken it.
  it("a syslog: the first line of a small kind of line beside a reboot's rare lines", async () => {
    const { text, e } = await caseOf("tail-syslog");
    // The log's lines end in CR LF; the excerpt's do not.
    const first = text.split(/\r?\n/).find((l) => l.includes("getpeername (ftpd)"))!;
    expect(e.text).toContain(`${first}  [×4 like this, lines `);
    expect(e.text.length).toBeLessThan(text.length * 0.35);
  });
});

describe("templates: lines are compared past the header every line shares", () => {
  // The same syslog: date, time and host begin every line (`Jul 27 14:41:57 combo`), four
  // of the seven words of `syslogd 1.4.1: restart.`. On main the two restarts shared a kind
  // with kernel lines that said something else (`kernel: Initializing CPU#0`).
  it("a syslog's two restarts are a kind of their own", async () => {
    const { templatesOf } = await import("../../../../src/compress/excerpt/templates.ts");
    const { docOf } = await import("../../../../src/compress/excerpt/lines.ts");
    const { text } = await caseOf("tail-syslog");
    const doc = docOf(text);
    const t = templatesOf(doc, () => false);
    const restart = doc.lines.findIndex((l) => l.includes("syslogd 1.4.1: restart."));
    const members = t.list[t.of[restart]!]!.members.map((i) => doc.lines[i]!);
    expect(members).toHaveLength(2);
    for (const m of members) expect(m).toContain("syslogd 1.4.1: restart.");
  });
});

describe("rare is relative to the output's length", () => {
  // A Read of 500 lines of a ZooKeeper log: ~490 lines of one quorum churn, then a few
  // client session lines. Three 'Closed socket connection' lines, each with its client and
  // session id, are as rare there as one; main showed the first and the last of them.
  it("a 500-line log: three alike lines among hundreds are each shown", async () => {
    const { text, e } = await caseOf("read-zookeeper-log");
    const closed = text.split(/\r?\n/).filter((l) => l.includes("Closed socket connection for client"));
    expect(closed).toHaveLength(3);
    for (const l of closed) expect(e.text).toContain(l.slice(l.indexOf("Closed socket")));
  });
});
