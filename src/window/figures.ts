import { callKey } from "../claude/call-key.ts";
import type { HookEvent } from "../claude/events.ts";
import { type CallPlace, modelText } from "../claude/model-view.ts";
import { cairnMcpTool, cairnReadback } from "../core/cairn-commands.ts";
import type { Store } from "../store/db.ts";
import { getState, sessionScope, setState } from "../store/kv.ts";
import { findFiled } from "../store/outputs.ts";

/**
 * What each tool call cost the model's context, against what Claude Code alone would
 * have shown it (the table: store/tables/window.ts, call_figures). Counted in
 * PostToolUse, once the answer is out: the hook sees the call, the tool's own result
 * and cairn's answer, so it knows both sides without waiting for the transcript. The
 * ledger's measured size of what the model was sent replaces the hook's own figure
 * once the transcript has been read (figures-read.ts).
 *
 * - An output's counterfactual is the tool's result as Claude Code alone shows it: whole,
 *   or over the tool's limit (Bash 30,000, Grep 20,000, Glob and MCP 50,000 characters)
 *   the saved-output notice with a 2,000-character preview; a Read whole, numbered.
 * - A retrieval costs what it brought back, and saves nothing: `cairn show`, `detail`,
 *   `search` run through Bash or as MCP tools, and the same command run again (the same
 *   file read again) after cairn showed an excerpt of it, with no edit in between.
 */

export type RetrievalKind = "show" | "detail" | "search" | "rerun" | "reread";

export interface CallFigures {
  readonly sessionId: string;
  readonly toolUseId: string;
  readonly agentId: string;
  readonly toolName: string;
  readonly kind: "output" | "retrieval";
  readonly retrieval?: RetrievalKind | undefined;
  readonly outputId?: number | undefined;
  readonly counterfactualBytes: number;
  readonly shownBytes: number;
  readonly hiddenErrorsShown: number;
  /** What the model was sent, when cairn changed the output. */
  readonly shown?: string | undefined;
  readonly callKey: string;
  readonly at: number;
}

type PostToolUse = HookEvent<"PostToolUse">;
type Input = Record<string, unknown>;

/** Tools that change files: a command run again after one of them is new work, not a retrieval. */
const EDITS = new Set(["Edit", "Write", "MultiEdit", "NotebookEdit"]);

/** Counts one call. `answer` is cairn's replacement of the output, if it made one; `original` the whole output where the hook had to read it. */
export function recordFigures(
  store: Store,
  event: PostToolUse,
  answer: unknown,
  at: number,
  original?: () => string | undefined,
): CallFigures | undefined {
  const input = (event.tool_input ?? {}) as Input;
  const place: CallPlace = {
    tool: event.tool_name,
    toolUseId: event.tool_use_id,
    sessionId: event.session_id,
    transcriptPath: event.transcript_path,
  };
  const agentId = event.agent_id ?? "";
  const key = callKey(event.tool_name, input);
  const base = {
    sessionId: event.session_id,
    toolUseId: event.tool_use_id,
    agentId,
    toolName: event.tool_name,
    callKey: key,
    at,
  };
  const edited = `figures:edited:${agentId || "main"}`;
  if (EDITS.has(event.tool_name)) setState(store, sessionScope(event.session_id), edited, at, at);

  const shownText = modelText(place, input, answer ?? event.tool_response);
  if (shownText === undefined) {
    // A result cairn does not read (an Edit's, a Task's) and left alone: shown as Claude Code
    // shows it, which the ledger measures; until then, its size as the hook received it.
    if (answer !== undefined) return undefined;
    const size = Buffer.byteLength(JSON.stringify(event.tool_response ?? ""));
    return write(store, {
      ...base,
      kind: "output",
      counterfactualBytes: size,
      shownBytes: size,
      hiddenErrorsShown: 0,
    });
  }
  const shownBytes = Buffer.byteLength(shownText);

  const asked = readback(event.tool_name, input);
  const lastEdit = getState<number>(store, sessionScope(event.session_id), edited);
  const again = asked ? undefined : excerptedBefore(store, base, lastEdit);
  if (asked || again) {
    return write(store, {
      ...base,
      kind: "retrieval",
      retrieval: asked?.kind ?? (event.tool_name === "Read" ? "reread" : "rerun"),
      outputId: asked ? asked.outputId : again?.outputId,
      counterfactualBytes: 0,
      shownBytes,
      hiddenErrorsShown: 0,
    });
  }

  const alone = answer === undefined ? shownText : modelText(place, input, withoutMarker(event));
  const counterfactualBytes = alone === undefined ? shownBytes : Buffer.byteLength(alone);
  return write(store, {
    ...base,
    kind: "output",
    outputId: findFiled(store, event.session_id, event.tool_use_id)?.id,
    counterfactualBytes,
    shownBytes,
    // Against a saved-output notice: what cairn's answer showed that its preview would not have.
    hiddenErrorsShown:
      answer !== undefined && alone?.startsWith(SAVED_NOTICE)
        ? problemLinesBeyond(shownText, alone, original?.() ?? alone)
        : 0,
    ...(answer !== undefined ? { shown: shownText } : {}),
  });
}

