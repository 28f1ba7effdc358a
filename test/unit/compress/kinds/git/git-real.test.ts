import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressText } from "../../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../../src/compress/excerpt/budget.ts";
import { abbreviation } from "../../../../../src/compress/kinds/git/log.ts";
import { defaults } from "../../../../../src/config/schema.ts";
import { madeUp } from "../../../../helpers/readable.ts";

const ALIKE = / {2}\[×(\d+) like this, lines (\d+)-(\d+)\]$/;

/** The excerpt's lines as the output printed them (an alike count after one apart), and the line ranges its counts cover. */
function shownLines(excerpt: string): { lines: Set<string>; covered: Array<[number, number]> } {
  const lines = new Set<string>();
  const covered: Array<[number, number]> = [];
  for (const line of excerpt.split("\n")) {
    const m = ALIKE.exec(line);
    if (m) covered.push([Number(m[2]), Number(m[3])]);
    lines.add(m ? line.slice(0, m.index) : line);
  }
  return { lines, covered };
}

// git diff and git log on a repository made here by script: every changed line is a fact,
// shown as git printed it (an edit made alike in many places once, with its count and
// lines), context lines are what gets cut; every commit keeps its hash and subject.

let repo: string;
const git = (...args: string[]) => gitIn(repo, ...args);
const gitIn = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "A",
      GIT_AUTHOR_EMAIL: "a@example.com",
      GIT_COMMITTER_NAME: "A",
      GIT_COMMITTER_EMAIL: "a@example.com",
      GIT_CONFIG_NOSYSTEM: "1",
      HOME: cwd,
    },
  });

const FILES = ["src/alpha.js", "src/beta.js", "lib/gamma.js", "lib/delta.js", "docs/epsilon.js"];

function body(file: string, version: number): string {
  const out: string[] = [];
  for (let i = 0; i < 120; i++) {
    // Every 20th line changes from one version to the next; a comment among them.
    const changed = i % 20 === 7 ? `v${version}` : "v0";
    out.push(
      i % 40 === 7
        ? `// ${file} note ${i} revised ${changed}`
        : `export function ${file.replace(/\W/g, "_")}_${i}(x) { return x + ${i}; } // ${changed}`,
    );
  }
  return `${out.join("\n")}\n`;
}

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), "cairn-git-"));
  git("init", "-q", "-b", "main");
  for (const f of FILES) {
    mkdirSync(join(repo, f, ".."), { recursive: true });
    writeFileSync(join(repo, f), body(f, 0));
  }
  git("add", ".");
  git("commit", "-qm", "initial import of five modules");
  for (const f of FILES) writeFileSync(join(repo, f), body(f, 1));
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe("git diff on a real repository", () => {
  it("keeps every changed line (alike ones counted), comments too, and the headers as git printed them", () => {
    const text = git("diff");
    const changed = text.split("\n").filter((l) => /^[-+](?![-+])/.test(l));
    expect(changed.length).toBe(FILES.length * 12);
    const e = compressText(text, { tool: "Bash", command: "git diff" }, 4000);
    expect(e.compressor).toBe("git-diff");
    const { lines, covered } = shownLines(e.text);
    const all = text.split("\n");
    all.forEach((l, k) => {
      if (changed.includes(l))
        expect(lines.has(l) || covered.some(([a, b]) => k + 1 >= a && k + 1 <= b), l).toBe(true);
    });
    // Each file's header and the header of each hunk whose changes are shown, as git printed them.
    for (const f of FILES) expect(lines.has(`diff --git a/${f} b/${f}`), f).toBe(true);
    const hunks = text.split("\n").filter((l) => l.startsWith("@@ "));
    for (const h of hunks) expect(lines.has(h), h).toBe(true);
    expect(madeUp(text, e.text)).toEqual([]);
    expect(e.text.length).toBeLessThan(text.length * 0.7);
    expect(readFileSync(join(repo, FILES[0]!), "utf8")).toContain("v1");
  });
});

