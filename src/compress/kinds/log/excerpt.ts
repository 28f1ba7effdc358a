/**
 * Build and server logs: the engine's ranking (every rare problem line whole with what
 * locates it, each recurring one by its first and last with a count, rare lines, the
 * end), with what a log adds: an access log's 4xx and 5xx responses are problems, and each kind
 * of stack trace is shown once in full (user frames, causes), later ones by their
 * exception line.
 */

import type { Doc } from "../../excerpt/doc.ts";
import { docOf, excerpt, plural } from "../../excerpt/lines.ts";
import { MUST, type Pick } from "../../excerpt/pack.ts";
import { nextTraceStart, traceCount, traceEnd, tracePicks } from "../../excerpt/traces.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";
import { ACCESS } from "./detect.ts";

export interface LogPicks {
  readonly picks: Pick[];
  /** Lines that are problems though their words do not say so. */
  readonly problem: (i: number) => boolean;
  /** An error response's status (its class: a 502 is not one of the 404s), else 0. */
  readonly classOf: (i: number) => number;
  readonly kept: string;
}

/** An access log line's status, or 0. */
function statusOf(line: string): number {
  if (!line.includes('"')) return 0;
  const access = ACCESS.exec(line);
  return access ? Number(access[5]) : 0;
}

/** What a log adds to the engine's ranking: each kind of trace once in full, error responses as problems. */
export function logPicks(doc: Doc): LogPicks {
  const { lines } = doc;
  const n = lines.length;
  const picks: Pick[] = [];
  const kinds = new Set<string>();
  let first = -1;
  for (let i = nextTraceStart(lines, 0); i >= 0 && i < n; i = nextTraceStart(lines, i)) {
    const end = traceEnd(lines, i);
    let last = end;
    while (last > i && /^\s|^$/.test(lines[last]!)) last--;
    if (first < 0) first = i;
    const kind = lines[last]!.replace(/\d+/g, "0");
    if (kinds.has(kind)) picks.push({ from: last, to: last, prio: MUST - 5 });
    else {
      kinds.add(kind);
      tracePicks(doc, i, end, picks);
    }
    i = end + 1;
  }
  // (Counted over the whole log where a trace starts: one without any reads it no further.)
  const traces = first < 0 ? 0 : Math.max(1, traceCount(lines, 0, n - 1));
  const errorStatus = new Uint16Array(n);
  let errors = 0;
  for (let i = 0; i < n; i++) {
    const status = statusOf(lines[i]!);
    if (status >= 400) {
      errorStatus[i] = status;
      errors++;
    }
  }
  const parts: string[] = [];
  if (traces > 0) parts.push(plural(traces, "trace"));
  if (errors > 0) parts.push(plural(errors, "error response"));
  return {
    picks,
    problem: (i) => errorStatus[i]! > 0,
    classOf: (i) => errorStatus[i]!,
    kept: parts.join(", "),
  };
}

export function logsExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const log = logPicks(doc);
  return excerpt("log", doc, budget, {
    picks: log.picks,
    kept: ["problems, rare lines, each kind of line once", log.kept].filter(Boolean).join(", "),
    engine: { problem: log.problem, classOf: log.classOf },
    hints,
  });
}

export const excerpts: Readonly<Record<string, ExcerptFn>> = { log: logsExcerpt };
