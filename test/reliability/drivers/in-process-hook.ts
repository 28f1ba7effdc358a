import { EVENT_PARTS } from "../../../src/cli/event-parts.ts";
import { loadConfig } from "../../../src/config/load.ts";
import { createLogger } from "../../../src/core/log.ts";
import { cairnPaths } from "../../../src/core/paths.ts";
import { dispatch } from "../../../src/hooks/dispatch.ts";
import { openStore, type Store } from "../../../src/store/db.ts";
import { cpuNow } from "../../helpers/cpu-time.ts";

export interface HookResult {
  readonly output: string;
  readonly outcome: string;
  readonly ms: number;
}

export type Hook = (event: string, input: object, now?: number) => Promise<HookResult>;

/**
 * Runs cairn's hook dispatcher in this process, wired as the http transport wires it
 * (src/transports/http.ts): one store connection kept open across events. (A command
 * hook's process exits without closing its connection, so closing after each event
 * here would add a WAL checkpoint per event that real hooks never pay.) Drivers use it
 * to send thousands of events without paying a process start for each.
 *
 * hook.budget_ms is kept on this process's CPU time (one event runs at a time, so it is
 * the event's own work): what these tests claim is that contention, a long session or
 * retention never makes a hook give up, and the other jobs of a loaded machine must not
 * decide that. Sixteen writers on a 2-core machine shared with other suites spent over
 * 60 s of wall time masking one output; none came near it in CPU.
 */
export async function inProcessHook(cairnHome: string, projectDir: string, bundle: string): Promise<Hook> {
  const paths = cairnPaths(cairnHome);
  const resolved = await loadConfig(paths, projectDir);
  const log = createLogger(paths, resolved.config["log.level"]);
  let store: Promise<Store> | undefined;
  return async (event, input, now) => {
    const started = performance.now();
    const r = await dispatch(event, JSON.stringify(input), {
      paths,
      resolved,
      log,
      env: process.env,
      self: { command: process.execPath, args: [bundle] },
      openStore: () => {
        store ??= openStore(paths.db);
        return store;
      },
      parts: EVENT_PARTS,
      projectDir,
      clock: cpuNow,
      ...(now !== undefined ? { now: () => now } : {}),
    });
    return { output: r.output, outcome: r.outcome, ms: performance.now() - started };
  };
}

/** A real tool output from the corpus, as Bash's tool_response. */
export function bashResponse(stdout: string) {
  return { stdout, stderr: "", interrupted: false, isImage: false, noOutputExpected: false };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
