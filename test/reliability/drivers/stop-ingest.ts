/**
 * The concurrency test's turn-ender: appends rounds of a real transcript to the
 * session's transcript file and sends Stop after each (ledger catch-up, memory ingest,
 * retention), while the writers hammer the same database.
 *
 *   node stop-ingest.ts '{"home":…,"project":…,"bundle":…,"session":…,"transcript":…,"rounds":40}'
 */
import { appendFileSync } from "node:fs";
import { transcriptLines, transcriptRound } from "./corpus.ts";
import { inProcessHook, percentile } from "./in-process-hook.ts";

interface Args {
  home: string;
  project: string;
  bundle: string;
  session: string;
  transcript: string;
  rounds: number;
}

const a = JSON.parse(process.argv[2]!) as Args;
const hook = await inProcessHook(a.home, a.project, a.bundle);
const lines = transcriptLines();
const outcomes: Record<string, number> = {};
const ms: number[] = [];
for (let round = 0; round < a.rounds; round++) {
  appendFileSync(a.transcript, transcriptRound(lines, a.session, round));
  const r = await hook("Stop", {
    session_id: a.session,
    transcript_path: a.transcript,
    cwd: a.project,
    permission_mode: "default",
    hook_event_name: "Stop",
    stop_hook_active: false,
  });
  outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
  ms.push(r.ms);
}
ms.sort((x, y) => x - y);
process.stdout.write(
  `${JSON.stringify({ rounds: a.rounds, outcomes, p50: percentile(ms, 50), max: ms.at(-1) ?? 0 })}\n`,
);
