/**
 * Does the engine's general mechanism hold when an output grows or varies? (issue 24)
 *
 * For every case of the sets open to development, variants of the real output that keep
 * every fact line unchanged (bench/corpus/facts/variants.ts): grown 2x and 4x (the
 * repeated body cycled again, later rounds renumbered as new records), shrunk to half,
 * shifted (the body rotated so the facts inside it sit elsewhere), renumbered (numbers
 * of 3+ digits and hex hashes outside the fact lines changed, one value per token). Each
 * variant goes through the same path as bench/facts.ts (in-process, or `--hook`) and is
 * scored by the same rules against the same must_keep; a fact kept by the original but
 * lost by a variant is listed.
 *
 * A diagnostic, not a substitute for held-out captures: the variants are synthetic, and a
 * JSON document (which edits by lines would break) gets only the renumbered variant.
 *
 *   npx node bench/robust.ts [--set shared,dev,...] [--variant grown4x,...] [--filter SUBSTR]
 *                            [--hook ["CMD"] | --src DIR] [--out FILE (default bench/results/robust.md)]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { type AnswerSource, answerAll, hookCommand, inProcess } from "./corpus/facts/answers.ts";
import { aggregate, type CaseScore, scoreCases } from "./corpus/facts/score.ts";
import { type FactCase, isOpenSet, loadSet, OPEN_SETS, REPO, type SetName } from "./corpus/facts/sets.ts";
import { variantCase } from "./corpus/facts/variant-case.ts";
import { VARIANT_KINDS, type VariantKind } from "./corpus/facts/variants.ts";

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

interface KindResult {
  readonly kind: VariantKind;
  readonly made: number;
  readonly skipped: Map<string, number>;
  readonly variant: CaseScore[];
  /** The original's scores of the same cases, in the same order. */
  readonly original: CaseScore[];
  readonly sizeRatio: number;
  /** Facts the original kept and the variant lost; `whole` when the original was not compressed at all. */
  readonly lost: { name: string; fact: string; whole: boolean }[];
  readonly gained: number;
}

function recallOf(rows: readonly CaseScore[]): { kept: number; facts: number } {
  const a = aggregate(rows);
  return { kept: a.kept, facts: a.facts };
}

async function runSet(
  set: SetName,
  kinds: readonly VariantKind[],
  source: AnswerSource,
  parallel: number,
  filter?: string,
) {
  let cases = loadSet(set);
  if (filter) cases = cases.filter((c) => c.name.includes(filter));
  const orig = scoreCases(cases, await answerAll(cases, source, parallel));
  const byName = new Map(orig.map((r) => [r.name, r]));
  const results: KindResult[] = [];
  for (const kind of kinds) {
    const made: FactCase[] = [];
    const skipped = new Map<string, number>();
    for (const c of cases) {
      const v = variantCase(c, kind);
      if ("skip" in v) skipped.set(v.skip, (skipped.get(v.skip) ?? 0) + 1);
      else made.push(v.case);
    }
    const variant = scoreCases(made, await answerAll(made, source, parallel), { made: true });
    const original = made.map((m) => byName.get(m.name.replace(/~[^~]*$/, ""))!);
    const lost: { name: string; fact: string; whole: boolean }[] = [];
    let gained = 0;
    variant.forEach((v, i) => {
      const o = original[i]!;
      for (const f of v.missed)
        if (!o.missed.includes(f)) lost.push({ name: o.name, fact: f, whole: !o.replaced });
      for (const f of o.missed) if (!v.missed.includes(f)) gained++;
    });
    const sizeRatio = variant.length
      ? variant.reduce((a, v, i) => a + v.origBytes / original[i]!.origBytes, 0) / variant.length
      : 0;
    results.push({ kind, made: made.length, skipped, variant, original, sizeRatio, lost, gained });
  }
  return { set, cases: cases.length, orig, results };
}

type SetRun = Awaited<ReturnType<typeof runSet>>;

