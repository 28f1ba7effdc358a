import { skipCodeCacheWrites } from "../chunk-loader.ts";
import {
  type Answer,
  type AnyHookEvent,
  type EventName,
  type HookEvent,
  isEventName,
  noopAnswer,
  parseEvent,
  renderAnswer,
} from "../claude/events.ts";
import { registeredTimeoutMs } from "../claude/install-plan.ts";
import type { ResolvedConfig } from "../config/resolve.ts";
import { monotonicMs } from "../core/clock.ts";
import { type Deadline, deadlineAt, isBudgetSpent, whenSpent } from "../core/deadline.ts";
import { errorMessage } from "../core/fs.ts";
import type { Logger } from "../core/log.ts";
import { type CairnPaths, isUsableDir, safeId } from "../core/paths.ts";
import { projectOf } from "../core/project.ts";
import { printedCli, type SelfInvocation } from "../core/self.ts";
import { isOff } from "../core/switches.ts";
import { mark } from "../core/trace.ts";
import { BUSY_TIMEOUT_MS, type Store, withBusyTimeout } from "../store/db.ts";
import type { EventParts, HookContext, Part, PartLoader } from "./context.ts";
import { maskInjected } from "./mask-injected.ts";
import { type MergeNote, mergeAnswer } from "./merge.ts";
import { type EventRecord, type Injection, recordEvent } from "./record.ts";

export type Outcome = "ok" | "off" | "invalid" | "error" | "timeout" | "unknown-event";

export interface DispatchResult {
  /** Exactly what to print on stdout. Always valid for the event, even on failure. */
  readonly output: string;
  readonly outcome: Outcome;
}

export interface DispatchDeps {
  readonly paths: CairnPaths;
  readonly resolved: ResolvedConfig;
  readonly log: Logger;
  readonly env: NodeJS.ProcessEnv;
  readonly self: SelfInvocation;
  /** Opens (or returns the transport's already open) store; the transport closes it, never dispatch. */
  readonly openStore: () => Promise<Store>;
  /** What runs on each event (src/cli/event-parts.ts), handed in by the entry point. */
  readonly parts: EventParts;
  readonly now?: () => number;
  /** The project Claude Code named (CLAUDE_PROJECT_DIR); else the event's session decides (core/project.ts). */
  readonly projectDir?: string;
  /**
   * Called once with the answer as soon as the parts have made it, before the event is
   * recorded, so a transport can deliver it at once: recording waits on the database
   * and is bookkeeping, and must never cost the model an excerpt the budget allowed.
   */
  readonly onAnswer?: (result: DispatchResult) => void;
  /**
   * Called with the event's baseline answer (registry.ts EVENT_BASELINE: after the exit
   * trap acted, the exit status) as soon as it is known, so a transport that gives up
   * early (the command transport's hard timer) answers that instead of the no-op.
   */
  readonly onBaseline?: (output: string) => void;
  /** The monotonic clock (ms) hook.budget_ms is kept on; tests move it by hand. */
  readonly clock?: () => number;
  /** When the hook began on `clock` (the command transport: its process's start); now by default. */
  readonly startedAt?: number;
}

/**
 * The fail-open boundary. Whatever arrives and whatever a handler does, the answer is
 * a valid one for the event: the handler's, or the no-op. Every failure leaves a log
 * line; nothing here throws.
 */
