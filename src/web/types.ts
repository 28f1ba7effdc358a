import type { Hit } from "../memory/search.ts";
import type { Figures, OutputFigures } from "../window/figures-read.ts";
/**
 * The dashboard's JSON API: what the server sends and the client reads. Types only,
 * shared by both sides (the client imports them with `import type`).
 *
 * Times are milliseconds since the epoch. Token figures named `...Est` are estimates
 * (4 bytes a token); `...Usd` figures are estimates from the price table in pricing.ts.
 */

export interface SessionItem {
  readonly id: string;
  readonly projectDir: string | null;
  readonly model: string | null;
  /** The agent the session ran in: "claude-code" or "gemini-cli". */
  readonly agent: string;
  readonly startedAt: number;
  readonly lastSeenAt: number;
  readonly endedAt: number | null;
  readonly endReason: string | null;
  readonly durationMs: number;
  /** Main-chain API responses the ledger recorded. */
  readonly responses: number;
  /** The largest context of any main-chain response (input + cache tokens; measured). */
  readonly peakTokens: number | null;
  readonly windowTokens: number | null;
  readonly peakPct: number | null;
  readonly compactions: number;
  readonly warnings: number;
  /** Outputs cairn filed (original stored, excerpt shown). */
  readonly outputs: number;
  /**
   * What the model was shown of tool outputs against what Claude Code alone would have
   * shown it, what reading originals back cost, and the net (window/figures-read.ts).
   */
  readonly figures: Figures;
  /** The net, at the model's input price: an estimate. */
  readonly netUsdEst: number;
}

export interface SessionsResponse {
  readonly sessions: SessionItem[];
  /** Every project cairn has seen, for the filter. */
  readonly projects: string[];
  /** True when more sessions match than were sent. */
  readonly more: boolean;
}

export interface ContextPoint {
  readonly at: number;
  readonly contextTokens: number;
  readonly output: number;
  readonly epoch: number;
  readonly turn: number;
}

export type MarkerKind = "compaction" | "warning" | "handoff" | "large-output";

export interface Marker {
  readonly kind: MarkerKind;
  readonly at: number;
  readonly label: string;
  /** A warning's level ("warning", "critical"). */
  readonly level?: string;
  readonly outputId?: number;
  readonly toolUseId?: string;
}

export interface ToolCall {
  readonly toolUseId: string;
  readonly name: string;
  /** '' for the main chain, else the subagent's id. */
  readonly agentId: string;
  readonly calledAt: number | null;
  /** A short form of the input (the command, the file, the pattern). */
  readonly input: string;
  /** UTF-8 bytes of what the model was shown. */
  readonly shownBytes: number | null;
  /** UTF-8 bytes of the original, when cairn filed it. */
  readonly originalBytes: number | null;
  readonly outputId: number | null;
  readonly compressor: string | null;
  readonly isError: boolean;
}

export interface SessionDetail {
  readonly session: SessionItem;
  readonly timeline: ContextPoint[];
  readonly markers: Marker[];
  readonly tools: ToolCall[];
  readonly tokens: {
    readonly input: number;
    readonly cacheCreation: number;
    readonly cacheRead: number;
    readonly output: number;
  };
  readonly subagents: number;
  /** Per output: Claude Code alone, shown, read back and net (retrievals naming no output come last). */
  readonly outputs: OutputFigures[];
}

/** One tool call's output: the original (when filed) and what the model was shown. */
export interface ToolView {
  readonly sessionId: string;
  readonly toolUseId: string | null;
  readonly toolName: string;
  readonly input: string | null;
  readonly outputId: number | null;
  readonly label: string | null;
  readonly compressor: string | null;
  readonly exitCode: number | null;
  readonly at: number | null;
  readonly original: string | null;
  readonly originalBytes: number | null;
  readonly originalLines: number | null;
  /** The original was longer than the dashboard sends; `showCommand` prints all of it. */
  readonly originalCut: boolean;
  /** The command that prints the whole original, as it runs in the user's shell. */
  readonly showCommand: string | null;
  readonly shown: string | null;
  readonly shownBytes: number | null;
}

/** Part of a filed output, read as `cairn show` reads it (memory/show-output.ts). */
export type OutputRead =
  | {
      readonly ok: true;
      readonly id: number;
      readonly text: string;
      readonly totalLines: number;
      /** Set when the answer is one page of several. */
      readonly page: {
        readonly number: number;
        readonly count: number;
        readonly ranges: readonly (readonly [number, number])[];
      } | null;
    }
  | { readonly ok: false; readonly why: string; readonly message: string };

export interface ProjectItem {
  readonly dir: string;
  readonly sessions: number;
  readonly lastSeenAt: number;
  readonly hasNotebook: boolean;
}

export interface TurnItem {
  readonly turn: number;
  readonly origin: string;
  readonly at: number;
  /** The L1 line: stored (by a model or extractively), or computed now when none is stored. */
  readonly summary: string;
  readonly summaryBy: string;
  /** L2: the conversation verbatim (cut when very long). */
  readonly conversation: { readonly kind: string; readonly text: string }[];
  readonly tools: number;
}

export interface ChainItem {
  /** The session that owns the chain's memory now. */
  readonly owner: string;
  /** Sessions whose memory was handed over to it. */
  readonly merged: string[];
  readonly turns: TurnItem[];
  readonly olderTurns: number;
}

export interface MemoryResponse {
  readonly project: string;
  readonly notebookPath: string;
  readonly notebook: string | null;
  readonly chains: ChainItem[];
}

/** A search hit as the page gets it: memory's hit (its whole matching line and where the matches sit). */
export type SearchHit = Omit<Hit, "rank">;

export interface SearchResponse {
  readonly query: string;
  readonly hits: SearchHit[];
}

export interface TurnDetail {
  readonly session: string;
  readonly turn: number;
  readonly text: string;
}

/** A group's figures (window/figures-read.ts), with the net priced: an estimate. */
export interface SavingsRow extends Figures {
  readonly key: string;
  readonly netUsdEst: number;
}

export interface PriceRow {
  readonly family: string;
  readonly usdPerMTok: number;
}

/** What was saved, net, on one local day. */
export interface SavingsDay extends Omit<SavingsRow, "key"> {
  /** The local date, "2026-11-22". */
  readonly day: string;
}

export interface SavingsOverTime {
  /** The last 14 local days, oldest first, today last (days with nothing saved included). */
  readonly days: SavingsDay[];
  readonly today: SavingsRow;
  /** Since Monday (local), today included. */
  readonly week: SavingsRow;
}

export interface SavingsResponse {
  /** Over time, for the project filter only (not the date range). */
  readonly overTime: SavingsOverTime;
  readonly total: SavingsRow;
  readonly byTool: SavingsRow[];
  readonly byCompressor: SavingsRow[];
  readonly byModel: (SavingsRow & { readonly usdPerMTok: number })[];
  readonly prices: PriceRow[];
  readonly bytesPerToken: number;
  /** How every figure is made, and which are estimates (the legend). */
  readonly method: string;
}
