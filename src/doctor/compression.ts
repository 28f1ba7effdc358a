import type { DatabaseSync } from "node:sqlite";
import type { Check } from "../core/check.ts";

interface Failure {
  readonly t: string;
  readonly msg: string;
  readonly err?: string;
}

/** The latest error the log has for a PostToolUse hook (where compression runs), if any. */
export function lastCompressionFailure(logText: string): Failure | undefined {
  let last: Failure | undefined;
  for (const line of logText.split("\n")) {
    if (!line.includes('"level":"error"') || !line.includes('"PostToolUse"')) continue;
    try {
      const rec = JSON.parse(line) as Failure & { event?: string };
      if (rec.event === "PostToolUse") last = rec;
    } catch {
      // A torn line from a crash.
    }
  }
  return last;
}

/** When cairn last filed an original and made its excerpt (0: never). */
export function lastCompressed(db: DatabaseSync): number {
  const row = db.prepare("SELECT max(created_at) AS at FROM outputs WHERE compressor IS NOT NULL").get() as {
    at: number | null;
  };
  return Number(row.at ?? 0);
}

/**
 * Whether compression works: a failure logged after the last output it compressed
 * means it is failing now (the hook fails open, so the model gets outputs whole).
 */
export function checkCompression(lastOk: number, failure: Failure | undefined): Check {
  const when = (t: number) => new Date(t).toISOString().slice(0, 16).replace("T", " ");
  const failedAt = failure ? Date.parse(failure.t) : Number.NaN;
  if (failure && !(lastOk > failedAt))
    return {
      name: "compression",
      status: "fail",
      detail: `failing: ${failure.msg}${failure.err ? `: ${failure.err}` : ""} (${failure.t})${lastOk ? `; last compressed output ${when(lastOk)} UTC` : "; no output compressed yet"}`,
      fix: "see the other failed checks (disk, database) and the log; meanwhile outputs reach the model whole",
    };
  if (!lastOk) return { name: "compression", status: "ok", detail: "no output compressed yet" };
  return {
    name: "compression",
    status: "ok",
    detail: `last compressed output ${when(lastOk)} UTC${failure ? ` (an earlier failure at ${failure.t} has not recurred)` : ""}`,
  };
}
