/// <reference lib="dom" />
import { h } from "./dom.ts";
import { baseName, dayStart } from "./format.ts";
import { go, type Route, route } from "./router.ts";

/** The project and date filters of a view, read from and written to its route. */
interface Filter {
  readonly project?: string | undefined;
  /** Local dates "YYYY-MM-DD", inclusive. */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

export function filterOf(r: Route): Filter {
  return {
    project: r.params.get("project") ?? undefined,
    from: r.params.get("from") ?? undefined,
    to: r.params.get("to") ?? undefined,
  };
}

/** The filter as API parameters: dates become the local midnights that bound them. */
export function filterParams(f: Filter): Record<string, string | number | undefined> {
  return {
    project: f.project,
    from: f.from ? dayStart(f.from) : undefined,
    to: f.to ? dayStart(f.to, true) : undefined,
  };
}

export function projectSelect(
  projects: readonly string[],
  selected: string | undefined,
  onChange: (project: string | undefined) => void,
  allLabel = "All projects",
): HTMLSelectElement {
  const select = h(
    "select",
    { name: "project", "aria-label": "Project", onchange: () => onChange(select.value || undefined) },
    h("option", { value: "" }, allLabel),
    ...projects.map((p) => h("option", { value: p, title: p, selected: p === selected }, baseName(p))),
  );
  return select;
}

/** The filter bar: project, from, to; a change rewrites the route, which renders the view again. */
export function filterBar(view: string, f: Filter, projects: readonly string[]): HTMLElement {
  const set = (next: Filter) => go(route([view], { ...f, ...next }));
  const date = (name: "from" | "to", label: string) =>
    h(
      "label",
      {},
      h("span", {}, label),
      h("input", {
        type: "date",
        name,
        value: f[name] ?? "",
        onchange: (e: Event) => set({ [name]: (e.target as HTMLInputElement).value || undefined }),
      }),
    );
  return h(
    "form",
    { class: "filters", onsubmit: (e: Event) => e.preventDefault() },
    h(
      "label",
      {},
      h("span", {}, "Project"),
      projectSelect(projects, f.project, (project) => set({ project })),
    ),
    date("from", "From"),
    date("to", "To"),
    f.project || f.from || f.to
      ? h("a", { class: "reset", href: `#${route([view])}` }, "Clear filters")
      : null,
  );
}
