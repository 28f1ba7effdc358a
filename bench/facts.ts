/**
 * Facts a person needs, kept whole (issue 24): the shared examples
 * (../shared/corpus-facts), the widened corpus's development part (bench/corpus/dev) and
 * its blind part (bench/corpus/blind, printed apart and only to report), scored with
 * score.mjs's rules plus the issue's (bench/corpus/facts/score.ts), next to a head+tail
 * cut to the same number of characters; and the old generated corpus
 * (bench/corpus/corpus.jsonl.gz) under the same rules: whole on one line, no brace
 * expansion, nothing behind a `--grep`.
 *
 *   node bench/facts.ts                 fast: the compressors of ./src called in-process
 *   node bench/facts.ts --hook          the built hook (dist/cairn.cjs), as Claude Code runs it
 *   node bench/facts.ts --hook "CMD"    any hook command
 *   options: --set SETS  any of OPEN_SETS (bench/corpus/facts/sets.ts: shared, dev, fresh … the newest
 *            round), blind and old, comma-separated (default every open set and old: the blind
 *            part only when named) --kind K  --filter SUBSTR  --misses (print every missed fact)
 *            --json FILE
 *
 * Targets: bench/corpus/targets.json. `npm run bench` runs it on the built hook with every set.
 */
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { type Answer, answerAll, headTail, hookCommand, inProcess } from "./corpus/facts/answers.ts";
import { scoreOld } from "./corpus/facts/old.ts";
import {
  type Aggregate,
  aggregate,
  BANDS,
  type CaseScore,
  reductionOf,
  scoreCases,
} from "./corpus/facts/score.ts";
import { type FactCase, loadSet, OPEN_SETS, REPO, type SetName } from "./corpus/facts/sets.ts";
import { checkTargets, loadTargets } from "./corpus/facts/targets.ts";

