import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressText } from "../../../src/compress/index.ts";

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
    const t = `2026-11-20T08:${String(Math.floor(i / 60) % 60).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}.000Z`;
    if (i % 97 === 5)
      log.push(`${t} ERROR [billing] payment declined for order ord_${1000 + i}: card_expired`);
    else if (i % 131 === 7) log.push(`${t} WARN [db] slow query table=invoices duration_ms=${500 + i}`);
    else log.push(`${t} INFO [api] request completed path=/v1/items/${i} status=200`);
  }
  writeFileSync(join(dir, "app.log"), `${log.join("\n")}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("grep -rn over real files", () => {
  it("names every file that matched with its count", () => {
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
    for (const f of files) expect(e.text, f).toMatch(new RegExp(`^${f}:\\d+$`, "m"));
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
    for (const l of problems) expect(e.text, l).toContain(l);
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
