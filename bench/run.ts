// `npm run bench`: every benchmark, measured in one run on this machine, written as
// markdown tables to bench/results/ (README.md has them all) plus summary.json.
// BENCH_ONLY=hooks,compress,... runs a subset; BENCH_RUNS and BENCH_SESSION_CALLS
// set the repetitions.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(REPO, "bench", "results");

type Bench = () => Promise<{ markdown: string; summary: Record<string, number> }>;
const BENCHES: Record<string, { title: string; load: () => Promise<Bench> }> = {
  hooks: {
    title: "Hook latency against bare node and the peers",
    load: async () => (await import("./hooks.ts")).benchHooks,
  },
  budget: {
    title: "PostToolUse on a 64 MB hostile failing output, within hook.budget_ms",
    load: async () => (await import("./budget.ts")).benchBudget,
  },
  compress: {
    title: "Compression on the independent corpus",
    load: async () => (await import("./compress.ts")).benchCompress,
  },
  facts: {
    title: "Facts kept whole on real outputs (issue 24)",
    load: async () => (await import("./facts.ts")).benchFacts,
  },
  gemini: {
    title: "Gemini CLI beside Claude Code: facts kept and hook latency",
    load: async () => (await import("./gemini.ts")).benchGemini,
  },
  ledger: {
    title: "Context ledger and statusline",
    load: async () => (await import("./ledger.ts")).benchLedger,
  },
  memory: {
    title: "Layered memory: ingest, search, resume",
    load: async () => (await import("./memory.ts")).benchMemory,
  },
  secrets: {
    title: "Secret masking on a corpus of realistic positives and negatives",
    load: async () => (await import("./secrets.ts")).benchSecrets,
  },
  team: {
    title: "Team memory on PostgreSQL: push, pull, hooks",
    load: async () => (await import("./team.ts")).benchTeam,
  },
  session: {
    title: "Whole session with and without cairn",
    load: async () => (await import("./session.ts")).benchSession,
  },
  soak: {
    title: "Soak: a long-lived install (latency per event, server RSS, database against its cap, reused ids)",
    load: async () => (await import("./soak.ts")).benchSoak,
  },
};

const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
mkdirSync(OUT, { recursive: true });
const sections: string[] = [];
const summary: Record<string, number> = {};
for (const [name, b] of Object.entries(BENCHES)) {
  if (only && !only.includes(name)) continue;
  process.stderr.write(`bench: ${b.title} …\n`);
  const started = performance.now();
  try {
    const r = await (await b.load())();
    writeFileSync(join(OUT, `${name}.md`), `${r.markdown}\n`);
    sections.push(r.markdown);
    for (const [k, v] of Object.entries(r.summary)) summary[`${name}.${k}`] = v;
    process.stderr.write(`bench: ${name} done in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  } catch (err) {
    sections.push(`## ${b.title}\n\nFailed: ${(err as Error).message}`);
    process.stderr.write(`bench: ${name} failed: ${(err as Error).stack}\n`);
    process.exitCode = 1;
  }
}

// README.md holds every section's latest table, so a partial run (BENCH_ONLY) keeps it whole.
const all = Object.keys(BENCHES)
  .map((name) => join(OUT, `${name}.md`))
  .filter((f) => existsSync(f))
  .map((f) => readFileSync(f, "utf8").trimEnd());
const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
const header = `# cairn benchmarks\n\nMeasured by \`npm run bench\` on ${machine}. Every ratio compares figures taken side by side in the same run; times are medians unless marked. Re-run to reproduce; shared machines are noisy, so compare ratios, not absolute times.\n`;
writeFileSync(join(OUT, "README.md"), `${header}\n${all.join("\n\n")}\n`);
writeFileSync(
  join(OUT, only ? `summary-${only.join("-")}.json` : "summary.json"),
  `${JSON.stringify({ machine, ...summary }, null, 2)}\n`,
);
console.log(sections.join("\n\n"));
