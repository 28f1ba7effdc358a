/**
 * Excerpts on the independent corpus (bench/corpus/: real outputs made by running real
 * tools, must-keep facts from an oracle that shares no code with src/compress), next to
 * a blind head+tail cut to the same budget.
 *
 * Each output goes through what the PostToolUse hook does: the product's extractOutput,
 * its excerptBudget with the default settings, compressText, excerptHeader, and the
 * adapter's replace(); the replacement is checked against the shape Claude Code accepts,
 * and the facts are looked for in what the model would then read. Outputs under the
 * product's threshold, or whose excerpt would not be shorter, stay whole, as they do in
 * the hook.
 *
 * Recall counts a fact as kept only if the model reads it; a fact collapsed behind a
 * specific `--grep` is counted apart as "retrievable" (see bench/corpus/score.ts).
 * Headline figures are over outputs above 8 KB; recall is the mean over outputs (each
 * output weighs the same, so one 5,000-name listing cannot drown the rest).
 *
 * Run: npx node bench/compress.ts   (CAIRN_BENCH_SRC=/path/to/other/src measures another tree)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type CorpusEntry, loadCorpus, modelView } from "./corpus/corpus.ts";
import { type Score, score } from "./corpus/score.ts";
import { shapeError } from "./corpus/shapes.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.BENCH_COMPRESS_RUNS ?? 7);
const BIG = 8 * 1024;

interface Product {
  // biome-ignore lint/suspicious/noExplicitAny: the product is loaded from a path chosen at run time
  [k: string]: any;
}

/** The product's own functions, from this tree's src/ or from CAIRN_BENCH_SRC. */
export async function product(src: string): Promise<Product> {
  const load = (p: string) => import(pathToFileURL(join(src, p)).href);
  // A tree from before compress/ had rooms kept these files at its top.
  const either = (p: string, old: string) => load(p).catch(() => load(old));
  const [index, filing, header, outputs, schema, doc] = await Promise.all([
    either("compress/compress-text.ts", "compress/index.ts"),
    either("compress/hook/filing.ts", "compress/filing.ts"),
    either("compress/excerpt/header.ts", "compress/filing.ts"),
    load("claude/tool-outputs.ts"),
    load("config/schema.ts"),
    either("compress/excerpt/doc.ts", "compress/doc.ts"),
  ]);
  // What the hook tells the compressors; a tree from before compress/hints.ts said it inline.
  const hints = await load("compress/hints.ts").catch(() => ({
    hintsOf: (tool: string, out: Record<string, unknown>, exitCode?: number) => ({
      tool,
      ...(out.command !== undefined ? { command: out.command } : {}),
      ...(out.filePath !== undefined ? { filePath: out.filePath } : {}),
      ...(out.firstLine !== undefined ? { firstLine: out.firstLine } : {}),
      ...(exitCode !== undefined ? { exitCode } : {}),
    }),
  }));
  // The hook's size thresholds; a tree from before compress/threshold.ts had only read_min_bytes.
  const threshold = await either("compress/hook/threshold.ts", "compress/threshold.ts").catch(() => ({
    minCharsFor: (c: Record<string, number>, tool: string) =>
      tool === "Read" ? c["compress.read_min_bytes"] : c["compress.min_bytes"],
  }));
  return {
    ...index,
    ...filing,
    // How the hook lays a header over its excerpt (header.ts); a tree from before it said it inline.
    shownOf: (head: string, body: string) => `${head}\n${body}`,
    ...header,
    ...outputs,
    ...schema,
    ...threshold,
    ...hints,
    forgetDoc: doc.forgetDoc,
    sampleOf: doc.sampleOf,
  };
}

/** The hints the PostToolUse hook gives the compressors for a corpus entry's output (the product's hintsOf). */
export function hintsOf(
  p: Product,
  e: CorpusEntry,
  out: { command?: string; description?: string; filePath?: string; firstLine?: number },
): Record<string, unknown> {
  return p.hintsOf(e.tool_name, out, e.tool_name === "Bash" ? e.exitCode : undefined);
}

interface Row {
  id: string;
  cls: string;
  compressor: string;
  bytes: number;
  shownBytes: number;
  excerpt: Score;
  headTail: Score;
  headTailBytes: number;
  ms: number;
  shapeError?: string;
}

