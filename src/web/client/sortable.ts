/// <reference lib="dom" />
import { h } from "./dom.ts";

type Direction = "ascending" | "descending";

/** The sort each table was left in (by its data-table name), kept across live refreshes. */
const remembered = new Map<string, { column: number; direction: Direction }>();

/**
 * Makes a table sortable by any column: each heading becomes a button; a click sorts
 * by that column, a second click the other way. A cell sorts by its data-sort value
 * (the raw number behind "1.2 KB" or "351k") or else its text; numbers as numbers.
 */
export function sortable(table: HTMLTableElement, name: string): HTMLElement {
  table.dataset.table = name;
  const heads = [...table.querySelectorAll<HTMLTableCellElement>("thead th")];
  const labels = heads.map((th) => th.textContent ?? "");
  // A narrow window shows rows as cards, without the headings: the same sort from a list.
  const select = h(
    "select",
    {
      class: "sort-by",
      "aria-label": "Sort by",
      onchange: () => {
        const column = Number(select.value);
        if (select.value === "" || !Number.isInteger(column)) return;
        sortBy(
          column,
          remembered.get(name)?.column === column ? remembered.get(name)!.direction : "ascending",
        );
      },
    },
    h("option", { value: "" }, "Sort by…"),
    ...labels.map((l, i) => h("option", { value: i }, l)),
  );
  const flip = h(
    "button",
    {
      type: "button",
      class: "sort-dir",
      "aria-label": "Reverse the order",
      onclick: () => {
        const was = remembered.get(name);
        if (was) sortBy(was.column, was.direction === "ascending" ? "descending" : "ascending");
      },
    },
    "⇅",
  );
  const sortBy = (column: number, direction: Direction) => {
    remembered.set(name, { column, direction });
    apply(table, column, direction);
    select.value = String(column);
  };
  heads.forEach((th, column) => {
    th.textContent = "";
    th.append(
      h(
        "button",
        {
          type: "button",
          class: "sort",
          onclick: () => {
            const was = remembered.get(name);
            sortBy(
              column,
              was?.column === column && was.direction === "ascending" ? "descending" : "ascending",
            );
          },
        },
        labels[column],
      ),
    );
  });
  const was = remembered.get(name);
  if (was) sortBy(was.column, was.direction);
  return h("div", { class: "sortable" }, h("div", { class: "sort-bar" }, select, flip), table);
}

function apply(table: HTMLTableElement, column: number, direction: Direction): void {
  const body = table.tBodies[0];
  if (!body) return;
  const rows = [...body.rows];
  const keys = rows.map((r) => sortKey(r.cells[column]));
  const numeric = keys.every((k) => k === "" || Number.isFinite(Number(k)));
  const order = rows.map((_, i) => i);
  order.sort((a, b) => {
    const x = keys[a]!;
    const y = keys[b]!;
    const c = numeric ? Number(x || 0) - Number(y || 0) : x.localeCompare(y);
    return (direction === "ascending" ? c : -c) || a - b;
  });
  for (const i of order) body.appendChild(rows[i]!);
  table.querySelectorAll<HTMLTableCellElement>("thead th").forEach((th, i) => {
    if (i === column) th.setAttribute("aria-sort", direction);
    else th.removeAttribute("aria-sort");
  });
}

function sortKey(cell: HTMLTableCellElement | undefined): string {
  if (!cell) return "";
  return cell.dataset.sort ?? (cell.textContent ?? "").trim();
}
