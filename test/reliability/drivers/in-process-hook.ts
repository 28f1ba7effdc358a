/**
 * Runs cairn's hook dispatcher in this process, wired exactly as the command transport
 * wires it (src/transports/command.ts), except that the store is closed after each
 * event, as a hook process's exit would. Drivers use it to send thousands of events
 * without paying a process start for each.
 */
import { loadConfig } from "../../../src/config/load.ts";
import { createLogger } from "../../../src/core/log.ts";
import { cairnPaths } from "../../../src/core/paths.ts";
import { dispatch } from "../../../src/hooks/dispatch.ts";
import { openStore, type Store } from "../../../src/store/db.ts";

export interface HookResult {
  readonly output: string;
  readonly outcome: string;
  readonly ms: number;
}

export type Hook = (event: string, input: object, now?: number) => Promise<HookResult>;

export async function inProcessHook(cairnHome: string, projectDir: string, bundle: string): Promise<Hook> {
  const paths = cairnPaths(cairnHome);
  const resolved = await loadConfig(paths, projectDir);
  const log = createLogger(paths, resolved.config["log.level"]);
  return async (event, input, now) => {
    let store: Store | undefined;
    const started = performance.now();
    const r = await dispatch(event, JSON.stringify(input), {
      paths,
      resolved,
      log,
      env: process.env,
      self: { command: process.execPath, args: [bundle] },
      openStore: async () => {
        store = await openStore(paths.db);
        return store;
      },
      projectDir,
      ...(now !== undefined ? { now: () => now } : {}),
    });
    store?.close();
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
