import { blocksOf, readEntry, readTail, resultBlocks, toolInput } from "../claude/transcript.ts";

/**
 * The session's key facts, read from the end of its transcript: how much the agent
 * has written since the notebook last changed (for staleness), the files in play and
 * the commands still failing (for the compaction instructions and the snapshot).
 * Only compaction needs this, so one bounded read of the tail is affordable.
 */

export interface FailingRun {
  readonly command: string;
  readonly error: string;
}

export interface TranscriptFacts {
  /** Output tokens of main-chain responses after `sinceMs` (measured, from each response's usage). */
  readonly outputTokensSince: number;
  /** False when the tail read did not reach back to `sinceMs`: the figure is then a lower bound. */
  readonly complete: boolean;
  /** Files the session read or wrote, most recent first. */
  readonly files: readonly string[];
  /** Commands whose last run failed, most recent first. */
  readonly failing: readonly FailingRun[];
  readonly lastAssistantText?: string;
}

const FILE_TOOLS = new Set(["Read", "Edit", "Write", "MultiEdit", "NotebookEdit"]);
const MAX_FILES = 15;
const MAX_FAILING = 6;

/** Scans transcript lines (file order). `startsAtFileStart` says the lines are the whole file. */
export function scanTranscript(
  lines: readonly string[],
  sinceMs: number | undefined,
  startsAtFileStart: boolean,
): TranscriptFacts {
  const since = sinceMs ?? Number.NEGATIVE_INFINITY;
  const counted = new Set<string>();
  let output = 0;
  let firstAt: number | undefined;
  const files: string[] = [];
  const calls = new Map<string, string>();
  const lastRun = new Map<string, FailingRun | null>();
  let lastText: string | undefined;

  for (const line of lines) {
    if (!line.includes('"assistant"') && !line.includes('"tool_result"')) continue;
    // Undefined for a half line at the start of the tail, or one being written.
    const e = readEntry(line);
    if (!e || e.isSidechain) continue;
    const at = e.timestamp !== undefined ? Date.parse(e.timestamp) : Number.NaN;
    if (firstAt === undefined && Number.isFinite(at)) firstAt = at;
    const content = blocksOf(e);
    if (e.type === "assistant") {
      const id = e.message?.id;
      // One response is split over several entries that repeat its usage: count it once.
      if (id && !counted.has(id) && Number.isFinite(at) && at > since) {
        counted.add(id);
        const out = e.message?.usage?.output_tokens;
        if (typeof out === "number" && Number.isFinite(out)) output += out;
      }
      for (const b of content) {
        if (b.type === "text" && b.text?.trim()) lastText = b.text.trim();
        if (b.type !== "tool_use" || !b.id) continue;
        const input = toolInput(b);
        const name = b.name ?? "tool";
        const file = input.file_path ?? input.notebook_path;
        if (FILE_TOOLS.has(name) && typeof file === "string") {
          const i = files.indexOf(file);
          if (i >= 0) files.splice(i, 1);
          files.push(file);
        }
        calls.set(b.id, describeCall(name, input));
      }
    } else if (e.type === "user") {
      for (const b of content) {
        if (b.type !== "tool_result" || b.tool_use_id === undefined) continue;
        const command = calls.get(b.tool_use_id);
        if (!command) continue;
        lastRun.delete(command); // keep insertion order = order of the last run
        lastRun.set(command, b.is_error ? { command, error: firstErrorLine(resultText(b.content)) } : null);
      }
    }
  }
  const failing = [...lastRun.values()].filter((r): r is FailingRun => r !== null).reverse();
  return {
    outputTokensSince: output,
    complete: startsAtFileStart || (firstAt !== undefined && firstAt <= since),
    files: files.reverse().slice(0, MAX_FILES),
    failing: failing.slice(0, MAX_FAILING),
    ...(lastText ? { lastAssistantText: lastText } : {}),
  };
}

function describeCall(name: string, input: Record<string, unknown>): string {
  if (typeof input.command === "string") return input.command.split("\n")[0]!.slice(0, 160);
  const target = input.file_path ?? input.path ?? input.pattern ?? input.description;
  return typeof target === "string" ? `${name} ${target.slice(0, 140)}` : name;
}

/** The text of a tool result (its images and other blocks say nothing about an error). */
function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  return (resultBlocks(content) ?? []).map((b) => b?.text ?? "").join("\n");
}

/** Lines that name a failure outright, in the formats of common test runners and compilers. */
const STRONG = [
  /^(?:--- )?FAIL\b/, // jest, vitest, go test
  /\bFAILED\b/, // pytest summary, cargo test
  /^E {2,}\S/, // pytest's error lines
  /^not ok\b/, // TAP
  /^error(?:\[\w+\])?:/i, // rustc, gcc, tsc
  /^\S+\(\d+,\d+\): error\b/, // tsc
  /^\S+:\d+(?::\d+)?: (?:fatal )?error\b/, // gcc, go vet
  /\bpanicked at\b|^panic:/, // rust, go
  /^(?:\w+\.)*\w*(?:Error|Exception)\b(?::|$)/, // Python, JS, Java
  /^\d+:\d+\s+error\b/, // eslint
  /^[✗×✘✖]/,
];
// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what it removes
const ANSI = /\x1b\[[0-9;]*m/g;
const WEAK = /\b(?:error|failed|failure)\b/i;

/** The line that says what went wrong in a failed run's output (first strong sign, else a weak one). */
export function firstErrorLine(text: string): string {
  const lines = text
    .split("\n")
    .map((l) => l.replace(ANSI, "").trim())
    .filter((l) => l && !/^npm (?:warn|notice)\b/i.test(l));
  const body = lines[0]?.startsWith("Exit code") ? lines.slice(1) : lines;
  const hit =
    body.find((l) => STRONG.some((re) => re.test(l))) ??
    body.find((l) => WEAK.test(l)) ??
    body[0] ??
    lines[0] ??
    "";
  return hit.length > 200 ? `${hit.slice(0, 199)}…` : hit;
}

/** Enough of a transcript for the facts; compaction is rare, so a few MB is affordable. */
const FACTS_TAIL_BYTES = 8 * 1024 * 1024;

export function transcriptFacts(transcriptPath: string, sinceMs: number | undefined): TranscriptFacts {
  const { lines, whole } = readTail(transcriptPath, FACTS_TAIL_BYTES);
  return scanTranscript(lines, sinceMs, whole);
}

/**
 * Whether the conversation a resume rebuilds holds `marker`: found in the transcript
 * after its last compaction (whatever came before is only a summary now). Reads the
 * tail only; not finding it there means "no", and the caller repeats itself, which is
 * the safe side.
 */
export function conversationHolds(
  transcriptPath: string,
  marker: string,
  maxBytes = 4 * 1024 * 1024,
): boolean {
  const tail = readTail(transcriptPath, maxBytes).lines.join("\n");
  const at = tail.lastIndexOf(marker);
  return at >= 0 && at > tail.lastIndexOf('"compact_boundary"');
}
