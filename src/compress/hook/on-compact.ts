import type { Parts } from "../../hooks/context.ts";

/**
 * A compaction takes earlier outputs out of the live context, so a repeated output must
 * be shown in full again: the session's fingerprints of outputs in context are dropped.
 * PreCompact comes first; SessionStart "compact" runs after the summary too, in case a
 * PreCompact hook was skipped or timed out.
 */
async function forget(
  sessionId: string,
  store: () => Promise<import("../../store/db.ts").Store>,
): Promise<void> {
  const { forgetCopies } = await import("./repeats.ts");
  forgetCopies(await store(), sessionId);
}

export const parts: Parts = {
  PreCompact: {
    name: "repeats",
    async run(event, ctx) {
      await forget(event.session_id, () => ctx.store());
      return undefined;
    },
  },
  SessionStart: {
    name: "repeats",
    async run(event, ctx) {
      if (event.source === "compact") await forget(event.session_id, () => ctx.store());
      return undefined;
    },
  },
};
