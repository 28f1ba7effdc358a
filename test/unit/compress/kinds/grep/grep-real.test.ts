import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressText } from "../../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../../src/compress/excerpt/budget.ts";
import { defaults } from "../../../../../src/config/schema.ts";
import { madeUp } from "../../../../helpers/readable.ts";

// grep run on files written here: every file that matched is named, each directory once;
// in a grep over a log every ERROR and WARN line is shown whole, or counted with the
// lines alike but for their ids and numbers (the first shown, `[×N like this, lines A-B]`).

const ALIKE = / {2}\[×(\d+) like this, lines (\d+)-(\d+)\]$/;

/** The original's lines that `keep` selects and the excerpt neither shows nor counts in an alike range. */
function unaccounted(text: string, excerpt: string, keep: (line: string) => boolean): string[] {
  const shown = new Set<string>();
  const ranges: Array<[number, number]> = [];
  for (const line of excerpt.split("\n")) {
    const m = ALIKE.exec(line);
    if (m) ranges.push([Number(m[2]), Number(m[3])]);
    shown.add(m ? line.slice(0, m.index) : line);
  }
  return text
    .split("\n")
    .filter((l, k) => keep(l) && !shown.has(l) && !ranges.some(([a, b]) => k + 1 >= a && k + 1 <= b));
}

const problem = (l: string) => / (?:ERROR|WARN|FATAL) /.test(l);

