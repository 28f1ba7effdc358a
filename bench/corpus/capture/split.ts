/**
 * Splits the captured cases (bench/corpus/captured/) once into the development part
 * (bench/corpus/dev/) and the blind part (bench/corpus/blind/), a third chosen at random
 * with a fixed seed, and writes the choice to bench/corpus/split.json. It was run once,
 * before any compressor work read the corpus (issue 24); it refuses to run again, so the
 * blind list cannot be re-drawn after anyone has seen scores.
 *
 *   node bench/corpus/capture/split.ts
 */
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const CORPUS = resolve(import.meta.dirname, "..");
const SPLIT = join(CORPUS, "split.json");
/** Chosen before the split and never changed: issue 24's number. */
const SEED = 24;

/** mulberry32: a small seeded generator, so the draw can be repeated from the seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The names drawn blind: a seeded Fisher–Yates shuffle of the sorted names, first third. */
export function drawBlind(names: readonly string[], seed = SEED): string[] {
  const order = [...names].sort();
  const next = rng(seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order.slice(0, Math.round(order.length / 3)).sort();
}

if (import.meta.main) {
  if (existsSync(SPLIT)) throw new Error(`${SPLIT} exists: the split is made once`);
  const from = join(CORPUS, "captured");
  const names = readdirSync(from)
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.replace(/\.json$/, ""));
  const blind = new Set(drawBlind(names));
  for (const dir of ["dev", "blind"]) mkdirSync(join(CORPUS, dir), { recursive: true });
  for (const n of names)
    renameSync(join(from, `${n}.json`), join(CORPUS, blind.has(n) ? "blind" : "dev", `${n}.json`));
  writeFileSync(
    SPLIT,
    `${JSON.stringify(
      {
        seed: SEED,
        method:
          "mulberry32(seed) Fisher–Yates shuffle of the sorted case names; the first round(n/3) are blind (bench/corpus/capture/split.ts drawBlind)",
        blind: [...blind].sort(),
        dev: names.filter((n) => !blind.has(n)).sort(),
      },
      null,
      2,
    )}\n`,
  );
  console.log(`${blind.size} blind, ${names.length - blind.size} dev`);
}
