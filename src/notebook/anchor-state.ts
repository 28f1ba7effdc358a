import { currentUsage } from "../context/usage.ts";
import type { HookContext } from "../hooks/context.ts";
import type { Store } from "../store/db.ts";
import { type AdviceLevel, advise } from "./advisor.ts";
import { type Anchor, buildAnchor } from "./anchor.ts";
import { dueActive, dueWarning, recall } from "./session-state.ts";
import { type NotebookFile, sectionText } from "./state-file.ts";

interface AnchorNow extends Anchor {
  readonly level: AdviceLevel;
  readonly forUser?: string | undefined;
}

/**
 * The anchor as it stands for a session right now: the notebook's Goal and Now, the
 * measured context usage, the advice for that usage (a task boundary recorded at the
 * last Stop counts if it came after the last anchor), and any pending warning.
 * SessionStart computes it too, so a restore counts as the first anchor.
 */
export async function anchorNow(
  ctx: HookContext,
  store: Store,
  sessionId: string,
  transcriptPath: string,
  nb: NotebookFile | undefined,
): Promise<AnchorNow> {
  const cfg = ctx.config;
  const usage = await currentUsage(
    { paths: ctx.paths, config: cfg, now: ctx.now, store: ctx.store },
    sessionId,
    transcriptPath,
  );
  const last = recall(store, sessionId, "notebook.anchor");
  const boundary = recall(store, sessionId, "notebook.boundary");
  const atBoundary = !!boundary && (!last || boundary.at > last.at);
  const advice = advise(usage?.usedPct, atBoundary, {
    suggestPct: cfg["advisor.suggest_used_pct"],
    urgePct: cfg["advisor.urge_used_pct"],
  });
  const due = recall(store, sessionId, "notebook.due");
  const warnings = nb && dueActive(due, nb.mtimeMs) ? [dueWarning(ctx.cli())] : [];
  const anchor = buildAnchor({
    goal: nb ? sectionText(nb.notebook, "goal") : undefined,
    now: nb ? sectionText(nb.notebook, "now") : undefined,
    usage,
    advice,
    warnings,
    maxChars: cfg["anchor.max_tokens"] * 4,
  });
  return { ...anchor, level: advice.level, forUser: advice.forUser };
}