/** A cairn read-back: a Bash command running one, or one of cairn's MCP tools. */
function readback(tool: string, input: Input): { kind: RetrievalKind; outputId?: number } | undefined {
  if (tool === "Bash") {
    const r = cairnReadback(String(input.command ?? ""));
    return r ? { kind: r.verb, ...(r.outputId !== undefined ? { outputId: r.outputId } : {}) } : undefined;
  }
  const mcp = cairnMcpTool(tool);
  if (!mcp) return undefined;
  if (mcp !== "show_output") return { kind: mcp as RetrievalKind };
  const id = input.id;
  return typeof id === "number" && Number.isSafeInteger(id)
    ? { kind: "show", outputId: id }
    : { kind: "show" };
}

/** The last call like this one that cairn showed an excerpt of, if no edit came after it. */
function excerptedBefore(
  store: Store,
  call: { sessionId: string; toolUseId: string; agentId: string; callKey: string },
  lastEdit: number | undefined,
): { outputId: number | undefined } | undefined {
  const row = store.db
    .prepare(
      `SELECT output_id, at FROM call_figures
       WHERE session_id = ? AND call_key = ? AND agent_id = ? AND kind = 'output'
         AND shown_bytes < counterfactual_bytes AND tool_use_id <> ?
       ORDER BY at DESC LIMIT 1`,
    )
    .get(call.sessionId, call.callKey, call.agentId, call.toolUseId) as
    | { output_id: number | null; at: number }
    | undefined;
  if (!row || (lastEdit !== undefined && lastEdit >= row.at)) return undefined;
  return { outputId: row.output_id ?? undefined };
}

/** The tool's own result without the exit trap's marker line (cairn's, not the command's). */
function withoutMarker(event: PostToolUse): unknown {
  const r = event.tool_response as Record<string, unknown>;
  if (event.tool_name !== "Bash" || typeof r?.stdout !== "string" || r.persistedOutputPath) return r;
  return { ...r, stdout: r.stdout.replace(/\n?\[cairn-exit [0-9a-f]+ \d{1,3}\]\n?$/, "") };
}

const SAVED_NOTICE = "<persisted-output>\n";
const PROBLEM =
  /\b(?:error|errors|err!|fail|failed|failing|failure|fatal|panic|exception|traceback|assertion)\b/i;

/**
 * Lines naming a problem that the model was shown (`shown`) and Claude Code alone would
 * have kept out of sight (not in its notice `alone`): lines of the original, never
 * cairn's own header or marks.
 */
export function problemLinesBeyond(shown: string, alone: string, original: string): number {
  let n = 0;
  for (const line of new Set(shown.split("\n"))) {
    if (line.trim().length < 8 || !PROBLEM.test(line)) continue;
    if (!alone.includes(line) && original.includes(line)) n += 1;
  }
  return n;
}

function write(store: Store, f: CallFigures): CallFigures {
  store.db
    .prepare(
      `INSERT INTO call_figures (session_id, tool_use_id, agent_id, tool_name, kind, retrieval, output_id,
         counterfactual_bytes, shown_bytes, hidden_errors_shown, changed, shown, call_key, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(session_id, tool_use_id) DO UPDATE SET kind = excluded.kind, retrieval = excluded.retrieval,
         output_id = excluded.output_id, counterfactual_bytes = excluded.counterfactual_bytes,
         shown_bytes = excluded.shown_bytes, hidden_errors_shown = excluded.hidden_errors_shown,
         changed = excluded.changed, shown = excluded.shown`,
    )
    .run(
      f.sessionId,
      f.toolUseId,
      f.agentId,
      f.toolName,
      f.kind,
      f.retrieval ?? null,
      f.outputId ?? null,
      f.counterfactualBytes,
      f.shownBytes,
      f.hiddenErrorsShown,
      f.shown === undefined ? 0 : 1,
      f.shown ?? null,
      f.callKey,
      f.at,
    );
  return f;
}