export async function dispatch(name: string, raw: string, deps: DispatchDeps): Promise<DispatchResult> {
  const clock = deps.clock ?? monotonicMs;
  const started = deps.startedAt ?? clock();
  const { log } = deps;
  if (!isEventName(name)) {
    log.warn("unknown hook event; answering no-op", { event: name.slice(0, 64) });
    return { output: "{}", outcome: "unknown-event" };
  }
  const accepted = acceptInput(name, raw, deps);
  if (!("event" in accepted)) return { output: noopAnswer(name), outcome: accepted.outcome };
  const { event, projectDir, off } = accepted;
  const after: ((store: Store) => void)[] = [];
  const ctx = hookContext(
    deps,
    projectDir,
    workDeadline(name, deps.resolved.config["hook.budget_ms"], started, clock),
    after,
    eventBudgetMs(name, deps.resolved.config["hook.budget_ms"]),
  );
  // What the event owes whatever happens next: cairn off, the budget spent, a part failing.
  const baseline = await baselineAnswer(name, deps.parts[name], event, ctx);
  if (baseline !== undefined) {
    try {
      deps.onBaseline?.(baseline);
    } catch (err) {
      log.error("could not hand the baseline answer to the transport", { event: name, err });
    }
  }
  if (off) {
    log.debug(`cairn is off; answering ${baseline ? "with the exit status alone" : "no-op"}`, {
      event: name,
      scope: off,
    });
    skipCodeCacheWrites();
    return { output: baseline ?? noopAnswer(name), outcome: "off" };
  }
  const injections: Injection[] = [];
  const result = await answer(name, deps.parts[name], event, ctx, injections, baseline);
  mark("parts");
  try {
    deps.onAnswer?.(result);
  } catch (err) {
    log.error("could not deliver the answer", { event: name, session: event.session_id, err });
  }
  await recordAfterAnswer(event, ctx, {
    outcome: result.outcome,
    handlerMs: clock() - started,
    projectDir,
    at: ctx.now(),
    injections: result.outcome === "ok" ? injections : [],
    after: result.outcome === "ok" ? after : [],
    onAfterError: (err) =>
      log.error("bookkeeping after the answer failed; the event is recorded without it", {
        event: name,
        session: event.session_id,
        err,
      }),
  });
  mark("recorded");
  // The store stays open: the transport that provided it owns it (a hook process exits
  // without closing, which skips SQLite's checkpoint-on-close; the server keeps one).
  return result;
}

/**
 * When the parts' synchronous work must stop: hook.budget_ms from the hook's start, and
 * never later than Claude Code's own timeout for the event allows (a hook it cancels
 * answers nothing, not even an exit status), less a reserve to answer in.
 */
function workDeadline(name: EventName, budgetMs: number, started: number, clock: () => number): Deadline {
  const budget = eventBudgetMs(name, budgetMs);
  return deadlineAt(started + budget - Math.min(ANSWER_RESERVE_MS, budget / 8), clock);
}

/** hook.budget_ms, or less where Claude Code's own timeout for the event leaves less. */
function eventBudgetMs(name: EventName, budgetMs: number): number {
  const outer = registeredTimeoutMs(name);
  return outer === undefined ? budgetMs : Math.min(budgetMs, outer - OUTER_MARGIN_MS);
}

/** The budget in force, as the log says it: with why, when it is less than hook.budget_ms. */
function budgetText(name: EventName, budgetMs: number): string {
  const budget = eventBudgetMs(name, budgetMs);
  return budget === budgetMs
    ? `${budget} ms`
    : `${budget} ms (hook.budget_ms ${budgetMs}, within Claude Code's ${registeredTimeoutMs(name)} ms timeout for ${name})`;
}
const OUTER_MARGIN_MS = 2000;
const ANSWER_RESERVE_MS = 250;

/**
 * The answer of the event's baseline part (context.ts `baseline`: the part that runs
 * whatever happens), rendered; undefined when the event has none or it has nothing to say.
 */
async function baselineAnswer(
  name: EventName,
  parts: readonly PartLoader[],
  event: AnyHookEvent,
  ctx: HookContext,
): Promise<string | undefined> {
  const load = parts.find((p) => p.baseline);
  if (!load) return undefined;
  try {
    const part = (await load()).parts[name] as Part<typeof name> | undefined;
    const said = await part?.run(event as never, ctx, {} as never);
    return said === undefined ? undefined : renderAnswer(name, said as never);
  } catch (err) {
    ctx.log.error("the event's baseline part failed", { event: name, session: event.session_id, err });
    return undefined;
  }
}

/**
 * The event the input describes and the project it belongs to, or why it is answered
 * with the no-op: not JSON, not the contract's shape, no usable project; and whether
 * cairn is off for it.
 */
