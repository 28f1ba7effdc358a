import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressText } from "../../../../../src/compress/compress-text.ts";
import { substanceCap } from "../../../../../src/compress/excerpt/pack.ts";
import { excerptBudget } from "../../../../../src/compress/excerpt/budget.ts";
import { defaults } from "../../../../../src/config/schema.ts";
import { bashWords, braceLines } from "../../../../helpers/bash-braces.ts";

// grep run on files written here: every file that matched is substance (with its
// count), and in a grep over a log every ERROR and WARN line is, repeats of a shape too.

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
  it("names every file that matched with its count, the files of a count in brace words bash expands to them", () => {
    const text = grep("-rn", "throw new Error", "src");
    const counts = new Map<string, number>();
    for (const l of text.trim().split("\n")) {
      const f = l.slice(0, l.indexOf(":"));
      counts.set(f, (counts.get(f) ?? 0) + 1);
    }
    expect(counts.size).toBe(60);
    const e = compressText(text, { tool: "Bash", command: "grep -rn 'throw new Error' src" }, 4000);
    expect(e.compressor).toBe("grep");
    // Each "N: path: …" line, its words expanded by bash, names files with N matches each.
    const named = new Map<string, number>();
    for (const line of e.text.split("\n")) {
      const m = /^(\d+): (.*)$/.exec(line);
      if (!m) continue;
      for (const w of bashWords(m[2]!)) named.set(w.replace(/:$/, ""), Number(m[1]));
    }
    expect(named).toEqual(counts);
    // Shorter than one "path:count" line per file.
    const perFile = [...counts].reduce((a, [f, n]) => a + `${f}:${n}`.length + 1, 0);
    const listed = e.text
      .split("\n")
      .filter((l) => /^\d+: /.test(l))
      .reduce((a, l) => a + l.length + 1, 0);
    expect(listed).toBeLessThan(perFile * 0.6);
  });
});

