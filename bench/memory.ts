/**
 * Layered memory benchmarks:
 * - ingest throughput on a large transcript made of a real one (every entry of
 *   test/fixtures/transcripts/tools-session.jsonl, repeated as further turns with
 *   fresh ids), in one go and as Stop hooks do it (one new turn at a time);
 * - FTS query latency over 100,000 stored outputs (real outputs from
 *   test/fixtures/outputs, cut into varied pieces), through `search()`;
 * - resume-injection build time for a 60-turn chain.
 *
 * Standalone: `npx node bench/memory.ts`.
 */
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cairnPaths } from "../src/core/paths.ts";
import { indexOutputs, ingestSource } from "../src/memory/ingest.ts";
import { buildResume } from "../src/memory/resume.ts";
import { search } from "../src/memory/search.ts";
import { openStore, type Store } from "../src/store/db.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = join(REPO, "test", "fixtures", "transcripts", "tools-session.jsonl");
const OUTPUTS = join(REPO, "test", "fixtures", "outputs");

const INGEST_TURNS = 150;
const STOP_TURNS = 40;
const OUTPUT_ROWS = 100_000;
const RESUME_TURNS = 60;

const UUID = /"([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})"/g;

/** One more turn of the real session: fresh uuids, tool ids, time and marker words. */
function turnOf(src: readonly string[], t: number, sessionId: string): string {
  const base = Date.parse("2026-11-22T09:00:00.000Z");
  const out: string[] = [];
  for (const line of src) {
    let s = line.replace(
      UUID,
      (_m, a, b, c, d, e) => `"${a}-${b}-${c}-${d}-${String(t).padStart(6, "0")}${String(e).slice(6)}"`,
    );
    s = s.replace(/toolu_cap_/g, `toolu_t${t}_`);
    s = s.replace(/"exercise the tools"/g, `"exercise the tools, round ${t} marker${t}x"`);
    s = s.replace(/"timestamp":"[^"]+"/g, () => `"timestamp":"${new Date(base + t * 30_000).toISOString()}"`);
    s = s.replace(/"sessionId":"[^"]+"/g, `"sessionId":"${sessionId}"`);
    out.push(s);
  }
  return `${out.join("\n")}\n`;
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
}

const ms = (n: number) => Math.round(n * 100) / 100;

async function freshStore(dir: string): Promise<Store> {
  return openStore(cairnPaths(join(dir, ".cairn")).db);
}

async function benchIngest(dir: string, src: string[]): Promise<Record<string, number>> {
  const path = join(dir, "big.jsonl");
  writeFileSync(path, "");
  for (let t = 1; t <= INGEST_TURNS; t++) appendFileSync(path, turnOf(src, t, "bench-big"));
  const bytes = statSync(path).size;
  const store = await freshStore(join(dir, "ingest"));
  const started = performance.now();
  const r = ingestSource(store, { path, sessionId: "bench-big", projectDir: "/bench" }, { now: Date.now() });
  const took = performance.now() - started;
  const again = performance.now();
  ingestSource(store, { path, sessionId: "bench-big", projectDir: "/bench" }, { now: Date.now() });
  const noop = performance.now() - again;
  store.close();

  // As hooks see it: a Stop after each turn reads only that turn.
  const inc = join(dir, "incremental.jsonl");
  writeFileSync(inc, "");
  const s2 = await freshStore(join(dir, "incremental"));
  const perStop: number[] = [];
  for (let t = 1; t <= STOP_TURNS; t++) {
    appendFileSync(inc, turnOf(src, t, "bench-inc"));
    const t0 = performance.now();
    ingestSource(s2, { path: inc, sessionId: "bench-inc", projectDir: "/bench" }, { now: Date.now() });
    perStop.push(performance.now() - t0);
  }
  s2.close();
  return {
    ingest_mb: ms(bytes / 1024 / 1024),
    ingest_entries: r.entries,
    ingest_ms: ms(took),
    ingest_mb_per_s: ms(bytes / 1024 / 1024 / (took / 1000)),
    ingest_entries_per_s: Math.round(r.entries / (took / 1000)),
    ingest_rerun_ms: ms(noop),
    stop_turn_kb: ms(Buffer.byteLength(turnOf(src, 1, "x")) / 1024),
    stop_ingest_p50_ms: ms(quantile(perStop, 0.5)),
    stop_ingest_p95_ms: ms(quantile(perStop, 0.95)),
  };
}

/** Real outputs, cut into pieces of varied length, each with a word of its own. */
function outputPieces(): string[] {
  const texts = readdirSync(OUTPUTS)
    .filter((f) => f.endsWith(".txt"))
    .map((f) => readFileSync(join(OUTPUTS, f), "utf8"));
  const pieces: string[] = [];
  for (const t of texts) {
    for (let at = 0; at < t.length; at += 3000) pieces.push(t.slice(at, at + 500 + ((at / 3000) % 7) * 700));
  }
  return pieces;
}

