import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config/schema.ts";
import { readJsonIfExists } from "../core/fs.ts";
import { type CairnPaths, sessionDir } from "../core/paths.ts";

/** How full a session's context window is, from a measurement, never a guess. */
export interface ContextUsage {
  /** input + cache-creation + cache-read tokens of the last main-chain API response. */
  readonly usedTokens: number;
  readonly windowTokens: number;
  /** 0..100 */
  readonly usedPct: number;
  readonly remainingPct: number;
  /** Where the figure came from: Claude Code's statusline, or the transcript's own usage. */
  readonly source: "statusline" | "transcript";
  /** When it was measured (ms since epoch). */
  readonly at: number;
  readonly model?: string;
  /** Estimated tokens of tool results from earlier turns still in the context (the ledger's figure). */
  readonly staleToolTokens?: number;
}

export interface UsageDeps {
  readonly paths: CairnPaths;
  readonly config: Config;
  now(): number;
}

/** The statusline metrics file cairn's statusline writes for each session. */
export function statuslineMetricsPath(paths: CairnPaths, sessionId: string): string {
  return join(sessionDir(paths, sessionId), "statusline.json");
}

interface StatuslineMetrics {
  readonly at: number;
  readonly model?: string;
  readonly context_window?: {
    readonly context_window_size?: number;
    readonly used_percentage?: number | null;
    readonly remaining_percentage?: number | null;
    readonly total_input_tokens?: number;
  };
}

/**
 * The current context usage of a session: the statusline's figure when it is fresh
 * (monitor.metrics_max_age_s), else the last response's usage in the transcript.
 * Undefined when neither exists (a session before its first response).
 */
export async function currentUsage(
  deps: UsageDeps,
  sessionId: string,
  transcriptPath: string,
): Promise<ContextUsage | undefined> {
  const m = readJsonIfExists<StatuslineMetrics>(statuslineMetricsPath(deps.paths, sessionId));
  const maxAge = deps.config["monitor.metrics_max_age_s"] * 1000;
  const cw = m?.context_window;
  if (m && cw && typeof cw.used_percentage === "number" && deps.now() - m.at <= maxAge) {
    const windowTokens = cw.context_window_size ?? 200_000;
    return {
      usedTokens: cw.total_input_tokens ?? Math.round((cw.used_percentage / 100) * windowTokens),
      windowTokens,
      usedPct: cw.used_percentage,
      remainingPct: cw.remaining_percentage ?? 100 - cw.used_percentage,
      source: "statusline",
      at: m.at,
      ...(m.model ? { model: m.model } : {}),
    };
  }
  return usageFromTranscriptTail(transcriptPath);
}

/** A model's context window: 1M where the id says so, else 200k. The ledger refines this with observations. */
export function windowForModel(model: string | undefined, observedTokens = 0): number {
  if (observedTokens > 200_000) return 1_000_000;
  if (model && (/\[1m\]|-1m\b/i.test(model) || /^claude-opus-5/.test(model))) return 1_000_000;
  return 200_000;
}

const TAIL_BYTES = 512 * 1024;

/** Reads only the end of the transcript: the last main-chain response with usage. */
export function usageFromTranscriptTail(transcriptPath: string): ContextUsage | undefined {
  let fd: number;
  try {
    fd = openSync(transcriptPath, "r");
  } catch {
    return undefined;
  }
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - TAIL_BYTES);
    const buf = Buffer.alloc(size - start);
    readSync(fd, buf, 0, buf.length, start);
    const lines = buf.toString("utf8").split("\n");
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i]!;
      if (line.includes('"compact_boundary"')) return undefined; // nothing measured since the compaction
      if (!line.includes('"usage"') || !line.includes('"assistant"')) continue;
      let entry: {
        type?: string;
        isSidechain?: boolean;
        timestamp?: string;
        message?: { model?: string; usage?: Record<string, number> };
      };
      try {
        entry = JSON.parse(line);
      } catch {
        continue; // the first line of the tail, cut in half
      }
      if (entry.type !== "assistant" || entry.isSidechain || !entry.message?.usage) continue;
      const u = entry.message.usage;
      const usedTokens =
        (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);
      const windowTokens = windowForModel(entry.message.model, usedTokens);
      const usedPct = Math.min(100, Math.round((usedTokens / windowTokens) * 100));
      return {
        usedTokens,
        windowTokens,
        usedPct,
        remainingPct: 100 - usedPct,
        source: "transcript",
        at: entry.timestamp ? Date.parse(entry.timestamp) : Date.now(),
        ...(entry.message.model ? { model: entry.message.model } : {}),
      };
    }
    return undefined;
  } finally {
    closeSync(fd);
  }
}
