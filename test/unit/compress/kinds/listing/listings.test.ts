import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressText } from "../../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../../src/compress/excerpt/budget.ts";
import { defaults } from "../../../../../src/config/schema.ts";
import { REPO } from "../../../../helpers/cairn.ts";
import { madeUp } from "../../../../helpers/readable.ts";

const budgetFor = (chars: number) => excerptBudget(defaults(), chars);

/** The words of a listing's excerpt, a quoted name as one word. */
function wordsOf(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/**
 * The paths an excerpt of a path list writes whole: a path on its own line, or a directory
 * written once (`dir/:` or `dir/ (N entries):`) and then whole names.
 */
function writtenPaths(excerpt: string): Set<string> {
  const out = new Set<string>();
  for (const line of excerpt.split("\n")) {
    if (line.startsWith("[") || / (?:entries|paths?)(?: in \d+ other director(?:y|ies))?\)$/.test(line))
      continue;
    const m = /^(\S*\/)(?: \(\d+ entries\))?: (.*)$/.exec(line);
    if (m) {
      for (const w of wordsOf(m[2]!.replace(/\s*\[\d+ more\]$/, ""))) out.add(`${m[1]}${w}`);
      continue;
    }
    const [only] = wordsOf(line);
    if (only !== undefined && wordsOf(line).length === 1) out.add(only);
  }
  return out;
}

/** The directories an excerpt of a path list names, with the count it gives (or its names). */
function namedDirs(excerpt: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of excerpt.split("\n")) {
    const m = /^(\S*\/)(?: \((\d+) (?:entries|paths?)\))?:?(?: |$)/.exec(line);
    if (m) out.set(m[1]!, Math.max(out.get(m[1]!) ?? 0, Number(m[2] ?? 0)));
  }
  return out;
}

// Listings made by running ls and find on a real tree in a temp folder: names are the
// information, written whole; the decoration (permissions, owners, sizes, dates, link
// targets) is not.

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
    const words = new Set(e.text.split(/\s+/));
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
    const words = new Set(e.text.split(/\s+/));
    for (const dir of ["src", "lib/vendor", "docs"]) {
      expect(e.text).toContain(`./${dir}:`);
      for (const n of names(dir)) expect(words.has(n), n).toBe(true);
    }
    expect(e.text).not.toMatch(/-rw-r--r--/);
    expect(e.text.length).toBeLessThan(text.length * 0.3);
  });
});

describe("ls -lahR on a real tree, sizes human-readable", () => {
  // `ls -lh` prints a size with its unit (`4.0K`, `1.2M`): an entry was read only with a
  // plain number there, so every directory (4.0K) and every file of a kilobyte or more was
  // no entry, and its name was in no line of the excerpt.
  it("keeps every name, a directory's and a large file's too", () => {
    writeFileSync(join(root, "docs", "big_manual.md"), "x".repeat(30_000));
    const text = run("ls", ["-lahR", "."]);
    rmSync(join(root, "docs", "big_manual.md"));
    expect(text).toMatch(/ 4\.0K .* src$/m);
    const e = compressText(text, { tool: "Bash", command: "ls -lahR ." }, 6000);
    expect(e.compressor).toBe("listing");
    const words = new Set(e.text.split(/\s+/));
    for (const n of ["src", "lib", "docs", "vendor", "big_manual.md"]) expect(words.has(n), n).toBe(true);
    for (const dir of ["src", "lib/vendor", "docs"])
      for (const n of names(dir)) expect(words.has(n), n).toBe(true);
  });
});