let dir: string;
const grep = (...args: string[]) =>
  execFileSync("grep", args, { cwd: dir, encoding: "utf8", env: { ...process.env, LC_ALL: "C" } });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "cairn-grep-"));
  // 60 source files in 6 folders, each with a few matches among other lines.
  for (let d = 0; d < 6; d++)
    for (let f = 0; f < 10; f++) {
      mkdirSync(join(dir, "src", `area${d}`), { recursive: true });
      const lines = Array.from({ length: 40 }, (_, i) =>
        i % (f + 3) === 0
          ? `  throw new Error("area ${d} file ${f} failed at ${i}");`
          : `  const v${i} = ${i};`,
      );
      writeFileSync(join(dir, "src", `area${d}`, `module_${d}_${f}.js`), `${lines.join("\n")}\n`);
    }
  // A log: INFO lines of a few shapes, and ERROR/WARN lines whose ids differ.
  const log: string[] = [];
  for (let i = 0; i < 3000; i++) {
    const t = stamp(i);
    if (i % 97 === 5)
      log.push(`${t} ERROR [billing] payment declined for order ord_${1000 + i}: card_expired`);
    else if (i % 131 === 7) log.push(`${t} WARN [db] slow query table=invoices duration_ms=${500 + i}`);
    else log.push(`${t} INFO [api] request completed path=/v1/items/${i} status=200`);
  }
  writeFileSync(join(dir, "app.log"), `${log.join("\n")}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("grep -rn over real files", () => {
  it("names every file that matched, each directory once, before the matches", () => {
    const text = grep("-rn", "throw new Error", "src");
    const files = new Set(
      text
        .trim()
        .split("\n")
        .map((l) => l.slice(0, l.indexOf(":"))),
    );
    expect(files.size).toBe(60);
    const e = compressText(text, { tool: "Bash", command: "grep -rn 'throw new Error' src" }, 4000);
    expect(e.compressor).toBe("grep");
    const named = new Set<string>();
    for (const line of e.text.split("\n")) {
      const m = /^(\S+\/): (.*)$/.exec(line);
      if (m) for (const name of m[2]!.split(" ")) named.add(`${m[1]}${name}`);
    }
    expect(named).toEqual(files);
    // The count is the header's (kept), not said again above the list of files, which opens the excerpt.
    expect(e.kept).toBe("402 matches in 60 files");
    expect(e.text).not.toMatch(/matches in/);
    expect(e.text.split("\n")[0]).toMatch(/^\S+\/: /);
    expect(madeUp(text, e.text)).toEqual([]);
  });
});

// grep over one file names none: its lines are that file's matches (grep/one-file.ts),
// read by the grep kind with the log's problems whole.
describe("grep -n over a real log", () => {
  it("shows every ERROR and WARN line, or counts it with its kind", () => {
    const text = grep("-n", "-E", "ERROR|WARN|status=200", "app.log");
    expect(text.split("\n").filter(problem).length).toBeGreaterThan(40);
    const e = compressText(
      text,
      { tool: "Bash", command: "grep -n -E 'ERROR|WARN|status=200' app.log" },
      6000,
    );
    expect(e.compressor).toBe("grep");
    expect(unaccounted(text, e.text, problem)).toEqual([]);
    expect(madeUp(text, e.text)).toEqual([]);
  });
});

describe("error lines that do not fit", () => {
  it("are counted with their kind, the first and last shown", () => {
    // A log where problems are most of what grep finds: they cannot all fit.
    const busy = Array.from({ length: 2000 }, (_, i) =>
      i % 2
        ? `2026-11-20T09:00:00.000Z ERROR [worker] job ${i} failed: timeout after ${i} ms`
        : `2026-11-20T09:00:00.000Z WARN [worker] job ${i} slow: ${i} ms`,
    );
    writeFileSync(join(dir, "busy.log"), `${busy.join("\n")}\n`);
    const text = grep("-n", "-E", "ERROR|WARN", "busy.log");
    const e = compressText(text, { tool: "Bash", command: "grep -n -E 'ERROR|WARN' busy.log" }, 1200);
    expect(unaccounted(text, e.text, problem)).toEqual([]);
    const lines = text.trim().split("\n");
    expect(e.text).toContain(lines[0]!);
    expect(e.text).toContain(lines.at(-1)!);
    expect(e.text).toMatch(/ {2}\[×1000 like this, lines 1-1999\]$/m);
  });
});

/** A seeded generator: the same logs every run. */
function lcg(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 48271) % 2147483647;
    return state % n;
  };
}

/** The timestamp of a log's line i: a second a line, then the milliseconds. */
function stamp(i: number, ms = 0): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `2026-11-20T08:${two(Math.floor(i / 60) % 60)}:${two(i % 60)}.${String(ms).padStart(3, "0")}Z`;
}

/** Service logs as an app writes them: five modules, errors and warnings whose ids vary. */
function writeServiceLogs(logs: string, files: number, lines: number): void {
  mkdirSync(logs, { recursive: true });
  const modules = ["auth", "api", "billing", "worker", "scheduler"];
  const rand = lcg(7);
  for (let f = 0; f < files; f++) {
    const log: string[] = [];
    for (let i = 0; i < lines; i++) {
      const t = stamp(i, rand(1000));
      const m = modules[rand(modules.length)];
      const k = rand(10);
      if (k === 0) log.push(`${t} ERROR [${m}] payment declined for order ord_${rand(99999)}: card_expired`);
      else if (k === 1)
        log.push(`${t} ERROR [${m}] failed to send email id=${rand(99999)}: ECONNREFUSED 10.0.3.7:587`);
      else if (k === 2)
        log.push(`${t} WARN [${m}] slow query table=invoices duration_ms=${rand(99999)} threshold_ms=500`);
      else log.push(`${t} INFO [${m}] request completed path=/v1/orders/${rand(9999)} status=200`);
    }
    writeFileSync(join(logs, `app-${f}.log`), `${log.join("\n")}\n`);
  }
}

describe("grep -n over one real service log, with the hook's budget", () => {
  it("shows or counts every ERROR and WARN line, 85% smaller", () => {
    writeServiceLogs(join(dir, "one"), 1, 700);
    const text = grep("-n", "-E", "orders|ERROR|WARN", "one/app-0.log");
    expect(text.split("\n").filter(problem).length).toBeGreaterThan(150);
    const command = "grep -n -E 'orders|ERROR|WARN' one/app-0.log";
    const e = compressText(text, { tool: "Bash", command }, excerptBudget(defaults(), text.length));
    expect(e.compressor).toBe("grep");
    expect(unaccounted(text, e.text, problem)).toEqual([]);
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });
});

describe("grep -rn over several real logs (the Grep tool's shape)", () => {
  it("names each log, shows or counts every ERROR and WARN line, 85% smaller", () => {
    writeServiceLogs(join(dir, "logs"), 6, 400);
    const text = grep("-rn", "-E", "ERROR|WARN", "logs");
    expect(text.split("\n").filter(problem).length).toBeGreaterThan(500);
    const budget = excerptBudget(defaults(), text.length);
    const e = compressText(text, { tool: "Grep" }, budget);
    expect(e.compressor).toBe("grep");
    expect(unaccounted(text, e.text, problem)).toEqual([]);
    const files = /^logs\/: (.*)$/m.exec(e.text)?.[1]?.split(" ");
    expect(new Set(files)).toEqual(new Set([0, 1, 2, 3, 4, 5].map((f) => `app-${f}.log`)));
    expect(madeUp(text, e.text)).toEqual([]);
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });
});

describe("grep -rn for a common word across real sources (every match unlike the others)", () => {
  it("shares the budget among the matches instead of taking half the output, and says so", () => {
    // The installed yaml package's sources: ~200 `function ` lines in ~100 files, nearly each
    // one a kind of its own. Rarity picks none out; the files that matched are listed.
    const text = execFileSync("grep", ["-rn", "function ", "dist"], {
      cwd: join(process.cwd(), "node_modules", "yaml"),
      encoding: "utf8",
      env: { ...process.env, LC_ALL: "C" },
    });
    expect(text.length).toBeGreaterThan(15_000);
    const budget = excerptBudget(defaults(), text.length);
    const e = compressText(text, { tool: "Grep" }, budget);
    expect(e.compressor).toBe("grep");
    expect(e.method).toMatch(/every file named, the rest as room allows/);
    expect(e.kept).toMatch(/^\d+ matches in \d+ files$/);
    // Every file that matched is named, each directory once (`dist/doc/: a.js b.js`).
    const files = new Set(
      text
        .trim()
        .split("\n")
        .map((l) => l.slice(0, l.indexOf(":"))),
    );
    const named = new Set<string>();
    for (const line of e.text.split("\n")) {
      const m = /^(\S+\/): (.*)$/.exec(line);
      if (m) for (const name of m[2]!.split(" ")) named.add(`${m[1]}${name}`);
      else if (files.has(line)) named.add(line);
    }
    expect(named).toEqual(files);
    // The names, and the matches in the budget: far from the half of the output facts may take.
    expect(e.text.length).toBeLessThan(text.length * 0.2);
    expect(madeUp(text, e.text)).toEqual([]);
  });
});
