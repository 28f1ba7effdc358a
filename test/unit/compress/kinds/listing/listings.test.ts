import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budgetFor, compressText } from "../../../../../src/compress/compress-text.ts";
import { bashWords, unaccounted } from "../../../../helpers/bash-braces.ts";
import { REPO } from "../../../../helpers/cairn.ts";

// Listings made by running ls and find on a real tree in a temp folder: every name is
// substance, the decoration (permissions, owners, sizes, dates, link targets) is not.

const WORDS = (
  "amber basil cedar delta ember fjord garnet harbor iris juniper kelp lilac maple nectar onyx " +
  "pepper quartz raven sierra tulip umber violet willow xenon yarrow zinnia"
).split(" ");

let root: string;

/** A project-like tree: names that share no stem, links with long targets, a few folders. */
function makeTree(dir: string): void {
  for (const sub of ["src", "lib/vendor", "docs"]) mkdirSync(join(dir, sub), { recursive: true });
  WORDS.forEach((a, i) => {
    WORDS.slice(0, 6).forEach((b, j) => {
      const where = ["src", "lib/vendor", "docs"][(i + j) % 3]!;
      writeFileSync(join(dir, where, `${a}_${b}${j % 2 ? ".ts" : ".md"}`), "x".repeat(i * 10 + j));
    });
    for (const k of ["one", "two", "three"])
      symlinkSync(
        `../very/long/relative/target/path/that/is/only/decoration/${a}-implementation-${k}.js`,
        join(dir, `link_${a}_${k}`),
      );
  });
}

const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { cwd: root, encoding: "utf8", env: { ...process.env, LC_ALL: "C" } });

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "cairn-listing-"));
  makeTree(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const names = (dir: string): string[] => readdirSync(join(root, dir));

describe("ls -la on a real folder", () => {
  it("keeps every name in 15% of the size: link targets, permissions and dates are dropped", () => {
    const text = run("ls", ["-la", "."]);
    const e = compressText(text, { tool: "Bash", command: "ls -la ." }, budgetFor(text.length));
    expect(e.compressor).toBe("listing");
    const words = new Set(bashWords(e.text));
    for (const n of names(".")) expect(words.has(n), n).toBe(true);
    // Kinds stay apart: the links on a line of their own, the directories on theirs.
    expect(e.text).toMatch(/^links: link_/m);
    expect(e.text).toMatch(/^directories: .*\bsrc\b/m);
    expect(e.text).not.toContain("very/long/relative/target");
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });
});

describe("ls -laR on a real tree", () => {
  it("keeps every directory header with all its names in a fraction of the size", () => {
    const text = run("ls", ["-laR", "."]);
    const e = compressText(text, { tool: "Bash", command: "ls -laR ." }, 6000);
    expect(e.compressor).toBe("listing");
    const words = new Set(bashWords(e.text));
    for (const dir of ["src", "lib/vendor", "docs"]) {
      expect(e.text).toContain(`./${dir}:`);
      for (const n of names(dir)) expect(words.has(n), n).toBe(true);
    }
    expect(e.text).not.toMatch(/-rw-r--r--/);
    expect(e.text.length).toBeLessThan(text.length * 0.3);
  });
});

describe("find on a real tree", () => {
  it("every path, whole, in brace words that bash expands to exactly the paths found", () => {
    const text = run("find", [".", "-type", "f"]);
    const e = compressText(text, { tool: "Bash", command: "find . -type f" }, 3000);
    const found = text.split("\n").filter(Boolean);
    const words = bashWords(e.text).filter((w) => w.startsWith("./"));
    expect(new Set(words)).toEqual(new Set(found));
    expect(e.text.length).toBeLessThan(text.length * 0.3);
  });

  it("a find of real packages: every path, with copies of a folder (dist/cjs) written once with it", () => {
    // The project's own dependencies: real trees with many shared prefixes and endings.
    const text = execFileSync("find", ["node_modules/hono", "node_modules/zod"], {
      cwd: REPO,
      encoding: "utf8",
    });
    const e = compressText(
      text,
      { tool: "Bash", command: "find node_modules/hono node_modules/zod" },
      budgetFor(text.length),
    );
    expect(e.compressor).toBe("listing");
    const found = text.split("\n").filter(Boolean);
    expect(unaccounted(e.text, found)).toEqual([]);
    const all = new Set(found);
    for (const w of bashWords(e.text)) if (w.startsWith("node_modules/")) expect(all.has(w), w).toBe(true);
    expect(e.text).toContain("node_modules/hono/dist{,/cjs}/");
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });

  it("a path bash would read otherwise (braces, a comma, a glob) is written apart, quoted", () => {
    for (const n of ["odd{a,b}.js", "x,y.md", "star[1].ts"]) writeFileSync(join(root, "src", n), "");
    const text = run("find", ["src", "-type", "f"]);
    const e = compressText(text, { tool: "Bash", command: "find src -type f" }, 600);
    for (const n of ["odd{a,b}.js", "x,y.md", "star[1].ts"]) expect(e.text).toContain(`'src/${n}'`);
    // Every other path, brace-expanded by bash, is one find printed; the quoted ones come back whole.
    const found = new Set(text.split("\n").filter(Boolean));
    const words = bashWords(e.text.replace(/'[^']*'/g, "")).filter((w) => w.startsWith("src/"));
    for (const w of words) expect(found.has(w), w).toBe(true);
  });

  it("names that share nothing: what does not fit is counted by directory, with the --grep that lists it", () => {
    // Random names: nothing for braces to share, so not all of them can be written.
    for (let d = 0; d < 12; d++)
      for (let f = 0; f < 40; f++) {
        const dir = join(root, "rand", `d${d.toString(36)}${Math.random().toString(36).slice(2, 8)}`);
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, `${Math.random().toString(36).slice(2, 12)}.bin`), "");
      }
    const text = run("find", ["rand", "-type", "f"]);
    const e = compressText(text, { tool: "Bash", command: "find rand -type f" }, budgetFor(text.length));
    const found = text.split("\n").filter(Boolean);
    expect(unaccounted(e.text, found)).toEqual([]);
    const words = bashWords(e.text);
    const written = new Set(words.filter((w) => w.startsWith("rand/") && !/[…*]$/.test(w)));
    for (const w of written) expect(found.includes(w), w).toBe(true);
    const counted = found.filter((p) => !written.has(p));
    expect(counted.length).toBeGreaterThan(0);
    const grep = new RegExp(/--grep '([^']+)' lists them/.exec(e.text)![1]!);
    for (const p of counted) expect(grep.test(p), p).toBe(true);
    expect(e.text.length).toBeLessThan(text.length * 0.16);
  });

  it("more room never writes fewer paths: a package whose browser/ folder nearly copies dist/", () => {
    // node_modules/yaml: dist/ (.d.ts and .js) and browser/dist/ (.js only), a real
    // tree where a whole word collapses at once and the rest of its room was lost.
    const text = execFileSync("find", ["node_modules/yaml", "-type", "f"], { cwd: REPO, encoding: "utf8" });
    const found = text.split("\n").filter(Boolean);
    const all = new Set(found);
    const hints = { tool: "Bash", command: "find node_modules/yaml -type f" } as const;
    let last = -1;
    for (let budget = 600; budget <= 3000; budget += 150) {
      const e = compressText(text, hints, budget);
      expect(unaccounted(e.text, found), `budget ${budget}`).toEqual([]);
      const written = new Set(bashWords(e.text).filter((w) => all.has(w)));
      expect(written.size, `budget ${budget}`).toBeGreaterThanOrEqual(last);
      last = written.size;
    }
    expect(last).toBe(found.length);
  });
});
