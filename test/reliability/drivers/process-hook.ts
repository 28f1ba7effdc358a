import { join } from "node:path";
import { DRIVERS, runNode } from "../lib.ts";
import type { Hook } from "./in-process-hook.ts";

/**
 * Sends each event the way Claude Code's command hooks do: a new `cairn hook <Event>`
 * process of the built bundle, the event JSON on stdin, the environment this driver
 * runs in (HOME, CAIRN_HOME, CLAUDE_PROJECT_DIR). Each process opens the database,
 * checks its schema and writes on its own connection: the contention the in-process
 * driver's one connection never meets. The outcome is "ok" when the hook exited 0
 * with a JSON answer, else what went wrong; what the dispatcher itself decided is in
 * the events table. hook.budget_ms is kept on the process's CPU time (cpu-clock.cjs), so
 * that the machine's load does not decide whether a hook answers.
 */
export function processHook(bundle: string, projectDir: string): Hook {
  return async (event, input) => {
    const started = performance.now();
    const r = await runNode(["--require", CPU_CLOCK, bundle, "hook", event], {
      input: JSON.stringify(input),
      cwd: projectDir,
    });
    const ms = performance.now() - started;
    let outcome = r.code === 0 ? "ok" : `exit ${r.code ?? r.signal}`;
    if (outcome === "ok") {
      try {
        JSON.parse(r.stdout);
      } catch {
        outcome = "not json";
      }
    }
    if (r.stderr) outcome = `${outcome}, stderr`;
    return { output: r.stdout, outcome, ms };
  };
}

const CPU_CLOCK = join(DRIVERS, "cpu-clock.cjs");
