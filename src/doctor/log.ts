import { readFileSync } from "node:fs";
import type { Check } from "../core/check.ts";
import type { CairnPaths } from "../core/paths.ts";

/** doctor's check of cairn's log: errors in the last day. */

export function readLog(paths: CairnPaths): string {
  try {
    return readFileSync(paths.log, "utf8");
  } catch {
    return "";
  }
}

interface LogSummary {
  readonly errors: number;
  readonly last?: { t: string; msg: string; err?: string; event?: string };
}

/** Errors logged in the last `hours`, from the current log generation. */
function recentLogErrors(paths: CairnPaths, hours = 24, now = Date.now()): LogSummary {
  let text = "";
  try {
    text = readFileSync(paths.log, "utf8");
  } catch {
    return { errors: 0 };
  }
  const since = now - hours * 3600_000;
  let errors = 0;
  let last: LogSummary["last"];
  for (const line of text.split("\n")) {
    if (!line.includes('"level":"error"')) continue;
    try {
      const rec = JSON.parse(line) as { t: string; msg: string; err?: string; event?: string };
      if (Date.parse(rec.t) < since) continue;
      errors += 1;
      last = rec;
    } catch {
      // A torn line from a crash is not an error of its own.
    }
  }
  return last ? { errors, last } : { errors };
}

export function checkLog(paths: CairnPaths): Check {
  const s = recentLogErrors(paths);
  if (s.errors === 0)
    return { name: "log", status: "ok", detail: `no errors in the last 24 h (${paths.log})` };
  const l = s.last!;
  return {
    name: "log",
    status: "warn",
    detail: `${s.errors} error(s) in the last 24 h; latest ${l.t}${l.event ? ` [${l.event}]` : ""}: ${l.msg}${l.err ? `: ${l.err}` : ""}`,
    fix: `read ${paths.log}; hooks answered with no-ops, so sessions were not affected`,
  };
}
