import { createHash } from "node:crypto";
import type { ShareKind } from "../config/settings/team.ts";

/** What the team shares. Appends only: a record is never changed once made. */
export type RecordKind = "decision" | "dead-end" | "handoff" | "summary" | "turn" | "output";

/** Which choice of team.share each kind of record belongs to. */
export const SHARE_KIND_OF: Readonly<Record<RecordKind, ShareKind>> = {
  handoff: "handoffs",
  decision: "decisions",
  "dead-end": "decisions",
  summary: "summaries",
  turn: "conversation",
  output: "outputs",
};

export interface TeamRecord {
  /** Stable: the same thing collected twice, or pushed twice, is one record. */
  readonly id: string;
  readonly project: string;
  readonly kind: RecordKind;
  readonly machine: string;
  readonly machineId: string;
  readonly user: string;
  readonly session: string | null;
  /** When it happened on its machine (ms since the epoch). */
  readonly at: number;
  readonly text: string;
  readonly meta: Readonly<Record<string, unknown>> | null;
}

/**
 * A record's id from what it is. Notebook lines hash their text (the same decision
 * written on two machines is one decision); memory rows hash their machine and local
 * key (two machines' rows never collide).
 */
export function recordId(project: string, kind: RecordKind, natural: string): string {
  return createHash("sha256").update(`${project}\0${kind}\0${natural}`).digest("hex").slice(0, 32);
}

/** The largest text one record carries: bigger ones are cut, saying so. */
export const MAX_RECORD_CHARS = 64_000;

export function boundedText(text: string): string {
  if (text.length <= MAX_RECORD_CHARS) return text;
  return `${text.slice(0, MAX_RECORD_CHARS)}\n[… ${text.length - MAX_RECORD_CHARS} more characters stay on ${"the machine that made this record"}]`;
}

/** A notebook section's items: one per bullet or numbered line, continuation lines joined. */
export function notebookItems(body: string): string[] {
  const items: string[] = [];
  for (const line of body.split("\n")) {
    const bullet = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (bullet) items.push(bullet[1]!.trim());
    else if (line.trim() && items.length > 0) items[items.length - 1] += ` ${line.trim()}`;
    else if (line.trim()) items.push(line.trim());
  }
  return items.filter((s) => s.length > 0);
}
