import type { Answer, EventName, HookEvent } from "../claude/events.ts";
import type { Config } from "../config/schema.ts";
import type { Deadline } from "../core/deadline.ts";
import type { Logger } from "../core/log.ts";
import type { CairnPaths } from "../core/paths.ts";
import type { SelfInvocation } from "../core/self.ts";
import type { Store } from "../store/db.ts";

/** Everything a part may use. Parts do no I/O beyond the store and cairn's own files. */
export interface HookContext {
  readonly paths: CairnPaths;
  readonly config: Config;
  readonly log: Logger;
  /** The project the session belongs to (core/project.ts: CLAUDE_PROJECT_DIR, else the session's directory). */
  readonly projectDir: string;
  readonly env: NodeJS.ProcessEnv;
  /** Opens the database on first use; parts that never call it never pay for it. */
  store(): Promise<Store>;
  now(): number;
  /** When synchronous work must stop (hook.budget_ms): long work checks it between chunks. */
  readonly deadline: Deadline;
  /** How to run this same cairn again, for commands cairn prints or registers. */
  readonly self: SelfInvocation;
  /** The command the model or the user runs this cairn with (core/self printedCli), found once per event. */
  cli(): string;
  /**
   * Bookkeeping that does not change the answer: run once the answer is out, in the
   * event's own record transaction (each in a savepoint: one that throws is logged and
   * undone alone). Only when the parts answered in time: a no-op answer records none.
   */
  afterAnswer(work: (store: Store) => void): void;
}

/**
 * One feature's contribution to one event. Parts of an event run in the order the
 * event lists them; each sees the answer merged so far (`prior`), so a later part can
 * defer to an earlier one. A part that throws is logged and skipped: the others still
 * answer.
 */
export interface Part<E extends EventName> {
  readonly name: string;
  run(event: HookEvent<E>, ctx: HookContext, prior: Answer<E>): Promise<Answer<E> | undefined>;
}

/** A feature module's parts, by the events it takes part in. */
export type Parts = { readonly [E in EventName]?: Part<E> };

export interface PartsModule {
  readonly parts: Parts;
}

export interface PartLoader {
  (): Promise<PartsModule>;
  /** Set by `baseline()`: this part also runs while cairn is off, past the budget and when the others fail. */
  readonly baseline?: true;
}

/**
 * Marks the part an event runs whatever else happens: while cairn is off (any way), and
 * as the answer when the parts run out of hook.budget_ms or fail. It is the least the
 * event owes: after the exit trap turned a failing Bash command's status into a marker
 * line, that status, stated. It runs before the other parts on every event, so it must
 * stay cheap; it also keeps its place among them.
 */
export function baseline(load: () => Promise<PartsModule>): PartLoader {
  return Object.assign(load, { baseline: true as const });
}

/**
 * What cairn does on each event: the modules taking part, in order, each a lazy
 * import. The table composes the features, so it stands above them (src/cli/event-parts.ts)
 * and the entry points hand it in: the dispatcher knows no feature.
 */
export type EventParts = { readonly [E in EventName]: readonly PartLoader[] };
