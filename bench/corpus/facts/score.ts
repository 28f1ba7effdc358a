/**
 * Scores hook answers against a set's facts with ../shared/corpus-facts/score.mjs's own
 * rules (it is run, not copied): the answers are replayed to it as the hook's stdout, so
 * what it counts as kept, invalid and made-up brace words is exactly its judgement. On
 * top of it (issue 24, Decisions):
 *
 * - a fact standing only in a printed `--grep` argument does not count: the arguments are
 *   masked before score.mjs reads the answer (notation.ts);
 * - made-up notation of every kind is counted on what the model reads (notation.ts);
 * - reduction is reported over outputs above 8 KB together and per size band;
 * - an excerpt over its tool's spill limit is counted (Claude Code would show the model a
 *   2 KB preview of it).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Answer } from "./answers.ts";
import { madeUpNotation, maskGreps, type NotationCounts, totalNotation } from "./notation.ts";
import { type FactCase, setDir, sharedFactsDir, visibleText, wholeOutput } from "./sets.ts";

export const BIG = 8192;
/** Claude Code's spill limits by tool, in characters (claude-code-contract.md). */
const SPILL: Record<string, number> = { Bash: 30_000, Grep: 20_000, Glob: 50_000 };

export interface CaseScore {
  readonly name: string;
  readonly kind: string;
  readonly tool: string;
  readonly origBytes: number;
  readonly shownBytes: number;
  readonly mustTotal: number;
  readonly mustHits: number;
  readonly missed: readonly string[];
  readonly invalid: boolean;
  readonly problems: readonly string[];
  readonly notation: NotationCounts;
  readonly overSpill: boolean;
  readonly replaced: boolean;
  readonly ms: number;
}

interface ScoreMjsResult {
  case: string;
  orig_bytes: number;
  visible_bytes: number;
  must_total: number;
  must_hits: number;
  must_missed: string[];
  invalid: boolean;
  problems: string[];
  replaced: boolean;
}

type Obj = Record<string, unknown>;

function maskDeep(v: unknown): unknown {
  if (typeof v === "string") return maskGreps(v);
  if (Array.isArray(v)) return v.map(maskDeep);
  if (v && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, maskDeep(x)]));
  return v;
}

/** The answer with every `--grep` argument masked; a stdout that is not JSON stays as it is. */
function masked(stdout: string): string {
  const t = stdout.trim();
  if (!t) return stdout;
  try {
    return JSON.stringify(maskDeep(JSON.parse(t)));
  } catch {
    return stdout;
  }
}

/** What the model reads with this answer (replacement or original, plus additional context). */
function shownText(c: FactCase, stdout: string): { text: string; replacement?: unknown } {
  const tool = c.input.tool_name;
  const original = visibleText(tool, c.input.tool_response);
  try {
    const j = JSON.parse(stdout.trim() || "{}") as Obj;
    const h = (j.hookSpecificOutput ?? {}) as Obj;
    const ctx =
      typeof h.additionalContext === "string" && h.additionalContext ? `\n${h.additionalContext}` : "";
    if (h.updatedToolOutput !== undefined)
      return { text: visibleText(tool, h.updatedToolOutput) + ctx, replacement: h.updatedToolOutput };
    return { text: original + ctx };
  } catch {
    return { text: original };
  }
}

/**
 * Runs score.mjs over `cases` with `answers` replayed as the hook's stdout. The cases are
 * read from their set's folder, or, with `made`, written out as they are (cases made by a
 * bench, e.g. bench/robust.ts's variants, have no file).
 */
