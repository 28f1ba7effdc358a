/**
 * Compression time per kind, in CPU time, of this tree's compressors against another's
 * in one process: bench/compress.ts's measure (each output over 8 KB that the hook would
 * compress, the median of runs, per 100 KB; the median over a kind's outputs) but with
 * the process's CPU time, and the trees' runs alternated output by output, so the load of
 * a shared machine weighs on both alike. Writes nothing.
 *
 * Run: npx node bench/compress-cpu.ts /path/to/other/src [this/src]
 *      (the other tree: `git archive main src | tar -x -C /tmp/main`, with node_modules
 *      and package.json beside its src, as for bench/excerpts-dump.ts)
 *      BENCH_COMPRESS_RUNS=7 runs an output; BENCH_CPU_MIN=1 takes the least run, not the median.
 */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { hintsOf, product } from "./compress.ts";
import { loadCorpus, modelView } from "./corpus/corpus.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.BENCH_COMPRESS_RUNS ?? 7);
const BIG = 8 * 1024;
const trees = [process.argv[2], process.argv[3] ?? join(REPO, "src")].map((t) => {
  if (!t) throw new Error("usage: npx node bench/compress-cpu.ts /path/to/other/src [this/src]");
  return resolve(t);
});

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
const pick = process.env.BENCH_CPU_MIN ? (xs: number[]) => Math.min(...xs) : median;

/** CPU milliseconds of this process so far (user and system): what waiting for a core does not add to. */
function cpu(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

const products = await Promise.all(trees.map((t) => product(t)));
const perKind = new Map<string, number[][]>();
for (const e of loadCorpus(process.env.BENCH_CORPUS)) {
  const bytes = Buffer.byteLength(modelView(e), "utf8");
  if (bytes <= BIG) continue;
  const jobs = products.map((p) => {
    const config = p.defaults();
    const out = p.extractOutput(e.tool_name, e.tool_input, e.tool_response);
    const text: string = out.text;
    if (text.length < p.minCharsFor(config, e.tool_name, out.filePath, out.command)) return undefined;
    const hints = hintsOf(p, e, out);
    const budget: number = p.excerptBudget(config, text.length);
    return () => {
      p.forgetDoc();
      const t0 = cpu();
      p.compressText(text, hints, budget);
      return cpu() - t0;
    };
  });
  if (jobs.some((j) => j === undefined)) continue;
  for (const j of jobs) j!();
  const times = jobs.map(() => [] as number[]);
  for (let r = 0; r < RUNS; r++) for (let i = 0; i < jobs.length; i++) times[i]!.push(jobs[i]!());
  const kind = perKind.get(e.class) ?? trees.map(() => []);
  for (let i = 0; i < times.length; i++) kind[i]!.push((pick(times[i]!) * 100 * 1024) / bytes);
  perKind.set(e.class, kind);
}

const all: number[][] = trees.map(() => []);
const allRatios: number[] = [];
/** Per output, this tree's time over the other's (the runs were alternated, so the load weighs on both alike): their median. */
const ratioOf = (ms: number[][]) => ms[0]!.map((other, k) => ms[1]![k]! / other);
const rows = [...perKind].sort(([a], [b]) => a.localeCompare(b));
console.log(
  `| kind | outputs | ${trees.join(" | ")} | ratio |\n|---|---:|${trees.map(() => "---:").join("|")}|---:|`,
);
for (const [kind, ms] of rows) {
  for (let i = 0; i < ms.length; i++) all[i]!.push(...ms[i]!);
  const ratios = ratioOf(ms);
  allRatios.push(...ratios);
  console.log(
    `| ${kind} | ${ms[0]!.length} | ${ms.map((m) => median(m).toFixed(2)).join(" | ")} | ${median(ratios).toFixed(3)} |`,
  );
}
console.log(
  `| **overall** | ${all[0]!.length} | ${all.map((m) => median(m).toFixed(2)).join(" | ")} | ${median(allRatios).toFixed(3)} |`,
);
console.log(
  `\nms of CPU per 100 KB: the ${process.env.BENCH_CPU_MIN ? "least" : "median"} of ${RUNS} runs an output, the median over outputs; ratio: the median over outputs of the second tree's time over the first's, paired output by output.`,
);
