import { skipCodeCacheWrites } from "../chunk-loader.ts";
import { isEventName, noopAnswer } from "../claude/events.ts";
import { monotonicMs } from "../core/clock.ts";
import { whenSpent } from "../core/deadline.ts";
import { RECURSION_GUARD } from "../core/guard.ts";
import { createLogger, type Logger } from "../core/log.ts";
import { cairnPaths } from "../core/paths.ts";
import { projectOf } from "../core/project.ts";
import { selfInvocation } from "../core/self.ts";
import { isOff } from "../core/switches.ts";
import { mark } from "../core/trace.ts";
import type { EventParts } from "../hooks/context.ts";
import { dispatch } from "../hooks/dispatch.ts";
import { openStore } from "../store/db.ts";
import { configOrDefaults, type Reply, replyOnStdout } from "./hook-process.ts";
import { readStdin } from "./stdin.ts";

/**
 * `cairn hook <Event>`: stdin to stdout, exit 0 always. A hard timer guards the whole
 * process, so even a hang outside the handler (stdin that never closes, a stuck
 * store) ends in the no-op answer inside the budget (with stdin still open, the
 * process then ends by SIGKILL: Claude Code counts that a non-blocking error, and the
 * answer was a no-op anyway).
 */
export async function runCommandHook(
  parts: EventParts,
  name: string | undefined,
  flags: readonly string[] = [],
): Promise<void> {
  const eventName = name ?? "";
  const noop = isEventName(eventName) ? noopAnswer(eventName) : "{}";
  const reply = replyOnStdout();
  // hook.budget_ms counts from the process's start: that is what Claude Code waits for.
  const startedAt = monotonicMs() - process.uptime() * 1000;
  /** What the hard timer answers: the no-op, or once known the event's baseline (an exit status). */
  let fallback = noop;

  mark("transport-loaded");
  const env = process.env;
  if (env[RECURSION_GUARD] === "1") reply.finish(noop);
  const paths = cairnPaths();
  // Before the event is read: Claude Code starts command hooks in the session's directory.
  const projectDir = projectOf({ named: env.CLAUDE_PROJECT_DIR, session: { cwd: process.cwd() } });
  // PostToolUse goes on while off: the exit trap may have acted just before `cairn off`,
  // and its marker must still become the exit status (the dispatcher's baseline).
  if (isOff(paths, projectDir) === "global" && eventName !== "PostToolUse") {
    skipCodeCacheWrites();
    reply.finish(noop);
  }

  const resolved = await configOrDefaults(paths, projectDir);
  mark("config");
  const log = createLogger(paths, resolved.config["log.level"]);
  armHardTimer(
    reply,
    { startedAt, budget: resolved.config["hook.budget_ms"] },
    eventName,
    noop,
    () => fallback,
    log,
  );

  if (flags.includes("--serve")) {
    const { keepServerRunning } = await import("./serve-on-start.ts");
    await keepServerRunning(paths, resolved, log, env);
  }

  try {
    const input = await readStdin(resolved.config["hook.max_stdin_mb"] * 1024 * 1024);
    mark("stdin");
    if (input.oversize) {
      log.warn("hook input exceeds hook.max_stdin_mb; passing through untouched", {
        event: eventName,
        bytes: input.bytes,
      });
      reply.finish(noop);
    }
    const result = await dispatch(eventName, input.text, {
      paths,
      resolved,
      log,
      env,
      self: selfInvocation(),
      openStore: () => openStore(paths.db),
      parts,
      projectDir: env.CLAUDE_PROJECT_DIR,
      onAnswer: (r) => reply.answer(r.output),
      onBaseline: (output) => {
        fallback = output;
      },
      startedAt,
    });
    reply.finish(result.output);
  } catch (err) {
    log.error("hook transport failed; answering no-op", { event: eventName, err });
    reply.finish(fallback);
  }
}

/**
 * The dispatcher enforces the budget on the handler; this catches everything else, a
 * grace period after the budget (counted from the process's start) has run out. It
 * answers what the dispatcher found the event owes (the exit status after the trap
 * acted), else the no-op.
 */
function armHardTimer(
  reply: Reply,
  timing: { readonly startedAt: number; readonly budget: number },
  event: string,
  noop: string,
  fallback: () => string,
  log: Logger,
): void {
  const limit = timing.budget + GRACE_MS;
  // Kept on the clock the budget is kept on, as the dispatcher's timer is (whenSpent).
  whenSpent(
    () => timing.startedAt + limit - monotonicMs(),
    () => {
      const answer = fallback();
      if (reply.answered())
        log.warn(`hook answered, but its record was not written within ${limit} ms`, { event });
      else
        log.error(
          `hook did not finish within ${limit} ms; answering ${answer === noop ? "no-op" : "with the exit status alone"}`,
          { event },
        );
      reply.finish(answer);
    },
  );
}
const GRACE_MS = 250;
