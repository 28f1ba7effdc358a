import { readFileSync } from "node:fs";

/**
 * An independent reading of a transcript for the ledger's tests: the simplest correct
 * thing (parse every line, keep the first usage seen per chain and message.id), with
 * none of the ledger's shortcuts.
 */
export interface OracleTotals {
  responses: number;
  input: number;
  cacheCreation: number;
  cacheRead: number;
  output: number;
}

export function oracle(paths: { path: string; agentId?: string }[]): {
  byAgent: Map<string, OracleTotals>;
  toolUses: Set<string>;
  toolResults: Set<string>;
  compactions: number;
  lastMainContext: number | null;
} {
  const seen = new Set<string>();
  const byAgent = new Map<string, OracleTotals>();
  const toolUses = new Set<string>();
  const toolResults = new Set<string>();
  let compactions = 0;
  let lastMainContext: number | null = null;
  for (const { path, agentId } of paths) {
    for (const line of readFileSync(path, "utf8").split("\n")) {
      if (!line.trim()) continue;
      const e = JSON.parse(line);
      const agent = agentId ?? (e.isSidechain ? (e.agentId ?? "sidechain") : "");
      if (e.type === "assistant" && e.message?.usage && e.message.model !== "<synthetic>") {
        for (const b of e.message.content ?? []) if (b.type === "tool_use") toolUses.add(b.id);
        const key = `${agent}\0${e.message.id}`;
        const u = e.message.usage;
        if (!agent)
          lastMainContext = u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens;
        if (seen.has(key)) continue;
        seen.add(key);
        const t = byAgent.get(agent) ?? { responses: 0, input: 0, cacheCreation: 0, cacheRead: 0, output: 0 };
        t.responses += 1;
        t.input += u.input_tokens;
        t.cacheCreation += u.cache_creation_input_tokens;
        t.cacheRead += u.cache_read_input_tokens;
        t.output += u.output_tokens;
        byAgent.set(agent, t);
      } else if (e.type === "user" && Array.isArray(e.message?.content)) {
        for (const b of e.message.content) if (b.type === "tool_result") toolResults.add(b.tool_use_id);
      } else if (e.type === "system" && e.subtype === "compact_boundary") {
        compactions += 1;
        if (!agent) lastMainContext = e.compactMetadata?.postTokens ?? null;
      }
    }
  }
  return { byAgent, toolUses, toolResults, compactions, lastMainContext };
}
