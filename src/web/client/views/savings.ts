/// <reference lib="dom" />
import type { ProjectItem, SavingsOverTime, SavingsResponse, SavingsRow } from "../../types.ts";
import { get } from "../api.ts";
import { h, notice, numCell, thead } from "../dom.ts";
import { filterBar, filterOf, filterParams } from "../filters.ts";
import { bytes, int, signedSize, signedTokens, usd } from "../format.ts";
import type { Route } from "../router.ts";
import { sortable } from "../sortable.ts";

function card(label: string, value: string, note?: string): HTMLElement {
  return h(
    "div",
    { class: "stat big" },
    h("dt", {}, label),
    h("dd", {}, value),
    note ? h("small", {}, note) : null,
  );
}

/** "≈ 12k" or "≈ −3k": net tokens, an estimate. */
const netTokens = (r: { netTokensEst: number }) => `≈ ${signedTokens(r.netTokensEst)}`;

function table(
  title: string,
  first: string,
  rows: readonly SavingsRow[],
  extra?: (r: SavingsRow) => string,
): HTMLElement {
  const heads = [
    first,
    "Outputs",
    "Claude Code alone",
    "Shown",
    "Read back",
    "Net saved",
    "≈ Net tokens",
    "≈ Net cost",
    "Shown more",
    ...(extra ? ["Input price"] : []),
  ];
  return h(
    "section",
    { class: "card" },
    h("h2", {}, title),
    sortable(
      h(
        "table",
        { class: "savings cards", "data-by": first.toLowerCase() },
        thead(heads, heads.slice(1)),
        h(
          "tbody",
          {},
          ...rows.map((r) =>
            h(
              "tr",
              { class: r.netBytes < 0 ? "cost" : null },
              h("td", { "data-label": first }, h("code", {}, r.key)),
              numCell("Outputs", r.outputs, int(r.outputs)),
              numCell("Claude Code alone", r.counterfactualBytes, bytes(r.counterfactualBytes)),
              numCell("Shown", r.shownBytes, bytes(r.shownBytes)),
              numCell("Read back", r.retrievedBytes, `${bytes(r.retrievedBytes)} (${int(r.retrievals)})`),
              numCell("Net saved", r.netBytes, signedSize(r.netBytes)),
              numCell("≈ Net tokens", r.netTokensEst, netTokens(r)),
              numCell("≈ Net cost", r.netUsdEst, usd(r.netUsdEst)),
              numCell("Shown more", r.moreThanAlone, int(r.moreThanAlone)),
              extra ? h("td", { "data-label": "Input price", class: "num" }, extra(r)) : null,
            ),
          ),
        ),
      ),
      `savings-${first.toLowerCase()}`,
    ),
  );
}

const WEEKDAY = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** Today, this week, and a bar a day for the last two weeks (net tokens saved, estimated). */
function overTimeCard(o: SavingsOverTime): HTMLElement {
  const peak = Math.max(1, ...o.days.map((d) => Math.abs(d.netTokensEst)));
  const bars = o.days.map((d, i) => {
    const [y, m, dd] = d.day.split("-").map(Number) as [number, number, number];
    const weekday = WEEKDAY[new Date(y, m - 1, dd).getDay()];
    const col = h("span", { class: d.netTokensEst < 0 ? "col cost" : "col" });
    // The CSP forbids style attributes in markup, not the CSSOM.
    col.style.height = `${Math.round((Math.abs(d.netTokensEst) / peak) * 100)}%`;
    const today = i === o.days.length - 1;
    return h(
      "li",
      {
        class: today ? "today" : null,
        "data-day": d.day,
        "data-tokens": d.netTokensEst,
        title: `${d.day}: ${int(d.outputs)} outputs, Claude Code alone ${bytes(d.counterfactualBytes)} → shown ${bytes(d.shownBytes)}, read back ${bytes(d.retrievedBytes)}: net ${signedSize(d.netBytes)}, ≈ ${signedTokens(d.netTokensEst)} tokens, ≈ ${usd(d.netUsdEst)}`,
      },
      h("span", { class: "v" }, d.netTokensEst ? signedTokens(d.netTokensEst) : ""),
      col,
      h("span", { class: "d" }, today ? "today" : `${weekday} ${dd}`),
    );
  });
  const note = (r: SavingsRow, since: string) =>
    `tokens saved net${since} · ${int(r.outputs)} outputs · ${bytes(r.retrievedBytes)} read back · ≈ ${usd(r.netUsdEst)}`;
  return h(
    "section",
    { class: "card over-time", "aria-label": "Saved over time" },
    h("h2", {}, "Saved over time (net of what was read back)"),
    h(
      "dl",
      { class: "stats recent" },
      card("Today", netTokens(o.today), note(o.today, "")),
      card("This week", netTokens(o.week), note(o.week, " since Monday")),
    ),
    h("ol", { class: "days", "aria-label": "Net tokens saved per day, last 14 days" }, ...bars),
  );
}

export async function savingsView(root: HTMLElement, r: Route): Promise<void> {
  const f = filterOf(r);
  const [s, projects] = await Promise.all([
    get<SavingsResponse>("savings", filterParams(f)),
    get<ProjectItem[]>("projects"),
  ]);
  root.append(
    h("h1", {}, "Savings"),
    filterBar(
      "savings",
      f,
      projects.map((p) => p.dir),
    ),
  );
  root.append(overTimeCard(s.overTime));
  const t = s.total;
  root.append(
    h(
      "dl",
      { class: "stats totals" },
      card("Outputs", int(t.outputs), `${int(t.changed)} changed by cairn`),
      card(
        "Net saved",
        signedSize(t.netBytes),
        `Claude Code alone ${bytes(t.counterfactualBytes)} → shown ${bytes(t.shownBytes)}; read back ${bytes(t.retrievedBytes)}`,
      ),
      card("Net tokens", netTokens(t), `estimate: ${s.bytesPerToken} bytes a token`),
      card("Net cost", `≈ ${usd(t.netUsdEst)}`, "estimate: input price, counted once"),
      card(
        "Shown more than alone",
        int(t.moreThanAlone),
        `error lines shown that Claude Code's preview would have hidden: ${int(t.hiddenErrorsShown)}`,
      ),
    ),
  );
  if (t.outputs === 0 && t.retrievals === 0) {
    root.append(notice("No tool outputs counted in this range yet."));
  } else {
    const price = new Map(s.byModel.map((m) => [m.key, m.usdPerMTok]));
    root.append(
      table("By tool", "Tool", s.byTool),
      table("By compressor", "Compressor", s.byCompressor),
      table("By model", "Model", s.byModel, (m) => `$${price.get(m.key) ?? "?"} / MTok`),
    );
  }
  root.append(
    h(
      "details",
      { class: "card prices" },
      h("summary", {}, "How the figures and estimates are made"),
      h("p", {}, s.method),
      h(
        "p",
        {},
        "Cost counts each token once: a token kept out of the context would also have been re-read from the cache on every later turn.",
      ),
      h(
        "table",
        { class: "plain" },
        h("thead", {}, h("tr", {}, h("th", {}, "Model family"), h("th", {}, "Input, USD / MTok"))),
        h(
          "tbody",
          {},
          ...s.prices.map((p) =>
            h("tr", {}, h("td", {}, p.family), h("td", { class: "num" }, `$${p.usdPerMTok}`)),
          ),
        ),
      ),
    ),
  );
}
