import type { HookContext, Parts } from "../hooks/context.ts";
import { catchUpSession } from "./ledger.ts";

/**
 * At the end of a turn and of the session: bring the ledger up to date with the
 * transcript and every subagent's, so reports and the monitor see the whole turn.
 */
async function catchUp(
  event: { session_id: string; transcript_path: string },
  ctx: HookContext,
): Promise<undefined> {
  catchUpSession(await ctx.store(), event.session_id, event.transcript_path, {
    subagents: true,
    now: ctx.now(),
  });
  return undefined;
}

export const parts: Parts = {
  Stop: { name: "ledger", run: (event, ctx) => catchUp(event, ctx) },
  SessionEnd: { name: "ledger", run: (event, ctx) => catchUp(event, ctx) },
};
