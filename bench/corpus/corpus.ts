/**
 * The independent corpus: real tool outputs made by `node bench/corpus/generate.ts`,
 * stored gzipped in bench/corpus/corpus.jsonl.gz (one PostToolUse-shaped entry a line),
 * and what the model sees of each without cairn.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { CorpusEntry } from "./gen-support.ts";

export type { CorpusEntry };

export const CORPUS_FILE = join(import.meta.dirname, "corpus.jsonl.gz");

export function loadCorpus(file = CORPUS_FILE): CorpusEntry[] {
  if (!existsSync(file)) throw new Error(`no corpus at ${file}: run node bench/corpus/generate.ts`);
  return gunzipSync(readFileSync(file))
    .toString("utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as CorpusEntry);
}

type Obj = Record<string, unknown>;

/** The text of the output as the model reads it when nothing replaces it. */
export function modelView(e: Pick<CorpusEntry, "tool_name" | "tool_response" | "exitCode">): string {
  const r = e.tool_response as Obj;
  switch (e.tool_name) {
    case "Bash": {
      const out = String(r.stdout ?? "");
      const err = String(r.stderr ?? "");
      const text = err ? `${out}\n${err}` : out;
      // A failing command's tool_result starts so in Claude Code.
      return e.exitCode ? `Exit code ${e.exitCode}\n${text}` : text;
    }
    case "Read":
      return String((r.file as Obj).content ?? "");
    case "Grep":
      return typeof r.content === "string" ? r.content : (r.filenames as string[]).join("\n");
    case "Glob":
      return (r.filenames as string[]).join("\n");
  }
}
