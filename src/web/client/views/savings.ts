/// <reference lib="dom" />
import type { ProjectItem, SavingsOverTime, SavingsResponse, SavingsRow } from "../../types.ts";
import { get } from "../api.ts";
import { h, notice, numCell, thead } from "../dom.ts";
import { filterBar, filterOf, filterParams } from "../filters.ts";
import { bytes, int, tokens, usd } from "../format.ts";
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

function table(
  title: string,
  first: string,
  rows: readonly SavingsRow[],
  extra?: (r: SavingsRow) => string,
): HTMLElement {
  const heads = [
    first,
    "Outputs",
    "Original",
    "Shown",
    "Saved",
    "≈ Tokens saved",
    "≈ Cost saved",
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
              {},
              h("td", { "data-label": first }, h("code", {}, r.key)),
              numCell("Outputs", r.outputs, int(r.outputs)),
              numCell("Original", r.originalBytes, bytes(r.originalBytes)),
              numCell("Shown", r.shownBytes, bytes(r.shownBytes)),
              numCell("Saved", r.savedBytes, bytes(r.savedBytes)),
              numCell("≈ Tokens saved", r.savedTokensEst, tokens(r.savedTokensEst)),
              numCell("≈ Cost saved", r.savedUsdEst, usd(r.savedUsdEst)),
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

/** Today, this week, and a bar a day for the last two weeks (tokens saved, estimated). */
function overTimeCard(o: SavingsOverTime): HTMLElement {
  const peak = Math.max(1, ...o.days.map((d) => d.savedTokensEst));
  const bars = o.days.map((d, i) => {
    const [y, m, dd] = d.day.split("-").map(Number) as [number, number, number];
    const weekday = WEEKDAY[new Date(y, m - 1, dd).getDay()];
    const col = h("span", { class: "col" });
    // The CSP forbids style attributes in markup, not the CSSOM.
    col.style.height = `${Math.round((d.savedTokensEst / peak) * 100)}%`;
    const today = i === o.days.length - 1;
    return h(
      "li",
      {
        class: today ? "today" : null,
        "data-day": d.day,
        "data-tokens": d.savedTokensEst,
        title: `${d.day}: ${int(d.outputs)} outputs, ${bytes(d.savedBytes)} saved, ≈ ${tokens(d.savedTokensEst)} tokens, ≈ ${usd(d.savedUsdEst)}`,
      },
      h("span", { class: "v" }, d.savedTokensEst ? tokens(d.savedTokensEst) : ""),
      col,
      h("span", { class: "d" }, today ? "today" : `${weekday} ${dd}`),
    );
  });
  return h(
    "section",
    { class: "card over-time", "aria-label": "Saved over time" },
    h("h2", {}, "Saved over time"),
    h(
      "dl",
      { class: "stats recent" },
      card(
        "Today",
        `≈ ${tokens(o.today.savedTokensEst)}`,
        `tokens saved · ${int(o.today.outputs)} outputs · ≈ ${usd(o.today.savedUsdEst)}`,
      ),
      card(
        "This week",
        `≈ ${tokens(o.week.savedTokensEst)}`,
        `tokens saved since Monday · ${int(o.week.outputs)} outputs · ≈ ${usd(o.week.savedUsdEst)}`,
      ),
    ),
    h("ol", { class: "days", "aria-label": "Tokens saved per day, last 14 days" }, ...bars),
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
      card("Outputs filed", int(t.outputs)),
      card("Bytes saved", bytes(t.savedBytes), `${bytes(t.originalBytes)} → ${bytes(t.shownBytes)}`),
      card("Tokens saved", `≈ ${tokens(t.savedTokensEst)}`, `estimate: ${s.bytesPerToken} bytes a token`),
      card("Cost saved", `≈ ${usd(t.savedUsdEst)}`, "estimate: input price, counted once"),
    ),
  );
  if (t.outputs === 0) {
    root.append(notice("No outputs filed in this range: nothing large enough to shorten yet."));
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
      h("summary", {}, "How the estimates are made"),
      h(
        "p",
        {},
        `Bytes are measured. Tokens are estimated as bytes / ${s.bytesPerToken}. Cost is the estimated tokens times the session model's input price per million tokens, counted once (a token kept out of the context would also have been re-read from the cache on every later turn, so the real saving is larger).`,
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
