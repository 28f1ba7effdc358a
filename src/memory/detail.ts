import type { Store } from "../store/db.ts";
import { hhmm } from "./compose.ts";
import type { Item, TurnSpan } from "./store.ts";
import { itemsOfTurns, turnSpans } from "./store.ts";

/** What `cairn detail` was asked for. Times are local time of day, in seconds. */
type DetailSpec =
  | { readonly by: "time"; readonly from: number; readonly to: number }
  | { readonly by: "turns"; readonly from: number; readonly to: number }
  | { readonly by: "tool"; readonly id: string };

export class SpecError extends Error {}

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

function seconds(text: string, end: boolean): number | undefined {
  const m = TIME.exec(text);
  if (!m) return undefined;
  const [h, min, s] = [Number(m[1]), Number(m[2]), m[3] === undefined ? undefined : Number(m[3])];
  if (h > 23 || min > 59 || (s ?? 0) > 59) return undefined;
  // A minute given without seconds covers the whole minute.
  return h * 3600 + min * 60 + (s ?? (end ? 59 : 0));
}

/**
 * `HH:MM[:SS]`, `HH:MM-HH:MM`, `turn N`, `turn N-M` (also `turn:N`, `tN`), or a
 * tool_use id.
 */
export function parseDetailSpec(words: readonly string[]): DetailSpec {
  const text = words.join(" ").trim();
  if (!text) throw new SpecError("say what to show: HH:MM, HH:MM-HH:MM, turn N, or a tool_use id");
  const turn = /^(?:turns?[\s:]*|t)(\d+)(?:\s*-\s*(\d+))?$/i.exec(text);
  if (turn) {
    const from = Number(turn[1]);
    const to = turn[2] === undefined ? from : Number(turn[2]);
    if (to < from) throw new SpecError(`the turn range ${text} runs backwards`);
    return { by: "turns", from, to };
  }
  const range = /^(\S+)\s*-\s*(\S+)$/.exec(text);
  if (range && TIME.test(range[1]!) && TIME.test(range[2]!)) {
    const from = seconds(range[1]!, false);
    const to = seconds(range[2]!, true);
    if (from === undefined || to === undefined) throw new SpecError(`not a time range: ${text}`);
    if (to < from) throw new SpecError(`the time range ${text} runs backwards`);
    return { by: "time", from, to };
  }
  if (TIME.test(text)) {
    const from = seconds(text, false);
    if (from === undefined) throw new SpecError(`not a time: ${text}`);
    return { by: "time", from, to: seconds(text, true)! };
  }
  if (/^[A-Za-z0-9_-]{6,}$/.test(text) && !/^\d+$/.test(text)) return { by: "tool", id: text };
  throw new SpecError(`cannot read "${text}": use HH:MM, HH:MM-HH:MM, turn N, or a tool_use id`);
}

