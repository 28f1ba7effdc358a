/// <reference lib="dom" />
import type { SessionItem, SessionsResponse } from "../../types.ts";
import { get } from "../api.ts";
import { h, link, notice, numCell, thead } from "../dom.ts";
import { filterBar, filterOf, filterParams } from "../filters.ts";
import { agentName, baseName, bytes, duration, shortId, signedTokens, tokens, usd, when } from "../format.ts";
import type { Route } from "../router.ts";
import { route } from "../router.ts";
import { sortable } from "../sortable.ts";
import { teamSessions } from "./team.ts";

/** A bar of 0..100 percent, coloured by how full it is. */
export function pctBar(pct: number | null): HTMLElement {
  if (pct === null) return h("span", { class: "muted" }, "–");
  const level = pct >= 75 ? "crit" : pct >= 65 ? "warn" : "ok";
  const fill = h("span", { class: "fill" });
  // The CSP forbids style attributes in markup, not the CSSOM.
  fill.style.width = `${Math.max(2, Math.min(100, pct))}%`;
  return h(
    "span",
    { class: "pct" },
    h("span", { class: `bar ${level}`, "aria-hidden": "true" }, fill),
    `${pct}%`,
  );
}

function sessionRow(s: SessionItem): HTMLTableRowElement {
  const open = route(["session", s.id]);
  return h(
    "tr",
    { "data-session": s.id },
    h(
      "td",
      { "data-label": "Session", class: "wide", "data-sort": s.startedAt },
      link(open, h("code", {}, shortId(s.id))),
      h("div", { class: "sub" }, when(s.startedAt)),
    ),
    h("td", { "data-label": "Project", title: s.projectDir ?? "" }, baseName(s.projectDir)),
    h("td", { "data-label": "Model", title: agentName(s.agent) }, s.model ?? "?"),
    numCell("Duration", s.durationMs, duration(s.durationMs)),
    h(
      "td",
      {
        "data-label": "Peak context",
        "data-sort": s.peakPct ?? "",
        title: s.peakTokens !== null ? `${tokens(s.peakTokens)} of ${tokens(s.windowTokens)}` : "",
      },
      pctBar(s.peakPct),
    ),
    h(
      "td",
      {
        "data-label": "Net saved (est.)",
        class: "num",
        "data-sort": s.figures.netTokensEst,
        title: `Claude Code alone ${bytes(s.figures.counterfactualBytes)} → shown ${bytes(s.figures.shownBytes)}, read back ${bytes(s.figures.retrievedBytes)}; ${s.outputs} outputs filed; ≈ ${usd(s.netUsdEst)}`,
      },
      s.figures.outputs || s.figures.retrievals ? `≈ ${signedTokens(s.figures.netTokensEst)} tok` : "–",
    ),
    h("td", { "data-label": "Compactions", class: "num" }, s.compactions),
    h("td", { "data-label": "Warnings", class: "num" }, s.warnings),
  );
}

export async function sessionsView(root: HTMLElement, r: Route): Promise<void> {
  const f = filterOf(r);
  const data = await get<SessionsResponse>("sessions", filterParams(f));
  root.append(h("h1", {}, "Sessions"), filterBar("sessions", f, data.projects));
  if (data.sessions.length === 0) {
    root.append(
      notice(
        f.project || f.from || f.to
          ? "No sessions match these filters."
          : "No sessions recorded yet. They appear once Claude Code runs with cairn installed.",
      ),
      ...(await teamSessions()),
    );
    return;
  }
  const heads = [
    "Session",
    "Project",
    "Model",
    "Duration",
    "Peak context",
    "Net saved (est.)",
    "Compactions",
    "Warnings",
  ];
  root.append(
    sortable(
      h(
        "table",
        { class: "sessions cards" },
        thead(heads, ["Duration", "Net saved (est.)", "Compactions", "Warnings"]),
        h("tbody", {}, ...data.sessions.map(sessionRow)),
      ),
      "sessions",
    ),
    ...(data.more
      ? [notice("Showing the most recent sessions; filter by project or date to see older ones.")]
      : []),
    h(
      "p",
      { class: "foot" },
      "Peak context is measured (input and cache tokens of the largest API response). Net saved: what Claude Code alone would have shown of tool outputs, minus what the model was shown, minus what reading originals back cost; tokens are estimated from bytes (4 bytes a token).",
    ),
    ...(await teamSessions()),
  );
}
