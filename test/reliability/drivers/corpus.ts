/** Real tool outputs (test/fixtures/outputs*), for drivers that need many of them. */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const FIXTURES = resolve(import.meta.dirname, "../../fixtures");

export function realOutputs(minBytes: number, maxBytes: number): string[] {
  const out: string[] = [];
  for (const dir of ["outputs", "outputs-extra"]) {
    for (const name of readdirSync(join(FIXTURES, dir)).sort()) {
      if (!name.endsWith(".txt")) continue;
      const text = readFileSync(join(FIXTURES, dir, name), "utf8");
      if (text.length >= minBytes && text.length <= maxBytes) out.push(text);
    }
  }
  if (out.length === 0) throw new Error(`no corpus output between ${minBytes} and ${maxBytes} bytes`);
  return out;
}

/** The lines of a real Claude Code transcript. */
export function transcriptLines(name = "tools-session.jsonl"): string[] {
  return readFileSync(join(FIXTURES, "transcripts", name), "utf8")
    .split("\n")
    .filter(Boolean);
}

const IDS =
  /\b(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|msg_[A-Za-z0-9]+|toolu_[A-Za-z0-9_]+|req_[A-Za-z0-9]+)\b/g;

/**
 * The transcript's lines again as a new round: every uuid, message, tool-use and
 * request id made unique to the round (so memory and the ledger see new entries), the
 * session id set to `sessionId`.
 */
export function transcriptRound(lines: readonly string[], sessionId: string, round: number): string {
  const original = /"sessionId":"([^"]+)"/.exec(lines.find((l) => l.includes('"sessionId"')) ?? "")?.[1];
  return lines
    .map((l) => {
      const renamed = l.replace(IDS, (id) => (id === original ? id : `${id}r${round}`));
      return original ? renamed.split(original).join(sessionId) : renamed;
    })
    .join("\n")
    .concat("\n");
}
