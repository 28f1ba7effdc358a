/**
 * Every excerpt the product makes of the corpus (bench/corpus/, at its default budget and
 * at a small one), of the facts cases it may be developed on (../shared/corpus-facts and
 * every open set of bench/corpus/facts/sets.ts, never the blind part) and of the test fixtures'
 * outputs (under several tools and commands),
 * with every compressor's detection score, one JSON line each: a change meant to leave
 * what compressors output alone is checked by dumping before and after and comparing.
 *
 * Run: npx node bench/excerpts-dump.ts [path/to/src] > after.jsonl
 *      (the src of another tree, e.g. `git archive main src | tar -x -C /tmp/main`, for before)
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { hintsOf, product } from "./compress.ts";
import { loadCorpus } from "./corpus/corpus.ts";
import { loadSet, OPEN_SETS } from "./corpus/facts/sets.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const p = await product(resolve(process.argv[2] ?? join(REPO, "src")));
const config = p.defaults();

interface Detector {
  name: string;
  detect(text: string, hints: unknown): number;
}

/** Every compressor's score, on the sample detection reads. */
function scores(text: string, hints: unknown): string {
  const sample = p.sampleOf(text);
  return (p.compressors as Detector[]).map((c) => `${c.name}=${c.detect(sample, hints)}`).join(",");
}

function dump(key: Record<string, unknown>, text: string, hints: unknown, budget: number): void {
  const excerpt = p.compressText(text, hints, budget);
  const all = scores(text, hints);
  process.stdout.write(`${JSON.stringify({ ...key, budget, all, ...excerpt })}\n`);
}

for (const e of loadCorpus(undefined)) {
  const out = p.extractOutput(e.tool_name, e.tool_input, e.tool_response);
  if (!out) continue;
  const hints = hintsOf(p, e, out);
  for (const budget of [p.excerptBudget(config, out.text.length), 1500])
    dump({ id: e.id }, out.text, hints, budget);
}

// The blind set stays out: its excerpts are not to be read during development.
for (const set of OPEN_SETS) {
  for (const c of loadSet(set)) {
    const { tool_name: tool, tool_input, tool_response } = c.input;
    const out = p.extractOutput(tool, tool_input, tool_response);
    if (!out) continue;
    const hints = p.hintsOf(tool, out);
    // A spill stored whole is what the hook compresses (facts/sets.ts).
    const text: string = c.spilled ?? out.text;
    for (const budget of [p.excerptBudget(config, text.length), 1500])
      dump({ set, name: c.name }, text, hints, budget);
  }
}

const FIXTURES = join(REPO, "test/fixtures/outputs");
const HINTS = [
  { tool: "Bash" },
  { tool: "Bash", command: "npm test" },
  { tool: "Bash", command: "cat /var/log/nginx/access.log" },
  { tool: "Bash", command: "ls -la" },
  { tool: "Bash", command: "git diff", exitCode: 1 },
  { tool: "Read", filePath: "/x/y.ts", firstLine: 1 },
  { tool: "Grep" },
];
for (const f of readdirSync(FIXTURES).sort()) {
  const text = readFileSync(join(FIXTURES, f), "utf8");
  for (const hints of HINTS) dump({ fixture: f, hints }, text, hints, 2000);
}
