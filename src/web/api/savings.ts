import { BYTES_PER_TOKEN, estTokens, estUsd, inputPrice, priceTable } from "../pricing.ts";
import type { SavingsDay, SavingsOverTime, SavingsResponse, SavingsRow } from "../types.ts";
import type { Reader } from "./reader.ts";

interface SavingsFilter {
  readonly project?: string | undefined;
  readonly from?: number | undefined;
  readonly to?: number | undefined;
}

interface Group {
  tool: string;
  compressor: string;
  model: string | null;
  outputs: number;
  originalBytes: number;
  shownBytes: number;
  savedBytes: number;
}

interface Sum {
  outputs: number;
  originalBytes: number;
  shownBytes: number;
  savedBytes: number;
  savedTokensEst: number;
  savedUsdEst: number;
}

const zero = (): Sum => ({
  outputs: 0,
  originalBytes: 0,
  shownBytes: 0,
  savedBytes: 0,
  savedTokensEst: 0,
  savedUsdEst: 0,
});

/**
 * What cairn's filed outputs saved, per tool, per compressor and per model: bytes
 * measured, tokens estimated (bytes / 4), money estimated with the session's model's
 * input price. Each group's cost is summed from its per-model parts, so a tool used
 * under two models is priced right.
 */
export function savings(r: Reader, f: SavingsFilter): SavingsResponse {
  const groups = r.store.db
    .prepare(
      `SELECT o.tool_name AS tool, coalesce(o.compressor, '(none)') AS compressor,
         coalesce(s.model, (SELECT model FROM ledger_files lf WHERE lf.session_id = o.session_id AND lf.agent_id = ''
                            ORDER BY updated_at DESC LIMIT 1)) AS model,
         count(*) AS outputs, sum(o.original_bytes) AS originalBytes,
         sum(coalesce(o.excerpt_bytes, o.original_bytes)) AS shownBytes,
         sum(max(0, o.original_bytes - coalesce(o.excerpt_bytes, o.original_bytes))) AS savedBytes
       FROM outputs o LEFT JOIN sessions s ON s.id = o.session_id
       WHERE (:project IS NULL OR s.project_dir = :project)
         AND (:from IS NULL OR o.created_at >= :from)
         AND (:to IS NULL OR o.created_at < :to)
       GROUP BY 1, 2, 3`,
    )
    .all({ project: f.project ?? null, from: f.from ?? null, to: f.to ?? null }) as unknown as Group[];

  const total = zero();
  const by = {
    tool: new Map<string, Sum>(),
    compressor: new Map<string, Sum>(),
    model: new Map<string, Sum>(),
  };
  for (const g of groups) {
    const tokens = estTokens(g.savedBytes);
    const usd = estUsd(tokens, g.model);
    const keys = { tool: g.tool, compressor: g.compressor, model: g.model ?? "(unknown)" };
    for (const [dim, key] of Object.entries(keys) as [keyof typeof by, string][]) {
      const s = by[dim].get(key) ?? zero();
      by[dim].set(key, s);
      add(s, g, tokens, usd);
    }
    add(total, g, tokens, usd);
  }
  const rows = (m: Map<string, Sum>): SavingsRow[] =>
    [...m.entries()].map(([key, s]) => ({ key, ...s })).sort((a, b) => b.savedBytes - a.savedBytes);
  return {
    overTime: overTime(r, f.project),
    total: { key: "total", ...total },
    byTool: rows(by.tool),
    byCompressor: rows(by.compressor),
    byModel: rows(by.model).map((m) => ({
      ...m,
      usdPerMTok: inputPrice(m.key === "(unknown)" ? null : m.key).usdPerMTok,
    })),
    prices: priceTable(),
    bytesPerToken: BYTES_PER_TOKEN,
  };
}

function add(s: Sum, g: Group, tokens: number, usd: number): void {
  s.outputs += g.outputs;
  s.originalBytes += g.originalBytes;
  s.shownBytes += g.shownBytes;
  s.savedBytes += g.savedBytes;
  s.savedTokensEst += tokens;
  s.savedUsdEst += usd;
}

const DAYS = 14;
const pad = (n: number) => String(n).padStart(2, "0");
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * "What did cairn save me today, this week": saved bytes per local day (the server
 * runs on the user's machine, in their time zone) over the last two weeks, each day
 * priced with its sessions' models.
 */
function overTime(r: Reader, project: string | undefined): SavingsOverTime {
  const now = new Date(r.now);
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (DAYS - 1)).getTime();
  const rows = r.store.db
    .prepare(
      `SELECT o.created_at AS at,
         coalesce(s.model, (SELECT model FROM ledger_files lf WHERE lf.session_id = o.session_id AND lf.agent_id = ''
                            ORDER BY updated_at DESC LIMIT 1)) AS model,
         o.original_bytes AS originalBytes, coalesce(o.excerpt_bytes, o.original_bytes) AS shownBytes
       FROM outputs o LEFT JOIN sessions s ON s.id = o.session_id
       WHERE o.created_at >= :start AND (:project IS NULL OR s.project_dir = :project)`,
    )
    .all({ start, project: project ?? null }) as {
    at: number;
    model: string | null;
    originalBytes: number;
    shownBytes: number;
  }[];
  const byDay = new Map<string, Sum>();
  for (let i = 0; i < DAYS; i++) {
    byDay.set(localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - (DAYS - 1) + i)), zero());
  }
  for (const o of rows) {
    const sum = byDay.get(localDay(new Date(o.at)));
    if (!sum) continue;
    const savedBytes = Math.max(0, o.originalBytes - o.shownBytes);
    const tokens = estTokens(savedBytes);
    add(
      sum,
      {
        tool: "",
        compressor: "",
        model: o.model,
        outputs: 1,
        originalBytes: o.originalBytes,
        shownBytes: o.shownBytes,
        savedBytes,
      },
      tokens,
      estUsd(tokens, o.model),
    );
  }
  const days: SavingsDay[] = [...byDay.entries()].map(([day, s]) => ({ day, ...s }));
  // The week starts on Monday.
  const monday = localDay(
    new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7)),
  );
  const week = zero();
  for (const d of days) if (d.day >= monday) addSum(week, d);
  return { days, today: { key: "today", ...days.at(-1)! }, week: { key: "week", ...week } };
}

function addSum(s: Sum, d: Sum): void {
  s.outputs += d.outputs;
  s.originalBytes += d.originalBytes;
  s.shownBytes += d.shownBytes;
  s.savedBytes += d.savedBytes;
  s.savedTokensEst += d.savedTokensEst;
  s.savedUsdEst += d.savedUsdEst;
}
