import { formatAgo } from "../core/format.ts";
import { visibleLine } from "../core/terminal-text.ts";
import { bar, clip, clock, shortId, shortTokens } from "./format.ts";

/** One session as `cairn monitor` shows it. */
export interface MonitorRow {
  readonly id: string;
  readonly project: string;
  readonly model: string | null;
  readonly usedPct: number | null;
  readonly remainingPct: number | null;
  readonly usedTokens: number | null;
  readonly windowTokens: number | null;
  /** The latest sign of life: a hook, a statusline refresh, a response. */
  readonly updatedAt: number;
  readonly ended: boolean;
}

export interface FrameOptions {
  readonly width: number;
  readonly height: number;
  readonly now: number;
  readonly warnPct: number;
  readonly criticalPct: number;
  readonly color: boolean;
  /** Shown in the header: which sessions are listed. */
  readonly listed: "active" | "recent";
}

const ANSI = { red: 31, yellow: 33, green: 32, dim: 2, bold: 1 } as const;
type Tone = keyof typeof ANSI;

interface Cell {
  readonly text: string;
  readonly tone?: Tone | undefined;
}

/**
 * One screen of the monitor: a header and one line per session, every line at most
 * `width` cells (so a narrow terminal never wraps and scrambles the layout) and at
 * most `height` lines (so the screen never scrolls). Columns are dropped, least
 * useful first, before anything is cut.
 */
export function renderFrame(hostile: readonly MonitorRow[], o: FrameOptions): string[] {
  // Ids, project names and models came from hook input and transcripts: shown as one
  // visible line each (before any width is measured), never as escape sequences or breaks.
  const rows = hostile.map((r) => ({
    ...r,
    id: visibleLine(r.id),
    project: visibleLine(r.project),
    model: r.model === null ? null : visibleLine(r.model),
  }));
  const width = Math.max(1, o.width);
  const height = Math.max(1, o.height);
  const paint = (c: Cell) => (o.color && c.tone ? `\x1b[${ANSI[c.tone]}m${c.text}\x1b[0m` : c.text);
  const header = clip(
    `cairn monitor · ${rows.length} ${o.listed} session${rows.length === 1 ? "" : "s"} · ${clock(o.now)} · q quits`,
    width,
  );
  const lines = [paint({ text: header, tone: "bold" })];
  if (rows.length === 0) {
    if (height > 1)
      lines.push(
        paint({
          text: clip("no active sessions (hidden after 15 min without activity)", width),
          tone: "dim",
        }),
      );
    return lines.slice(0, height);
  }
  const room = height - 1;
  const shown = rows.length > room ? rows.slice(0, Math.max(0, room - 1)) : rows;
  const layout = chooseLayout(rows, width);
  for (const r of shown) lines.push(renderRow(r, layout, o).map(paint).join(""));
  if (shown.length < rows.length && lines.length < height) {
    lines.push(
      paint({ text: clip(`… ${rows.length - shown.length} more (enlarge the window)`, width), tone: "dim" }),
    );
  }
  return lines.slice(0, height);
}

interface Layout {
  readonly project: number;
  readonly model: number;
  readonly tokens: boolean;
  readonly stamp: boolean;
  readonly bar: number;
  readonly width: number;
}

const ID = 8;
const PCT = 4;
const TOKENS = 11; // "351k/1M" padded
const STAMP = 8; // "12s ago"

function chooseLayout(rows: readonly MonitorRow[], width: number): Layout {
  const projectW = Math.min(16, Math.max(7, ...rows.map((r) => [...r.project].length)));
  const modelW = Math.min(18, Math.max(5, ...rows.map((r) => (r.model ?? "?").length)));
  // Columns in the order they are given up as the terminal narrows.
  const candidates: Layout[] = [
    { project: projectW, model: modelW, tokens: true, stamp: true, bar: 0, width },
    { project: projectW, model: 0, tokens: true, stamp: true, bar: 0, width },
    { project: 0, model: 0, tokens: true, stamp: true, bar: 0, width },
    { project: 0, model: 0, tokens: false, stamp: true, bar: 0, width },
    { project: 0, model: 0, tokens: false, stamp: false, bar: 0, width },
  ];
  for (const c of candidates) {
    const fixed = fixedWidth(c);
    const free = width - fixed;
    if (free >= 10 || c === candidates.at(-1)) return { ...c, bar: Math.max(0, Math.min(40, free)) };
  }
  return candidates.at(-1)!;
}

function fixedWidth(l: Layout): number {
  // Each column but the first is preceded by one space; the bar has its own.
  return (
    ID +
    1 +
    PCT +
    1 +
    (l.tokens ? TOKENS + 1 : 0) +
    (l.model ? l.model + 1 : 0) +
    (l.project ? l.project + 1 : 0) +
    (l.stamp ? STAMP + 1 : 0)
  );
}

function renderRow(r: MonitorRow, l: Layout, o: FrameOptions): Cell[] {
  const cells: Cell[] = [{ text: shortId(r.id).padEnd(ID) }];
  if (l.project) cells.push({ text: ` ${clip(r.project, l.project).padEnd(l.project)}`, tone: "dim" });
  const tone: Tone | undefined =
    r.remainingPct === null
      ? "dim"
      : r.remainingPct <= o.criticalPct
        ? "red"
        : r.remainingPct <= o.warnPct
          ? "yellow"
          : "green";
  if (l.bar > 0)
    cells.push({ text: " " }, { text: r.usedPct === null ? "·".repeat(l.bar) : bar(r.usedPct, l.bar), tone });
  cells.push({ text: ` ${(r.usedPct === null ? "–" : `${r.usedPct}%`).padStart(PCT)}`, tone });
  if (l.tokens) {
    const t =
      r.usedTokens === null
        ? "–"
        : `${shortTokens(r.usedTokens)}/${r.windowTokens ? shortTokens(r.windowTokens) : "?"}`;
    cells.push({ text: ` ${t.padStart(TOKENS)}` });
  }
  if (l.model) cells.push({ text: ` ${clip(r.model ?? "?", l.model).padEnd(l.model)}`, tone: "dim" });
  if (l.stamp) {
    const s = r.ended ? "ended" : formatAgo(o.now - r.updatedAt);
    cells.push({ text: ` ${s.padStart(STAMP)}`, tone: "dim" });
  }
  // Whatever the layout, a line never passes the width.
  let left = l.width;
  const out: Cell[] = [];
  for (const c of cells) {
    if (left <= 0) break;
    const text = clip(c.text, left);
    out.push({ text, tone: c.tone });
    left -= [...text].length;
  }
  return out;
}