export interface FactsRun {
  readonly markdown: string;
  readonly summary: Record<string, number>;
  readonly failedTargets: readonly string[];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The built bundle's PostToolUse hook, run as Claude Code runs it. */
const BUILT_HOOK = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO, "dist", "cairn.cjs"))} hook PostToolUse`;

/** head+tail at the number of characters the product's answer shows (the whole output where it passes). */
function baselineAnswers(cases: readonly FactCase[], rows: readonly CaseScore[]): Map<string, Answer> {
  const out = new Map<string, Answer>();
  cases.forEach((c, i) => {
    const r = rows[i]!;
    out.set(`${c.set}/${c.name}`, r.replaced ? headTail(c, r.shownBytes) : { stdout: "", code: 0, ms: 0 });
  });
  return out;
}

function aggRow(name: string, a: Aggregate, ht: Aggregate): string {
  return `| ${name} | ${a.outputs} | **${pct(a.recall)}** (${a.kept}/${a.facts}) | **${pct(a.reduction)}** (${a.bigOutputs}) | ${a.notation} in ${a.notationOutputs} | ${a.invalid} | ${a.overSpill} | ${pct(ht.recall)} / ${pct(ht.reduction)} | ${a.p50ms.toFixed(1)} |`;
}

const HEAD =
  "| part | outputs | facts kept whole (pooled) | smaller, outputs > 8 KB | made-up notation | invalid | over spill limit | head+tail kept / smaller | p50 ms |";
const RULE = "|---|---:|---:|---:|---:|---:|---:|---:|---:|";

function bandRows(rows: readonly CaseScore[]): string[] {
  return BANDS.map((b) => {
    const rs = rows.filter((r) => b.test(r.origBytes));
    const a = aggregate(rs);
    return `| ${b.name} | ${rs.length} | ${pct(a.recall)} (${a.kept}/${a.facts}) | ${pct(reductionOf(rs))} | ${a.notation} | ${a.invalid} |`;
  });
}

function kindRows(rows: readonly CaseScore[], ht: readonly CaseScore[]): string[] {
  const kinds = [...new Set(rows.map((r) => r.kind))].sort();
  return kinds.map((k) => {
    const idx = rows.map((r, i) => (r.kind === k ? i : -1)).filter((i) => i >= 0);
    const rs = idx.map((i) => rows[i]!);
    const a = aggregate(rs);
    const h = aggregate(idx.map((i) => ht[i]!));
    const spill = rs.filter((r) => r.overSpill).map((r) => r.name);
    return `| ${k} | ${rs.length} | ${pct(a.recall)} (${a.kept}/${a.facts}) | ${pct(reductionOf(rs))} | ${a.notation} | ${a.invalid} | ${spill.length ? spill.join(", ") : ""} | ${pct(h.recall)} |`;
  });
}

function missLines(rows: readonly CaseScore[], all: boolean): string[] {
  const bad = rows.filter((r) => r.missed.length || r.invalid);
  return bad
    .sort((a, b) => a.mustHits / (a.mustTotal || 1) - b.mustHits / (b.mustTotal || 1))
    .slice(0, all ? bad.length : 15)
    .map(
      (r) =>
        `| ${r.name} | ${r.kind} | ${r.mustHits}/${r.mustTotal} | ${r.invalid ? `INVALID ${r.problems.join("; ").slice(0, 80)} ` : ""}${r.missed
          .slice(0, all ? r.missed.length : 3)
          .map((m) => `\`${m.slice(0, 60).replace(/[|`\n]/g, " ")}\``)
          .join(", ")} |`,
    );
}

export async function runFacts(opts: {
  sets: readonly (SetName | "old")[];
  hook?: string;
  src?: string;
  kind?: string;
  filter?: string;
  misses?: boolean;
}): Promise<FactsRun> {
  const src = resolve(opts.src ?? join(REPO, "src"));
  const hooked = opts.hook !== undefined ? hookCommand(opts.hook) : undefined;
  const source = hooked ? hooked.answer : await inProcess(src);
  const targets = loadTargets();
  const sections: string[] = [];
  const summary: Record<string, number> = {};
  const failed: string[] = [];
  const how = hooked
    ? `the hook \`${opts.hook}\``
    : `the compressors of \`${src}\` in-process (fast path; the hook is the figure of record)`;
  try {
    for (const set of opts.sets) {
      if (set === "old") {
        const old = await scoreOld(src);
        sections.push(old.markdown);
        Object.assign(summary, old.summary);
        continue;
      }
      let cases = loadSet(set);
      if (opts.kind) cases = cases.filter((c) => c.kind === opts.kind);
      if (opts.filter) cases = cases.filter((c) => c.name.includes(opts.filter!));
      if (!cases.length) {
        sections.push(`### ${set}: no cases`);
        continue;
      }
      const answers = await answerAll(cases, source, hooked ? 2 : 1);
      const rows = scoreCases(cases, answers);
      const ht = scoreCases(cases, baselineAnswers(cases, rows));
      const a = aggregate(rows);
      const h = aggregate(ht);
      const prefix = `facts.${set}`;
      Object.assign(summary, {
        [`${prefix}.outputs`]: a.outputs,
        [`${prefix}.recall`]: round(a.recall),
        [`${prefix}.reduction_over_8kb`]: round(a.reduction),
        [`${prefix}.notation`]: a.notation,
        [`${prefix}.invalid`]: a.invalid,
        [`${prefix}.over_spill`]: a.overSpill,
        [`${prefix}.head_tail_recall`]: round(h.recall),
        [`${prefix}.head_tail_reduction_over_8kb`]: round(h.reduction),
      });
      failed.push(...checkTargets(targets, set, a).map((t) => `${set}: ${t}`));
      sections.push(
        [
          `### ${set === "blind" ? "blind part (score only to report)" : /^fresh\d*$/.test(set) ? `${set} part (bench/corpus/${set})` : set === "dev" ? "development part" : "shared examples (../shared/corpus-facts)"}`,
          "",
          HEAD,
          RULE,
          aggRow(set, a, h),
          "",
          "| size band | outputs | facts kept | smaller | notation | invalid |",
          "|---|---:|---:|---:|---:|---:|",
          ...bandRows(rows),
          "",
          "| kind | outputs | facts kept | smaller | notation | invalid | over spill limit | head+tail kept |",
          "|---|---:|---:|---:|---:|---:|---|---:|",
          ...kindRows(rows, ht),
          ...(set === "blind" && !opts.misses
            ? []
            : [
                "",
                "| output | kind | kept | missed, for example |",
                "|---|---|---:|---|",
                ...missLines(rows, !!opts.misses),
              ]),
          "",
          targetLine(targets, set, a),
        ].join("\n"),
      );
    }
  } finally {
    hooked?.close();
  }
  const markdown = [
    "## Facts kept whole (issue 24)",
    "",
    `Answers from ${how}. A fact counts when it appears whole in what the model reads (../shared/corpus-facts/score.mjs's rules: verbatim, a 7+ character prefix of a git hash, or \`dir/\` then the whole name on one line; never a brace expansion, never a \`--grep\` argument). Recall is pooled over all facts; reduction is over outputs above 8 KB together. Made-up notation: brace groups, \`{1..5}\`, bracket ranges, alternations, ellipses and wildcards inside a token that the original does not hold. Head+tail: the first and last halves of as many characters as the product's answer shows.`,
    "",
    ...sections,
  ].join("\n");
  return { markdown, summary, failedTargets: failed };
}