export function scoreCases(
  cases: readonly FactCase[],
  answers: ReadonlyMap<string, Answer>,
  opts: { made?: boolean } = {},
): CaseScore[] {
  const shared = sharedFactsDir();
  if (!shared) throw new Error("no ../shared/corpus-facts/score.mjs beside the clone (set CORPUS_FACTS_DIR)");
  if (cases.length === 0) return [];
  const tmp = mkdtempSync(join(tmpdir(), "cairn-facts-score-"));
  try {
    const caseDir = join(tmp, "cases");
    const answerDir = join(tmp, "answers");
    spawnSync("mkdir", ["-p", caseDir, answerDir]);
    const ids = new Set<string>();
    for (const c of cases) {
      const id = c.input.tool_use_id;
      if (!/^[\w-]+$/.test(id) || ids.has(id))
        throw new Error(`${c.set}/${c.name}: tool_use_id ${id} not usable as a key`);
      ids.add(id);
      const file = join(caseDir, `${c.set}--${c.name}.json`);
      if (opts.made)
        writeFileSync(
          file,
          JSON.stringify({
            input: c.input,
            must_keep: c.must_keep,
            should_keep: c.should_keep,
            notes: c.notes,
          }),
        );
      else symlinkSync(join(setDir(c.set)!, `${c.name}.json`), file);
      const a = answers.get(`${c.set}/${c.name}`);
      writeFileSync(join(answerDir, `${id}.out`), masked(a?.stdout ?? ""));
      writeFileSync(join(answerDir, `${id}.code`), String(a?.code ?? 0));
    }
    // The hook command score.mjs runs: prints the recorded answer of the case on stdin.
    const replay = `id=$(sed -n 's/.*"tool_use_id":"\\([A-Za-z0-9_-]*\\)".*/\\1/p'); cat "${answerDir}/$id.out"; exit "$(cat "${answerDir}/$id.code")"`;
    const out = join(tmp, "score.json");
    const r = spawnSync(
      process.execPath,
      [join(shared, "score.mjs"), "--cases", caseDir, "--cmd", replay, "--json", out, "--quiet"],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    if (r.status !== 0) throw new Error(`score.mjs failed: ${r.stderr || r.stdout}`);
    const results = (JSON.parse(readFileSync(out, "utf8")) as { results: ScoreMjsResult[] }).results;
    const byName = new Map(results.map((x) => [x.case, x]));
    return cases.map((c) => {
      const s = byName.get(`${c.set}--${c.name}`);
      if (!s) throw new Error(`score.mjs has no result for ${c.set}/${c.name}`);
      const a = answers.get(`${c.set}/${c.name}`);
      const tool = c.input.tool_name;
      // A spill stored whole is the output the hook compressed: notation and size against it.
      const original = wholeOutput(c);
      const shown = shownText(c, a?.stdout ?? "");
      const limit = SPILL[tool];
      return {
        name: c.name,
        kind: c.kind,
        tool,
        // score.mjs measures the case's input, which holds only the spill's first 30,000 bytes.
        origBytes: c.spilled === undefined ? s.orig_bytes : Buffer.byteLength(c.spilled),
        shownBytes: s.visible_bytes,
        mustTotal: s.must_total,
        mustHits: s.must_hits,
        missed: s.must_missed,
        invalid: s.invalid,
        problems: s.problems,
        notation: madeUpNotation(original, maskGreps(shown.text)),
        overSpill: shown.replacement !== undefined && limit !== undefined && shown.text.length > limit,
        replaced: s.replaced,
        ms: a?.ms ?? 0,
      };
    });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

export interface Aggregate {
  readonly outputs: number;
  readonly facts: number;
  readonly kept: number;
  /** Pooled over all facts. */
  readonly recall: number;
  readonly bigOutputs: number;
  /** Over outputs above 8 KB together. */
  readonly reduction: number;
  readonly notation: number;
  readonly notationOutputs: number;
  readonly invalid: number;
  readonly overSpill: number;
  readonly p50ms: number;
}

function median(xs: number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.5 * s.length) - 1)]!;
}

export function aggregate(rows: readonly CaseScore[]): Aggregate {
  const sum = (xs: readonly CaseScore[], f: (r: CaseScore) => number) => xs.reduce((a, r) => a + f(r), 0);
  const big = rows.filter((r) => r.origBytes > BIG);
  const facts = sum(rows, (r) => r.mustTotal);
  const kept = sum(rows, (r) => r.mustHits);
  const bigOrig = sum(big, (r) => r.origBytes);
  return {
    outputs: rows.length,
    facts,
    kept,
    recall: facts ? kept / facts : 1,
    bigOutputs: big.length,
    reduction: bigOrig ? 1 - sum(big, (r) => r.shownBytes) / bigOrig : 0,
    notation: sum(rows, (r) => totalNotation(r.notation)),
    notationOutputs: rows.filter((r) => totalNotation(r.notation) > 0).length,
    invalid: rows.filter((r) => r.invalid).length,
    overSpill: rows.filter((r) => r.overSpill).length,
    p50ms: median(rows.filter((r) => r.ms > 0).map((r) => r.ms)),
  };
}

export const BANDS = [
  { name: "2–8 KB", test: (b: number) => b > 2048 && b <= BIG },
  { name: "8–30 KB", test: (b: number) => b > BIG && b <= 30 * 1024 },
  { name: "over 30 KB", test: (b: number) => b > 30 * 1024 },
] as const;

/** Share of bytes removed over the rows (not only those above 8 KB). */
export function reductionOf(rows: readonly CaseScore[]): number {
  const o = rows.reduce((a, r) => a + r.origBytes, 0);
  return o ? 1 - rows.reduce((a, r) => a + r.shownBytes, 0) / o : 0;
}