describe("grep -n over a real log", () => {
  it("keeps every ERROR and WARN line, not only the first of each shape, without a marker per gap", () => {
    const text = grep("-n", "-E", "ERROR|WARN|status=200", "app.log");
    const problems = text.split("\n").filter((l) => / (?:ERROR|WARN) /.test(l));
    expect(problems.length).toBeGreaterThan(40);
    const e = compressText(
      text,
      { tool: "Bash", command: "grep -n -E 'ERROR|WARN|status=200' app.log" },
      6000,
    );
    expect(e.compressor).toBe("log");
    // Each as it was, or in a brace line of those alike but for one word (its level word on).
    const read = braceLines(e.text);
    for (const l of problems) {
      const body = l.slice(l.search(/ (?:ERROR|WARN) /) + 1);
      expect(
        read.some((r) => r.includes(body)),
        l,
      ).toBe(true);
    }
    expect(e.text).not.toMatch(/^\[… lines \d+-\d+ omitted/m);
  });
});

describe("error lines that do not fit", () => {
  it("are counted, with a --grep that finds each of them in the original", () => {
    // A log where problems are most of what grep finds: they cannot all fit.
    const busy = Array.from({ length: 2000 }, (_, i) =>
      i % 2
        ? `2026-11-20T09:00:00.000Z ERROR [worker] job ${i} failed: timeout after ${i} ms`
        : `2026-11-20T09:00:00.000Z WARN [worker] job ${i} slow: ${i} ms`,
    );
    writeFileSync(join(dir, "busy.log"), `${busy.join("\n")}\n`);
    const text = grep("-n", "-E", "ERROR|WARN", "busy.log");
    const e = compressText(text, { tool: "Bash", command: "grep -n -E 'ERROR|WARN' busy.log" }, 1200);
    const note =
      /^\[(\d+) of (\d+) error and warning lines not shown: the header's command with --grep '([^']+)' lists them\]$/m.exec(
        e.text,
      );
    expect(note).not.toBeNull();
    const pattern = new RegExp(note![3]!);
    const missing = text.split("\n").filter((l) => / (?:ERROR|WARN) /.test(l) && !e.text.includes(l));
    expect(missing.length).toBe(Number(note![1]));
    for (const l of missing) expect(pattern.test(l), l).toBe(true);
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
  it("keeps every ERROR and WARN line through brace lines, 85% smaller", () => {
    writeServiceLogs(join(dir, "one"), 1, 700);
    const text = grep("-n", "-E", "orders|ERROR|WARN", "one/app-0.log");
    const problems = text
      .split("\n")
      .filter((l) => / (?:ERROR|WARN) /.test(l))
      .map((l) => l.slice(l.search(/ (?:ERROR|WARN) /) + 1));
    expect(problems.length).toBeGreaterThan(150);
    const command = "grep -n -E 'orders|ERROR|WARN' one/app-0.log";
    const e = compressText(text, { tool: "Bash", command }, excerptBudget(defaults(), text.length));
    expect(e.compressor).toBe("log");
    const read = braceLines(e.text);
    for (const p of problems)
      expect(
        read.some((l) => l.includes(p)),
        p,
      ).toBe(true);
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });
});

describe("grep -rn over several real logs (the Grep tool's shape)", () => {
  it("keeps every ERROR and WARN line by collapsing lines that differ in one word, and claims no line grep did not print", () => {
    writeServiceLogs(join(dir, "logs"), 6, 400);
    const text = grep("-rn", "-E", "ERROR|WARN", "logs");
    const original = text.split("\n");
    const problems = original
      .filter((l) => / (?:ERROR|WARN) /.test(l))
      .map((l) => l.slice(l.search(/ (?:ERROR|WARN) /) + 1));
    expect(problems.length).toBeGreaterThan(500);
    const budget = excerptBudget(defaults(), text.length);
    const e = compressText(text, { tool: "Grep" }, budget);
    if (process.env.SHOW) console.log(text.length, budget, e.text);
    expect(e.compressor).toBe("grep");
    const read = braceLines(e.text);
    for (const p of problems)
      expect(
        read.some((l) => l.includes(p)),
        p,
      ).toBe(true);
    // A brace line stands only for lines grep printed.
    for (const line of e.text.split("\n").filter((l) => /\{[^\s]*,/.test(l)))
      for (const l of braceLines(line))
        expect(
          original.some((o) => o.includes(l)),
          l,
        ).toBe(true);
    // Every file with its count, once.
    for (let f = 0; f < 6; f++) expect(e.text).toMatch(new RegExp(`^app-${f}\\.log:\\d+$`, "m"));
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });
});

/** Logs with many shapes of problem (six messages from five modules), `lines` a file. */
function writeManyShapedLogs(logs: string, files: number, lines: number): void {
  mkdirSync(logs, { recursive: true });
  const modules = ["auth", "api", "billing", "worker", "scheduler"];
  const shapes = [
    (n: number) => `ERROR [%] payment declined for order ord_${n}: card_expired`,
    (n: number) => `ERROR [%] failed to send email id=${n}: ECONNREFUSED 10.0.3.7:587`,
    (n: number) =>
      `ERROR [%] unhandled exception in job id=${n}: TypeError: Cannot read properties of undefined`,
    (n: number) => `WARN [%] slow query table=invoices duration_ms=${n} threshold_ms=500`,
    (n: number) => `WARN [%] retrying upstream call to payments-gateway attempt=${n}`,
    (n: number) => `FATAL [%] database connection lost after ${n} retries, shutting down`,
  ];
  const rand = lcg(11);
  for (let f = 0; f < files; f++) {
    const log: string[] = [];
    for (let i = 0; i < lines; i++) {
      const t = stamp(i);
      const k = rand(shapes.length * 2);
      const body =
        k < shapes.length
          ? shapes[k]!(rand(99999)).replace("%", modules[rand(modules.length)]!)
          : `INFO [api] request completed path=/v1/orders/${rand(9999)} status=200`;
      log.push(`${t} ${body}`);
    }
    writeFileSync(join(logs, `app-${f}.log`), `${log.join("\n")}\n`);
  }
}

describe("the note counting unshown problem lines", () => {
  it("appears only when those lines could not have stood in its place", () => {
    let noted = 0;
    let whole = 0;
    // Logs of growing length: the excerpt's ceiling grows with the output, the lines to show too.
    for (let lines = 20; lines <= 200; lines += 4) {
      writeManyShapedLogs(join(dir, `sweep-${lines}`), 8, lines);
      const text = grep("-rn", "-E", "ERROR|WARN|FATAL", `sweep-${lines}`);
      const budget = excerptBudget(defaults(), text.length);
      // Under the output's size, so that every brace line is shown but not the output whole.
      const problemLines = compressText(text, { tool: "Grep" }, Math.floor(text.length * 0.9))
        .text.split("\n")
        .filter((l) => /^(?:ERROR|WARN|FATAL) /.test(l));
      const e = compressText(text, { tool: "Grep" }, budget);
      const shown = new Set(e.text.split("\n"));
      const note = e.text.split("\n").find((l) => /^\[\d+ of \d+ error and warning lines not shown/.test(l));
      const missing = problemLines.filter((l) => !shown.has(l));
      if (!note) {
        expect(missing, `${lines} lines a log`).toEqual([]);
        whole++;
        continue;
      }
      noted++;
      // In the note's place, the lines it counts would have gone past the ceiling.
      const instead = e.text.length - note.length - 1 + missing.reduce((a, l) => a + l.length + 1, 0);
      expect(instead, `${lines} lines a log`).toBeGreaterThan(substanceCap(budget, text.length));
    }
    if (process.env.SHOW) console.log({ noted, whole });
    // The sweep crosses from excerpts that leave lines out to excerpts that show them all.
    expect(noted).toBeGreaterThan(0);
    expect(whole).toBeGreaterThan(0);
  });
});
