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
export function sortable(table: HTMLTableElement, name: string): HTMLTableElement {
  table.dataset.table = name;
  const heads = [...table.querySelectorAll<HTMLTableCellElement>("thead th")];
  heads.forEach((th, column) => {
    const label = th.textContent ?? "";
    th.textContent = "";
    th.append(
      h(
        "button",
        {
          type: "button",
          class: "sort",
          onclick: () => {
            const was = remembered.get(name);
            const direction: Direction =
              was?.column === column && was.direction === "ascending" ? "descending" : "ascending";
            remembered.set(name, { column, direction });
            apply(table, column, direction);
          },
        },
        label,
      ),
    );
  });
  const was = remembered.get(name);
  if (was) apply(table, was.column, was.direction);
  return table;
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
