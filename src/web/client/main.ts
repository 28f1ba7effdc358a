/// <reference lib="dom" />
import "uplot/dist/uPlot.min.css";
import "./style.css";
import type { ToolView } from "../types.ts";
import { get } from "./api.ts";
import { clear, h, link, notice } from "./dom.ts";
import { currentRoute, type Route, route } from "./router.ts";
import { memoryView, turnView } from "./views/memory.ts";
import { savingsView } from "./views/savings.ts";
import { searchView } from "./views/search.ts";
import { sessionView } from "./views/session.ts";
import { sessionsView } from "./views/sessions.ts";
import { viewer } from "./views/viewer.ts";

/** A view fills the main element; it may return what to undo when the page moves on. */
type View = (root: HTMLElement, r: Route) => Promise<unknown>;

async function outputView(root: HTMLElement, r: Route): Promise<void> {
  const v = await get<ToolView>(`outputs/${encodeURIComponent(r.parts[1] ?? "")}`);
  root.append(viewer(v));
}

const VIEWS: Record<string, { view: View; tab: string }> = {
  sessions: { view: sessionsView, tab: "sessions" },
  session: { view: sessionView, tab: "sessions" },
  output: { view: outputView, tab: "search" },
  memory: { view: memoryView, tab: "memory" },
  turn: { view: turnView, tab: "memory" },
  search: { view: searchView, tab: "search" },
  savings: { view: savingsView, tab: "savings" },
};

const TABS = [
  ["sessions", "Sessions"],
  ["memory", "Memory"],
  ["search", "Search"],
  ["savings", "Savings"],
] as const;

function shell(): { nav: HTMLElement; main: HTMLElement } {
  const app = document.getElementById("app")!;
  clear(app);
  const nav = h(
    "nav",
    { "aria-label": "Views" },
    ...TABS.map(([id, label]) => h("a", { href: `#${route([id])}`, "data-tab": id }, label)),
  );
  const main = h("main", { id: "view", tabindex: -1 });
  app.append(
    h("header", { class: "top" }, link(route(["sessions"]), h("span", { class: "logo" }, "cairn")), nav),
    main,
  );
  return { nav, main };
}

let undo: (() => void) | undefined;
let generation = 0;

async function render(nav: HTMLElement, main: HTMLElement): Promise<void> {
  const r = currentRoute();
  const entry = VIEWS[r.parts[0] ?? "sessions"] ?? VIEWS.sessions!;
  for (const a of nav.querySelectorAll<HTMLAnchorElement>("a")) {
    if (a.dataset.tab === entry.tab) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  undo?.();
  undo = undefined;
  const mine = ++generation;
  const next = h("div", { class: "view", "aria-busy": "true" });
  try {
    const result = await entry.view(next, r);
    const done = typeof result === "function" ? (result as () => void) : undefined;
    // A newer navigation started while this one loaded: it wins.
    if (mine !== generation) {
      done?.();
      return;
    }
    undo = done;
  } catch (e) {
    if (mine !== generation) return;
    next.append(notice((e as Error).message, "error"));
  }
  next.removeAttribute("aria-busy");
  clear(main);
  main.append(next);
  document.title = `cairn · ${next.querySelector("h1")?.textContent ?? "dashboard"}`;
  const focus = main.querySelector(".viewer");
  if (focus) focus.scrollIntoView({ block: "start" });
  else window.scrollTo(0, 0);
}

const { nav, main } = shell();
window.addEventListener("hashchange", () => void render(nav, main));
void render(nav, main);
