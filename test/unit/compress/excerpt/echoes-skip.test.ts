import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { demoteEchoes } from "../../../../src/compress/excerpt/echoes.ts";
import { E } from "../../../../src/compress/excerpt/priorities.ts";
import type { Work } from "../../../../src/compress/excerpt/work.ts";

type Pick = Work["picks"][number];

// demoteEchoes reads the shape only of a rare line whose letters' hash (now of its ends)
// another rare line or a fact shares; it must demote the lines reading every shape did.
// This is the function as it stood, every rare line's shape read, its letters hashed whole.
const NUMBER = /(?<!\w)\d+(?:[-:./]\d+)*(?![A-Za-z_])/g;
function lettersWhole(line: string): number {
  let h = 0;
  for (let k = 0; k < line.length; k++) {
    const c = line.charCodeAt(k) | 32;
    if (c >= 97 && c <= 122) h = Math.imul(h ^ c, 0x01000193);
  }
  return h;
}
function asItStood(w: Work): void {
  const { lines } = w;
  const seen = new Set<string>();
  const rare = new Set<number>();
  for (const p of w.picks) if (p.why === "rare" && p.from === p.to) rare.add(p.from);
  if (rare.size === 0) return;
  const bodyAt = w.opts.bodyAt ?? (() => 0);
  const shapeOf = (i: number) => {
    const at = bodyAt(i);
    return lines[i]!.slice(0, at) + lines[i]!.slice(at).replace(NUMBER, (n) => (n.length <= 2 ? n : "#"));
  };
  const letters = new Set<number>();
  for (const i of rare) letters.add(lettersWhole(lines[i]!));
  for (const i of w.facts) if (!rare.has(i) && letters.has(lettersWhole(lines[i]!))) seen.add(shapeOf(i));
  const echo = new Set<number>();
  const lastEcho = new Map<string, number>();
  for (const i of [...rare].sort((a, b) => a - b)) {
    const shape = shapeOf(i);
    if (seen.has(shape) && /[A-Za-z]{3}/.test(shape)) {
      echo.add(i);
      lastEcho.set(shape, i);
    } else seen.add(shape);
  }
  for (const i of lastEcho.values()) echo.delete(i);
  if (echo.size === 0) return;
  for (let k = 0; k < w.picks.length; k++) {
    const p = w.picks[k]!;
    if (p.why !== "rare" || !echo.has(p.from)) continue;
    w.picks[k] = { from: p.from, to: p.to, prio: E.other + 10, why: "rare-room" };
    w.facts.delete(p.from);
  }
}

/** A Work of `lines` whose lines `rare` are rare picks and `other` other facts (a grep's place before its text where `grepLike`). */
function workOf(lines: string[], rare: number[], other: number[], grepLike: boolean): Work {
  const picks: Pick[] = [];
  const facts = new Set<number>();
  for (const i of other) {
    picks.push({ from: i, to: i, prio: E.outlier, why: "outlier" });
    facts.add(i);
  }
  for (const i of rare) {
    picks.push({ from: i, to: i, prio: E.rare, why: "rare" });
    facts.add(i);
  }
  const bodyAt = grepLike ? (i: number) => /^[^:]*:\d+:/.exec(lines[i]!)?.[0].length ?? 0 : undefined;
  return { lines, picks, facts, opts: bodyAt ? { bodyAt } : {} } as unknown as Work;
}

function same(lines: string[], rare: number[], other: number[], grepLike: boolean): void {
  const a = workOf(lines, rare, other, grepLike);
  const b = workOf(lines, rare, other, grepLike);
  demoteEchoes(a);
  asItStood(b);
  expect(a.picks).toEqual(b.picks);
  expect([...a.facts].sort()).toEqual([...b.facts].sort());
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("demoteEchoes reading only the shapes another line may share", () => {
  it("demotes as reading every shape did, every fixture output's lines rare in turn", () => {
    for (const lines of outputs)
      for (let step = 1; step <= 3; step++) {
        const rare = lines.map((_, i) => i).filter((i) => i % step === 0);
        const other = lines.map((_, i) => i).filter((i) => i % step === 1);
        for (const grepLike of [false, true]) same(lines, rare, other, grepLike);
      }
  });
  it("demotes so for lines alike but for numbers, or sharing their first and last letters", () => {
    // Long lines whose middles differ and ends agree share the ends' hash: their shapes tell them apart.
    const word = fc.constantFrom("sync", "failed", "Sync", "ok", "retrying request to the upstream server");
    const part = fc.oneof(word, fc.constantFrom("12", "345", "6789", "10:04:05", "a1b2", " ", ":", "x"));
    const line = fc.array(part, { maxLength: 8 }).map((ps) => ps.join(" "));
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 30 }),
        fc.array(fc.nat(3), { maxLength: 30 }),
        fc.boolean(),
        (lines, roles, grepLike) => {
          const rare = lines.map((_, i) => i).filter((i) => (roles[i] ?? 0) < 2);
          const other = lines.map((_, i) => i).filter((i) => roles[i] === 2);
          same(lines, rare, other, grepLike);
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
