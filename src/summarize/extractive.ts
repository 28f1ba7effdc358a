import { basename } from "node:path";
import { clip, oneLine, type TurnDigest } from "./digest.ts";

/**
 * The default L1 summary, made without any model: the request, an arrow, the
 * conclusion, then the files touched and the tool count. Deterministic, so the same
 * turn always reads the same.
 */
export function extractiveSummary(d: TurnDigest, maxChars = 240): string {
  const request = clip(oneLine(d.request) || "(no request text)", 100);
  const conclusion = clip(oneLine(d.conclusion), 100);
  const names = [...new Set(d.files.map((f) => basename(f)))];
  const files = names.length
    ? ` [${names.slice(0, 4).join(", ")}${names.length > 4 ? ` +${names.length - 4}` : ""}]`
    : "";
  const tools = d.tools
    ? ` (${d.tools} tool${d.tools === 1 ? "" : "s"}${d.failed ? `, ${d.failed} failed` : ""})`
    : "";
  return clip(`${request}${conclusion ? ` → ${conclusion}` : ""}${files}${tools}`, maxChars);
}
