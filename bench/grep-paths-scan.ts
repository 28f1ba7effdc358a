/**
 * Every "path" the grep kind reads in the open sets' and the corpus's outputs (match, context,
 * count and bare lines), with the kind chosen for each output: those that are no plausible
 * path printed by grep or rg are listed (truth26's scan). Run: npx node bench/grep-paths-scan.ts [--all]
 */

import { bareMatches } from "../src/compress/kinds/grep/bare.ts";
import { CONTEXT, COUNT, MATCH, modeOf } from "../src/compress/kinds/grep/detect.ts";
import { hintsOf, product } from "./compress.ts";
import { loadCorpus } from "./corpus/corpus.ts";
import { loadSet, OPEN_SETS } from "./corpus/facts/sets.ts";

const all = process.argv.includes("--all");
const p = await product(new URL("../src", import.meta.url).pathname);
const config = p.defaults();
const PLAIN = /^[\w./@+~,=%#-]+$/;

function readPaths(text: string): { mode: string; paths: Map<string, number> } {
  const lines = text.split("\n");
  const mode = modeOf(lines);
  const paths = new Map<string, number>();
  const add = (s: string) => paths.set(s, (paths.get(s) ?? 0) + 1);
  if (mode === "content")
    for (const l of lines) {
      if (l.length > 5000) continue;
      const hit = MATCH.exec(l);
      const m = hit && !/\s/.test(hit[1]!) ? hit : (CONTEXT.exec(l) ?? hit);
      if (m) add(m[1]!);
    }
  else if (mode === "count")
    for (const l of lines) {
      const m = COUNT.exec(l);
      if (m) add(m[1]!);
    }
  else if (mode === undefined) {
    const b = bareMatches(lines);
    if (b) for (const f of b.file) if (f !== undefined) add(f);
  }
  return { mode: mode ?? (paths.size ? "bare" : "none"), paths };
}

function scan(where: string, text: string, hints: Record<string, unknown>, budget: number) {
  const { mode, paths } = readPaths(text);
  if (paths.size === 0) return;
  const e = p.compressText(text, hints, budget);
  const odd = [...paths].filter(([s]) => !PLAIN.test(s));
  if (odd.length === 0 && !all) return;
  console.log(
    `${where} [${e.compressor}, ${mode}] ${paths.size} paths, ${odd.length} odd; cmd=${String(hints.command ?? hints.tool ?? "").slice(0, 90)}`,
  );
  for (const [s, n] of odd.slice(0, 6)) console.log(`    ${n}x ${JSON.stringify(s.slice(0, 100))}`);
}

for (const e of loadCorpus(undefined)) {
  const out = p.extractOutput(e.tool_name, e.tool_input, e.tool_response);
  if (!out) continue;
  scan(`corpus/${e.id}`, out.text, hintsOf(p, e, out), p.excerptBudget(config, out.text.length));
}
for (const set of OPEN_SETS)
  for (const c of loadSet(set)) {
    const { tool_name: tool, tool_input, tool_response } = c.input;
    const out = p.extractOutput(tool, tool_input, tool_response);
    if (!out) continue;
    const text = c.spilled ?? out.text;
    scan(`${set}/${c.name}`, text, p.hintsOf(tool, out), p.excerptBudget(config, text.length));
  }
