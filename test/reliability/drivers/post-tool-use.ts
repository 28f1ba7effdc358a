/**
 * One of the concurrency test's writers: sends `count` PostToolUse events for one
 * session through the dispatcher, half of them large real outputs (filed and replaced
 * by an excerpt), half small ones (passed through). Prints one JSON line: what it
 * sent, what came back, and how long each event took. "mode": "process" starts a hook
 * process per event, as Claude Code does; otherwise the dispatcher runs in this
 * process on one connection, as `cairn serve` runs it.
 *
 *   node post-tool-use.ts '{"home":…,"project":…,"bundle":…,"session":…,"transcript":…,"worker":0,"count":1000}'
 */
import { realOutputs } from "./corpus.ts";
import { bashResponse, inProcessHook, percentile } from "./in-process-hook.ts";
import { processHook } from "./process-hook.ts";

interface Args {
  home: string;
  project: string;
  bundle: string;
  session: string;
  transcript: string;
  worker: number;
  count: number;
  mode?: "in-process" | "process";
}

const a = JSON.parse(process.argv[2]!) as Args;
const hook =
  a.mode === "process" ? processHook(a.bundle, a.project) : await inProcessHook(a.home, a.project, a.bundle);
const large = realOutputs(6_000, 60_000);
// Under compress.min_bytes (2,048) with the step line added: passed through, never filed.
const small = realOutputs(200, 2_000);

const outcomes: Record<string, number> = {};
const filed: string[] = [];
const passed: string[] = [];
const ms: number[] = [];
const samples: { ms: number; lockMs: number; cpuMs: number; writes: number }[] = [];
for (let i = 0; i < a.count; i++) {
  const id = `toolu_w${a.worker}_${i}`;
  const big = i % 2 === 0;
  const pool = big ? large : small;
  // Each call its own output: the same one again, still in context, would come back as
  // a one-line reference (compress/repeats.ts) instead of being filed or passed.
  const text = `${pool[(i * 7 + a.worker) % pool.length]!}\n(step ${a.worker}.${i})\n`;
  const r = await hook("PostToolUse", {
    session_id: a.session,
    transcript_path: a.transcript,
    cwd: a.project,
    permission_mode: "default",
    hook_event_name: "PostToolUse",
    tool_name: "Bash",
    tool_input: { command: `./step ${a.worker} ${i}`, description: "load" },
    tool_response: bashResponse(text),
    tool_use_id: id,
  });
  outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
  ms.push(r.ms);
  samples.push({ ms: r.ms, lockMs: r.lockMs ?? 0, cpuMs: r.cpuMs ?? 0, writes: r.writes ?? 0 });
  let replaced = false;
  try {
    replaced = JSON.parse(r.output).hookSpecificOutput?.updatedToolOutput !== undefined;
  } catch {
    // Counted in outcomes; the output is neither filed nor passed.
  }
  (replaced ? filed : passed).push(id);
}
ms.sort((x, y) => x - y);
const lockMs = samples.map((x) => x.lockMs).sort((x, y) => x - y);
const cpuMs = samples.map((x) => x.cpuMs).sort((x, y) => x - y);
// Each event's figures, one line each (worker, ms, lock wait ms, CPU ms, write transactions), for a closer look.
if (process.env.CAIRN_CONCURRENCY_SAMPLES) {
  const { appendFileSync } = await import("node:fs");
  appendFileSync(
    process.env.CAIRN_CONCURRENCY_SAMPLES,
    samples
      .map((x) => `${a.worker} ${x.ms.toFixed(1)} ${x.lockMs.toFixed(1)} ${x.cpuMs.toFixed(1)} ${x.writes}\n`)
      .join(""),
  );
}
process.stdout.write(
  `${JSON.stringify({
    worker: a.worker,
    sent: a.count,
    outcomes,
    filed,
    passed: passed.length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.at(-1) ?? 0,
    lockP99: percentile(lockMs, 99),
    lockMax: lockMs.at(-1) ?? 0,
    cpuP99: percentile(cpuMs, 99),
  })}\n`,
);
