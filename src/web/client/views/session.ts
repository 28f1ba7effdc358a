/// <reference lib="dom" />
import type { OutputFigures } from "../../../window/figures-read.ts";
import type { Marker, MarkerKind, SessionDetail, ToolCall, ToolView } from "../../types.ts";
import { get } from "../api.ts";
import { type ChartHandle, contextChart } from "../chart.ts";
import { h, link, notice, numCell, thead } from "../dom.ts";
import {
  agentName,
  baseName,
  bytes,
  clock,
  duration,
  shortId,
  signedSize,
  signedTokens,
  tokens,
  usd,
  when,
} from "../format.ts";
import type { Route } from "../router.ts";
import { route } from "../router.ts";
import { sortable } from "../sortable.ts";
import { pctBar } from "./sessions.ts";
import { viewer } from "./viewer.ts";

const KIND_LABEL: Record<MarkerKind, string> = {
  compaction: "Compaction",
  warning: "Warning",
  handoff: "Handoff",
  "large-output": "Large output",
};

function stat(label: string, value: string | Node, title?: string): HTMLElement {
  return h("div", { class: "stat", title }, h("dt", {}, label), h("dd", {}, value));
}

function markerClass(m: Marker): string {
  return m.kind === "warning" && m.level === "critical" ? "m-critical" : `m-${m.kind}`;
}

function markerList(
  sessionId: string,
  markers: readonly Marker[],
  offChart: readonly Marker[] = [],
): HTMLElement {
  const legend = h(
    "ul",
    { class: "legend", "aria-label": "Marker colours" },
    h("li", { class: "m-line" }, "context used"),
    ...(Object.keys(KIND_LABEL) as MarkerKind[]).map((k) => h("li", { class: `m-${k}` }, KIND_LABEL[k])),
  );
  const items = markers.map((m) => {
    const target = m.toolUseId ? route(["session", sessionId], { tool: m.toolUseId }) : undefined;
    const off = offChart.includes(m);
    return h(
      "li",
      { class: markerClass(m), "data-kind": m.kind, "data-off-chart": off ? "" : null },
      // Far from the responses (another day): the full date, and why it is not drawn.
      h("time", {}, off ? when(m.at) : clock(m.at)),
      " ",
      target ? h("a", { href: `#${target}` }, m.label) : m.label,
      off ? h("span", { class: "sub" }, " · not drawn: far from the session's responses") : null,
    );
  });
  return h(
    "div",
    { class: "markers" },
    legend,
    markers.length ? h("ol", { class: "marker-list" }, ...items) : h("p", { class: "muted" }, "No markers."),
  );
}

function toolTable(sessionId: string, tools: readonly ToolCall[], open: string | null): HTMLElement {
  if (tools.length === 0) return notice("No tool calls recorded for this session.");
  const rows = tools.map((t, i) => {
    const target = route(["session", sessionId], {
      tool: t.toolUseId || undefined,
      output: t.toolUseId ? undefined : (t.outputId ?? undefined),
    });
    const smaller =
      t.originalBytes !== null && t.shownBytes !== null && t.originalBytes > 0
        ? `−${Math.round((1 - t.shownBytes / t.originalBytes) * 100)}%`
        : "";
    return h(
      "tr",
      {
        "data-tool": t.toolUseId,
        class: [
          t.outputId !== null ? "filed" : "",
          open && open === t.toolUseId ? "open" : "",
          t.isError ? "error" : "",
        ]
          .filter(Boolean)
          .join(" "),
      },
      h("td", { "data-label": "#", class: "num" }, i + 1),
      h("td", { "data-label": "Time", "data-sort": t.calledAt ?? 0 }, t.calledAt ? clock(t.calledAt) : "–"),
      h(
        "td",
        { "data-label": "Tool" },
        h("a", { href: `#${target}` }, t.name),
        t.agentId ? h("span", { class: "tag" }, "subagent") : null,
        t.isError ? h("span", { class: "tag err" }, "error") : null,
      ),
      h("td", { "data-label": "Input", class: "input wide" }, h("code", {}, t.input)),
      numCell("Original", t.originalBytes ?? "", t.originalBytes !== null ? bytes(t.originalBytes) : "–"),
      numCell(
        "Shown",
        t.shownBytes ?? "",
        bytes(t.shownBytes),
        smaller ? h("span", { class: "saved" }, ` ${smaller}`) : null,
      ),
      h("td", { "data-label": "Compressor" }, t.compressor ?? ""),
    );
  });
  const heads = ["#", "Time", "Tool", "Input", "Original", "Shown", "Compressor"];
  return sortable(
    h("table", { class: "tools cards" }, thead(heads, ["#", "Original", "Shown"]), h("tbody", {}, ...rows)),
    "tools",
  );
}

