/**
 * A long session through the dispatcher on a simulated clock: `calls` tool calls over
 * `hours` hours, a prompt and a turn end every ten calls, the transcript growing as
 * Claude Code writes it (the tool_use, then the result the model was shown). Samples
 * the heap (after a full GC; run with --expose-gc) and the database's size on disk.
 *
 *   node --expose-gc long-session.ts '{"home":…,"project":…,"bundle":…,"transcript":…,"calls":10000,"hours":24}'
 */
import { appendFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { realOutputs, transcriptLines } from "./corpus.ts";
import { bashResponse, inProcessHook, percentile } from "./in-process-hook.ts";

interface Args {
  home: string;
  project: string;
  bundle: string;
  transcript: string;
  calls: number;
  hours: number;
}

const a = JSON.parse(process.argv[2]!) as Args;
const SESSION = "c0ffee00-0000-4000-8000-0000000024ff";
const hook = await inProcessHook(a.home, a.project, a.bundle);
const large = realOutputs(6_000, 60_000);
// Under compress.min_bytes (2,048) with the step line added: passed through, never filed.
const small = realOutputs(200, 2_000);
const lines = transcriptLines().map((l) => JSON.parse(l) as Record<string, unknown>);
const content = (e: Record<string, unknown>) =>
  (e.message as { content?: unknown } | undefined)?.content as { type: string }[] | string | undefined;
const useTemplate = lines.find(
  (e) =>
    e.type === "assistant" &&
    Array.isArray(content(e)) &&
    (content(e) as { type: string }[]).some((c) => c.type === "tool_use"),
)!;
const resultTemplate = lines.find(
  (e) =>
    e.type === "user" &&
    Array.isArray(content(e)) &&
    (content(e) as { type: string }[]).some((c) => c.type === "tool_result"),
)!;
const promptTemplate = lines.find((e) => e.type === "user" && typeof content(e) === "string")!;

const start = Date.parse("2026-11-20T08:00:00Z");
const step = (a.hours * 3600_000) / a.calls;
const base = {
  session_id: SESSION,
  transcript_path: a.transcript,
  cwd: a.project,
  permission_mode: "default",
};
const entry = (template: Record<string, unknown>, patch: Record<string, unknown>, at: number) =>
  `${JSON.stringify({ ...template, ...patch, sessionId: SESSION, timestamp: new Date(at).toISOString() })}\n`;

const samples: { call: number; heapMb: number; rssMb: number; diskMb: number; walMb: number }[] = [];
const outcomes: Record<string, number> = {};
const ms: number[] = [];
const count = (o: string) => {
  outcomes[o] = (outcomes[o] ?? 0) + 1;
};
const size = (f: string) => {
  try {
    return statSync(join(a.home, f)).size;
  } catch {
    return 0;
  }
};
let parent = "root";
let turn = 0;
for (let i = 0; i < a.calls; i++) {
  const now = start + i * step;
  if (i % 10 === 0) {
    turn += 1;
    const uuid = `prompt-${turn}`;
    appendFileSync(
      a.transcript,
      entry(
        promptTemplate,
        { uuid, parentUuid: parent, message: { role: "user", content: `step ${turn}: carry on` } },
        now,
      ),
    );
    parent = uuid;
    count(
      (
        await hook(
          "UserPromptSubmit",
          { ...base, hook_event_name: "UserPromptSubmit", prompt: `step ${turn}` },
          now,
        )
      ).outcome,
    );
  }
  const id = `toolu_long_${i}`;
  // Each call its own output: a repeat still in context would come back as a reference.
  const text = `${i % 2 === 0 ? large[i % large.length]! : small[i % small.length]!}\n(step ${i})\n`;
  const useUuid = `use-${i}`;
  const message = {
    ...(useTemplate.message as object),
    id: `msg_long_${i}`,
    content: [{ type: "tool_use", id, name: "Bash", input: { command: `./step ${i}` } }],
    usage: {
      input_tokens: 3,
      cache_creation_input_tokens: 500,
      cache_read_input_tokens: 20_000 + (i % 600) * 250,
      output_tokens: 80,
    },
  };
  appendFileSync(a.transcript, entry(useTemplate, { uuid: useUuid, parentUuid: parent, message }, now));
  const r = await hook(
    "PostToolUse",
    {
      ...base,
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: { command: `./step ${i}` },
      tool_response: bashResponse(text),
      tool_use_id: id,
    },
    now,
  );
  count(r.outcome);
  ms.push(r.ms);
  const shown = JSON.parse(r.output).hookSpecificOutput?.updatedToolOutput?.stdout ?? text;
  const resultUuid = `result-${i}`;
  appendFileSync(
    a.transcript,
    entry(
      resultTemplate,
      {
        uuid: resultUuid,
        parentUuid: useUuid,
        sourceToolAssistantUUID: useUuid,
        message: {
          role: "user",
          content: [{ tool_use_id: id, type: "tool_result", content: shown, is_error: false }],
        },
        toolUseResult: bashResponse(shown),
      },
      now + 1,
    ),
  );
  parent = resultUuid;
  if (i % 10 === 9)
    count(
      (await hook("Stop", { ...base, hook_event_name: "Stop", stop_hook_active: false }, now + 2)).outcome,
    );
  if (i % 100 === 99) {
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    samples.push({
      call: i + 1,
      heapMb: m.heapUsed / 1048576,
      rssMb: m.rss / 1048576,
      diskMb: (size("cairn.db") + size("cairn.db-wal")) / 1048576,
      walMb: size("cairn.db-wal") / 1048576,
    });
  }
}
ms.sort((x, y) => x - y);
process.stdout.write(
  `${JSON.stringify({ calls: a.calls, outcomes, samples, transcriptMb: statSync(a.transcript).size / 1048576, p50: percentile(ms, 50), p99: percentile(ms, 99) })}\n`,
);