function cell(r: KindResult): string {
  if (!r.made) return "—";
  const v = recallOf(r.variant);
  const o = recallOf(r.original);
  const sk = [...r.skipped.values()].reduce((a, b) => a + b, 0);
  const mark = v.kept < o.kept ? " **▼**" : "";
  return `${pct(v.kept / (v.facts || 1))} vs ${pct(o.kept / (o.facts || 1))}${mark} (${r.made}, ${sk} skipped)`;
}

function markdown(
  runs: readonly SetRun[],
  kinds: readonly VariantKind[],
  how: string,
  seconds: number,
): string {
  const head = `| set | outputs | original | ${kinds.join(" | ")} |`;
  const rule = `|---|---:|---:|${kinds.map(() => "---:").join("|")}|`;
  const rows = runs.map((s) => {
    const o = recallOf(s.orig);
    return `| ${s.set} | ${s.cases} | ${pct(o.kept / (o.facts || 1))} (${o.kept}/${o.facts}) | ${s.results.map(cell).join(" | ")} |`;
  });
  const pooled = kinds.map((k) => {
    const rs = runs.map((s) => s.results.find((r) => r.kind === k)!);
    const v = recallOf(rs.flatMap((r) => r.variant));
    const o = recallOf(rs.flatMap((r) => r.original));
    const made = rs.reduce((a, r) => a + r.made, 0);
    const sk = rs.reduce((a, r) => a + [...r.skipped.values()].reduce((x, y) => x + y, 0), 0);
    return `${pct(v.kept / (v.facts || 1))} vs ${pct(o.kept / (o.facts || 1))} (${made}, ${sk} skipped)`;
  });
  const allOrig = recallOf(runs.flatMap((s) => s.orig));
  const sizes = kinds.map((k) => {
    const rs = runs.map((s) => s.results.find((r) => r.kind === k)!).filter((r) => r.made);
    const n = rs.reduce((a, r) => a + r.made, 0);
    const mean = n ? rs.reduce((a, r) => a + r.sizeRatio * r.made, 0) / n : 0;
    const red = aggregate(rs.flatMap((r) => r.variant)).reduction;
    const redO = aggregate(rs.flatMap((r) => r.original)).reduction;
    return `${mean.toFixed(2)}x; ${pct(red)} vs ${pct(redO)}`;
  });
  const lost = runs.flatMap((s) =>
    s.results.flatMap((r) =>
      r.lost.map(
        (l) =>
          `| ${s.set}/${l.name} | ${r.kind} | ${l.whole ? "passed whole" : "excerpt"} | \`${l.fact.slice(0, 90).replace(/[|`\n]/g, " ")}\` |`,
      ),
    ),
  );
  const gained = runs.reduce((a, s) => a + s.results.reduce((x, r) => x + r.gained, 0), 0);
  const reasons = new Map<string, Map<VariantKind, number>>();
  for (const s of runs)
    for (const r of s.results)
      for (const [why, n] of r.skipped) {
        const m = reasons.get(why) ?? new Map<VariantKind, number>();
        m.set(r.kind, (m.get(r.kind) ?? 0) + n);
        reasons.set(why, m);
      }
  return [
    "## Robustness: facts kept when an output grows or varies (issue 24)",
    "",
    `Answers from ${how}; ${seconds.toFixed(0)} s. Synthetic variants of the real outputs of the sets open to development, each keeping every fact line unchanged (bench/corpus/facts/variants.ts): **grown2x / grown4x** the repeated body (lines of a shape seen 3+ times, not facts, not the first line or a table header) cycled until the output is 2x / 4x, later rounds new entries (numbers renumbered; in a list, or a shape 8+ lines share, the names and ids that tell lines apart renamed, never a block's heading key such as \`Requests:\`); a caret line moves with the line above it and a closing block after the body stays last and once; **shrunk** body lines dropped evenly to about half (kept only above 2 KB); **shifted** the body rotated at its middle so facts inside it sit elsewhere; **renumbered** numbers of 3+ digits and hex hashes outside the fact lines changed, one new value per token (tokens a fact line holds keep theirs). A JSON document gets only the renumbered variant; a variant that would change how often a fact stands is skipped. A diagnostic, not held-out captures.`,
    "",
    "Each cell: the variant's facts kept whole (pooled) vs the original's on the same outputs (variants made, skipped). ▼: fewer kept.",
    "",
    head,
    rule,
    ...rows,
    `| **all** | ${runs.reduce((a, s) => a + s.cases, 0)} | ${pct(allOrig.kept / (allOrig.facts || 1))} | ${pooled.join(" | ")} |`,
    `| size vs original; smaller over 8 KB, variant vs original | | | ${sizes.join(" | ")} |`,
    "",
    `### Facts kept by the original and lost by a variant (${lost.length}; ${gained} the other way)`,
    "",
    "Original: `passed whole` where the original output was not compressed (under the size threshold, or its excerpt would not be shorter), so the loss is the first excerpt made of it, not a change of one.",
    "",
    "| output | variant | original | fact |",
    "|---|---|---|---|",
    ...lost,
    "",
    "### Variants skipped, by reason",
    "",
    `| reason | ${kinds.join(" | ")} |`,
    `|---|${kinds.map(() => "---:").join("|")}|`,
    ...[...reasons].map(([why, m]) => `| ${why} | ${kinds.map((k) => m.get(k) ?? 0).join(" | ")} |`),
    "",
  ].join("\n");
}