/** Per output: what Claude Code alone would have shown, what was shown, read back, net. */
function outputsCard(outputs: readonly OutputFigures[]): HTMLElement {
  const heads = ["Output", "Tool", "Claude Code alone", "Shown", "Read back", "Net saved", "Command"];
  return h(
    "section",
    { class: "card", id: "figures" },
    h("h2", {}, "Saved per output (net of what was read back)"),
    sortable(
      h(
        "table",
        { class: "figures cards" },
        thead(heads, ["Claude Code alone", "Shown", "Read back", "Net saved"]),
        h(
          "tbody",
          {},
          ...outputs.map((o) =>
            h(
              "tr",
              { class: o.netBytes < 0 ? "cost" : null, "data-output": o.outputId ?? "" },
              h(
                "td",
                { "data-label": "Output" },
                o.outputId !== null ? `#${o.outputId}` : o.toolUseId ? "reference" : "other",
              ),
              h("td", { "data-label": "Tool" }, o.toolName || "–"),
              numCell(
                "Claude Code alone",
                o.counterfactualBytes,
                o.toolUseId ? bytes(o.counterfactualBytes) : "–",
              ),
              numCell("Shown", o.shownBytes, o.toolUseId ? bytes(o.shownBytes) : "–"),
              numCell(
                "Read back",
                o.retrievedBytes,
                o.retrievals ? `${bytes(o.retrievedBytes)} (${o.retrievals})` : "–",
              ),
              numCell("Net saved", o.netBytes, signedSize(o.netBytes)),
              h(
                "td",
                { "data-label": "Command", class: "input wide" },
                h("code", {}, o.label ?? (o.toolUseId ? "" : "detail, search, outputs not listed")),
                o.hiddenErrorsShown
                  ? h(
                      "span",
                      { class: "tag" },
                      `${o.hiddenErrorsShown} error line(s) Claude Code's preview would have hidden`,
                    )
                  : null,
              ),
            ),
          ),
        ),
      ),
      "figures",
    ),
  );
}

export async function sessionView(root: HTMLElement, r: Route): Promise<() => void> {
  const id = r.parts[1] ?? "";
  const d = await get<SessionDetail>(`sessions/${encodeURIComponent(id)}`);
  const s = d.session;
  const tool = r.params.get("tool");
  const output = r.params.get("output");
  root.append(
    h("p", { class: "crumbs" }, link(route(["sessions"]), "Sessions"), " / ", h("code", {}, shortId(s.id))),
    h(
      "h1",
      {},
      "Session ",
      h("code", { title: s.id }, shortId(s.id)),
      h("span", { class: "sub" }, ` ${baseName(s.projectDir)}`),
    ),
    h(
      "dl",
      { class: "stats" },
      stat("Project", baseName(s.projectDir), s.projectDir ?? ""),
      stat("Model", s.model ?? "?"),
      stat("Agent", agentName(s.agent)),
      stat("Started", when(s.startedAt)),
      stat("Duration", duration(s.durationMs)),
      stat("Peak context", pctBar(s.peakPct), `${tokens(s.peakTokens)} of ${tokens(s.windowTokens)} tokens`),
      stat("API responses", String(s.responses)),
      stat("Compactions", String(s.compactions)),
      stat("Warnings", String(s.warnings)),
      stat("Outputs filed", String(s.outputs)),
      stat(
        "Net saved (est.)",
        s.figures.outputs || s.figures.retrievals
          ? `≈ ${signedTokens(s.figures.netTokensEst)} tokens · ≈ ${usd(s.netUsdEst)}`
          : "–",
        `Claude Code alone ${bytes(s.figures.counterfactualBytes)} → shown ${bytes(s.figures.shownBytes)}, read back ${bytes(s.figures.retrievedBytes)}; tokens: bytes / 4, cost at the model's input price`,
      ),
    ),
  );
  let chart: ChartHandle | undefined;
  const chartBox = h(
    "section",
    { class: "card", "aria-label": "Context over time" },
    h("h2", {}, "Context used per API response"),
  );
  if (d.timeline.length === 0) chartBox.append(notice("No API responses recorded for this session yet."));
  else {
    chart = contextChart(d.timeline, d.markers, s.windowTokens);
    chartBox.append(chart.el);
  }
  chartBox.append(markerList(s.id, d.markers, chart?.offChart));
  root.append(chartBox);

  const toolsBox = h(
    "section",
    { class: "card", id: "tools" },
    h("h2", {}, `Tool calls (${d.tools.length})`),
  );
  if (tool || output) {
    const close = route(["session", s.id]);
    try {
      const v = tool
        ? await get<ToolView>(`sessions/${encodeURIComponent(s.id)}/tools/${encodeURIComponent(tool)}`)
        : await get<ToolView>(`outputs/${encodeURIComponent(output ?? "")}`);
      toolsBox.append(viewer(v, close));
    } catch (e) {
      toolsBox.append(notice((e as Error).message, "error"));
    }
  }
  toolsBox.append(toolTable(s.id, d.tools, tool));
  root.append(toolsBox);
  if (d.outputs.length) root.append(outputsCard(d.outputs));
  return () => chart?.destroy();
}
