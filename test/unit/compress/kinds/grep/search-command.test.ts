/**
 * One reader of a search's command line (grep/search-command.ts), on the commands of real
 * captures, one of each form the corpus holds: grep's bundles and -E, -B/-A's values, a
 * walk, many files, -v, git grep, rg's -C2 and long flags, a command after others.
 */
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../../../../bench/corpus/corpus.ts";
import { loadSet, type OpenSet } from "../../../../../bench/corpus/facts/sets.ts";
import { searchCommand } from "../../../../../src/compress/kinds/grep/search-command.ts";
import { searchedNames } from "../../../../../src/compress/kinds/grep/searched.ts";

/** The command of a captured Bash call: `fresh7/name` of a set, `corpus/log-grep/0` of the corpus. */
function commandOf(where: string): string {
  const [set, name] = [where.slice(0, where.indexOf("/")), where.slice(where.indexOf("/") + 1)];
  if (set === "corpus") return String(loadCorpus().find((e) => e.id === name)!.tool_input.command);
  return String(loadSet(set as OpenSet).find((c) => c.name === name)!.input.tool_input.command);
}

const read = (where: string) => {
  const s = searchCommand(commandOf(where))!;
  return { program: s.program, flags: [...s.flags], valued: s.valued, patterns: s.patterns, paths: s.paths };
};

describe("a search's command line, read once (grep/search-command.ts)", () => {
  it("reads grep's -E as no option with a value: the pattern follows it (corpus log-grep)", () => {
    // `grep -n -E 'orders|ERROR|WARN' app-0.log`: -E took the pattern for its value, and the
    // file `app-0.log` for the pattern, so no name was read.
    expect(read("corpus/log-grep/0")).toEqual({
      program: "grep",
      flags: ["-n", "-E"],
      valued: [],
      patterns: ["orders|ERROR|WARN"],
      paths: ["app-0.log"],
    });
    expect(searchedNames(commandOf("corpus/log-grep/0"))).toEqual(["orders", "ERROR", "WARN"]);
    expect(searchedNames(commandOf("fresh3/grep-openstack-errors"))).toEqual(["ERROR", "WARNING"]);
    // -i and -E apart, three files.
    expect(read("fresh5/grep-hpc-faults").flags).toEqual(["-n", "-i", "-E"]);
    expect(read("fresh9/grep-services-warn-error").paths).toEqual([
      "logs/api.log",
      "logs/worker.log",
      "logs/billing.log",
    ]);
  });

  it("reads a bundle letter by letter, and the values of -B and -A", () => {
    expect(read("shared/026-grep-rn-logs")).toEqual({
      program: "grep",
      flags: ["-r", "-n"],
      valued: [],
      patterns: ["ERROR\\|FATAL"],
      paths: ["logs/"],
    });
    expect(read("fresh7/grep-zookeeper-errors-context")).toEqual({
      program: "grep",
      flags: ["-n"],
      valued: [
        ["-B", "2"],
        ["-A", "2"],
      ],
      patterns: ["ERROR"],
      paths: ["logs/zookeeper.log"],
    });
    expect(read("fresh6/grep-gateway-ndjson-non200").flags).toEqual(["-v"]);
  });

  it("reads rg's -C2 and long flags, git grep, and the search of a command run after others", () => {
    expect(read("fresh23/rg-c2-hooks-free-f23")).toMatchObject({
      program: "rg",
      valued: [["-C", "2"]],
      paths: [],
    });
    expect(read("fresh23/rg-stats-delete-f23")).toMatchObject({
      flags: ["--stats", "-w"],
      patterns: ["cJSON_Delete"],
    });
    expect(read("fresh16/git-grep-todo-f16")).toMatchObject({
      program: "git grep",
      patterns: ["TODO|FIXME|throw new Error"],
      paths: [],
    });
    // `P=$(cat fetcher.pid); cat /proc/$P/status …; grep -E '^(Rss|Pss|Private|Swap)' /proc/$P/smaps_rollup`
    expect(read("fresh25/proc-status-limits-fetcher-f25")).toMatchObject({
      program: "grep",
      patterns: ["^(Rss|Pss|Private|Swap)"],
      paths: ["/proc/$P/smaps_rollup"],
    });
  });

  it("takes a bundle's valued letter's value from the rest of the word or the next, by program", () => {
    expect(searchCommand("grep -ie foo -A3 a.log")).toMatchObject({
      flags: new Set(["-i"]),
      valued: [
        ["-e", "foo"],
        ["-A", "3"],
      ],
      patterns: ["foo"],
      paths: ["a.log"],
    });
    // rg's -E names an encoding, its -r a replacement; grep's -5 asks for context.
    expect(searchCommand("rg -E utf-8 -r X error app.log")).toMatchObject({
      patterns: ["error"],
      paths: ["app.log"],
    });
    expect(searchCommand("grep -5 --context=2 x f")?.valued).toEqual([
      ["-C", "5"],
      ["--context", "2"],
    ]);
    expect(searchCommand("ls -la")).toBeUndefined();
  });
});