const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  console.log(`Usage: npx node bench/robust.ts [--set ${OPEN_SETS.join(",")}] [--variant ${VARIANT_KINDS.join(",")}]
         [--filter SUBSTR] [--hook ["CMD"] | --src DIR] [--out FILE]

Scores synthetic variants of the open sets' real outputs (every fact line unchanged) against the
same must_keep as bench/facts.ts, beside the originals, and lists each fact a variant loses.
  --set      sets to vary (default: all open to development; never blind)
  --variant  kinds of variant (default: all)
  --filter   only cases whose name holds SUBSTR
  --hook     answer through the hook command (default: the built dist/cairn.cjs), not in-process
  --src      in-process from another tree's src (default: ./src)
  --out      where the table goes (default: bench/results/robust.md)`);
  process.exit(0);
}
const val = (k: string) => {
  const i = argv.indexOf(k);
  const v = i >= 0 ? argv[i + 1] : undefined;
  return v && !v.startsWith("--") ? v : undefined;
};
const sets = (val("--set")?.split(",") ?? [...OPEN_SETS]) as SetName[];
if (sets.some((s) => !isOpenSet(s))) {
  process.stderr.write(`robust.ts: sets are ${OPEN_SETS.join(", ")} (the blind part is not varied)\n`);
  process.exit(2);
}
const kinds = (val("--variant")?.split(",") ?? [...VARIANT_KINDS]) as VariantKind[];
if (kinds.some((k) => !VARIANT_KINDS.includes(k))) {
  process.stderr.write(`robust.ts: variants are ${VARIANT_KINDS.join(", ")}\n`);
  process.exit(2);
}
const BUILT_HOOK = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO, "dist", "cairn.cjs"))} hook PostToolUse`;
const hookCmd = argv.includes("--hook") ? (val("--hook") ?? BUILT_HOOK) : undefined;
const hooked = hookCmd ? hookCommand(hookCmd) : undefined;
const src = resolve(val("--src") ?? join(REPO, "src"));
const source = hooked ? hooked.answer : await inProcess(src);
const t0 = performance.now();
const runs: SetRun[] = [];
try {
  for (const s of sets) runs.push(await runSet(s, kinds, source, hooked ? 2 : 1, val("--filter")));
} finally {
  hooked?.close();
}
const how = hookCmd
  ? `the hook \`${hookCmd}\``
  : `the compressors of \`${val("--src") ? src : "./src"}\` in-process (bench/facts.ts's fast path)`;
const md = markdown(runs, kinds, how, (performance.now() - t0) / 1000);
const out = resolve(val("--out") ?? join(REPO, "bench", "results", "robust.md"));
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, md);
process.stdout.write(md);
