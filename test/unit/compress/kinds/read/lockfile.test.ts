import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compressText } from "../../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../../src/compress/excerpt/budget.ts";
import { lockEntries } from "../../../../../src/compress/kinds/read/lockfile.ts";
import { defaults } from "../../../../../src/config/schema.ts";
import { REPO } from "../../../../helpers/cairn.ts";

// The project's own package-lock.json (written by npm), read with Read: every package
// path with its version is a fact, written whole after its version (`1.2.3 dev: paths`).

const full = readFileSync(join(REPO, "package-lock.json"), "utf8");

/** A smaller real lockfile: the project's head and its first `n` package entries. */
function firstPackages(n: number): string {
  const lock = JSON.parse(full) as { packages: Record<string, unknown> };
  const packages = Object.fromEntries(Object.entries(lock.packages).slice(0, n + 1));
  return `${JSON.stringify({ ...lock, packages }, null, 2)}\n`;
}

/** Each path of the file with its version, when some line of the excerpt (`version flags: paths`) holds both. */
function pairsKept(excerpt: string, text: string): { kept: number; all: number; claimed: string[] } {
  const entries = lockEntries(text.split("\n"));
  const byPath = new Map(entries.map((e) => [e.path, e.version]));
  const seen = new Set<string>();
  const claimed: string[] = [];
  for (const line of excerpt.split("\n")) {
    const m = /^(\S+)(?: [a-z-]+)*: (node_modules\/.*)$/.exec(line);
    if (!m) continue;
    for (const w of m[2]!.split(" "))
      if (byPath.get(w) === m[1]) seen.add(w);
      else claimed.push(w);
  }
  return { kept: seen.size, all: entries.length, claimed };
}

const read = (text: string) =>
  compressText(
    text,
    { tool: "Read", filePath: join(REPO, "package-lock.json") },
    excerptBudget(defaults(), text.length),
  );

describe("a package-lock.json read with Read", () => {
  it("keeps every package path on one line with its version, in 15% of the size", () => {
    const e = read(full);
    const { kept, all, claimed } = pairsKept(e.text, full);
    expect(all).toBeGreaterThan(100);
    expect(kept).toBe(all);
    expect(claimed).toEqual([]);
    expect(e.kept).toMatch(/^lockfile: all of \d+ packages/);
    // The project's own head as numbered file lines, the packages after it.
    expect(e.text).toMatch(/^L2: {3}"name": "cairn",$/m);
    expect(e.text.length).toBeLessThan(full.length * 0.15);
  });

  it("a smaller lockfile: what does not fit is counted, with the --grep that finds it", () => {
    const text = firstPackages(60);
    expect(text.length).toBeGreaterThan(8000);
    const e = read(text);
    const { kept, all, claimed } = pairsKept(e.text, text);
    expect(claimed).toEqual([]);
    if (kept < all) {
      const m = /\[(\d+) more packages: the header's command with --grep '([^']+)'\]/.exec(e.text);
      expect(m, e.text).not.toBeNull();
      expect(Number(m![1])).toBe(all - kept);
      expect(text.split("\n").filter((l) => new RegExp(m![2]!).test(l)).length).toBeGreaterThanOrEqual(
        all - kept,
      );
    }
    expect(kept).toBeGreaterThan(all * 0.6);
    expect(e.text.length).toBeLessThan(text.length * 0.16);
  });

  it("when the packages would not all fit beside the head's lines, the head is one line of its fields", () => {
    const lock = JSON.parse(full) as {
      name: string;
      version: string;
      packages: Record<string, unknown>;
    };
    let compact = 0;
    let allKept = 0;
    for (let n = 10; n <= 60; n += 5) {
      const text = firstPackages(n);
      const e = read(text);
      const head = e.text.split("\n").find((l) => /^\[L1-L\d+: /.test(l));
      if (!head) {
        expect(e.text, `${n} packages`).toMatch(/^L2: {3}"name": /m);
        continue;
      }
      compact++;
      // The root's dependencies not as numbered lines: the head's fields, once each, on the note that names its lines.
      expect(e.text).not.toMatch(/^L\d+: +"\w*[dD]ependencies": \{$/m);
      expect(head).toContain(`"name": "${lock.name}", "version": "${lock.version}"`);
      expect(head.split(`"name": "${lock.name}"`).length).toBe(2);
      const rootEntry = lock.packages[""] as Record<string, unknown>;
      for (const [key, value] of Object.entries(rootEntry)) {
        if (typeof value !== "object" || value === null) continue;
        // Each object of the root entry (bin, devDependencies…) with its braces, its fields inside.
        const fields = Object.entries(value as Record<string, string>)
          .map(([k, v]) => `"${k}": "${v}"`)
          .join(", ");
        expect(head).toContain(`"${key}": { ${fields} }`);
      }
      // Its range ends on the line before the first package entry.
      const firstEntry = text.split("\n").findIndex((l) => l.includes('"node_modules/'));
      expect(head.startsWith(`[L1-L${firstEntry}: `), head).toBe(true);
      const { kept, all, claimed } = pairsKept(e.text, text);
      expect(claimed).toEqual([]);
      if (kept === all) allKept++;
    }
    // Some lockfile keeps every package only because the head gave up its lines.
    expect(compact).toBeGreaterThan(0);
    expect(allKept).toBeGreaterThan(0);
  });
});
