import type { HookEvent } from "../claude/events.ts";
import type { HookContext, Parts } from "../hooks/context.ts";
import { claimBaton, hasBaton, isFresh } from "./baton.ts";

/** Sessions that may take a baton: a new one, or the one /clear starts. Never a resume or a compaction. */
const TAKES_BATON = new Set(["startup", "clear"]);

/** The notebook as the resume includes it: the SessionStart composition (cli/event-parts.ts) hands it in. */
interface NotebookRenderer {
  renderNotebook(projectDir: string, maxChars: number): string | undefined;
}

/**
 * Resume after a handoff. Without a fresh baton for the project this costs one stat
 * and answers nothing (the notebook's own restore then runs). With one, it takes the
 * baton atomically, brings the handed-off transcript up to date, merges its memory
 * into this session, and injects the resume (which includes the notebook, loaded by
 * `loadNotebook` only then).
 */
export const resumeParts = (loadNotebook: () => Promise<NotebookRenderer>) =>
  ({
    SessionStart: {
      name: "memory-resume",
      async run(event: HookEvent<"SessionStart">, ctx: HookContext) {
        if (!ctx.config["memory.enabled"] || !TAKES_BATON.has(event.source)) return undefined;
        if (!hasBaton(ctx.paths, ctx.projectDir)) return undefined;
        const claim = claimBaton(ctx.paths, ctx.projectDir);
        if (!claim) return undefined; // another session took it first
        const baton = claim.baton;
        const now = ctx.now();
        if (
          !baton ||
          !isFresh(baton, now, ctx.config["memory.handoff_ttl_min"]) ||
          baton.sessionId === event.session_id
        ) {
          claim.consumed();
          ctx.log.info("handoff baton ignored (unreadable, expired, or this session's own)", {
            event: "SessionStart",
            session: event.session_id,
            from: baton?.sessionId,
          });
          return undefined;
        }

        const [{ ingestSource }, { buildResume, mergeChain, resumeDocPath, writeResumeDocument }, nb] =
          await Promise.all([import("./ingest.ts"), import("./resume.ts"), loadNotebook()]);
        const store = await ctx.store();
        try {
          if (baton.transcriptPath) {
            ingestSource(
              store,
              { path: baton.transcriptPath, sessionId: baton.sessionId, projectDir: ctx.projectDir },
              {
                now,
                deadline: performance.now() + ctx.config["memory.ingest_ms"],
                redact: ctx.config["compress.redact"],
              },
            );
          }
          mergeChain(store, baton.sessionId, event.session_id, ctx.projectDir, now);
        } catch (err) {
          claim.release();
          throw err;
        }
        claim.consumed();

        const docPath = resumeDocPath(ctx.paths, ctx.projectDir, baton.sessionId);
        const resume = buildResume(store, {
          fromSession: baton.sessionId,
          owner: event.session_id,
          projectDir: ctx.projectDir,
          recentTurns: ctx.config["memory.recent_turns"],
          maxChars: ctx.config["memory.inject_chars"],
          notebook: (max) => nb.renderNotebook(ctx.projectDir, max),
          cli: ctx.cli(),
          docPath,
          now,
        });
        writeResumeDocument(docPath, resume.document);
        ctx.log.info("resumed after a handoff", {
          event: "SessionStart",
          session: event.session_id,
          from: baton.sessionId,
          turns: resume.turns,
          chars: resume.injection.length,
        });
        return { additionalContext: resume.injection };
      },
    },
  }) satisfies Parts;
