/// <reference lib="dom" />
import uPlot from "uplot";
import type { ContextPoint, Marker, MarkerKind } from "../types.ts";
import { h } from "./dom.ts";
import { clock, day, tokens } from "./format.ts";

/** Marker colours, also used by the legend and the marker list (CSS classes m-<kind>). */
const MARKER_COLORS: Record<MarkerKind, string> = {
  compaction: "#7c3aed",
  warning: "#d97706",
  handoff: "#059669",
  "large-output": "#db2777",
};
const CRITICAL = "#dc2626";
const LINE = "#2563eb";

function color(m: Marker): string {
  return m.kind === "warning" && m.level === "critical" ? CRITICAL : MARKER_COLORS[m.kind];
}

/** Draws each marker as a vertical line across the plot, with a small flag at its top. */
function markersPlugin(markers: readonly Marker[]): uPlot.Plugin {
  return {
    hooks: {
      draw: [
        (u) => {
          const { ctx } = u;
          const { top, height, left, width } = u.bbox;
          const ratio = devicePixelRatio || 1;
          ctx.save();
          ctx.beginPath();
          ctx.rect(left, top, width, height);
          ctx.clip();
          for (const m of markers) {
            const x = Math.round(u.valToPos(m.at / 1000, "x", true));
            ctx.strokeStyle = color(m);
            ctx.fillStyle = color(m);
            ctx.lineWidth = 2 * ratio;
            ctx.setLineDash(m.kind === "large-output" ? [4 * ratio, 3 * ratio] : []);
            ctx.beginPath();
            ctx.moveTo(x, top);
            ctx.lineTo(x, top + height);
            ctx.stroke();
            ctx.setLineDash([]);
            ctx.beginPath();
            ctx.moveTo(x, top);
            ctx.lineTo(x + 7 * ratio, top + 5 * ratio);
            ctx.lineTo(x, top + 10 * ratio);
            ctx.closePath();
            ctx.fill();
          }
          ctx.restore();
        },
      ],
    },
  };
}

/** One time format for a whole axis, chosen by the span it covers. */
function timeFormat(spanSeconds: number): {
  name: string;
  space: number;
  label: (ms: number) => string;
} {
  if (spanSeconds <= 15 * 60) return { name: "HH:MM:SS", space: 84, label: clock };
  if (spanSeconds <= 36 * 3600) return { name: "HH:MM", space: 64, label: (ms) => clock(ms).slice(0, 5) };
  return { name: "MM-DD HH:MM", space: 112, label: (ms) => `${day(ms).slice(5)} ${clock(ms).slice(0, 5)}` };
}

/**
 * Leaves the x axis's labels and where they were drawn on the element (data-x-ticks),
 * with the scale's span (data-x-min / data-x-max): what a test, or anyone inspecting
 * the page, can check the axis by.
 */
function tickProbe(el: HTMLElement): uPlot.Plugin {
  return {
    hooks: {
      draw: [
        (u) => {
          const axis = u.axes[0] as uPlot.Axis & { _splits?: number[]; _values?: string[] };
          const splits = axis._splits ?? [];
          const values = axis._values ?? [];
          u.ctx.save();
          // uPlot keeps an axis font as [css font scaled to device pixels, size].
          const font = axis.font as unknown;
          u.ctx.font = Array.isArray(font)
            ? String(font[0])
            : typeof font === "string"
              ? font
              : "12px system-ui";
          const ratio = devicePixelRatio || 1;
          const ticks = splits
            .map((v, i) => ({
              label: String(values[i] ?? ""),
              x: u.valToPos(v, "x"),
              width: u.ctx.measureText(String(values[i] ?? "")).width / ratio,
            }))
            .filter((t) => t.label && t.x >= 0 && t.x <= u.bbox.width / ratio);
          u.ctx.restore();
          el.dataset.xTicks = JSON.stringify(ticks);
          el.dataset.xMin = String((u.scales.x?.min ?? 0) * 1000);
          el.dataset.xMax = String((u.scales.x?.max ?? 0) * 1000);
        },
      ],
    },
  };
}

/** The line's points in seconds; a compaction empties the context, so the line breaks there instead of sloping down. */
function contextSeries(
  points: readonly ContextPoint[],
  markers: readonly Marker[],
): { xs: number[]; ys: (number | null)[] } {
  const compactedAt = markers.filter((m) => m.kind === "compaction").map((m) => m.at);
  const xs: number[] = [];
  const ys: (number | null)[] = [];
  points.forEach((p, i) => {
    const prev = points[i - 1];
    if (prev && p.epoch !== prev.epoch) {
      xs.push((compactedAt.find((at) => at > prev.at && at < p.at) ?? (prev.at + p.at) / 2) / 1000);
      ys.push(null);
    }
    xs.push(p.at / 1000);
    ys.push(p.contextTokens);
  });
  return { xs, ys };
}

