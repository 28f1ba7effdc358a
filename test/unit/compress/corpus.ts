/**
 * The real tool outputs the compressors are tested and benchmarked on:
 * test/fixtures/outputs (the shared corpus) and test/fixtures/outputs-extra (made for
 * these tests the same way), each with a manifest of the facts an excerpt must keep.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadSet, type OpenSet } from "../../../bench/corpus/facts/sets.ts";
import { makeVariant, type VariantKind } from "../../../bench/corpus/facts/variants.ts";
import type { Hints } from "../../../src/compress/excerpt/types.ts";

export interface CorpusEntry {
  readonly file: string;
  readonly kind: string;
  readonly tool: string;
  readonly command: string;
  readonly exitCode: number;
  readonly bytes: number;
  readonly facts: readonly string[];
  /** Read of a region: the first line of the text and the requested offset/limit. */
  readonly firstLine?: number;
  readonly offset?: number;
  readonly limit?: number;
  readonly path: string;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../fixtures");
export const CORPUS_DIRS = [
  join(ROOT, "outputs"),
  join(ROOT, "outputs-extra"),
  join(ROOT, "outputs-substance"),
];

export function loadCorpus(): CorpusEntry[] {
  const entries: CorpusEntry[] = [];
  for (const dir of CORPUS_DIRS) {
    const manifest = join(dir, "manifest.json");
    if (!existsSync(manifest)) continue;
    const list = JSON.parse(readFileSync(manifest, "utf8")) as Omit<CorpusEntry, "path">[];
    for (const e of list) entries.push({ ...e, path: join(dir, e.file) });
  }
  return entries;
}

/** Every fixture output's text (each `.txt` under CORPUS_DIRS) with its file's name. */
export function fixtureTexts(): { file: string; text: string }[] {
  return CORPUS_DIRS.flatMap((dir) =>
    readdirSync(dir)
      .filter((file) => file.endsWith(".txt"))
      .map((file) => ({ file, text: readFileSync(join(dir, file), "utf8") })),
  );
}

/** What the PostToolUse hook would pass as hints for this capture. */
export function hintsFor(e: CorpusEntry): Hints {
  if (e.tool === "Read") {
    return {
      tool: "Read",
      filePath: e.command,
      firstLine: e.firstLine ?? 1,
      offset: e.offset,
      limit: e.limit,
    };
  }
  if (e.tool === "Bash") return { tool: "Bash", command: e.command, exitCode: e.exitCode };
  return { tool: e.tool };
}

export function readText(e: CorpusEntry): string {
  return readFileSync(e.path, "utf8");
}

/**
 * A real captured Claude Code input of the bench's widened corpus (bench/corpus/dev or a
 * held-out round's folder, all open to development; never blind), compressed as
 * the hook would: its text, the excerpt, the facts its annotator needed and the hints the hook gave.
 */
export async function capturedCase(set: Exclude<OpenSet, "shared">, name: string) {
  const { extractOutput } = await import("../../../src/claude/tool-outputs.ts");
  const { compressText } = await import("../../../src/compress/compress-text.ts");
  const { excerptBudget } = await import("../../../src/compress/excerpt/budget.ts");
  const { hintsOf } = await import("../../../src/compress/hints.ts");
  const { defaults } = await import("../../../src/config/schema.ts");
  const c = loadSet(set).find((x) => x.name === name);
  if (!c) throw new Error(`no case ${set}/${name}`);
  const { tool_name, tool_input, tool_response } = c.input;
  const out = extractOutput(tool_name, tool_input, tool_response)!;
  const hints = hintsOf(tool_name, out, undefined);
  // A spill stored whole is what the hook compresses.
  const text = c.spilled ?? out.text;
  const e = compressText(text, hints, excerptBudget(defaults(), text.length));
  return { text, e, must: c.must_keep as string[], hints };
}

/**
 * A captured case (capturedCase) made into one of the robustness bench's variants
 * (bench/corpus/facts/variants.ts: grown, shrunk, rotated, renumbered), compressed as the
 * hook would compress an output of the variant's size: the variant's text, its excerpt and
 * the facts, which the variant keeps unchanged.
 */
export async function variantCase(set: Exclude<OpenSet, "shared">, name: string, kind: VariantKind) {
  const { compressText } = await import("../../../src/compress/compress-text.ts");
  const { excerptBudget } = await import("../../../src/compress/excerpt/budget.ts");
  const { defaults } = await import("../../../src/config/schema.ts");
  const { text, must, hints } = await capturedCase(set, name);
  const v = makeVariant(text, must, kind);
  if (!("text" in v)) throw new Error(`${set}/${name} ${kind}: ${v.skip}`);
  return {
    text: v.text,
    e: compressText(v.text, hints, excerptBudget(defaults(), v.text.length)),
    must,
    hints,
  };
}
