import { formatBytes, signedBytes } from "../core/format.ts";
import { visibleLine as line } from "../core/terminal-text.ts";
import { ingestSource, subagentSources } from "../memory/ingest.ts";
import { withStore } from "../window/cli-support.ts";
import { FIGURES_METHOD } from "../window/figures-read.ts";
import { assumedMark, clock, shortId, shortTokens, sparkline } from "../window/format.ts";
import { toolInputs } from "../window/tool-input.ts";
import { NotFound, type ReportView, reportView, resolveSession } from "../window/views.ts";
import { intFlag, parse, UsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { color, err, formatInt, json, out } from "./io.ts";

export const report: Command = {
  usage: `Usage: cairn report [--session ID] [--top N] [--json]

What happened to a session's context (default: this project's latest session):
  tokens       every API response's usage, main chain and each subagent, summed
  context      the context after each response, over time
  tool results the largest results the model was shown (each with its command or
               file, secrets masked; --json has the tool_use ids), and totals per tool
  saved        per output and in all: what Claude Code alone would have shown, what
               the model was shown, what reading originals back cost (cairn show,
               detail, search, and the same call run again after an excerpt), and the
               net of it; per tool and per compressor
  compressors  the outputs cairn filed: original and excerpt sizes, time
  compactions  when, why, and the size before and after
  injections   everything cairn added to the model's context, per event and part
  warnings     the context warnings given to the agent

Options:
  --session ID   a session id or unique prefix (see \`cairn sessions\`)
  --top N        how many of the largest tool results to list (default 10)
  --json         everything as JSON (all figures, the full timeline)

${FIGURES_METHOD}`,
  async run(argv) {
    const { values, positionals } = parse(argv, {
      session: { type: "string" },
      top: { type: "string" },
      json: { type: "boolean" },
    });
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const top = intFlag(values.top, "top", 1) ?? 10;
    return withStore(({ store, paths, config, projectDir, now }) => {
      let view: ReportView;
      try {
        const session = resolveSession(store, values.session, projectDir);
        view = reportView(store, paths, config, session, now(), top);
        // What each call did comes from memory: bring it up to the transcript's end first.
        const transcript = session.transcript_path;
        if (transcript)
          catchUpMemory(() => {
            const project = session.project_dir ?? projectDir;
            const opts = { now: now(), redact: config["compress.redact"] };
            ingestSource(store, { path: transcript, sessionId: session.id, projectDir: project }, opts);
            // Subagents' calls are listed too: their inputs are in their own transcripts.
            for (const sub of subagentSources(transcript, session.id, project))
              ingestSource(store, sub, opts);
          });
      } catch (e) {
        if (!(e instanceof NotFound)) throw e;
        err(`cairn report: ${e.message}`);
        return 1;
      }
      const inputs = toolInputs(
        store,
        view.toolResults.map((r) => r.toolUseId),
      );
      const withInputs = {
        ...view,
        toolResults: view.toolResults.map((r) => ({ ...r, input: inputs.get(r.toolUseId) ?? null })),
      };
      if (values.json) json(withInputs);
      else printReport(withInputs);
      return 0;
    });
  },
};

function heading(t: string): void {
  out("");
  out(color.bold(t));
}

function row(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join("  ");
}

/** A report still prints when memory cannot catch up: the inputs memory has are shown. */
function catchUpMemory(ingest: () => void): void {
  try {
    ingest();
  } catch {
    // Reported by \`cairn doctor\` and the hooks' log; the report is about the ledger.
  }
}

type Printed = Omit<ReportView, "toolResults"> & {
  readonly toolResults: (ReportView["toolResults"][number] & { readonly input: string | null })[];
};

const cutLine = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

function printReport(v: Printed): void {
  // Ids, paths, models and tool names come from hook input and transcripts: shown, never acted on.
  out(`${color.bold(`Report for session ${line(shortId(v.session.id))}`)}  ${color.dim(line(v.session.id))}`);
  out(color.dim(line(`${v.session.projectDir ?? "?"} · ${v.usage?.model ?? v.session.model ?? "?"}`)));

  for (const section of [
    printTokens,
    printTimeline,
    printToolResults,
    printFigures,
    printAgentsAndCompactions,
    printInjections,
  ])
    section(v);
}

/** Tokens per chain, and the context now. */
function printTokens(v: Printed): void {
  heading("Tokens (from every API response in the transcripts)");
  const t = v.tokens.main;
  const w = [12, 10, 12, 12, 12];
  out(color.dim(row(["chain", "responses", "input", "cache write", "cache read", "output"], w)));
  const counts = (c: typeof t) =>
    [c.responses, c.input, c.cacheCreation, c.cacheRead, c.output].map((n) => formatInt(n));
  out(row(["main", ...counts(t)], w));
  for (const a of v.tokens.subagents) out(row([`agent ${a.agentId.slice(0, 6)}`, ...counts(a)], w));
  if (v.usage) {
    out(
      `context now: ${formatInt(v.usage.usedTokens)} of ${formatInt(v.usage.windowTokens)}${assumedMark(v.usage)} (${v.usage.usedPct}%)` +
        (v.usage.staleToolTokens !== undefined
          ? ` · ~${formatInt(v.usage.staleToolTokens)} in stale tool results`
          : ""),
    );
  }
}

/** The main chain's context after each response, sampled. */
function printTimeline(v: Printed): void {
  heading("Context over time (main chain, after each response)");
  if (v.timeline.length === 0) out(color.dim("no responses yet"));
  else {
    const values = v.timeline.map((p) => p.contextTokens);
    out(
      `${sparkline(values)}  ${shortTokens(values[0]!)} → ${shortTokens(values.at(-1)!)} (peak ${shortTokens(Math.max(...values))})`,
    );
    const step = Math.max(1, Math.ceil(v.timeline.length / 12));
    for (let i = 0; i < v.timeline.length; i += step) {
      const p = v.timeline[i]!;
      out(
        color.dim(
          `  ${clock(p.at)}  turn ${p.turn}  ${shortTokens(p.contextTokens).padStart(6)} context  ${shortTokens(p.output).padStart(5)} out`,
        ),
      );
    }
  }
}

/** The largest tool results, then totals per tool. */
function printToolResults(v: Printed): void {
  heading(`Largest tool results (what the model was shown; ~tokens are estimates)`);
  if (v.toolResults.length === 0) out(color.dim("no tool calls"));
  for (const r of v.toolResults) {
    // The command (masked) is what people look for; the toolu_ id stays in --json.
    out(
      `  ${formatBytes(r.bytes).padStart(9)}  ~${formatInt(r.tokens).padStart(7)} tok  ${line(r.name ?? "?").padEnd(10)} ${r.input ? line(cutLine(r.input, 80)) : color.dim("(input not recorded)")}${r.agentId ? color.dim(` (agent ${line(r.agentId.slice(0, 6))})`) : ""}${r.isError ? color.red(" error") : ""}`,
    );
  }
  if (v.tools.length) {
    out(color.dim("  per tool:"));
    for (const g of v.tools) {
      out(
        `  ${line(g.name).padEnd(12)} ${String(g.calls).padStart(4)} calls  ${formatBytes(g.bytes).padStart(9)}  largest ${formatBytes(g.largest)}${g.errors ? `  ${g.errors} failed` : ""}`,
      );
    }
  }
}

/** The net figures, per output and per group, then the compressors' own work. */
function printFigures(v: Printed): void {
  heading(
    "Context saved (against what Claude Code alone would have shown; bytes measured, tokens estimated)",
  );
  const t = v.figures.total;
  if (t.outputs === 0 && t.retrievals === 0) out(color.dim("no tool outputs counted"));
  else {
    const net =
      t.netBytes < 0
        ? color.red(`net cost ${formatBytes(-t.netBytes)}`)
        : color.green(`net ${formatBytes(t.netBytes)} saved`);
    out(
      `${net} (~${formatInt(Math.abs(t.netTokensEst))} tokens, est.): Claude Code alone ${formatBytes(t.counterfactualBytes)} → shown ${formatBytes(t.shownBytes)} (${signedBytes(t.savedBytes)}), read back ${formatBytes(t.retrievedBytes)} in ${t.retrievals} retrieval${t.retrievals === 1 ? "" : "s"}`,
    );
    out(
      `${t.changed} of ${t.outputs} outputs changed by cairn · ${t.moreThanAlone} shown more than Claude Code alone would have · error lines shown that its preview would have hidden: ${t.hiddenErrorsShown}`,
    );
    out(
      color.dim(
        `measured from the transcript: ${t.measured} of ${t.outputs + t.retrievals} calls (the rest: the hook's own count)`,
      ),
    );
    if (v.figures.outputs.length) {
      out(
        color.dim(
          row(
            ["  output", "tool", "alone", "shown", "saved", "read back", "net", "command"],
            [9, 6, 9, 9, 10, 14, 10],
          ),
        ),
      );
      for (const o of v.figures.outputs) {
        const back = o.retrievals ? `${formatBytes(o.retrievedBytes)} ×${o.retrievals}` : "–";
        const bought = o.hiddenErrorsShown
          ? color.dim(
              ` (${o.hiddenErrorsShown} error line${o.hiddenErrorsShown === 1 ? "" : "s"} the preview would have hidden)`,
            )
          : "";
        out(
          row(
            [
              `  ${o.outputId !== null ? `#${o.outputId}` : o.toolUseId ? "(ref)" : "(other)"}`,
              line(o.toolName || "–"),
              o.toolUseId ? formatBytes(o.counterfactualBytes) : "–",
              o.toolUseId ? formatBytes(o.shownBytes) : "–",
              o.toolUseId ? signedBytes(o.savedBytes) : "–",
              back,
              signedBytes(o.netBytes),
              `${o.label ? line(cutLine(o.label, 60)) : o.toolUseId ? "" : color.dim("detail, search and retrievals of outputs not listed")}${bought}`,
            ],
            [9, 6, 9, 9, 10, 14, 10],
          ),
        );
      }
    }
    for (const [title, groups] of [
      ["by tool", v.figures.byTool],
      ["by compressor", v.figures.byCompressor],
    ] as const) {
      out(color.dim(`  ${title}`));
      for (const g of groups) {
        out(
          `  ${line(g.key).padEnd(14)} ${String(g.outputs).padStart(4)}  ${formatBytes(g.counterfactualBytes).padStart(9)} → ${formatBytes(g.shownBytes).padStart(9)}  read back ${formatBytes(g.retrievedBytes).padStart(9)}  net ${signedBytes(g.netBytes)}`,
        );
      }
    }
  }
  heading("Compressors (outputs filed: the original's size and the excerpt's)");
  out(`failing Bash commands: ${line(v.compressions.failingBash.text)}`);
  if (v.compressions.byCompressor.length === 0) out(color.dim("none"));
  for (const g of v.compressions.byCompressor) {
    out(
      `  ${line(g.compressor).padEnd(14)} ${String(g.outputs).padStart(4)}  ${formatBytes(g.originalBytes).padStart(9)} → ${formatBytes(g.shownBytes).padStart(9)}${g.avgLatencyMs !== null ? color.dim(`  ${g.avgLatencyMs.toFixed(1)} ms avg`) : ""}`,
    );
  }
}

/** Subagents and compactions. */
function printAgentsAndCompactions(v: Printed): void {
  heading("Subagents");
  if (v.tokens.subagents.length === 0) out(color.dim("none"));
  for (const a of v.tokens.subagents) {
    out(
      `  ${line(a.agentId)}  ${line(a.model ?? "?")}  ${a.responses} responses · ${a.toolCalls} tool calls · ${formatInt(a.input + a.cacheCreation + a.cacheRead)} in · ${formatInt(a.output)} out`,
    );
  }

  heading("Compactions");
  if (v.compactions.length === 0) out(color.dim("none"));
  for (const k of v.compactions) {
    out(
      `  ${clock(k.at)}  ${line(k.trigger ?? "?")}${k.agentId ? ` (agent ${line(k.agentId.slice(0, 6))})` : ""}  ${k.preTokens !== null ? formatInt(k.preTokens) : "?"} → ${k.postTokens !== null ? formatInt(k.postTokens) : "?"} tokens`,
    );
  }
}

/** What cairn added to the context, and the warnings it gave. */
function printInjections(v: Printed): void {
  heading("Injections (what cairn added to the model's context)");
  const inj = v.injections;
  if (inj.total.count === 0) out(color.dim("none"));
  else {
    out(
      `${inj.total.count} injections · ${formatInt(inj.total.chars)} chars · ~${formatInt(inj.total.tokensEst)} tokens`,
    );
    for (const g of inj.byPart) {
      out(
        `  ${`${g.event}/${g.part}`.padEnd(34)} ${String(g.count).padStart(4)}×  ${formatInt(g.chars).padStart(8)} chars  ~${formatInt(g.tokensEst)} tok`,
      );
    }
  }

  heading("Context warnings given to the agent");
  if (v.warnings.length === 0) out(color.dim("none"));
  for (const x of v.warnings) {
    out(
      `  ${clock(x.at)}  ${x.level === "critical" ? color.red("CRITICAL") : color.yellow("WARNING ")}  ${x.remainingPct}% remaining (${formatInt(x.usedTokens)} / ${formatInt(x.windowTokens)}, ${x.source})`,
    );
  }
}
