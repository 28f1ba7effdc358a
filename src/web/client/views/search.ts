/// <reference lib="dom" />
import type { ProjectItem, SearchHit, SearchResponse } from "../../types.ts";
import { get } from "../api.ts";
import { h, highlighted, notice } from "../dom.ts";
import { projectSelect } from "../filters.ts";
import { shortId, when } from "../format.ts";
import type { Route } from "../router.ts";
import { go, route } from "../router.ts";

export function searchForm(
  query: string,
  project: string | undefined,
  projects?: readonly string[],
): HTMLElement {
  const input = h("input", {
    type: "search",
    name: "q",
    value: query,
    placeholder: "Search conversations, tool calls and stored outputs",
    "aria-label": "Search",
    required: true,
  });
  let chosen = project;
  return h(
    "form",
    {
      class: "search",
      role: "search",
      onsubmit: (e: Event) => {
        e.preventDefault();
        if (input.value.trim()) go(route(["search"], { q: input.value.trim(), project: chosen }));
      },
    },
    input,
    projects ? projectSelect(projects, project, (p) => (chosen = p)) : null,
    h("button", { type: "submit" }, "Search"),
  );
}

function hitTarget(hit: SearchHit): string {
  if (hit.source === "output") return route(["output", String(hit.id)]);
  return route(["turn", hit.session, String(hit.turn ?? 0)]);
}

function what(hit: SearchHit): string {
  if (hit.source === "output") return `stored original #${hit.id} · ${hit.toolName ?? "tool"}`;
  const layer = hit.layer ? `L${hit.layer} ` : "";
  return `${layer}${hit.kind}${hit.toolName ? ` · ${hit.toolName}` : ""} · turn ${hit.turn ?? "?"}`;
}

export async function searchView(root: HTMLElement, r: Route): Promise<void> {
  const q = r.params.get("q") ?? "";
  const project = r.params.get("project") ?? undefined;
  const projects = await get<ProjectItem[]>("projects");
  root.append(
    h("h1", {}, "Search"),
    searchForm(
      q,
      project,
      projects.map((p) => p.dir),
    ),
  );
  if (!q) {
    root.append(
      notice(
        'Words are matched whole, all of them required; FTS5 syntax (OR, NOT, "phrases", prefix*) works too.',
      ),
    );
    return;
  }
  const res = await get<SearchResponse>("search", { q, project });
  if (res.hits.length === 0) {
    root.append(notice(`Nothing matches “${q}”.`));
    return;
  }
  root.append(
    h("p", { class: "muted" }, `${res.hits.length} best matches`),
    h(
      "ol",
      { class: "hits" },
      ...res.hits.map((hit) =>
        h(
          "li",
          { class: `hit ${hit.source}`, "data-source": hit.source, "data-id": hit.id },
          h(
            "a",
            { href: `#${hitTarget(hit)}` },
            h("span", { class: "what" }, what(hit)),
            hit.label ? h("code", { class: "label" }, hit.label) : null,
          ),
          h("div", { class: "sub" }, `${when(hit.at)} · session ${shortId(hit.session)}`),
          h("p", { class: "line" }, highlighted(hit.snippet, hit.marks)),
        ),
      ),
    ),
  );
}