function acceptInput(
  name: EventName,
  raw: string,
  deps: DispatchDeps,
):
  | { event: AnyHookEvent; projectDir: string; off: "global" | "project" | "config" | false }
  | { outcome: Outcome } {
  const { log } = deps;
  let input: unknown;
  try {
    input = JSON.parse(raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw);
  } catch (err) {
    log.warn("hook input is not JSON; answering no-op", {
      event: name,
      bytes: raw.length,
      err: errorMessage(err),
    });
    return { outcome: "invalid" };
  }
  // A "__proto__" key would become the prototype of the objects built from the input.
  // Claude Code never sends one (inside string values the quotes are escaped).
  if (raw.includes('"__proto__"') && PROTO_KEY.test(raw)) {
    log.warn("hook input has a __proto__ key; answering no-op", { event: name });
    return { outcome: "invalid" };
  }
  const parsed = parseEvent(name, input);
  if (!parsed.ok) {
    log.warn("hook input does not match the contract; answering no-op", {
      event: name,
      problem: parsed.problem,
    });
    return { outcome: "invalid" };
  }
  const event = parsed.event;
  if (safeId(event.session_id) !== event.session_id) {
    log.warn("unsafe session id; it is sanitised before naming any file", {
      event: name,
      session: safeId(event.session_id),
    });
  }
  // Without CLAUDE_PROJECT_DIR the session's directory is the project, where the notebook is written.
  if (!deps.projectDir && !isUsableDir(event.cwd)) {
    log.warn("hook input's cwd is not an absolute path; answering no-op", { event: name });
    return { outcome: "invalid" };
  }
  const projectDir = projectOf({
    named: deps.projectDir,
    session: { cwd: event.cwd, transcriptPath: event.transcript_path },
  });
  const off = isOff(deps.paths, projectDir) || (deps.resolved.config.enabled ? false : "config");
  return { event, projectDir, off };
}

/**
 * What the parts may use; the store opens on first use, waiting for the lock as the
 * event's budget allows (`budget`: hook.budget_ms within Claude Code's timeout for it).
 */
function hookContext(
  deps: DispatchDeps,
  projectDir: string,
  deadline: Deadline,
  after: ((store: Store) => void)[],
  budget: number,
): HookContext {
  let store: Promise<Store> | undefined;
  let cli: string | undefined;
  return {
    paths: deps.paths,
    config: deps.resolved.config,
    log: deps.log,
    projectDir,
    env: deps.env,
    self: deps.self,
    // It searches PATH and reads the node `cairn install` recorded: once, for every part.
    cli: () => {
      cli ??= printedCli(deps.self, deps.env);
      return cli;
    },
    now: deps.now ?? Date.now,
    deadline,
    afterAnswer: (work) => {
      after.push(work);
    },
    store: () => {
      store ??= deps.openStore().then((s) => {
        s.db.exec(`PRAGMA busy_timeout = ${lockWaitMs(budget)}`);
        return s;
      });
      return store;
    },
  };
}

/**
 * The parts' merged answer within hook.budget_ms; when they run out of time or fail,
 * the baseline (the exit status after the trap acted) or the no-op, with why.
 */
async function answer(
  name: EventName,
  parts: readonly PartLoader[],
  event: AnyHookEvent,
  ctx: HookContext,
  injections: Injection[],
  baseline: string | undefined,
): Promise<DispatchResult> {
  const budget = budgetText(name, ctx.config["hook.budget_ms"]);
  const instead = baseline === undefined ? "answering no-op" : "answering with the exit status alone";
  const where = { event: name, session: event.session_id };
  try {
    const merged = await withBudget(runParts(name, parts, event as never, ctx, injections), ctx.deadline);
    if (merged !== TIMED_OUT) return { output: renderAnswer(name, merged as never), outcome: "ok" };
    ctx.log.error(`hook exceeded its budget of ${budget}; ${instead}`, where);
    return { output: baseline ?? noopAnswer(name), outcome: "timeout" };
  } catch (err) {
    if (isBudgetSpent(err)) {
      // The tool's output reaches the model as Claude Code gave it (a spilled one stays in Claude Code's file).
      ctx.log.error(
        `hook.budget_ms (${budget}) ran out while ${err.doing}; ${instead}, the output unchanged`,
        where,
      );
      return { output: baseline ?? noopAnswer(name), outcome: "timeout" };
    }
    ctx.log.error(`hook failed; ${instead}`, { ...where, err });
    return { output: baseline ?? noopAnswer(name), outcome: "error" };
  }
}

/**
 * The event's row, once the answer is out. It may queue for the write lock longer than
 * a part may: when a burst of hook processes queue, the default wait dropped some
 * records. Bounded well inside Claude Code's own hook timeout (10 s at the least),
 * which waits for the process to exit.
 */
