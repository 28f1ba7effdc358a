/// <reference lib="dom" />
import type { ChainItem, MemoryResponse, ProjectItem, TurnDetail } from "../../types.ts";
import { get } from "../api.ts";
import { h, link, notice } from "../dom.ts";
import { projectSelect } from "../filters.ts";
import { shortId, when } from "../format.ts";
import type { Route } from "../router.ts";
import { go, route } from "../router.ts";
import { searchForm } from "./search.ts";

/**
 * STATE.md as a page: headings, list items and paragraphs, each line as text (a
 * notebook is the agent's own writing; nothing in it is ever treated as markup).
 */
function notebook(text: string): HTMLElement {
  const out = h("div", { class: "notebook" });
  let list: HTMLUListElement | null = null;
  // Comments are the template's guidance for the agent, not notes: the raw file shows them.
  const visible = text.replace(/<!--[\s\S]*?-->/g, "");
  for (const line of visible.split("\n")) {
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (item) {
      list ??= out.appendChild(h("ul"));
      list.append(h("li", {}, item[1] ?? ""));
      continue;
    }
    list = null;
    if (heading) {
      const level = Math.min(6, (heading[1] ?? "#").length + 2) as 3 | 4 | 5 | 6;
      out.append(h(`h${level}`, {}, heading[2] ?? ""));
    } else if (line.trim()) out.append(h("p", {}, line));
  }
  return out;
}

const KIND: Record<string, string> = { user: "User", assistant: "Assistant", memo: "In-flight memo" };

function chainView(c: ChainItem): HTMLElement {
  return h(
    "section",
    { class: "card chain", "data-owner": c.owner },
    h(
      "h3",
      {},
      "Memory of session ",
      link(route(["session", c.owner]), h("code", {}, shortId(c.owner))),
      c.merged.length
        ? h("span", { class: "sub" }, ` (continues ${c.merged.map(shortId).join(", ")} by handoff)`)
        : null,
    ),
    h(
      "ol",
      { class: "timeline" },
      ...c.turns.map((t) =>
        h(
          "li",
          { "data-turn": t.turn },
          h(
            "details",
            {},
            h(
              "summary",
              {},
              h("span", { class: "turn" }, `T${t.turn}`),
              h("time", {}, when(t.at)),
              t.origin !== c.owner ? h("code", { class: "sub" }, shortId(t.origin)) : null,
              h("span", { class: "l1", title: `L1 by ${t.summaryBy}` }, t.summary),
            ),
            h(
              "div",
              { class: "l2" },
              ...t.conversation.map((m) =>
                h("div", { class: `said ${m.kind}` }, h("strong", {}, `${KIND[m.kind] ?? m.kind}: `), m.text),
              ),
              h(
                "p",
                { class: "sub" },
                `${t.tools} tool call${t.tools === 1 ? "" : "s"} · `,
                link(route(["turn", t.origin, String(t.turn)]), "details (L3)"),
              ),
            ),
          ),
        ),
      ),
    ),
    c.olderTurns ? h("p", { class: "muted" }, `${c.olderTurns} older turns not shown.`) : null,
  );
}

export async function memoryView(root: HTMLElement, r: Route): Promise<void> {
  const projects = await get<ProjectItem[]>("projects");
  root.append(h("h1", {}, "Memory"));
  if (projects.length === 0) {
    root.append(notice("No project has memory yet."));
    return;
  }
  const project = r.params.get("project") ?? projects[0]!.dir;
  root.append(
    h(
      "form",
      { class: "filters", onsubmit: (e: Event) => e.preventDefault() },
      h(
        "label",
        {},
        h("span", {}, "Project"),
        projectSelect(
          projects.map((p) => p.dir),
          project,
          (p) => go(route(["memory"], { project: p })),
          "Choose a project",
        ),
      ),
    ),
    searchForm("", project),
  );
  const m = await get<MemoryResponse>("memory", { project });
  root.append(
    h(
      "div",
      { class: "memory-grid" },
      h(
        "section",
        { class: "card", "aria-label": "Notebook" },
        h("h2", {}, "STATE.md ", h("span", { class: "sub", title: m.notebookPath }, m.notebookPath)),
        ...(m.notebook === null
          ? [notice("This project has no notebook yet.")]
          : [
              notebook(m.notebook),
              h("details", { class: "raw" }, h("summary", {}, "The file as it is"), h("pre", {}, m.notebook)),
            ]),
      ),
      h(
        "section",
        { "aria-label": "Timeline" },
        h("h2", {}, "Timeline"),
        h(
          "p",
          { class: "muted" },
          "Each turn's one-line summary (L1), newest first; open one for the conversation (L2).",
        ),
        ...(m.chains.length ? m.chains.map(chainView) : [notice("No memory recorded for this project yet.")]),
      ),
    ),
  );
}

export async function turnView(root: HTMLElement, r: Route): Promise<void> {
  const session = r.parts[1] ?? "";
  const turn = r.parts[2] ?? "";
  const d = await get<TurnDetail>("turn", { session, turn });
  root.append(
    h("p", { class: "crumbs" }, link(route(["memory"]), "Memory"), " / turn ", String(d.turn)),
    h(
      "h1",
      {},
      `Turn ${d.turn} `,
      h("span", { class: "sub" }, "of session "),
      link(route(["session", session]), h("code", {}, shortId(session))),
    ),
    d.text ? h("pre", { class: "detail", tabindex: 0 }, d.text) : notice("Nothing recorded for this turn."),
  );
}