async function benchFts(dir: string): Promise<Record<string, number>> {
  const store = await freshStore(join(dir, "fts"));
  const pieces = outputPieces();
  const insert = store.db.prepare(
    "INSERT INTO outputs (session_id, tool_use_id, tool_name, label, original, original_bytes, original_lines, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  store.db
    .prepare(
      "INSERT INTO sessions (id, project_dir, started_at, last_seen_at) VALUES ('bench-fts', '/bench', 1, 1)",
    )
    .run();
  let bytes = 0;
  store.tx(() => {
    for (let i = 0; i < OUTPUT_ROWS; i++) {
      const text = `${pieces[i % pieces.length]}\nrun ${i} uniq${i}tok\n`;
      bytes += text.length;
      insert.run(
        "bench-fts",
        `toolu_${i}`,
        i % 3 ? "Bash" : "Read",
        `cmd ${i % 500}`,
        Buffer.from(text),
        text.length,
        1,
        i,
      );
    }
  });
  const t0 = performance.now();
  let indexed = 0;
  for (let n = indexOutputs(store, 1, 20_000); n > 0; n = indexOutputs(store, 1, 20_000)) indexed += n;
  const indexMs = performance.now() - t0;
  const queries = ["uniq77777tok", "error", "warning deprecated", '"cannot find module"', "test*", "TS2345"];
  const lat: Record<string, number[]> = {};
  for (const q of queries) {
    lat[q] = [];
    search(store, { query: q, projectDir: "/bench", limit: 20 }); // warm
    for (let k = 0; k < 15; k++) {
      const s = performance.now();
      search(store, { query: q, projectDir: "/bench", limit: 20 });
      lat[q]!.push(performance.now() - s);
    }
  }
  const all = Object.values(lat).flat();
  store.close();
  const out: Record<string, number> = {
    fts_outputs: indexed,
    fts_outputs_mb: ms(bytes / 1024 / 1024),
    fts_index_s: ms(indexMs / 1000),
    fts_query_p50_ms: ms(quantile(all, 0.5)),
    fts_query_p95_ms: ms(quantile(all, 0.95)),
  };
  for (const [q, xs] of Object.entries(lat)) out[`fts_p50_ms ${q}`] = ms(quantile(xs, 0.5));
  return out;
}

async function benchResume(dir: string, src: string[]): Promise<Record<string, number>> {
  const path = join(dir, "chain.jsonl");
  writeFileSync(path, "");
  for (let t = 1; t <= RESUME_TURNS; t++) appendFileSync(path, turnOf(src, t, "bench-chain"));
  const times: number[] = [];
  let cold = 0;
  let chars = 0;
  for (let k = 0; k < 12; k++) {
    const store = await freshStore(join(dir, `resume-${k % 2 === 0 ? "a" : "b"}`));
    if (k < 2) ingestSource(store, { path, sessionId: "bench-chain", projectDir: "/bench" }, { now: 1 });
    const t0 = performance.now();
    const r = buildResume(store, {
      fromSession: "bench-chain",
      owner: "bench-chain",
      projectDir: "/bench",
      recentTurns: 6,
      maxChars: 9000,
      notebook: () => "# Goal\nbench\n",
      cli: "cairn",
      docPath: join(dir, "resume.md"),
      now: 1,
    });
    const took = performance.now() - t0;
    if (k === 0) cold = took;
    else if (k >= 2) times.push(took);
    chars = r.injection.length;
    store.close();
  }
  return {
    resume_turns: RESUME_TURNS,
    resume_build_cold_ms: ms(cold),
    resume_build_p50_ms: ms(quantile(times, 0.5)),
    resume_chars: chars,
  };
}

export async function benchMemory(): Promise<{ markdown: string; summary: Record<string, number> }> {
  const dir = mkdtempSync(join(tmpdir(), "cairn-bench-memory-"));
  try {
    const src = readFileSync(SOURCE, "utf8").split("\n").filter(Boolean);
    const ingest = await benchIngest(dir, src);
    const fts = await benchFts(dir);
    const resume = await benchResume(dir, src);
    const summary = { ...ingest, ...fts, ...resume };
    const markdown = [
      "## Layered memory",
      "",
      "| what | figure |",
      "|---|---|",
      `| ingest, one go: ${ingest.ingest_mb} MB, ${ingest.ingest_entries} entries (${INGEST_TURNS} turns of a real transcript) | ${ingest.ingest_ms} ms = **${ingest.ingest_mb_per_s} MB/s**, ${ingest.ingest_entries_per_s} entries/s |`,
      `| ingest again (nothing new) | ${ingest.ingest_rerun_ms} ms |`,
      `| ingest per Stop (one ${ingest.stop_turn_kb} KB turn) | p50 ${ingest.stop_ingest_p50_ms} ms, p95 ${ingest.stop_ingest_p95_ms} ms |`,
      `| FTS index of ${fts.fts_outputs} stored outputs (${fts.fts_outputs_mb} MB) | ${fts.fts_index_s} s |`,
      `| FTS query over them (search(), 6 queries × 15) | **p50 ${fts.fts_query_p50_ms} ms**, p95 ${fts.fts_query_p95_ms} ms |`,
      ...Object.entries(fts)
        .filter(([k]) => k.startsWith("fts_p50_ms "))
        .map(([k, v]) => `| &nbsp;&nbsp;\`${k.slice("fts_p50_ms ".length)}\` | p50 ${v} ms |`),
      `| resume build, ${RESUME_TURNS}-turn chain (first, writing L1 lines) | ${resume.resume_build_cold_ms} ms |`,
      `| resume build, again | **p50 ${resume.resume_build_p50_ms} ms** (${resume.resume_chars} chars) |`,
      "",
    ].join("\n");
    return { markdown, summary };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchMemory();
  process.stdout.write(`${r.markdown}\n`);
}
