import { basename } from "node:path";
import { formatAge, signedBytes } from "../core/format.ts";
import { visibleLine } from "../core/terminal-text.ts";
import { withStore } from "../window/cli-support.ts";
import { FIGURES_METHOD, type Figures, sessionFigures } from "../window/figures-read.ts";
import { bar, shortId, shortTokens } from "../window/format.ts";
import { tokenTotals } from "../window/ledger-read.ts";
import { recentSessions, sessionUsage } from "../window/views.ts";
import { intFlag, parse, UsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { color, json, out } from "./io.ts";

export const sessions: Command = {
  usage: `Usage: cairn sessions [--limit N] [--project] [--json]

Recent sessions across projects, newest first: id, project, model, context used,
what cairn saved net (what Claude Code alone would have shown of tool outputs, minus
what the model was shown, minus what reading originals back cost; negative where
cairn cost context), when cairn last heard from it, and whether it ended. The context
figure is the ledger's (kept by the hooks) or a fresh statusline's; --json adds the
measured token totals and every figure.

Options:
  --limit N    how many (default 20)
  --project    only this project's sessions
  --json       as JSON

${FIGURES_METHOD}`,
  async run(argv) {
    const { values, positionals } = parse(argv, {
      limit: { type: "string" },
      project: { type: "boolean" },
      json: { type: "boolean" },
    });
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const limit = intFlag(values.limit, "limit", 1) ?? 20;
    return withStore(({ store, paths, config, projectDir, now }) => {
      const t = now();
      const rows = recentSessions(store, { limit, ...(values.project ? { projectDir } : {}) }).map((s) => ({
        id: s.id,
        projectDir: s.project_dir,
        model: s.model,
        startedAt: s.started_at,
        lastSeenAt: s.last_seen_at,
        endedAt: s.ended_at,
        endReason: s.end_reason,
        usage: sessionUsage(store, paths, config, s, { catchUp: false, now: t }) ?? null,
        // Measured: every API response's usage in the transcripts, as the ledger has read them.
        tokens: tokenTotals(store, s.id).main,
        figures: sessionFigures(store, s.id),
      }));
      if (values.json) {
        json(rows);
        return 0;
      }
      if (rows.length === 0) {
        out("No sessions recorded yet. They appear once Claude Code runs with cairn installed.");
        return 0;
      }
      out(
        color.dim(
          `${"session".padEnd(9)} ${"project".padEnd(20)} ${"model".padEnd(16)} ${"context".padEnd(22)} ${"net saved".padEnd(10)} seen    state`,
        ),
      );
      for (const r of rows) {
        const u = r.usage;
        const ctx = u
          ? `${bar(u.usedPct, 8)} ${`${u.usedPct}%`.padStart(4)} ${shortTokens(u.usedTokens).padStart(5)}`
          : color.dim("–".padEnd(19));
        // Ids, projects and models came from hook input: one visible line each.
        const model = visibleLine(u?.model ?? r.model ?? "?").slice(0, 16);
        out(
          `${shortId(visibleLine(r.id)).padEnd(9)} ${visibleLine(basename(r.projectDir ?? "?"))
            .slice(0, 20)
            .padEnd(
              20,
            )} ${model.padEnd(16)} ${ctx.padEnd(22)} ${net(r.figures).padEnd(10)} ${formatAge(t - r.lastSeenAt).padEnd(7)} ${r.endedAt ? color.dim(`ended (${r.endReason || "?"})`) : color.green("open")}`,
        );
      }
      return 0;
    });
  },
};

/** The net figure, signed; "–" where nothing was counted. */
function net(f: Figures): string {
  return f.outputs || f.retrievals ? signedBytes(f.netBytes) : "–";
}
