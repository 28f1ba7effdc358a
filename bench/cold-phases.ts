// What the PostToolUse filing's phases cost in a new process (every command hook is one)
// against the same call again in that process: CPU time of the secret scan, the choice of
// kind and the excerpt of a 50 KB nginx log, each file loaded from dist/ through the
// hook's chunk loader with the code caches a real hook run made. The code comes compiled
// from the cache, so what the first call pays over the later ones is the rest of a cold
// start: regular expressions compiled on first use, feedback and inline caches built, the
// code run in the interpreter until V8 tiers it up. A V8 startup snapshot would keep none
// of that (it keeps neither machine code nor compiled regular expressions).
// Run: npx node bench/cold-phases.ts   (BENCH_RUNS=N processes, default 10; CAIRN_BUNDLE=<cairn.cjs>)
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median, ms, table } from "./lib/stats.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BUNDLE = resolve(process.env.CAIRN_BUNDLE ?? join(REPO, "dist", "cairn.cjs"));
const OUTPUT = join(REPO, "test/fixtures/outputs/log-nginx-access.txt");
const COMMAND = "cat /var/log/nginx/access.log";
/** Calls of each phase in one process: the first is the cold one. */
const CALLS = 4;

/** Phase name -> CPU ms of each call, in order. */
type Sample = Record<string, number[]>;

/** The same lines, starting `by` lines later and wrapping round: another output of the same size. */
function rotated(text: string, by: number): string {
  const lines = text.split("\n");
  const k = by % lines.length;
  return [...lines.slice(k), ...lines.slice(0, k)].join("\n");
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** One new process's calls: the bundle's files through the chunk loader, as a hook loads them. */
async function child(home: string): Promise<Sample> {
  const dist = dirname(BUNDLE);
  const ids = /^globalThis\.__cairnChunkIds=(\{.*?\});$/m.exec(readFileSync(BUNDLE, "utf8"))?.[1];
  if (!ids) throw new Error(`${BUNDLE} names no lazy files`);
  globalThis.__cairnChunkIds = JSON.parse(ids) as Record<string, string>;
  const { codeCacheDir, installChunkLoader } = await import("../src/chunk-loader.ts");
  const { excerptBudget } = await import("../src/compress/excerpt/budget.ts");
  const { defaults } = await import("../src/config/schema.ts");
  const cacheDir = codeCacheDir(join(home, ".cairn"));
  if (!cacheDir) throw new Error("no code cache directory to read");
  installChunkLoader(dist, cacheDir, createRequire(BUNDLE));
  const load = globalThis.__cairnChunk!;
  const sample: Sample = {};
  const record = (phase: string, cpu: number) => {
    sample[phase] = [...(sample[phase] ?? []), cpu];
  };
  const time = <T>(phase: string, fn: () => T): T => {
    const at = cpuMs();
    const out = fn();
    record(phase, cpuMs() - at);
    return out;
  };
  const { redact } = time("loading the secret masker", () =>
    load("core-secrets-redact.cjs"),
  ) as typeof import("../src/core/secrets/redact.ts");
  const { compressLoading } = time("loading the detectors", () =>
    load("compress-compress-lazy.cjs"),
  ) as typeof import("../src/compress/compress-lazy.ts");
  time("loading the log excerpts", () => load("compress-kinds-log-excerpt.cjs"));
  const text = readFileSync(OUTPUT, "utf8").slice(0, 50 * 1024);
  const budget = excerptBudget(defaults(), text.length);
  for (let i = 1; i <= CALLS; i++) {
    const output = rotated(text, i);
    time("secret scan (filing:redacted)", () => redact(output));
    const at = cpuMs();
    await compressLoading(output, { tool: "Bash", command: COMMAND }, budget);
    record("kind and excerpt (filing:compressed)", cpuMs() - at);
  }
  return sample;
}

/** A cairn home whose code caches a PostToolUse hook run made, as in a session. */
function warmedHome(): string {
  const root = mkdtempSync(join(tmpdir(), "cairn-cold-"));
  const home = join(root, "home");
  mkdirSync(join(root, "project"), { recursive: true });
  const event = JSON.parse(
    readFileSync(join(REPO, "test/fixtures/hook-inputs/PostToolUse-Bash-small.json"), "utf8").replaceAll(
      "/tmp/cairn-hook-capture",
      root,
    ),
  );
  event.tool_input.command = COMMAND;
  event.tool_response.stdout = readFileSync(OUTPUT, "utf8").slice(0, 50 * 1024);
  const r = spawnSync(process.execPath, [BUNDLE, "hook", "PostToolUse"], {
    input: JSON.stringify(event),
    env: { ...process.env, HOME: home, CLAUDE_PROJECT_DIR: join(root, "project"), CAIRN_TRACE: "" },
    cwd: join(root, "project"),
    stdio: ["pipe", "ignore", "inherit"],
  });
  if (r.status !== 0) throw new Error(`the hook run exited ${r.status}`);
  return home;
}

export function benchColdPhases(runs = Number(process.env.BENCH_RUNS ?? 10)): string {
  const home = warmedHome();
  const samples: Sample[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child", home], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      });
      if (r.status !== 0) throw new Error(`a measuring process exited ${r.status}`);
      samples.push(JSON.parse(r.stdout) as Sample);
    }
  } finally {
    rmSync(dirname(home), { recursive: true, force: true });
  }
  const phases = Object.keys(samples[0] ?? {});
  /** The median of call k of a phase; blank for a phase called once (loading a file). */
  const call = (phase: string, k: number) =>
    (samples[0]?.[phase]?.length ?? 0) > k ? ms(median(samples.map((s) => s[phase]?.[k] ?? Number.NaN))) : "";
  return [
    "### The filing's phases cold and warm (CPU ms, one new process each)",
    "",
    `${runs} new processes, each loading the bundle's files through the hook's chunk loader and code caches, then calling each phase ${CALLS} times on 50 KB of an nginx log (rotated, so every call is a new output); the median of each call. The first call is what a command hook pays; the later ones show what the same code costs once V8 has compiled its regular expressions and tiered it up.`,
    "",
    table(
      ["phase", "1st call (cold)", "2nd call", `${CALLS}th call`],
      phases.map((p) => [p, call(p, 0), call(p, 1), call(p, CALLS - 1)]),
    ),
  ].join("\n");
}

if (process.argv[2] === "--child") {
  process.stdout.write(JSON.stringify(await child(process.argv[3]!)));
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(benchColdPhases());
}
