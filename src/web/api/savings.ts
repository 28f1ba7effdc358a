import {
  FIGURES_METHOD,
  type FigureRow,
  figureKeys,
  figureRows,
  sumFigures,
} from "../../window/figures-read.ts";
import { BYTES_PER_TOKEN, estUsd, inputPrice, priceTable } from "../pricing.ts";
import type { SavingsDay, SavingsOverTime, SavingsResponse, SavingsRow } from "../types.ts";
import type { Reader } from "./reader.ts";

interface SavingsFilter {
  readonly project?: string | undefined;
  readonly from?: number | undefined;
  readonly to?: number | undefined;
}

type ModelOf = (r: FigureRow) => string;

/**
 * What cairn saved, net (window/figures-read.ts): in all, per tool, per compressor and
 * per model. Bytes measured; tokens estimated (bytes / 4); money estimated at each
 * session's model's input price, so a group spanning two models is priced part by part.
 */
export function savings(r: Reader, f: SavingsFilter): SavingsResponse {
  const rows = figureRows(r.store, { project: f.project, from: f.from, to: f.to });
  const model = modelsOf(r, rows);
  const keys = figureKeys(r.store, rows);
  return {
    overTime: overTime(r, f.project),
    total: priced("total", rows, model),
    byTool: grouped(rows, keys.tool, model),
    byCompressor: grouped(rows, keys.compressor, model),
    byModel: grouped(rows, model, model).map((m) => ({
      ...m,
      usdPerMTok: inputPrice(m.key === UNKNOWN ? null : m.key).usdPerMTok,
    })),
    prices: priceTable(),
    bytesPerToken: BYTES_PER_TOKEN,
    method: FIGURES_METHOD,
  };
}

const UNKNOWN = "(unknown)";

/** Each session's model: the one its hooks saw, else the one its transcript names. */
function modelsOf(r: Reader, rows: readonly FigureRow[]): ModelOf {
  const q = r.store.db.prepare(
    `SELECT coalesce(s.model, (SELECT model FROM ledger_files lf WHERE lf.session_id = s.id AND lf.agent_id = ''
                               ORDER BY updated_at DESC LIMIT 1)) AS model
     FROM sessions s WHERE s.id = ?`,
  );
  const models = new Map<string, string>();
  for (const x of rows) {
    if (models.has(x.sessionId)) continue;
    const m = q.get(x.sessionId) as { model: string | null } | undefined;
    models.set(x.sessionId, m?.model ?? UNKNOWN);
  }
  return (x) => models.get(x.sessionId) ?? UNKNOWN;
}

function partition(rows: readonly FigureRow[], keyOf: (r: FigureRow) => string): Map<string, FigureRow[]> {
  const by = new Map<string, FigureRow[]>();
  for (const x of rows) {
    const k = keyOf(x);
    const list = by.get(k);
    if (list) list.push(x);
    else by.set(k, [x]);
  }
  return by;
}

/** A group's figures, its net priced per model. */
function priced(key: string, rows: readonly FigureRow[], model: ModelOf): SavingsRow {
  let usd = 0;
  for (const [m, part] of partition(rows, model))
    usd += estUsd(sumFigures(part).netTokensEst, m === UNKNOWN ? null : m);
  return { key, ...sumFigures(rows), netUsdEst: usd };
}

function grouped(rows: readonly FigureRow[], keyOf: (r: FigureRow) => string, model: ModelOf): SavingsRow[] {
  return [...partition(rows, keyOf)]
    .map(([key, part]) => priced(key, part, model))
    .sort((a, b) => b.netBytes - a.netBytes);
}

const DAYS = 14;
const pad = (n: number) => String(n).padStart(2, "0");
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * "What did cairn save me today, this week": the net figures per local day (the server
 * runs on the user's machine, in their time zone) over the last two weeks.
 */
function overTime(r: Reader, project: string | undefined): SavingsOverTime {
  const now = new Date(r.now);
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (DAYS - 1)).getTime();
  const rows = figureRows(r.store, { project, from: start });
  const model = modelsOf(r, rows);
  const byDay = partition(rows, (x) => localDay(new Date(x.at)));
  const days: SavingsDay[] = [];
  for (let i = 0; i < DAYS; i++) {
    const day = localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - (DAYS - 1) + i));
    const { key: _k, ...figures } = priced(day, byDay.get(day) ?? [], model);
    days.push({ day, ...figures });
  }
  // The week starts on Monday.
  const monday = localDay(
    new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7)),
  );
  const week = rows.filter((x) => localDay(new Date(x.at)) >= monday);
  const today = days.at(-1)!;
  return {
    days,
    today: priced("today", byDay.get(today.day) ?? [], model),
    week: priced("week", week, model),
  };
}