async function recordAfterAnswer(event: AnyHookEvent, ctx: HookContext, record: EventRecord): Promise<void> {
  try {
    const s = await ctx.store();
    const name = event.hook_event_name as EventName;
    const wait = recordWaitMs(
      eventBudgetMs(name, ctx.config["hook.budget_ms"]),
      record.handlerMs,
      registeredTimeoutMs(name),
    );
    withBusyTimeout(s, wait, () => recordEvent(s, event, record));
  } catch (err) {
    ctx.log.error("could not record the event", {
      event: event.hook_event_name,
      session: event.session_id,
      err,
    });
  }
}

/**
 * Runs the event's parts in order, each on its own: a part that throws is logged and
 * skipped, and the others still answer.
 */
async function runParts<E extends EventName>(
  name: E,
  parts: readonly PartLoader[],
  event: HookEvent<E>,
  ctx: HookContext,
  injections: Injection[],
): Promise<Answer<E>> {
  let answer = {} as Answer<E>;
  const notes: MergeNote[] = [];
  for (const load of parts) {
    let partName = "(loading)";
    try {
      const part = (await load()).parts[name] as Part<E> | undefined;
      if (!part) continue;
      partName = part.name;
      mark(`load:${part.name}`);
      const next = await maskInjected(await part.run(event, ctx, answer));
      const before = injectedText(answer);
      answer = mergeAnswer(answer, next, part.name, notes);
      const added = injectedText(answer).slice(before.length).replace(/^\n\n/, "");
      if (added) injections.push({ part: part.name, text: added });
      mark(`run:${part.name}`);
    } catch (err) {
      // Out of time: no later part has any either.
      if (isBudgetSpent(err)) throw err;
      ctx.log.error(`part ${partName} failed; the other parts still answer`, {
        event: name,
        session: event.session_id,
        err,
      });
    }
  }
  for (const n of notes)
    ctx.log.warn(`part ${n.part}: ${n.problem}`, { event: name, session: event.session_id });
  return answer;
}

/** What reaches the model from an answer: additionalContext, or PreCompact's instructions. */
function injectedText(answer: object): string {
  const a = answer as { additionalContext?: string; instructions?: string };
  return a.additionalContext ?? a.instructions ?? "";
}

const TIMED_OUT = Symbol("timed out");
/**
 * How long a part may wait for another process's write lock: the store's own wait, or
 * longer where hook.budget_ms was raised (a slow or loaded machine), a second inside it.
 * Without this a raised budget still gave up on the lock after BUSY_TIMEOUT_MS.
 */
export function lockWaitMs(budget: number): number {
  return Math.max(BUSY_TIMEOUT_MS, budget - 1000);
}

/**
 * How long the record may wait for the write lock, `elapsedMs` into the hook: until
 * RECORD_GRACE_MS past the budget, at most MAX_RECORD_WAIT_MS, and never less than a
 * part may wait (lockWaitMs: a raised budget raises both), and never past Claude Code's
 * own timeout for the event (`outerMs`), less half the margin kept from it.
 */
export function recordWaitMs(budget: number, elapsedMs: number, outerMs?: number): number {
  const wait = Math.max(
    lockWaitMs(budget),
    Math.min(MAX_RECORD_WAIT_MS, budget + RECORD_GRACE_MS - elapsedMs),
  );
  // Claude Code ends the process at its own timeout for the event: the record waits inside it.
  return outerMs === undefined
    ? wait
    : Math.max(0, Math.min(wait, outerMs - OUTER_MARGIN_MS / 2 - elapsedMs));
}
const RECORD_GRACE_MS = 2000;
const MAX_RECORD_WAIT_MS = 6000;
/** A `"__proto__"` key in raw JSON (not the same text inside a string value). */
export const PROTO_KEY = /(?:^|[^\\])"__proto__"\s*:/;

/**
 * The work, or TIMED_OUT once the deadline has passed: a timer, so it only catches work
 * that waits (a lock, a read), never work that computes. Kept on the hook's clock
 * (DispatchDeps.clock), not the timer's (whenSpent).
 */
function withBudget<T>(work: Promise<T>, deadline: Deadline): Promise<T | typeof TIMED_OUT> {
  let cancel = () => {};
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    cancel = whenSpent(
      () => deadline.remaining(),
      () => resolve(TIMED_OUT),
    );
  });
  return Promise.race([work, timeout]).finally(() => cancel());
}
