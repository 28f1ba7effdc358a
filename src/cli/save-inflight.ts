import { printedCli } from "../core/self.ts";
import { readBaton } from "../memory/baton.ts";
import { currentSession, isKnownSession, memoryEnv, unknownSession } from "../memory/command-env.ts";
import { saveMemo } from "../memory/memo.ts";
import { parse, UsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { color, json, out } from "./io.ts";

const USAGE = `Usage: cairn save-inflight [--session ID] [--json] < memo

Stores the in-flight memo for the session that continues this work: the next step,
the current hypothesis, open questions and TODOs, as text on standard input. The
/handoff command asks the agent to run it like this:

  cairn save-inflight <<'CAIRN_MEMO'
  ## Next step
  ...
  CAIRN_MEMO

The memo joins the session's memory (it is searchable, and it survives further
handoffs); the next session receives the latest one at the top of its resume.

  --session ID  the session the memo belongs to (default: the pending handoff's
                session, else the Claude Code session this runs in, else the
                project's most recent one)
  --json        machine-readable output`;

const MAX_CHARS = 50_000;

export const saveInflight: Command = {
  usage: USAGE,
  async run(argv) {
    const { values } = parse(argv, { session: { type: "string" }, json: { type: "boolean" } });
    if (process.stdin.isTTY) throw new UsageError("pipe the memo on standard input (see the example below)");
    const memo = (await readAll()).trim();
    if (!memo) throw new UsageError("the memo on standard input is empty");
    if (memo.length > MAX_CHARS)
      throw new UsageError(`the memo is ${memo.length} characters; keep it under ${MAX_CHARS}`);
    const m = await memoryEnv();
    try {
      const store = await m.store();
      if (values.session !== undefined && !isKnownSession(store, values.session))
        throw new Error(unknownSession(values.session));
      const baton = readBaton(m.paths, m.projectDir);
      const sessionId =
        values.session ?? baton?.sessionId ?? currentSession(store, m.projectDir, undefined, m.env);
      if (!sessionId) {
        throw new Error(`no session of ${m.projectDir} is known to cairn yet; pass --session ID`);
      }
      const saved = saveMemo(store, { sessionId, projectDir: m.projectDir, memo, now: m.now() });
      if (values.json) {
        json({ saved: true, sessionId, chars: memo.length, key: saved.key, handoffPending: Boolean(baton) });
        return 0;
      }
      out(`Saved the in-flight memo (${memo.length} chars) for session ${sessionId.slice(0, 8)}.`);
      if (baton) out("The next session started in this project receives it with the handoff.");
      else
        out(
          color.yellow(
            `No handoff is pending: run /handoff (or \`${printedCli()} handoff --write\`) so the next session gets it.`,
          ),
        );
      return 0;
    } finally {
      m.close();
    }
  },
};

async function readAll(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}
