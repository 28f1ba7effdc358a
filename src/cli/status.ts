import { formatAge, formatAgo } from "../core/format.ts";
import { visibleLine } from "../core/terminal-text.ts";
import { withStore } from "../window/cli-support.ts";
import { FIGURES_METHOD, figuresLine } from "../window/figures-read.ts";
import { assumedMark, bar, shortId } from "../window/format.ts";
import { NotFound, resolveSession, type StatusView, statusView } from "../window/views.ts";
import { parse, UsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { color, err, formatInt, json, out } from "./io.ts";

export const status: Command = {
  usage: `Usage: cairn status [--session ID] [--json]

This project's current session (the latest one cairn saw here): how full the
context window is (the statusline's exact figure while fresh, else the transcript's
own usage), estimated tokens of stale tool results from earlier turns, what the
model was shown of tool outputs against what Claude Code alone would have shown it,
what reading originals back cost and the net of it, how fresh the notebook (STATE.md)
is, and the warnings given to the agent.

Options:
  --session ID   another session (id or unique prefix; see \`cairn sessions\`)
  --json         the same as JSON

${FIGURES_METHOD}`,
  async run(argv) {
    const { values, positionals } = parse(argv, { session: { type: "string" }, json: { type: "boolean" } });
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    return withStore(({ store, paths, config, projectDir, now }) => {
      let view: StatusView;
      try {
        view = statusView(store, paths, config, resolveSession(store, values.session, projectDir), now());
      } catch (e) {
        if (!(e instanceof NotFound)) throw e;
        if (values.json) json({ session: null, reason: e.message });
        else err(`cairn status: ${visibleLine(e.message)}`);
        return 1;
      }
      if (values.json) json(view);
      else printStatus(view, now());
      return 0;
    });
  },
};

/**
 * The session's id, project, model and notebook path came from hook input and the
 * transcript: each is printed as one visible line, so none can carry an escape
 * sequence or a line break to the terminal.
 */
function printStatus(v: StatusView, now: number): void {
  const s = v.session;
  const id = visibleLine(s.id);
  const label = (t: string) => color.dim(t.padEnd(11));
  const state = s.endedAt
    ? `ended ${formatAgo(now - s.endedAt)}`
    : `last seen ${formatAgo(now - s.lastSeenAt)}`;
  out(`${color.bold(`Session ${shortId(id)}`)}  ${color.dim(id)}`);
  out(`${label("project")}${visibleLine(s.projectDir ?? "?")}`);
  out(`${label("model")}${visibleLine(v.usage?.model ?? s.model ?? "?")} · ${state}`);
  const u = v.usage;
  if (u) {
    const tone =
      u.remainingPct <= v.thresholds.criticalPct
        ? color.red
        : u.remainingPct <= v.thresholds.warnPct
          ? color.yellow
          : color.green;
    out(
      `${label("context")}${tone(bar(u.usedPct, 20))} ${tone(`${u.usedPct}%`)}  ${formatInt(u.usedTokens)} / ${formatInt(u.windowTokens)} tokens${assumedMark(u)}`,
    );
    out(
      `${label("")}${u.remainingPct}% remains · measured ${formatAgo(now - u.at)} from the ${u.source} · suggests compacting at ${v.thresholds.suggestPct}%, warns at ${v.thresholds.warnPct}%, critical at ${v.thresholds.criticalPct}% remaining`,
    );
    if (u.staleToolTokens !== undefined) {
      out(
        `${label("stale")}~${formatInt(u.staleToolTokens)} tokens of tool results from earlier turns (estimate)`,
      );
    }
  } else {
    out(`${label("context")}no measurement yet (no response in the transcript, no statusline)`);
  }
  const f = v.figures;
  out(
    f.outputs || f.retrievals
      ? `${label("outputs")}${f.changed} of ${f.outputs} changed · ${figuresLine(f)}`
      : `${label("outputs")}none counted`,
  );
  const nb = v.notebook;
  out(
    `${label("notebook")}${
      nb.exists && nb.modifiedAt !== null
        ? `${visibleLine(nb.path)} updated ${formatAge(now - nb.modifiedAt)} ago${nb.changedThisSession ? "" : color.yellow(" (not in this session)")}`
        : color.yellow(`${visibleLine(nb.path)} does not exist`)
    }`,
  );
  const w = v.warnings;
  out(
    `${label("warnings")}${
      w.last
        ? `${w.count} given · last ${w.last.level === "critical" ? color.red("CRITICAL") : color.yellow("WARNING")} at ${w.last.remainingPct}% remaining, ${formatAge(now - w.last.at)} ago`
        : "none given"
    }`,
  );
  out(`${label("turns")}${v.turns} · ${v.compactions} compaction${v.compactions === 1 ? "" : "s"}`);
}
