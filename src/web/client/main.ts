/// <reference lib="dom" />
import "uplot/dist/uPlot.min.css";
import "./style.css";
import "./views.css";
import "./narrow.css";
import type { ToolView } from "../types.ts";
import { get, signIn } from "./api.ts";
import { clear, h, link, notice } from "./dom.ts";
import { clock } from "./format.ts";
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

/**
 * Draws the current route's view. While it loads, the page says so (the view before
 * stays, dimmed). A quiet render is a live refresh of the same view: no loading
 * state, and the reader keeps their place on the page.
 */
async function render(nav: HTMLElement, main: HTMLElement, quiet = false): Promise<void> {
  const r = currentRoute();
  const entry = VIEWS[r.parts[0] ?? "sessions"] ?? VIEWS.sessions!;
  for (const a of nav.querySelectorAll<HTMLAnchorElement>("a")) {
    if (a.dataset.tab === entry.tab) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  const mine = ++generation;
  if (!quiet) loading(main, true);
  const next = h("div", { class: "view", "aria-busy": "true" });
  let done: (() => void) | undefined;
  try {
    const result = await entry.view(next, r);
    done = typeof result === "function" ? (result as () => void) : undefined;
    // A newer navigation started while this one loaded: it wins.
    if (mine !== generation) {
      done?.();
      return;
    }
  } catch (e) {
    if (mine !== generation) return;
    next.append(notice((e as Error).message, "error"));
  }
  undo?.();
  undo = done;
  next.removeAttribute("aria-busy");
  const y = window.scrollY;
  loading(main, false);
  clear(main);
  main.append(next);
  document.title = `cairn · ${next.querySelector("h1")?.textContent ?? "dashboard"}`;
  if (quiet) {
    window.scrollTo(0, y);
    return;
  }
  const focus = main.querySelector(".viewer");
  if (focus) focus.scrollIntoView({ block: "start" });
  else window.scrollTo(0, 0);
}

/** The loading state: a bar and "Loading…" above whatever is shown now. */
function loading(main: HTMLElement, on: boolean): void {
  main.querySelector(":scope > .loading")?.remove();
  if (on) {
    main.setAttribute("aria-busy", "true");
    main.prepend(h("div", { class: "loading", role: "status" }, "Loading…"));
  } else main.removeAttribute("aria-busy");
}

/** Views that follow what the hooks record as it happens. */
const LIVE = new Set(["sessions", "session"]);
const REFRESH_MS = 3000;
let seen: string | undefined;

/**
 * Live refresh: every few seconds, while the tab is visible, asks whether anything
 * changed (one small request) and redraws a live view only when it did.
 */
async function poll(nav: HTMLElement, main: HTMLElement, live: HTMLElement): Promise<void> {
  if (document.hidden) return;
  try {
    const { version } = await get<{ version: string }>("changes");
    live.dataset.version = version;
    live.textContent = `live · checked ${clock(Date.now())}`;
    if (seen === undefined || version === seen) {
      seen = version;
      return;
    }
    if (!LIVE.has(currentRoute().parts[0] ?? "sessions")) {
      seen = version;
      return;
    }
    // Not while a view loads or the reader types in a filter or search box: the change
    // stays unseen, and a later check redraws.
    const typing =
      main.contains(document.activeElement) &&
      /^(INPUT|SELECT|TEXTAREA)$/.test(document.activeElement?.tagName ?? "");
    if (main.hasAttribute("aria-busy") || typing) return;
    seen = version;
    await render(nav, main, true);
  } catch {
    live.textContent = "live · paused (the dashboard's server did not answer)";
  }
}

async function start(): Promise<void> {
  const { nav, main } = shell();
  const problem = await signIn();
  if (problem) {
    main.append(notice(problem, "error"));
    return;
  }
  const live = h("span", { class: "live", role: "status", "aria-live": "off" }, "live");
  document.querySelector("header.top")?.append(live);
  window.addEventListener("hashchange", () => void render(nav, main));
  void render(nav, main);
  void poll(nav, main, live);
  setInterval(() => void poll(nav, main, live), REFRESH_MS);
}

void start();
