import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budgetFor, compressText } from "../../../src/compress/index.ts";

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
    for (const n of names(".")) expect(e.text).toMatch(new RegExp(`(^|\\s)${n}[/@]?(\\s|$)`, "m"));
    expect(e.text).toContain("link_amber_one@");
    expect(e.text).toContain("src/");
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });
});

describe("ls -laR on a real tree", () => {
  it("keeps every directory header with all its names, literally, in a fraction of the size", () => {
    const text = run("ls", ["-laR", "."]);
    const e = compressText(text, { tool: "Bash", command: "ls -laR ." }, 6000);
    expect(e.compressor).toBe("listing");
    for (const dir of ["src", "lib/vendor", "docs"]) {
      expect(e.text).toContain(`./${dir}:`);
      for (const n of names(dir)) expect(e.text, n).toContain(n);
    }
    expect(e.text).not.toMatch(/-rw-r--r--/);
    expect(e.text.length).toBeLessThan(text.length * 0.3);
  });
});

describe("find on a real tree", () => {
  it("one line per directory holding every name under it", () => {
    const text = run("find", [".", "-type", "f"]);
    const e = compressText(text, { tool: "Bash", command: "find . -type f" }, 3000);
    const lines = e.text.split("\n");
    for (const dir of ["src", "lib/vendor", "docs"]) {
      const line = lines.find((l) => l.startsWith(`./${dir}/ (`));
      expect(line, dir).toBeDefined();
      for (const n of names(dir)) expect(line, n).toContain(n);
    }
  });
});
