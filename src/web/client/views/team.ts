/// <reference lib="dom" />
import type { TeamSessionItem } from "../../../team/dashboard.ts";
import { get } from "../api.ts";
import { h, thead } from "../dom.ts";
import { duration, shortId, when } from "../format.ts";

/**
 * Teammates' sessions (other machines, from the team store's last pull), shown under
 * your own. Nothing at all when team memory is off or nobody shared anything yet.
 */
export async function teamSessions(): Promise<HTMLElement[]> {
  let sessions: TeamSessionItem[];
  let cli: string;
  try {
    ({ sessions, cli } = await get<{ sessions: TeamSessionItem[]; cli: string }>("team/sessions"));
  } catch {
    return [];
  }
  if (sessions.length === 0) return [];
  const row = (s: TeamSessionItem) =>
    h(
      "tr",
      { "data-team-session": s.session },
      h(
        "td",
        { "data-label": "Session", class: "wide" },
        h("code", {}, shortId(s.session)),
        h("div", { class: "sub" }, when(s.firstAt)),
      ),
      h("td", { "data-label": "Who" }, `${s.user}@${s.machine}`),
      h("td", { "data-label": "Project", title: s.project }, s.project),
      h("td", { "data-label": "Duration", class: "num" }, duration(Math.max(0, s.lastAt - s.firstAt))),
      h(
        "td",
        { "data-label": "Last turn" },
        s.lastSummary ?? "–",
        s.handoff ? h("div", { class: "sub" }, "handed off") : null,
      ),
    );
  return [
    h("h2", {}, "Teammates' sessions"),
    h(
      "table",
      { class: "sessions cards team" },
      thead(["Session", "Who", "Project", "Duration", "Last turn"], ["Duration"]),
      h("tbody", {}, ...sessions.map(row)),
    ),
    h(
      "p",
      { class: "foot" },
      `From the team store (team.url), as of the last pull: \`${cli} team sync\` pulls now; \`${cli} search --team\` searches it.`,
    ),
  ];
}
