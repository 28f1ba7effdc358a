import { describe, expect, it } from "vitest";
import { loadCorpus, modelView } from "../../../bench/corpus/corpus.ts";
import {
  junitFailureFacts,
  levelLineFacts,
  npmLsFacts,
  parseCsv,
  rareRowFacts,
} from "../../../bench/corpus/oracle.ts";
import { expandBraces, score } from "../../../bench/corpus/score.ts";
import { shapeError } from "../../../bench/corpus/shapes.ts";

// The bench's yardstick must measure what it says: a fact counts only where the model
// reads it, the oracle finds the rare rows and flagged entries and nothing common, and
// every corpus entry has the shape Claude Code gives PostToolUse, with facts its own
// output shows.

const corpus = loadCorpus();

describe("the independent corpus", () => {
  it("holds at least 200 outputs of every class the issue names, many over 8 KB", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    const classes = new Set(corpus.map((e) => e.class));
    for (const c of [
      "git-log",
      "git-diff",
      "git-status",
      "listing",
      "json",
      "csv",
      "sqlite",
      "tsc",
      "vitest",
    ])
      expect(classes).toContain(c);
    for (const c of ["jest", "pytest", "node-test", "gcc", "make", "cmake", "npm", "npm-ls", "lockfile"])
      expect(classes).toContain(c);
    for (const c of ["log-read", "log-grep", "grep", "read-dts", "read-js", "read-md"])
      expect(classes).toContain(c);
    expect(corpus.filter((e) => modelView(e).length > 8192).length).toBeGreaterThanOrEqual(120);
  });

  it("every entry has its tool's PostToolUse shape and facts its unmodified output shows", () => {
    for (const e of corpus) {
      expect(shapeError(e.tool_name, e.tool_response), e.id).toBeUndefined();
      const view = modelView(e);
      const s = score(view, view, e.facts);
      expect(s.kept, e.id).toBe(s.facts);
    }
    expect(corpus.filter((e) => e.facts.length > 0).length).toBeGreaterThan(corpus.length * 0.9);
  });
});

