import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fitWords, prefixPattern } from "../../../../src/compress/excerpt/brace-fit.ts";
import { braceable, braceWords } from "../../../../src/compress/excerpt/brace-names.ts";
import { bashWords } from "../../../helpers/bash-braces.ts";
import { REPO } from "../../../helpers/cairn.ts";

// Brace words are checked against the real bash: what it expands a word to must be
// exactly the names the word was made from, no more, no fewer.

const find = (...args: string[]) =>
  execFileSync("find", args, { cwd: REPO, encoding: "utf8" }).split("\n").filter(Boolean);

function expandsTo(words: readonly string[], names: readonly string[]): void {
  const expanded = bashWords(words.join(" "));
  expect(expanded.length).toBe(names.length);
  expect(new Set(expanded)).toEqual(new Set(names));
}

describe("brace words", () => {
  it("bash expands the words for a real package's paths to exactly those paths", () => {
    const paths = find("node_modules/hono", "node_modules/yaml", "-type", "f").filter(braceable);
    for (const width of [120, 300, 1000]) {
      const words = braceWords(paths, width).map((w) => w.text);
      expandsTo(words, paths);
      // Shared prefixes and endings are written once: far shorter than the list.
      expect(words.join(" ").length).toBeLessThan(paths.join(" ").length * 0.4);
    }
  });

  it("bash expands the words for a real folder's names to exactly those names", () => {
    const names = find("node_modules", "-maxdepth", "1", "-mindepth", "1").map((p) =>
      p.slice("node_modules/".length),
    );
    const words = braceWords(names.filter(braceable)).map((w) => w.text);
    expandsTo(words, names.filter(braceable));
  });

  it("shares endings and prefixes as a reader expects", () => {
    const words = braceWords([
      "lib/a.d.ts",
      "lib/a.js",
      "lib/b.d.ts",
      "lib/b.js",
      "libc.so",
      "libc.so.6",
      "libm.so",
    ]);
    expect(words.map((w) => w.text)).toEqual(["lib{/{a,b}.{d.ts,js},c.so{,.6},m.so}"]);
    expandsTo(
      words.map((w) => w.text),
      ["lib/a.d.ts", "lib/a.js", "lib/b.d.ts", "lib/b.js", "libc.so", "libc.so.6", "libm.so"],
    );
  });

  it("never takes a name bash would read otherwise", () => {
    for (const n of ["a b", "a,b", "{a}", "it's", "*.js", "$HOME", "a;b", ""])
      expect(braceable(n), n).toBe(false);
    for (const n of ["@babel/core", "v8-to-istanbul", "ld-linux-x86-64.so.2", "a+b", "x=1"])
      expect(braceable(n), n).toBe(true);
  });

  it("when they do not fit, counts by directory what it leaves out, with a pattern that finds exactly those", () => {
    const paths = find("node_modules/hono/dist/cjs", "-type", "f");
    const words = braceWords(paths, 300);
    const full = words.reduce((a, w) => a + w.text.length + 1, 0);
    const room = Math.floor(full * 0.7);
    const fitted = fitWords(words, room)!;
    expect(fitted.lines.join("\n").length).toBeLessThanOrEqual(room);
    const counted = [...fitted.collapsed.values()].reduce((a, n) => a + n, 0);
    const written = bashWords(fitted.lines.join(" ")).filter((w) => paths.includes(w));
    expect(written.length + counted).toBe(paths.length);
    expect(counted).toBeGreaterThan(0);
    const pattern = new RegExp(prefixPattern([...fitted.collapsed.keys()]));
    for (const p of paths) if (!written.includes(p)) expect(pattern.test(p), p).toBe(true);
  });
});

describe("fitting words into a room", () => {
  it("leaves no collapsed word out that would fit written out in the room left", () => {
    // Real packages small enough to be one brace word each, so each count belongs to one word.
    const packages = readdirSync(join(REPO, "node_modules"))
      .filter((p) => !p.startsWith(".") && !p.startsWith("@"))
      .sort()
      .map((p) => find(`node_modules/${p}`, "-type", "f").filter(braceable))
      .filter((paths) => paths.length >= 3 && braceWords(paths, 1000).length === 1)
      .slice(0, 12);
    expect(packages.length).toBe(12);
    const words = packages.flatMap((paths) => braceWords(paths, 1000));
    const full = words.reduce((a, w) => a + w.text.length + 1, 0);
    for (let room = Math.floor(full * 0.3); room < full; room += 37) {
      const fitted = fitWords(words, room, 1000);
      if (!fitted) continue;
      const text = fitted.lines.join("\n");
      const used = fitted.lines.reduce((a, l) => a + l.length + 1, 0);
      expect(used).toBeLessThanOrEqual(room + 1);
      const tokens = text.split(/\s+/);
      const shown = new Set(tokens);
      // The counts as written: "dir/… (N)" or "dir/* (N)", two tokens each.
      const entries = tokens.flatMap((t, j) =>
        /^\(\d+\)$/.test(tokens[j + 1] ?? "") ? [`${t} ${tokens[j + 1]}`] : [],
      );
      for (const w of words) {
        if (shown.has(w.text)) continue;
        // Its counts: the entries under its package's folder.
        const base = w.prefix.slice(0, w.prefix.indexOf("/", "node_modules/".length) + 1);
        const countsLength = entries.filter((c) => c.startsWith(base)).reduce((a, c) => a + c.length + 1, 0);
        expect(used - countsLength + w.text.length + 1, `room ${room}: ${w.prefix}`).toBeGreaterThan(room);
      }
    }
  });
});
