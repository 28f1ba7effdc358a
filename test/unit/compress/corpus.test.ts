import { describe, expect, it } from "vitest";
import { compressText, KIND } from "../../../src/compress/compress-text.ts";
import { stripAnsi } from "../../../src/compress/excerpt/ansi.ts";
import { excerptBudget, factCap } from "../../../src/compress/excerpt/budget.ts";
import { docOf } from "../../../src/compress/excerpt/doc.ts";
import { OMISSION } from "../../../src/compress/excerpt/framing.ts";
import { defaults } from "../../../src/config/schema.ts";
import { checkClaims } from "../../helpers/claims.ts";
import { madeUp } from "../../helpers/readable.ts";
import { type CorpusEntry, hintsFor, loadCorpus, readText } from "./corpus.ts";

// Every real output of the corpus, compressed with the hook's budget: the annotated facts
// survive whole, every word is the output's or cairn's framing, the outputs over 8 KB
// shrink by 85% or more together, the compressor made for the output's kind handles it,
// and every omission marker points at real lines.

const corpus = loadCorpus();

/** Which compressor should handle each kind of output. */
const EXPECTED: Record<string, readonly string[]> = {
  test: ["vitest", "jest", "node-test", "pytest", "cargo-test", "go-test"],
  compile: ["tsc", "eslint", "gcc", "rustc", "javac"],
  pkg: ["npm", "npm-ls", "pip", "apt", "cargo-deps"],
  log: ["log"],
  trace: ["trace"],
  git: ["git-diff", "git-log", "git-status"],
  json: ["json"],
  table: ["table"],
  listing: ["listing"],
  grep: ["grep"],
  read: ["read"],
  generic: ["generic"],
};

/** Outputs whose content makes another compressor the right one, and why. */
const OVERRIDES: Record<string, string> = {
  // A make log that is all gcc diagnostics: counting warnings by flag beats log shapes.
  "log-make-lua-warnings.txt": "gcc",
  // cargo build -v: rustc's warnings with their --> locations are the point.
  "log-cargo-build-verbose.txt": "rustc",
  // A Read result keeps its L<n> numbering whatever the file holds.
  "json-read-package-lock.txt": "read",
};

/**
 * Facts an excerpt of these outputs leaves out, each named so a regression elsewhere
 * still fails, with why. Filled by running the test: the list is held not to be stale.
 */
const KNOWN_MISSES: Record<string, readonly string[]> = {
  // tsc --listFiles after 57 errors: every error line is a fact and they take the half of
  // the output facts may have; the 71 listed files are counted.
  "compile-tsc-errors-listfiles.txt": [
    "/tmp/corpus-work/jsproj/node_modules/typescript/lib/lib.es2022.full.d.ts",
    "/tmp/corpus-work/ts-refactor/src/models.ts",
  ],
  // eslint's JSON: no-undef stands twice among 24 messages, not rare by the 5% rule, and an
  // error there is `"severity":2`, which no general rule reads as one.
  "json-eslint-report.txt": ['"ruleId":"no-undef"', '"message":"\'lookupUser\' is not defined."'],
  // make of Lua: 105 KB of gcc warnings, whose lines are facts up to the Bash limit; the
  // make and link commands between them are ordinary lines.
  "log-make-lua-warnings.txt": [
    'make all SYSCFLAGS="-DLUA_USE_LINUX" SYSLIBS="-Wl,-E -ldl"',
    "lstrlib.c: In function",
    "ar rcu liblua.a lapi.o",
    "gcc -std=gnu99 -o lua   lua.o liblua.a -lm -Wl,-E -ldl",
  ],
  // dpkg -l: three packages among 1,000 that only the annotator knew to look for.
  "table-dpkg-list.txt": ["ii  nginx-light", "ii  python3-pytest", "ii  golang-go"],
};

/**
 * Outputs whose facts are every name of a large listing (derived for issue 14's every-name
 * goal): issue 24 counts a large directory of alike names and shows its first names, the
 * names of a rare kind and small directories whole. Checked apart: the directories are named.
 */
const EVERY_NAME = new Set(["ls-laR.txt", "find.txt"]);

/**
 * Claims of these outputs' excerpts the checker reads as false, judged true, by form: the
 * templates call lines alike that its looser test does not (Go's `if err != nil || n != 0 {`
 * among `if err != nil {`).
 */
const JUDGED_CLAIMS: Record<string, readonly string[]> = {
  "grep-rn-go-err-2mb.txt": ["alike"],
};

const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether a fact appears whole in an excerpt, by ../shared/corpus-facts/score.mjs's rules
 * (verbatim; a 40-hex hash by a prefix of 7 or more; a path `dir/name` by a line holding
 * `dir/` or `dir:` and then the whole word `name`), and by the two groupings of the framing
 * grammar: a version written once before whole names (`1.2.3: a b`, lockfiles and npm ls's
 * unmet optional builds) holds `name 1.2.3` and `UNMET OPTIONAL DEPENDENCY name@1.2.3`.
 */
