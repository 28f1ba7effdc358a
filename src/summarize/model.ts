import { askModel } from "../claude/ask-model.ts";
import { clip, oneLine, type TurnDigest } from "./digest.ts";

interface ModelOptions {
  readonly provider: "api" | "claude";
  readonly model: string;
  readonly timeoutMs: number;
  readonly env: NodeJS.ProcessEnv;
}

const LINE_CHARS = 160;

/** The request to the model: every turn's material, and the exact answer format. */
export function summaryPrompt(digests: readonly TurnDigest[]): string {
  const turns = digests.map((d) =>
    [
      `T${d.turn}:`,
      `  request: ${clip(oneLine(d.request), 600)}`,
      `  conclusion: ${clip(oneLine(d.conclusion), 600)}`,
      d.files.length ? `  files: ${d.files.slice(0, 12).join(", ")}` : "",
      d.tools ? `  tool calls: ${d.tools}${d.failed ? ` (${d.failed} failed)` : ""}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
  );
  return [
    "Summarise each turn of a coding session in ONE line of at most 140 characters: what was asked and what came of it.",
    "Keep file names, identifiers, numbers and error names exact. No preamble.",
    "Answer with exactly one line per turn, in the form `T<number>: <summary>`, and nothing else.",
    "",
    ...turns,
  ].join("\n");
}

/** Reads `T<n>: summary` lines back; lines for turns not asked about are ignored. */
export function parseSummaryLines(text: string, turns: readonly number[]): Map<number, string> {
  const wanted = new Set(turns);
  const out = new Map<number, string>();
  for (const line of text.split("\n")) {
    const m = /^\s*[-*]?\s*T(\d+)\s*[:.)-]\s*(.+)$/.exec(line);
    if (!m) continue;
    const turn = Number(m[1]);
    const summary = clip(oneLine(m[2]!), LINE_CHARS);
    if (wanted.has(turn) && summary && !out.has(turn)) out.set(turn, summary);
  }
  return out;
}

/** Summaries from a model, for as many turns as it answered; throws on failure or timeout. */
export async function summarizeWithModel(
  digests: readonly TurnDigest[],
  opts: ModelOptions,
): Promise<Map<number, string>> {
  if (digests.length === 0) return new Map();
  const text = await askModel(summaryPrompt(digests), {
    ...opts,
    maxTokens: Math.min(8000, 64 * digests.length + 256),
    purpose: "the api summariser",
  });
  return parseSummaryLines(
    text,
    digests.map((d) => d.turn),
  );
}