describe("find on a real tree", () => {
  /** What every excerpt of a path list holds to: paths written whole are found ones, every directory is named, no word is made up. */
  function checked(text: string, excerpt: string): { written: Set<string>; found: string[] } {
    const found = text.split("\n").filter(Boolean);
    const all = new Set(found);
    const written = writtenPaths(excerpt);
    for (const w of written) if (w.includes("/") && !w.endsWith("/")) expect(all.has(w), w).toBe(true);
    expect(madeUp(text, excerpt)).toEqual([]);
    return { written: new Set([...written].filter((w) => all.has(w))), found };
  }

  it("every directory named with its count, the first names of each, the small ones whole", () => {
    const text = run("find", [".", "-type", "f"]);
    const e = compressText(text, { tool: "Bash", command: "find . -type f" }, 3000);
    const { written, found } = checked(text, e.text);
    const dirs = namedDirs(e.text);
    for (const dir of ["./src/", "./lib/vendor/", "./docs/"]) {
      const inDir = found.filter((p) => p.startsWith(dir) && !p.slice(dir.length).includes("/"));
      const shown = inDir.filter((p) => written.has(p)).length;
      // Counted with its first names, or written whole.
      if (dirs.get(dir) === 0) expect(shown, dir).toBe(inDir.length);
      else expect(dirs.get(dir), dir).toBe(inDir.length);
      // No directory is only a count.
      expect(shown, dir).toBeGreaterThan(0);
    }
    expect(e.text.length).toBeLessThan(text.length * 0.75);
  });

  it("a find of real packages: every directory once, names whole, the rest counted", () => {
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
    const { written } = checked(text, e.text);
    expect(written.size).toBeGreaterThan(50);
    expect(e.text.length).toBeLessThan(text.length * 0.5);
  });

  it("a name with braces, a comma or brackets is written whole as it is", () => {
    for (const n of ["odd{a,b}.js", "x,y.md", "star[1].ts"]) writeFileSync(join(root, "src", n), "");
    const text = run("find", ["src", "-type", "f"]);
    const e = compressText(text, { tool: "Bash", command: "find src -type f" }, 600);
    // Rare kinds of name (one .js among .ts and .md) are shown first.
    const { written } = checked(text, e.text);
    expect(written.has("src/odd{a,b}.js")).toBe(true);
  });

  it("names that share nothing: paths whole to the cap, the rest counted by the folders above them", () => {
    for (let d = 0; d < 12; d++)
      for (let f = 0; f < 40; f++) {
        const dir = join(root, "rand", `d${d.toString(36)}${Math.random().toString(36).slice(2, 8)}`);
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, `${Math.random().toString(36).slice(2, 12)}.bin`), "");
      }
    const text = run("find", ["rand", "-type", "f"]);
    const e = compressText(text, { tool: "Bash", command: "find rand -type f" }, budgetFor(text.length));
    const { found } = checked(text, e.text);
    const m = /^\[(\d+) more paths:\]$/m.exec(e.text);
    const [before, after] = [e.text.slice(0, m!.index), e.text.slice(m!.index)];
    const counted = found.length - before.split("\n").filter((l) => found.includes(l)).length;
    expect(counted).toBeGreaterThan(0);
    expect(Number(m![1])).toBe(counted);
    // After the note, each of them is in a count or written whole.
    const sum = [...after.matchAll(/^\S+ \((\d+) paths?/gm)].reduce((a, x) => a + Number(x[1]), 0);
    expect(sum + after.split("\n").filter((l) => found.includes(l)).length).toBe(counted);
    expect(e.text.length).toBeLessThan(text.length * 0.5);
  });

  it("more room never writes fewer paths: a package whose browser/ folder nearly copies dist/", () => {
    const text = execFileSync("find", ["node_modules/yaml", "-type", "f"], { cwd: REPO, encoding: "utf8" });
    const hints = { tool: "Bash", command: "find node_modules/yaml -type f" } as const;
    let last = -1;
    for (let budget = 600; budget <= 3000; budget += 150) {
      const e = compressText(text, hints, budget);
      const { written } = checked(text, e.text);
      expect(written.size, `budget ${budget}`).toBeGreaterThanOrEqual(last);
      last = written.size;
    }
    expect(last).toBeGreaterThan(0);
  });
});
