import { notebookPath } from "../core/paths.ts";
import type { HookContext } from "../hooks/context.ts";
import type { Store } from "../store/db.ts";
import { adviceFor, type Level, ladderOf, levelFor } from "../window/advisor.ts";
import { currentUsage } from "../window/usage.ts";
import { type Anchor, buildAnchor } from "./anchor.ts";
import { dueActive, dueWarning, recall } from "./session-state.ts";
import { type NotebookFile, sectionText } from "./state-file.ts";

interface AnchorNow extends Anchor {
  readonly level: Level | null;
  /**
   * Worth saying even when nothing changed since the last anchor: a task boundary came
   * while the context is filling (the moment to compact), or cairn held back a
   * compaction and STATE.md is still due (repeated until it changes).
   */
  readonly insists: boolean;
  readonly forUser?: string | undefined;
}

/**
 * The anchor as it stands for a session right now: the notebook's Goal and Now, the
 * measured context usage, the context monitor's rung for that usage (a task boundary
 * recorded at the last Stop counts if it came after the last anchor), and any pending
 * warning. SessionStart computes it too, so a restore counts as the first anchor.
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
  const level =
    usage && cfg["monitor.enabled"]
      ? levelFor(usage.remainingPct, ladderOf(cfg), usage.windowBasis === "assumed")
      : null;
  const advice =
    level && usage
      ? adviceFor({
          ...usage,
          level,
          atBoundary,
          notebook: notebookPath(ctx.projectDir),
          cli: ctx.cli(),
        })
      : undefined;
  const due = recall(store, sessionId, "notebook.due");
  const warnings = nb && dueActive(due, nb.mtimeMs) ? [dueWarning(ctx.cli())] : [];
  const anchor = buildAnchor({
    goal: nb ? sectionText(nb.notebook, "goal") : undefined,
    now: nb ? sectionText(nb.notebook, "now") : undefined,
    usage,
    level,
    advice: advice?.forAgent,
    warnings,
    maxChars: cfg["anchor.max_tokens"] * 4,
  });
  const insists = (atBoundary && level !== null) || warnings.length > 0;
  return { ...anchor, level, insists, forUser: advice?.forUser };
}