const round = (x: number) => Math.round(x * 10000) / 10000;

function targetLine(targets: ReturnType<typeof loadTargets>, set: string, a: Aggregate): string {
  const t = targets[set as keyof typeof targets];
  if (!t) return "";
  const miss = checkTargets(targets, set as SetName, a);
  return `Targets (bench/corpus/targets.json): facts ≥ ${pct(t.recall)}, smaller ≥ ${pct(t.reduction_over_8kb)}, notation ≤ ${t.notation}, invalid ≤ ${t.invalid}: ${miss.length ? `**not met** (${miss.join("; ")})` : "met"}.`;
}

/** For `npm run bench` (bench/run.ts): the built hook, every set. */
export async function benchFacts(): Promise<{ markdown: string; summary: Record<string, number> }> {
  const r = await runFacts({
    sets: [...OPEN_SETS, "blind", "old"],
    hook: BUILT_HOOK,
  });
  return { markdown: r.markdown, summary: r.summary };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2);
  const known = [...OPEN_SETS, "blind", "old"];
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(`Usage: npx node bench/facts.ts [--hook ["CMD"]] [--set ${known.join(",")}]
         [--kind K] [--filter SUBSTR] [--misses] [--json FILE]

Scores what the model reads of each case against the facts its annotator needed (kept whole,
pooled), reduction over 8 KB, made-up notation and invalid answers, beside a head+tail cut.
  --hook    answer through the built hook (dist/cairn.cjs) or the hook command CMD; the figure
            of record (default: the compressors of ./src in-process, faster)
  --set     sets to score (default: ${[...OPEN_SETS, "old"].join(",")}); the blind part
            only when named, and only to report
  --kind K, --filter SUBSTR   only cases of that kind, or whose name holds SUBSTR
  --misses  print every fact missed
  --json    also write the summary figures to FILE`);
    process.exit(0);
  }
  const val = (k: string) => {
    const i = argv.indexOf(k);
    const v = i >= 0 ? argv[i + 1] : undefined;
    return v && !v.startsWith("--") ? v : undefined;
  };
  const hook = argv.includes("--hook") ? (val("--hook") ?? BUILT_HOOK) : undefined;
  const sets = (val("--set")?.split(",") ?? [...OPEN_SETS, "old"]) as (SetName | "old")[];
  const unknown = sets.filter((s) => !known.includes(s));
  if (unknown.length > 0) {
    process.stderr.write(`facts.ts: no set ${unknown.join(", ")}; sets are ${known.join(", ")}\n`);
    process.exit(2);
  }
  const r = await runFacts({
    sets,
    ...(hook ? { hook } : {}),
    ...(val("--kind") ? { kind: val("--kind")! } : {}),
    ...(val("--filter") ? { filter: val("--filter")! } : {}),
    misses: argv.includes("--misses"),
  });
  process.stdout.write(`${r.markdown}\n`);
  if (val("--json")) writeFileSync(val("--json")!, `${JSON.stringify(r.summary, null, 2)}\n`);
}