const bytes = (s: string) => Buffer.byteLength(s, "utf8");

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The first and last halves of the budget, as a blind cut would keep them. */
function headTail(text: string, budget: number): string {
  if (text.length <= budget) return text;
  const half = Math.floor(budget / 2);
  return `${text.slice(0, half)}\n…\n${text.slice(-half)}`;
}

function measure(p: Product, config: unknown, e: CorpusEntry): Row {
  const original = modelView(e);
  const out = p.extractOutput(e.tool_name, e.tool_input, e.tool_response);
  if (!out) throw new Error(`${e.id}: the product does not recognise this ${e.tool_name} output`);
  const text: string = out.text;
  const hints = hintsOf(p, e, out);
  const threshold: number = p.minCharsFor(config, e.tool_name, out.filePath, out.command);
  const budget: number = p.excerptBudget(config, text.length);
  let shownView = original;
  let compressor = "(whole)";
  let ms = 0;
  let error: string | undefined;
  if (text.length >= threshold) {
    let excerpt = p.compressText(text, hints, budget);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      p.forgetDoc();
      const t0 = performance.now();
      excerpt = p.compressText(text, hints, budget);
      times.push(performance.now() - t0);
    }
    ms = median(times);
    const shown = p.shownOf(p.excerptHeader(1, text, bytes(text), excerpt, hints, 0), excerpt.text);
    if (shown.length < text.length) {
      const replacement = out.replace(shown);
      error = shapeError(e.tool_name, replacement);
      // With cairn the exit status reaches the model in the header, not as "Exit code N".
      shownView = modelView({ tool_name: e.tool_name, tool_response: replacement });
      compressor = excerpt.compressor;
    }
  }
  const ht = headTail(original, budget);
  return {
    id: e.id,
    cls: e.class,
    compressor,
    bytes: bytes(original),
    shownBytes: bytes(shownView),
    excerpt: score(original, shownView, e.facts),
    headTail: score(original, ht, e.facts),
    headTailBytes: bytes(ht),
    ms,
    ...(error ? { shapeError: error } : {}),
  };
}