describe("scoring", () => {
  it("finds a fact only on one line with all its parts, identifiers as whole words", () => {
    const shown = "src/a.ts(3,7): error TS2322: bad\nsrc/b.ts(9,1): warning\njsonParse failed";
    expect(score("", shown, [["src/a.ts(3,7)", "TS2322"]]).kept).toBe(1);
    expect(score("", shown, [["src/b.ts(9,1)", "TS2322"]]).kept).toBe(0);
    expect(score("", shown, [["json"]]).kept).toBe(0);
    expect(score("", shown, [["jsonParse"]]).kept).toBe(1);
  });

  it("takes a line number as a whole number on the line with its file and code", () => {
    const shown = "src/mod15.ts: TS2322 2; TS2353 9\nsrc/mod10.ts: TS2835 50";
    expect(score("", shown, [["src/mod15.ts", "9", "TS2353"]]).kept).toBe(1);
    expect(score("", shown, [["src/mod15.ts", "3", "TS2322"]]).kept).toBe(0);
    expect(score("", shown, [["src/mod10.ts", "5", "TS2835"]]).kept).toBe(0);
  });

  it("takes an abbreviated hash at the start of a full one, not inside it", () => {
    const shown = "commit 67e712b0c4e1d2f3a4b5c6d7e8f90a1b2c3d4e5f";
    expect(score("", shown, [["67e712b"]]).kept).toBe(1);
    expect(score("", shown, [["0c4e1d2"]]).kept).toBe(0);
    // A hash of digits only is still a hash, not a line number.
    expect(score("", "commit 2651738094ab1c2d3e4f", [["2651738"]]).kept).toBe(1);
  });

  it("counts a collapsed fact as lost, and as retrievable only behind a specific --grep that finds it", () => {
    const original = "INFO ok\nERROR payment declined ord_81723\nINFO ok";
    const fact = [["ERROR payment declined ord_81723"]];
    const placeholder = "[full output: cairn show 4 · cairn show 4 --grep 'PATTERN']\nINFO ok [×2]";
    expect(score(original, placeholder, fact)).toMatchObject({ kept: 0, retrievable: 0 });
    const specific = "INFO ok [×2]\n[1 ERROR line collapsed: cairn show 4 --grep 'ERROR']";
    expect(score(original, specific, fact)).toMatchObject({ kept: 0, retrievable: 1 });
  });

  it("reads a brace group as bash expands it, only where the original holds every expansion", () => {
    const original =
      "node_modules/yaml/LICENSE\nnode_modules/yaml/README.md\nnode_modules/yaml/dist/index.js";
    const facts = [["node_modules/yaml/LICENSE"], ["node_modules/yaml/dist/index.js"]];
    expect(score(original, "node_modules/yaml/{LICENSE,README.md,dist/index.js}", facts).kept).toBe(2);
    expect(score(original, "node_modules/yaml/{LICENSE,{README,dist/index}.{md,js}}", facts).kept).toBe(0);
    expect(score(original, "node_modules/yaml/{LICENSE,README.md,dist/{index,cli}.js}", facts).kept).toBe(0);
    // A word without a top-level comma is literal, as in bash.
    expect(score(original, "node_modules/yaml/{LICENSE}", facts).kept).toBe(0);
    // One group on a line whose every expansion is a line of the original stands for those lines.
    const log =
      "ERROR [auth] declined order ord_17: card_expired\nERROR [auth] declined order ord_42: card_expired\nERROR [auth] declined order ord_9: fraud";
    const lines = [
      ["ERROR [auth] declined order ord_17: card_expired"],
      ["ERROR [auth] declined order ord_42: card_expired"],
    ];
    expect(score(log, "ERROR [auth] declined order ord_{17,42}: card_expired", lines).kept).toBe(2);
    // ...and not when one of them is not: ord_9 was a fraud, not card_expired.
    expect(score(log, "ERROR [auth] declined order ord_{17,9}: card_expired", lines).kept).toBe(0);
    expect(expandBraces("a{b,c{d,e}}f")).toEqual(["abf", "acdf", "acef"]);
    expect(expandBraces("{x}{1,2}")).toEqual(["{x}1", "{x}2"]);
    expect(expandBraces(`${"{a,b}".repeat(14)}`)).toBeUndefined();
  });
});

describe("the oracle", () => {
  it("finds the rare rows of a column and their ids, and nothing in ids, amounts or common values", () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({
      id: `pay_${i}`,
      amount: i * 3.5,
      status: i === 41 ? "card_declined" : i % 2 ? "succeeded" : "pending",
    }));
    const facts = rareRowFacts(rows).map((f) => f.join(" "));
    expect(facts.sort()).toEqual(["card_declined", "pay_41"]);
    const csv = `id,status\n${rows.map((r) => `${r.id},"${r.status}"`).join("\n")}`;
    expect(
      rareRowFacts(parseCsv(csv))
        .map((f) => f.join(" "))
        .sort(),
    ).toEqual(["card_declined", "pay_41"]);
  });

  it("takes log facts from level words only", () => {
    const log = "2026 INFO started\n2026 WARN slow query 900ms\n2026 DEBUG x\n2026 ERROR boom id=7";
    expect(levelLineFacts(log)).toEqual([["WARN slow query 900ms"], ["ERROR boom id=7"]]);
  });

  it("reads failing tests from JUnit XML and flagged entries from npm ls --json", () => {
    const xml =
      '<testsuite><testcase name="adds" classname="a"/><testcase name="rounds &amp; pays" classname="b">' +
      '<failure message="assert 3 == 4&#10;more" type="AssertionError">trace</failure></testcase></testsuite>';
    expect(junitFailureFacts(xml)).toEqual([["rounds & pays"], ["assert 3 == 4"]]);
    const tree = {
      dependencies: {
        chalk: { version: "1.0.0", invalid: '"^4" from the root project' },
        pad: { version: "0.0.9", extraneous: true },
        gone: { required: "^1.2.0", missing: true },
      },
    };
    expect(npmLsFacts(tree)).toEqual([
      ["chalk@1.0.0"],
      ["chalk@1.0.0", "invalid"],
      ["pad@0.0.9"],
      ["pad@0.0.9", "extraneous"],
      ["UNMET", "gone@^1.2.0"],
    ]);
  });
});