function localDay(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

function secondsOfDay(at: number): number {
  const d = new Date(at);
  return d.getHours() * 3600 + d.getMinutes() * 60 + d.getSeconds();
}

/**
 * The turns a time or range means: those in progress then, on the most recent day that
 * has any; for a single time with none in progress, the last turn that started before it.
 */
export function turnsAtTime(spans: readonly TurnSpan[], from: number, to: number): number[] {
  const days = new Map<string, TurnSpan[]>();
  for (const s of spans) {
    const day = localDay(s.first_at);
    days.set(day, [...(days.get(day) ?? []), s]);
  }
  const byRecent = [...days.entries()].sort((a, b) => b[1].at(-1)!.first_at - a[1].at(-1)!.first_at);
  for (const [, list] of byRecent) {
    const hit = list.filter((s) => secondsOfDay(s.first_at) <= to && secondsOfDay(s.last_at) >= from);
    if (hit.length) return hit.map((s) => s.turn);
  }
  for (const [, list] of byRecent) {
    const before = list.filter((s) => secondsOfDay(s.first_at) <= from);
    if (before.length) return [before.at(-1)!.turn];
  }
  return [];
}

interface DetailOptions {
  /** Stop after about this many characters (0: no limit). */
  readonly maxChars?: number;
  /** How the person or agent runs cairn, for the hints in the output. */
  readonly cli?: string;
}

interface DetailResult {
  readonly turns: number[];
  readonly text: string;
  readonly truncated: boolean;
}

interface StoredOriginal {
  id: number;
  tool_use_id: string;
  original: Uint8Array;
  original_bytes: number;
}

function originalsFor(store: Store, ids: readonly string[]): Map<string, StoredOriginal> {
  const out = new Map<string, StoredOriginal>();
  const q = store.db.prepare(
    "SELECT id, tool_use_id, original, original_bytes FROM outputs WHERE tool_use_id = ? ORDER BY id DESC LIMIT 1",
  );
  for (const id of ids) {
    const row = q.get(id) as StoredOriginal | undefined;
    if (row) out.set(id, row);
  }
  return out;
}

const stamp = (at: number) => {
  if (!at) return "--:--:--";
  const d = new Date(at);
  return `${hhmm(at)}:${String(d.getSeconds()).padStart(2, "0")}`;
};

/** The L2 text and L3 details of turns of a chain, grouped by kind. */
export function detail(
  store: Store,
  owner: string,
  spec: DetailSpec,
  opts: DetailOptions = {},
): DetailResult {
  const cli = opts.cli ?? "cairn";
  let turns: number[];
  let onlyTool: string | undefined;
  if (spec.by === "tool") {
    const row = store.db
      .prepare("SELECT turn FROM mem_items WHERE session_id = ? AND tool_use_id = ? LIMIT 1")
      .get(owner, spec.id) as { turn: number } | undefined;
    turns = row ? [row.turn] : [];
    onlyTool = spec.id;
  } else if (spec.by === "turns") {
    turns = turnSpans(store, owner)
      .map((s) => s.turn)
      .filter((t) => t >= spec.from && t <= spec.to);
  } else {
    turns = turnsAtTime(turnSpans(store, owner), spec.from, spec.to);
  }
  const blocks: string[] = [];
  for (const turn of turns) {
    const items = itemsOfTurns(store, owner, turn, turn);
    blocks.push(renderTurn(store, turn, items, onlyTool, cli));
  }
  let text = blocks.join("\n\n");
  let truncated = false;
  const max = opts.maxChars ?? 0;
  if (max > 0 && text.length > max) {
    truncated = true;
    text = `${text.slice(0, max)}\n[… cut at ${max} characters. Ask for less: one tool call (detail <tool_use_id>), or a stored original by lines (${cli} show ID --lines A-B).]`;
  }
  return { turns, text, truncated };
}

const GROUPS: readonly { title: string; kinds: readonly string[] }[] = [
  { title: "Conversation", kinds: ["user", "assistant", "memo"] },
  { title: "Tool calls", kinds: ["tool_use", "tool_result"] },
  { title: "Thinking", kinds: ["thinking"] },
  { title: "System and hooks", kinds: ["system", "hook"] },
  { title: "Images", kinds: ["image"] },
  { title: "Summary (L1)", kinds: ["summary"] },
];

function renderTurn(
  store: Store,
  turn: number,
  all: Item[],
  onlyTool: string | undefined,
  cli: string,
): string {
  const main = all.filter((i) => !i.agent_id);
  const sub = all.filter((i) => i.agent_id);
  const times = all.map((i) => i.at).filter((t) => t > 0);
  const origin = (main.find((i) => i.kind === "user") ?? all[0])?.origin_session ?? "";
  const head = `=== Turn ${turn} · ${times.length ? `${stamp(Math.min(...times))}–${stamp(Math.max(...times))}` : "no time"} · session ${origin.slice(0, 8)} ===`;
  const toolIds = main.filter((i) => i.kind === "tool_use" && i.tool_use_id).map((i) => i.tool_use_id!);
  const originals = originalsFor(store, onlyTool ? [onlyTool] : toolIds);
  const out: string[] = [head];
  if (onlyTool) {
    const request = main.find((i) => i.kind === "user");
    if (request) out.push(`User (the turn's request): ${request.text}`);
    out.push("--- Tool call ---", ...renderTools(main, originals, cli, onlyTool));
    return out.join("\n");
  }
  for (const g of GROUPS) {
    const rows = main.filter((i) => g.kinds.includes(i.kind));
    if (rows.length === 0) continue;
    out.push(`--- ${g.title} ---`);
    if (g.title === "Tool calls") out.push(...renderTools(main, originals, cli));
    else for (const i of rows) out.push(`[${stamp(i.at)}] ${label(i)}: ${i.text}`);
  }
  if (sub.length) {
    out.push(`--- Subagents (${new Set(sub.map((i) => i.agent_id)).size}) ---`);
    for (const i of sub) out.push(`[${stamp(i.at)}] agent ${i.agent_id?.slice(0, 8)} ${label(i)}: ${i.text}`);
  }
  return out.join("\n");
}

function label(i: Item): string {
  switch (i.kind) {
    case "user":
      return "User";
    case "assistant":
      return "Assistant";
    case "memo":
      return "In-flight memo";
    case "tool_use":
      return `${i.tool_name ?? "tool"} call ${i.tool_use_id ?? ""}`.trim();
    case "tool_result":
      return `${i.tool_name ?? "tool"} result${i.is_error ? " (error)" : ""}`;
    default:
      return i.kind;
  }
}

function renderTools(
  items: readonly Item[],
  originals: Map<string, StoredOriginal>,
  cli: string,
  only?: string,
): string[] {
  const out: string[] = [];
  const results = new Map<string, Item>();
  for (const i of items) if (i.kind === "tool_result" && i.tool_use_id) results.set(i.tool_use_id, i);
  for (const use of items) {
    if (use.kind !== "tool_use" || (only && use.tool_use_id !== only)) continue;
    out.push(`[${stamp(use.at)}] ${use.tool_name ?? "tool"} ${use.tool_use_id ?? ""} input: ${use.text}`);
    const result = use.tool_use_id ? results.get(use.tool_use_id) : undefined;
    const original = use.tool_use_id ? originals.get(use.tool_use_id) : undefined;
    if (original) {
      out.push(
        `  original output (stored as #${original.id}, ${original.original_bytes} bytes; the model was shown an excerpt; \`${cli} show ${original.id}\`):`,
      );
      out.push(Buffer.from(original.original).toString("utf8"));
    } else if (result) {
      out.push(`  output${result.is_error ? " (error)" : ""}:`);
      out.push(result.text);
    } else {
      out.push("  (no output recorded)");
    }
  }
  return out;
}