describe("git diff whose changed lines are more than 14% of it", () => {
  it("shows every changed line, or counts it with the edits alike", () => {
    const own = mkdtempSync(join(tmpdir(), "cairn-git-big-"));
    const big = Array.from({ length: 15 }, (_, f) => `big/mod${f}.js`);
    const src = (f: number, v: number) =>
      Array.from({ length: 60 }, (_, i) => {
        const edited = v > 0 && i % 10 === 2;
        return `    const total${f}_${i} = items[${i}].${edited ? "cost" : "price"};`;
      }).join("\n");
    for (let f = 0; f < big.length; f++) {
      mkdirSync(join(own, "big"), { recursive: true });
      writeFileSync(join(own, big[f]!), `${src(f, 0)}\n`);
    }
    gitIn(own, "init", "-q", "-b", "main");
    gitIn(own, "add", ".");
    gitIn(own, "commit", "-qm", "big modules");
    for (let f = 0; f < big.length; f++) writeFileSync(join(own, big[f]!), `${src(f, 1)}\n`);
    const text = gitIn(own, "diff");
    rmSync(own, { recursive: true, force: true });
    const changed = text.split("\n").filter((l) => /^[-+](?![-+]{2} )/.test(l));
    expect(changed.length).toBe(15 * 6 * 2);
    const e = compressText(
      text,
      { tool: "Bash", command: "git diff -- big" },
      excerptBudget(defaults(), text.length),
    );
    expect(e.compressor).toBe("git-diff");
    const { lines, covered } = shownLines(e.text);
    const all = text.split("\n");
    for (const l of changed) {
      const at = all.indexOf(l) + 1;
      expect(lines.has(l) || covered.some(([a, b]) => at >= a && at <= b), l).toBe(true);
    }
    expect(madeUp(text, e.text)).toEqual([]);
    expect(e.text.length).toBeLessThan(text.length * 0.5);
  });
});

describe("git log --stat on a real repository", () => {
  it("keeps every commit's hash and subject, subjects of one shape too", () => {
    for (let n = 0; n < 60; n++) {
      writeFileSync(join(repo, FILES[n % FILES.length]!), body(FILES[n % FILES.length]!, n + 2));
      git("commit", "-qam", `${n % 3 ? "fix" : "guard"} stream flush (#${1000 + n * 37})`);
    }
    const text = git("log", "--stat");
    const commits = git("log", "--format=%h %s").trim().split("\n");
    expect(commits.length).toBe(61);
    const e = compressText(text, { tool: "Bash", command: "git log --stat" }, 2800);
    expect(e.compressor).toBe("git-log");
    const { lines } = shownLines(e.text);
    for (const c of commits) expect(lines.has(c), c).toBe(true);
  });

  it("abbreviates hashes as git does, and each one names its commit for git", () => {
    const text = git("log", "--stat");
    const commits = git("log", "--format=%h %H").trim().split("\n");
    const e = compressText(text, { tool: "Bash", command: "git log --stat" }, 2800);
    const shown = e.text.split("\n").filter((l) => /^[0-9a-f]{7,40} /.test(l));
    expect(shown).toHaveLength(commits.length);
    shown.forEach((line, k) => {
      const [short, full] = commits[k]!.split(" ");
      const hash = line.split(" ")[0]!;
      // As long as git's own %h here, and git resolves it to the commit.
      expect(hash).toBe(short);
      expect(git("rev-parse", "--verify", "--quiet", `${hash}^{commit}`).trim()).toBe(full);
    });
  });

  it("lengthens the abbreviation until every hash listed reads differently, and for big histories", () => {
    const a = "0123456789abcdef0123456789abcdef01234567";
    const b = "0123456789ffffff0123456789abcdef01234567";
    expect(abbreviation([a, b])).toBe(11);
    expect(abbreviation([a])).toBe(7);
    // 100,000 commits: about 800,000 objects, 20 bits: 11 digits.
    const many = Array.from({ length: 100_000 }, (_, i) =>
      createHash("sha1").update(String(i)).digest("hex"),
    );
    expect(abbreviation(many)).toBe(11);
  });
});