interface AxisSpan {
  /** The markers drawn on the chart. */
  readonly shown: readonly Marker[];
  readonly xMin: number;
  readonly xMax: number;
}

/**
 * The axis spans the responses and the markers near them: a marker long after them (a
 * handoff written the next day) must not squeeze the whole session into a corner.
 * Such markers are listed below the chart, not drawn on it.
 */
function axisSpan(xs: readonly number[], markers: readonly Marker[]): AxisSpan {
  const first = Math.min(...xs);
  const last = Math.max(...xs);
  const reach = Math.max(120, (last - first) * 0.25);
  const shown = markers.filter((m) => m.at / 1000 >= first - reach && m.at / 1000 <= last + reach);
  const times = [first, last, ...shown.map((m) => m.at / 1000)];
  return { shown, xMin: Math.min(...times), xMax: Math.max(...times) };
}

/** uPlot's options: tokens on the left axis, the value with its percent of the window in the legend. */
function chartOptions(
  points: readonly ContextPoint[],
  windowTokens: number | null,
  { shown, xMin, xMax }: AxisSpan,
  el: HTMLElement,
): uPlot.Options {
  // A session of one instant still needs a visible span.
  const pad = Math.max(1, (xMax - xMin) * 0.03);
  const format = timeFormat(xMax - xMin);
  const peak = Math.max(0, ...points.map((p) => p.contextTokens));
  const pct = (v: number) => (windowTokens ? `${Math.round((v / windowTokens) * 100)}%` : "");
  // Canvas text cannot use currentColor: take the page's text colour (light or dark scheme).
  const fg = getComputedStyle(document.body).color || "#333";
  const grid = { stroke: "rgba(128,128,128,0.18)", width: 1 };

  return {
    width: 600,
    height: 300,
    padding: [14, 8, 0, 8],
    cursor: { drag: { x: true, y: false } },
    scales: {
      x: { time: true, range: () => [xMin - pad, xMax + pad] },
      y: { range: () => [0, Math.max(1000, peak * 1.12)] },
    },
    series: [
      { value: (_u, v) => (v === null ? "–" : clock(v * 1000)) },
      {
        label: "context",
        stroke: LINE,
        width: 2,
        fill: "rgba(37, 99, 235, 0.10)",
        points: { show: points.length <= 60, size: 6, fill: LINE },
        value: (_u, v) => (v === null ? "–" : `${tokens(v)} ${pct(v)}`.trim()),
      },
    ],
    axes: [
      {
        stroke: fg,
        grid,
        // One format for every label (never "10:15" beside "10:15:30" or "Nov 22"), and
        // room for the widest of them, so labels never overlap.
        space: format.space,
        values: (_u, vals) => vals.map((v) => format.label(v * 1000)),
        label: `time (${format.name}, local)`,
        labelSize: 18,
      },
      {
        stroke: fg,
        size: 56,
        grid,
        values: (_u, vals) => vals.map((v) => tokens(v)),
        label: "context (tokens)",
        labelSize: 18,
      },
    ],
    plugins: [markersPlugin(shown), tickProbe(el)],
  };
}

export interface ChartHandle {
  readonly el: HTMLElement;
  /** Markers too far from the responses to draw on the axis (listed, not drawn). */
  readonly offChart: readonly Marker[];
  destroy(): void;
}

/**
 * The context used after each API response over time, on a scale that starts at 0;
 * the left axis in tokens, the right in percent of the window.
 */
export function contextChart(
  points: readonly ContextPoint[],
  markers: readonly Marker[],
  windowTokens: number | null,
): ChartHandle {
  const el = h("div", { class: "chart", "data-points": points.length, role: "img" });
  if (points.length === 0) return { el, offChart: markers, destroy() {} };
  el.setAttribute(
    "aria-label",
    `Context used over ${points.length} API responses, with ${markers.length} markers`,
  );
  const { xs, ys } = contextSeries(points, markers);
  const span = axisSpan(xs, markers);
  const opts = chartOptions(points, windowTokens, span, el);
  const shown = span.shown;
  const plot = new uPlot(opts, [xs, ys], el);
  const fit = () => {
    const width = Math.max(240, Math.floor(el.clientWidth));
    const height = width < 500 ? 220 : 300;
    if (width !== plot.width || height !== plot.height) plot.setSize({ width, height });
  };
  const observer = new ResizeObserver(fit);
  observer.observe(el);
  requestAnimationFrame(fit);
  return {
    el,
    offChart: markers.filter((m) => !shown.includes(m)),
    destroy() {
      observer.disconnect();
      plot.destroy();
    },
  };
}
