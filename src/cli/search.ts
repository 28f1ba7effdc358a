import { notedDataBlock } from "../core/data-block.ts";
import { printedCli } from "../core/self.ts";
import { visibleLine } from "../core/terminal-text.ts";
import { chainOwner, isKnownSession, memoryEnv, unknownSession } from "../memory/command-env.ts";
import { hhmm } from "../memory/compose.ts";
import { indexOutputs } from "../memory/ingest.ts";
import { type Hit, isQuerySyntaxError, search as searchMemory } from "../memory/search.ts";
import { parseWhen } from "../memory/when.ts";
import { intFlag, parse, UsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { agentReads, color, json, out } from "./io.ts";

const USAGE = `Usage: cairn search QUERY [options]

Full-text search (SQLite FTS5, ranked) across layered memory (turn summaries, the
conversation, tool inputs and outputs, thinking, system and hook messages) and the
stored originals of compressed outputs. Each hit shows its whole matching line and
the command that shows more. Each word must match, as typed (\`src/db/pool.ts:88\`
needs no quoting); FTS5 syntax ("exact phrase", prefix*, OR, NOT, parentheses) is used
as it is, and a query FTS5 cannot read is refused with the reason (exit 2).

  --session ID   only that session's chain (the session and those handed off into it);
                 "current" for the session this runs in
  --all          every project (default: this project)
  --tool NAME    only calls of one tool (Bash, Read, mcp__server__tool, ...)
  --since WHEN   from a time: HH:MM (today), an ISO date/time, or an age (90m, 2h, 3d)
  --until WHEN   up to a time, same forms
  --limit N      at most N hits (default 20)
  --team         search the team's shared store on PostgreSQL instead (see \`cairn team\`):
                 each hit names machine, user and time
  --json         machine-readable output`;

export const search: Command = {
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parse(
      argv,
      {
        session: { type: "string" },
        all: { type: "boolean" },
        tool: { type: "string" },
        since: { type: "string" },
        until: { type: "string" },
        limit: { type: "string" },
        json: { type: "boolean" },
        team: { type: "boolean" },
      },
      { positionals: true },
    );
    const query = positionals.join(" ").trim();
    if (!query) throw new UsageError("give the words to search for");
    const limit = intFlag(values.limit, "limit", 1) ?? 20;
    if (values.team) {
      const { runTeamSearch } = await import("./search-team.ts");
      return runTeamSearch(query, limit, Boolean(values.json));
    }
    const m = await memoryEnv();
    try {
      const now = m.now();
      const since = values.since === undefined ? undefined : parseWhen(values.since, now);
      const until = values.until === undefined ? undefined : parseWhen(values.until, now);
      if (since === null) throw new UsageError(`--since: cannot read "${values.since}"`);
      if (until === null) throw new UsageError(`--until: cannot read "${values.until}"`);
      const store = await m.store();
      if (
        values.session !== undefined &&
        values.session !== "current" &&
        !isKnownSession(store, values.session)
      )
        throw new UsageError(unknownSession(values.session));
      indexOutputs(store, now, 100_000);
      const owner =
        values.session === undefined
          ? undefined
          : chainOwner(store, m.projectDir, values.session === "current" ? undefined : values.session, m.env);
      if (values.session !== undefined && !owner) throw new UsageError(unknownSession(values.session));
      let hits: Hit[];
      try {
        hits = searchMemory(store, {
          query,
          projectDir: values.all ? undefined : m.projectDir,
          owner,
          tool: values.tool,
          since,
          until,
          limit,
        });
      } catch (e) {
        if (isQuerySyntaxError(e)) throw new UsageError(e.message);
        throw e;
      }
      if (values.json) {
        json({ query, hits });
        return hits.length ? 0 : 1;
      }
      if (hits.length === 0) {
        out(
          `No match for "${query}"${values.all ? "" : ` in ${m.projectDir} (--all searches every project)`}.`,
        );
        return 1;
      }
      const lines = hitLines(hits, values.session !== undefined);
      // Read by the agent: one data block, so an instruction a snippet carries reads as data.
      if (agentReads()) out(notedDataBlock(lines.join("\n"), `cairn search ${visibleLine(query)}`));
      else for (const line of lines) out(line);
      return 0;
    } finally {
      m.close();
    }
  },
};

/** Each hit as three lines: where it is, the matching line, the command that shows more. */
function hitLines(hits: readonly Hit[], bySession: boolean): string[] {
  const cli = printedCli();
  const tty = process.stdout.isTTY === true;
  return hits.flatMap((h, n) => {
    const where =
      h.source === "output"
        ? `output #${h.id} · ${h.toolName}${h.label ? ` · ${h.label.slice(0, 60)}` : ""}`
        : `T${h.turn} ${h.kind}${h.toolName ? ` · ${h.toolName}` : ""}`;
    const next =
      h.source === "output"
        ? `${cli} show ${h.id} --lines ${Math.max(1, h.line - 5)}-${h.line + 5}`
        : h.toolUseId
          ? `${cli} detail ${h.toolUseId}`
          : `${cli} detail turn ${h.turn}${bySession ? ` --session ${h.session}` : ""}`;
    // The matching line is stored tool output or conversation: shown whole, as one visible line.
    return [
      `${color.bold(`${n + 1}.`)} ${color.cyan(`[${visibleLine(where)} · ${hhmm(h.at)} · ${visibleLine(h.session.slice(0, 8))}]`)}`,
      `   ${h.source === "output" ? color.dim(`${h.line}: `) : ""}${tty ? markedLine(h) : visibleLine(h.snippet)}`,
      color.dim(`   ${next}`),
    ];
  });
}

/** The line with its matched words in bold yellow (for a terminal), each piece visible text. */
function markedLine(h: Hit): string {
  let text = "";
  let at = 0;
  for (const [from, to] of h.marks) {
    if (from < at) continue;
    text +=
      visibleLine(h.snippet.slice(at, from)) +
      color.bold(color.yellow(visibleLine(h.snippet.slice(from, to))));
    at = to;
  }
  return text + visibleLine(h.snippet.slice(at));
}
