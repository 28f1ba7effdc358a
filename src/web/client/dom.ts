/// <reference lib="dom" />

/**
 * Building the page. Every piece of data reaches the DOM as a text node, never as
 * markup, so whatever a tool output holds (HTML, scripts) is shown, not run.
 */

type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | ((e: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === "function") el.addEventListener(name.replace(/^on/, ""), value);
    else if (name === "class") el.className = String(value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el: Node, children: (Child | Child[])[]): void {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
}

/** A number's cell in a sortable table: labelled for the narrow layout, sorted by `sort`, not its text. */
export function numCell(
  label: string,
  sort: number | string,
  ...children: (Child | Child[])[]
): HTMLTableCellElement {
  return h("td", { "data-label": label, class: "num", "data-sort": sort }, ...children);
}

export function clear(el: Element): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}

/** A line with its matches ([start, end) offsets) as text with <mark>s. */
export function highlighted(line: string, marks: readonly (readonly [number, number])[]): HTMLElement {
  const out = h("span", { class: "snippet" });
  let at = 0;
  for (const [from, to] of [...marks].sort((a, b) => a[0] - b[0])) {
    if (from < at) continue;
    if (from > at) out.append(line.slice(at, from));
    out.append(h("mark", {}, line.slice(from, to)));
    at = to;
  }
  if (at < line.length) out.append(line.slice(at));
  return out;
}

/** A link inside the app (hash routes). */
export function link(route: string, ...children: (Child | Child[])[]): HTMLAnchorElement {
  return h("a", { href: `#${route}` }, ...children);
}

export function notice(text: string, kind: "info" | "error" = "info"): HTMLElement {
  return h("p", { class: `notice ${kind}`, role: kind === "error" ? "alert" : "status" }, text);
}

/** A table head; the columns named in `numeric` are right-aligned like their cells. */
export function thead(cols: readonly string[], numeric: readonly string[] = []): HTMLTableSectionElement {
  return h(
    "thead",
    {},
    h("tr", {}, ...cols.map((c) => h("th", { scope: "col", class: numeric.includes(c) ? "num" : null }, c))),
  );
}
