/**
 * The content-aware compressors on the real-output corpus (test/fixtures/outputs and
 * test/fixtures/outputs-extra), next to two baselines cut to a size:
 *
 * - head-only: the first `budget` characters (what a plain truncation keeps)
 * - head+tail: the first and last 600 tokens (≈ 2400 + 2400 characters), as tend does
 *
 * For each output: sizes, reduction, facts kept by each method (the manifest's
 * hand-checked facts, compared without ANSI escapes), and compression time as the
 * median of at least 20 runs, per 100 KB of input.
 *
 * Run: `npx node bench/compress.ts` (writes bench/results/compress.md).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { stripAnsi } from "../src/compress/ansi.ts";
import { forgetDoc } from "../src/compress/doc.ts";
import { budgetFor, compressText } from "../src/compress/index.ts";
import { hintsFor, loadCorpus, readText } from "../test/unit/compress/corpus.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = 21;
const HEAD_TAIL_CHARS = 2400;

interface Row {
  file: string;
  kind: string;
  compressor: string;
  bytes: number;
  excerptBytes: number;
  reduction: number;
  facts: number;
  kept: number;
  headKept: number;
  headTailKept: number;
  headTailBytes: number;
  msPer100KB: number;
  ms: number;
}

function keptFacts(text: string, facts: readonly string[]): number {
  const plain = stripAnsi(text);
  return facts.filter((f) => plain.includes(stripAnsi(f))).length;
}

function headTail(text: string): string {
  if (text.length <= HEAD_TAIL_CHARS * 2) return text;
  return `${text.slice(0, HEAD_TAIL_CHARS)}\n…\n${text.slice(-HEAD_TAIL_CHARS)}`;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const bytes = (s: string) => Buffer.byteLength(s, "utf8");

export async function benchCompress(): Promise<{ markdown: string; summary: Record<string, number> }> {
  const rows: Row[] = [];
  for (const e of loadCorpus()) {
    const text = readText(e);
    const hints = hintsFor(e);
    const budget = budgetFor(text.length);
    // Warm up, then time each run on its own.
    let excerpt = compressText(text, hints, budget);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      forgetDoc();
      const t0 = performance.now();
      excerpt = compressText(text, hints, budget);
      times.push(performance.now() - t0);
    }
    const ms = median(times);
    const size = bytes(text);
    const out = bytes(excerpt.text);
    const ht = headTail(text);
    rows.push({
      file: e.file,
      kind: e.kind,
      compressor: excerpt.compressor,
      bytes: size,
      excerptBytes: out,
      reduction: 1 - out / size,
      facts: e.facts.length,
      kept: keptFacts(excerpt.text, e.facts),
      headKept: keptFacts(text.slice(0, budget), e.facts),
      headTailKept: keptFacts(ht, e.facts),
      headTailBytes: bytes(ht),
      msPer100KB: (ms * 100 * 1024) / size,
      ms,
    });
  }

  const big = rows.filter((r) => r.bytes > 8192);
  const sum = (rs: Row[], f: (r: Row) => number) => rs.reduce((a, r) => a + f(r), 0);
  const reduction = (rs: Row[], f: (r: Row) => number) => 1 - sum(rs, f) / sum(rs, (r) => r.bytes);
  const retention = (rs: Row[], f: (r: Row) => number) => sum(rs, f) / sum(rs, (r) => r.facts);
  const summary: Record<string, number> = {
    outputs: rows.length,
    outputs_over_8kb: big.length,
    reduction_over_8kb: round4(reduction(big, (r) => r.excerptBytes)),
    reduction_all: round4(reduction(rows, (r) => r.excerptBytes)),
    head_tail_reduction_over_8kb: round4(reduction(big, (r) => r.headTailBytes)),
    facts: sum(rows, (r) => r.facts),
    facts_kept: sum(rows, (r) => r.kept),
    retention: round4(retention(rows, (r) => r.kept)),
    retention_over_8kb: round4(retention(big, (r) => r.kept)),
    head_only_retention: round4(retention(rows, (r) => r.headKept)),
    head_tail_retention: round4(retention(rows, (r) => r.headTailKept)),
    outputs_over_8kb_below_85pct: big.filter((r) => r.reduction < 0.85).length,
    outputs_with_all_facts: rows.filter((r) => r.kept === r.facts).length,
    median_ms_per_100kb: round4(median(rows.map((r) => r.msPer100KB))),
    median_ms_per_100kb_over_8kb: round4(median(big.map((r) => r.msPer100KB))),
    max_ms: round4(Math.max(...rows.map((r) => r.ms))),
  };

  const kinds = [...new Set(rows.map((r) => r.kind))].sort();
  const byKind = kinds.map((k) => {
    const rs = rows.filter((r) => r.kind === k);
    const bigK = rs.filter((r) => r.bytes > 8192);
    return `| ${k} | ${rs.length} | ${bigK.length ? pct(reduction(bigK, (r) => r.excerptBytes)) : "–"} | ${pct(retention(rs, (r) => r.kept))} | ${pct(retention(rs, (r) => r.headKept))} | ${pct(retention(rs, (r) => r.headTailKept))} | ${median(rs.map((r) => r.msPer100KB)).toFixed(2)} |`;
  });
  const table = rows.map(
    (r) =>
      `| ${r.file} | ${r.compressor} | ${r.bytes} | ${r.excerptBytes} | ${pct(r.reduction)} | ${r.kept}/${r.facts} | ${r.headKept}/${r.facts} | ${r.headTailKept}/${r.facts} | ${r.ms.toFixed(2)} | ${r.msPer100KB.toFixed(2)} |`,
  );
  const markdown = [
    "## Compression of real tool outputs",
    "",
    `${rows.length} outputs (${big.length} over 8 KB). Budget per output: clamp(8% of its size, 1200, 6000) characters.`,
    `Baselines: head-only = the first \`budget\` characters; head+tail = first and last ${HEAD_TAIL_CHARS} characters (≈ 600 + 600 tokens, as tend does).`,
    `Time: median of ${RUNS} runs per output, in ms and in ms per 100 KB of input.`,
    "",
    `- size reduction on outputs over 8 KB: **${pct(summary.reduction_over_8kb!)}** (head+tail: ${pct(summary.head_tail_reduction_over_8kb!)}); all outputs: ${pct(summary.reduction_all!)}`,
    `- facts kept: **${summary.facts_kept}/${summary.facts} (${pct(summary.retention!)})**; head-only: ${pct(summary.head_only_retention!)}; head+tail: ${pct(summary.head_tail_retention!)}`,
    `- outputs with every fact kept: ${summary.outputs_with_all_facts}/${rows.length}; outputs over 8 KB reduced by less than 85%: ${summary.outputs_over_8kb_below_85pct}`,
    `- median compression time: **${summary.median_ms_per_100kb!.toFixed(2)} ms per 100 KB** (over 8 KB: ${summary.median_ms_per_100kb_over_8kb!.toFixed(2)}); slowest output: ${summary.max_ms!.toFixed(1)} ms`,
    "",
    "### By kind",
    "",
    "| kind | outputs | reduction (>8 KB) | facts kept | head-only | head+tail | ms/100 KB |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...byKind,
    "",
    "### Per output",
    "",
    "| output | compressor | bytes | excerpt | reduction | facts | head-only | head+tail | ms | ms/100 KB |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...table,
  ].join("\n");
  mkdirSync(join(REPO, "bench/results"), { recursive: true });
  writeFileSync(join(REPO, "bench/results/compress.md"), `${markdown}\n`);
  return { markdown, summary };
}

function round4(x: number): number {
  return Math.round(x * 10000) / 10000;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { markdown, summary } = await benchCompress();
  process.stdout.write(`${markdown}\n\n${JSON.stringify(summary, null, 2)}\n`);
}
