import type { Answer, AnswerMap, EventName } from "../claude/events.ts";

/**
 * Claude Code cuts any additionalContext over 10,000 characters to a 2 KB preview
 * without warning, so everything cairn injects for one event stays under this.
 */
const CONTEXT_CAP = 9_800;

export interface MergeNote {
  readonly part: string;
  readonly problem: string;
}

/**
 * Folds one part's answer into the answer so far. Text fields accumulate (context
 * joined by blank lines, under the cap); fields that replace something (the tool
 * output, the command, a block) belong to the first part that sets them.
 */
export function mergeAnswer<E extends EventName>(
  prior: Answer<E>,
  next: Answer<E> | undefined,
  part: string,
  notes: MergeNote[],
): Answer<E> {
  if (!next) return prior;
  const out: Record<string, unknown> = { ...prior };
  for (const [key, value] of Object.entries(next as Record<string, unknown>)) {
    if (value === undefined) continue;
    const before = out[key];
    if (key === "additionalContext" || key === "instructions") {
      const joined = before ? `${before as string}\n\n${value as string}` : (value as string);
      if (joined.length > CONTEXT_CAP) {
        notes.push({ part, problem: `its ${key} would pass ${CONTEXT_CAP} characters; dropped` });
        continue;
      }
      out[key] = joined;
    } else if (key === "systemMessage") {
      out[key] = before ? `${before as string} · ${value as string}` : value;
    } else if (before === undefined) {
      out[key] = value;
    } else {
      notes.push({ part, problem: `${key} was already set by an earlier part; kept that one` });
    }
  }
  return out as Answer<E>;
}

export type { AnswerMap };
