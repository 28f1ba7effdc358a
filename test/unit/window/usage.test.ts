import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  combineUsage,
  type LedgerView,
  type StatuslineMetrics,
  windowForModel,
} from "../../../src/window/usage.ts";
import { SHARED_CAPTURES } from "../../helpers/captures.ts";

/** The real statusline input after a turn with input 300000 / cache_read 50000 / cache_creation 1000. */
const captured = readFileSync(join(SHARED_CAPTURES, "statusline-stdin.jsonl"), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l))
  .find((x) => x.context_window?.used_percentage === 35);

const NOW = 1_800_000_000_000;
const metrics = (at: number): StatuslineMetrics => ({
  at,
  model: captured.model.id,
  context_window: captured.context_window,
});
const ledger = (contextAt: number, contextTokens = 360_000): LedgerView => ({
  contextTokens,
  contextAt,
  model: "claude-opus-5-5",
  maxContextTokens: contextTokens,
  staleToolTokens: 1234,
  compactions: 0,
});
const MAX_AGE = 60_000;

describe("which measurement of the context is trusted", () => {
  it("has a real capture to work from", () => {
    expect(captured.context_window).toMatchObject({ used_percentage: 35, context_window_size: 1_000_000 });
  });

  it("takes a fresh statusline figure, with the ledger's stale-result estimate", () => {
    const u = combineUsage({
      metrics: metrics(NOW - 5_000),
      ledger: ledger(NOW - 10_000),
      now: NOW,
      maxAgeMs: MAX_AGE,
    });
    expect(u).toMatchObject({
      source: "statusline",
      usedPct: 35,
      remainingPct: 65,
      usedTokens: 351_000,
      windowTokens: 1_000_000,
      staleToolTokens: 1234,
    });
  });

  it("does not trust statusline metrics older than the limit: the ledger's own figure is used", () => {
    const u = combineUsage({
      metrics: metrics(NOW - 61_000),
      ledger: ledger(NOW - 70_000),
      now: NOW,
      maxAgeMs: MAX_AGE,
    });
    expect(u).toMatchObject({ source: "transcript", usedTokens: 360_000, usedPct: 36, remainingPct: 64 });
    // ... but the window it reported for this model still holds.
    expect(u?.windowTokens).toBe(1_000_000);
  });

  it("prefers the ledger when a response came after the statusline was written", () => {
    const u = combineUsage({
      metrics: metrics(NOW - 5_000),
      ledger: ledger(NOW - 1_000, 800_000),
      now: NOW,
      maxAgeMs: MAX_AGE,
    });
    expect(u).toMatchObject({ source: "transcript", usedPct: 80, remainingPct: 20 });
  });

  it("says nothing with neither", () => {
    expect(
      combineUsage({ metrics: undefined, ledger: undefined, now: NOW, maxAgeMs: MAX_AGE }),
    ).toBeUndefined();
    expect(
      combineUsage({ metrics: metrics(NOW - 120_000), ledger: undefined, now: NOW, maxAgeMs: MAX_AGE }),
    ).toBeUndefined();
  });

  it("sizes the window from the model id, the transcript's 1M request, or usage above 200k", () => {
    expect(windowForModel("claude-opus-5-5")).toEqual({ tokens: 1_000_000, basis: "registry" });
    expect(windowForModel("claude-sonnet-4-5-20250929")).toEqual({ tokens: 200_000, basis: "registry" });
    expect(windowForModel("claude-sonnet-4-5-20250929[1m]")).toEqual({
      tokens: 1_000_000,
      basis: "registry",
    });
    expect(windowForModel("claude-sonnet-4-5-20250929", 250_000).tokens).toBe(1_000_000);
    const sonnet: LedgerView = { contextTokens: 100_000, contextAt: NOW, model: "claude-sonnet-4-5" };
    expect(combineUsage({ metrics: undefined, ledger: sonnet, now: NOW, maxAgeMs: MAX_AGE })).toMatchObject({
      windowTokens: 200_000,
      windowBasis: "registry",
    });
    expect(
      combineUsage({
        metrics: undefined,
        ledger: { ...sonnet, window1m: true },
        now: NOW,
        maxAgeMs: MAX_AGE,
      }),
    ).toMatchObject({ windowTokens: 1_000_000, windowBasis: "claude-code" });
    expect(
      combineUsage({ metrics: undefined, ledger: { ...sonnet, window1m: true }, now: NOW, maxAgeMs: MAX_AGE })
        ?.usedPct,
    ).toBe(10);
  });
});

describe("currentUsage, as other features call it", () => {
  it("reads the ledger (opening the store itself) and returns the transcript's measurement", async () => {
    const { mkdtempSync, rmSync, copyFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { cairnPaths } = await import("../../../src/core/paths.ts");
    const { defaults } = await import("../../../src/config/schema.ts");
    const { currentUsage } = await import("../../../src/window/usage.ts");
    const { REPO } = await import("../../helpers/cairn.ts");
    const dir = mkdtempSync(join(tmpdir(), "cairn-usage-"));
    try {
      const transcript = join(dir, "s.jsonl");
      copyFileSync(join(REPO, "test", "fixtures", "transcripts", "autocompact-session.jsonl"), transcript);
      const deps = { paths: cairnPaths(join(dir, ".cairn")), config: defaults(), now: () => NOW };
      const u = await currentUsage(deps, "s", transcript);
      expect(u).toMatchObject({
        source: "transcript",
        usedTokens: 13_548,
        windowTokens: 1_000_000,
        compactions: 1,
      });
      expect(u?.staleToolTokens).toBe(0);
      expect(await currentUsage(deps, "none", join(dir, "missing.jsonl"))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