function kept(excerpt: string, fact: string): boolean {
  if (excerpt.includes(fact)) return true;
  if (/^[0-9a-f]{40}$/.test(fact))
    return [...excerpt.matchAll(/(?<![0-9a-f])[0-9a-f]{7,39}(?![0-9a-f])/g)].some((m) =>
      fact.startsWith(m[0]),
    );
  const lines = excerpt.split("\n");
  // A lockfile's "path version", a version then the whole paths.
  const lock = /^(\S*node_modules\/\S+) (\S+)$/.exec(fact);
  if (lock) return lines.some((l) => l.startsWith(`${lock[2]}`) && l.split(/\s+/).includes(lock[1]!));
  const unmet = /^(UNMET (?:OPTIONAL )?DEPENDENCY) (\S+)@(\S+)$/.exec(fact);
  if (unmet)
    return lines.some((l) => l.startsWith(`${unmet[1]} ${unmet[3]}:`) && l.split(/\s+/).includes(unmet[2]!));
  const slash = fact.lastIndexOf("/");
  if (slash > 0 && slash < fact.length - 1 && !/\s/.test(fact)) {
    const dir = fact.slice(0, slash);
    const name = fact.slice(slash + 1);
    return new RegExp(
      `(^|[\\s'"(])${esc(dir)}(/|:)[^\\n]*?(^|[\\s'"(,])${esc(name)}(?=$|[\\s'"),:;])`,
      "m",
    ).test(excerpt);
  }
  return false;
}

const MARKER = OMISSION;

function lineCount(text: string): number {
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines.length;
}

function compress(e: CorpusEntry) {
  const text = readText(e);
  const budget = excerptBudget(defaults(), text.length);
  return { text, budget, excerpt: compressText(text, hintsFor(e), budget) };
}

const missing = (e: CorpusEntry, excerpt: string) =>
  e.facts.filter((f) => !kept(stripAnsi(excerpt), stripAnsi(f)));

describe("compression of the real-output corpus", () => {
  it("has at least 30 outputs with facts", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    for (const e of corpus) expect(e.facts.length, e.file).toBeGreaterThan(0);
  });

  it("is at least 85% smaller over the outputs above 8 KB together", () => {
    let before = 0;
    let after = 0;
    for (const e of corpus) {
      const { text, excerpt } = compress(e);
      if (text.length <= 8192) continue;
      before += text.length;
      after += Math.min(text.length, excerpt.text.length);
    }
    expect(1 - after / before).toBeGreaterThanOrEqual(0.85);
  });

  describe.each(corpus.map((e) => [e.file, e] as const))("%s", (_name, e) => {
    const { text, budget, excerpt } = compress(e);

    it("keeps the annotated facts whole", () => {
      const lost = missing(e, excerpt.text);
      const known = KNOWN_MISSES[e.file] ?? [];
      // An every-name listing: its directories (the facts with a slash) are all named.
      const counted = EVERY_NAME.has(e.file) ? lost.filter((f) => f.includes("/")) : lost;
      expect(counted.filter((f) => !known.includes(f))).toEqual([]);
    });

    it("writes no word the output does not hold but cairn's framing", () => {
      const shown = docOf(text).lines.join("\n");
      expect(madeUp(shown, excerpt.text)).toEqual([]);
    });

    it("says nothing of the original that is false (test/helpers/claims.ts)", () => {
      const judged = JUDGED_CLAIMS[e.file] ?? [];
      const wrong = checkClaims(text, excerpt, e.firstLine ?? 1).filter(
        (c) => !c.ok && !judged.includes(c.form),
      );
      expect(wrong.map((c) => `${c.form}: ${c.line.slice(0, 160)} (${c.why ?? ""})`)).toEqual([]);
    });

    it("is chosen by the compressor made for its kind", () => {
      const want = OVERRIDES[e.file] ? [OVERRIDES[e.file]!] : EXPECTED[e.kind]!;
      expect(want).toContain(excerpt.compressor);
      expect(KIND[excerpt.compressor]).toBeDefined();
    });

    it("stays within the cap facts may take it to", () => {
      if (excerpt.kept === "everything") return;
      expect(excerpt.text.length).toBeLessThanOrEqual(factCap(budget, text.length, hintsFor(e).tool) + 400);
    });

    it("marks omitted lines with ranges inside the original, in order", () => {
      const total = lineCount(stripAnsi(text));
      let last = 0;
      for (const line of excerpt.text.split("\n")) {
        const m = MARKER.exec(line);
        if (!m) continue;
        const [a, b] = [Number(m[1]), Number(m[2] ?? m[1])];
        expect(a).toBeGreaterThan(last);
        // A range names two lines or more; one line is `line A`.
        if (m[2] !== undefined) expect(b).toBeGreaterThan(a);
        expect(b).toBeLessThanOrEqual(total);
        last = b;
      }
      if (e.tool === "Read" && excerpt.kept !== "everything") {
        // Read excerpts number every kept line instead, in order and within the file.
        const numbers = [...excerpt.text.matchAll(/^L(\d+): /gm)].map((x) => Number(x[1]));
        expect(numbers.length).toBeGreaterThan(0);
        numbers.forEach((n, k) => {
          expect(n).toBeLessThanOrEqual(total + (e.firstLine ?? 1) - 1);
          if (k > 0) expect(n).toBeGreaterThan(numbers[k - 1]!);
        });
      }
    });

    it("is deterministic", () => {
      expect(compressText(text, hintsFor(e), budget)).toEqual(excerpt);
    });
  });

  it("lists only known misses that still happen (the list is not stale)", () => {
    for (const [file, facts] of Object.entries(KNOWN_MISSES)) {
      const e = corpus.find((c) => c.file === file);
      if (!e) continue;
      const lost = missing(e, compress(e).excerpt.text);
      expect(
        facts.filter((f) => !lost.includes(f)),
        `${file}: some known misses are kept now; shorten the list`,
      ).toEqual([]);
    }
  });
});