const pct = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(1)}%` : "–");
const round4 = (x: number) => Math.round(x * 10000) / 10000;

interface Agg {
  outputs: number;
  recall: number;
  pooled: number;
  retrievable: number;
  reduction: number;
  htRecall: number;
  htReduction: number;
  msPer100KB: number;
  invalid: number;
}

function aggregate(rows: readonly Row[]): Agg {
  const withFacts = rows.filter((r) => r.excerpt.facts > 0);
  const mean = (f: (r: Row) => number) => withFacts.reduce((a, r) => a + f(r), 0) / withFacts.length;
  const sum = (f: (r: Row) => number) => rows.reduce((a, r) => a + f(r), 0);
  const timed = rows.filter((r) => r.ms > 0);
  return {
    outputs: rows.length,
    recall: mean((r) => r.excerpt.kept / r.excerpt.facts),
    pooled: sum((r) => r.excerpt.kept) / sum((r) => r.excerpt.facts),
    retrievable: mean((r) => r.excerpt.retrievable / r.excerpt.facts),
    reduction: 1 - sum((r) => r.shownBytes) / sum((r) => r.bytes),
    htRecall: mean((r) => r.headTail.kept / r.headTail.facts),
    htReduction: 1 - sum((r) => r.headTailBytes) / sum((r) => r.bytes),
    msPer100KB: median(timed.map((r) => (r.ms * 100 * 1024) / r.bytes)),
    invalid: rows.filter((r) => r.shapeError).length,
  };
}

function aggRow(name: string, a: Agg): string {
  return `| ${name} | ${a.outputs} | **${pct(a.recall)}** | ${pct(a.pooled)} | ${pct(a.retrievable)} | **${pct(a.reduction)}** | ${pct(a.htRecall)} | ${pct(a.htReduction)} | ${a.msPer100KB.toFixed(2)} | ${a.invalid} |`;
}

export async function benchCompress(): Promise<{ markdown: string; summary: Record<string, number> }> {
  const src = resolve(process.env.CAIRN_BENCH_SRC ?? join(REPO, "src"));
  const p = await product(src);
  const config = p.defaults();
  const corpus = loadCorpus(process.env.BENCH_CORPUS);
  const rows = corpus.map((e) => measure(p, config, e));
  const big = rows.filter((r) => r.bytes > BIG);
  const classes = [...new Set(rows.map((r) => r.cls))].sort();
  const overall = aggregate(big);
  const all = aggregate(rows);

  const summary: Record<string, number> = {
    outputs: rows.length,
    outputs_over_8kb: big.length,
    recall_over_8kb: round4(overall.recall),
    recall_pooled_over_8kb: round4(overall.pooled),
    retrievable_over_8kb: round4(overall.retrievable),
    reduction_over_8kb: round4(overall.reduction),
    head_tail_recall_over_8kb: round4(overall.htRecall),
    head_tail_reduction_over_8kb: round4(overall.htReduction),
    recall_all: round4(all.recall),
    median_ms_per_100kb_over_8kb: round4(overall.msPer100KB),
    invalid_replacements: all.invalid,
    classes_meeting_targets: classes.filter((k) => {
      const a = aggregate(big.filter((r) => r.cls === k));
      return a.outputs > 0 && a.recall >= 0.98 && a.reduction >= 0.85;
    }).length,
    classes: classes.length,
  };
  for (const k of classes) {
    const a = aggregate(big.filter((r) => r.cls === k));
    if (a.outputs === 0) continue;
    summary[`recall_over_8kb.${k}`] = round4(a.recall);
    summary[`reduction_over_8kb.${k}`] = round4(a.reduction);
  }

  const worst = [...big]
    .filter((r) => r.excerpt.facts > 0 && r.excerpt.kept < r.excerpt.facts)
    .sort((a, b) => a.excerpt.kept / a.excerpt.facts - b.excerpt.kept / b.excerpt.facts)
    .slice(0, 25)
    .map(
      (r) =>
        `| ${r.id} | ${r.compressor} | ${r.excerpt.kept}/${r.excerpt.facts} | ${r.excerpt.lost
          .slice(0, 2)
          .map((f) => `\`${f.join(" … ").slice(0, 70).replace(/[|`]/g, "")}\``)
          .join(", ")} |`,
    );
  const head =
    "| class | outputs | recall | pooled | retrievable | reduction | head+tail recall | head+tail reduction | ms/100 KB | invalid |";
  const rule = "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|";
  const srcNote = process.env.CAIRN_BENCH_SRC ? ` Compressors from \`${process.env.CAIRN_BENCH_SRC}\`.` : "";
  const markdown = [
    "## Compression on the independent corpus",
    "",
    `${rows.length} real outputs made by \`bench/corpus/generate.ts\` (${big.length} over 8 KB), facts from its oracle (no code shared with src/compress). Budget: the product's \`excerptBudget\` with default settings; head+tail gets the same budget, half each end.${srcNote}`,
    "Recall: share of an output's facts the model reads, averaged over outputs; pooled: over all facts; retrievable: also counting facts collapsed behind a specific `--grep` the excerpt prints. Reduction: bytes the model reads, against the whole output. Time: median over outputs of the median of runs, per 100 KB. Invalid: replacements Claude Code would refuse (shape).",
    "Targets (issue 14): recall ≥ 98% and reduction ≥ 85% overall and per class, under 5 ms per 100 KB.",
    "",
    "### Outputs over 8 KB, by class",
    "",
    head,
    rule,
    ...classes.flatMap((k) => {
      const rs = big.filter((r) => r.cls === k);
      return rs.length ? [aggRow(k, aggregate(rs))] : [];
    }),
    aggRow("**overall**", overall),
    "",
    `All ${rows.length} outputs, small ones included: recall ${pct(all.recall)}, reduction ${pct(all.reduction)}, head+tail recall ${pct(all.htRecall)}.`,
    "",
    "### Where facts are lost (outputs over 8 KB, worst first)",
    "",
    "| output | compressor | facts kept | lost, for example |",
    "|---|---|---:|---|",
    ...worst,
  ].join("\n");
  const perOutput = [
    "| output | class | compressor | bytes | shown | facts | kept | head+tail | ms |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.id} | ${r.cls} | ${r.compressor} | ${r.bytes} | ${r.shownBytes} | ${r.excerpt.facts} | ${r.excerpt.kept} | ${r.headTail.kept} | ${r.ms.toFixed(2)} |`,
    ),
  ].join("\n");
  mkdirSync(join(REPO, "bench/results"), { recursive: true });
  writeFileSync(join(REPO, "bench/results/compress-per-output.md"), `${perOutput}\n`);
  for (const r of rows)
    if (r.shapeError) process.stderr.write(`invalid replacement ${r.id}: ${r.shapeError}\n`);
  return { markdown, summary };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { markdown, summary } = await benchCompress();
  process.stdout.write(`${markdown}\n\n${JSON.stringify(summary, null, 2)}\n`);
}
