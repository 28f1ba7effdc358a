import type { Answer, EventName, HookEvent } from "../claude/events.ts";
import type { Config } from "../config/schema.ts";
import type { Logger } from "../core/log.ts";
import type { CairnPaths } from "../core/paths.ts";
import type { Store } from "../store/db.ts";

/** Everything a handler may use. Handlers do no I/O beyond the store and cairn's own files. */
export interface HookContext {
  readonly paths: CairnPaths;
  readonly config: Config;
  readonly log: Logger;
  /** The project the session belongs to (CLAUDE_PROJECT_DIR, else the event's cwd). */
  readonly projectDir: string;
  readonly env: NodeJS.ProcessEnv;
  /** Opens the database on first use; handlers that never call it never pay for it. */
  store(): Promise<Store>;
  now(): number;
  /** Where cairn was invoked from, for commands it builds (e.g. the Bash runner). */
  readonly self: SelfInvocation;
}

/** How to run this cairn again from a hook-built command: an executable and its leading args. */
export interface SelfInvocation {
  readonly command: string;
  readonly args: readonly string[];
}

export type Handler<E extends EventName> = (
  event: HookEvent<E>,
  ctx: HookContext,
) => Promise<Answer<E> | undefined>;

export interface HandlerModule<E extends EventName> {
  handle: Handler<E>;
}
