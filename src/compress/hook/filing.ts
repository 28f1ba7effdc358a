import type { Config } from "../../config/schema.ts";
import { monotonicMs } from "../../core/clock.ts";
import { type Deadline, NO_DEADLINE } from "../../core/deadline.ts";
import { failpoint } from "../../core/failpoint.ts";
import { redactWithin } from "../../core/secrets/mask-within.ts";
import { redact } from "../../core/secrets/redact.ts";
import { printedCli } from "../../core/self.ts";
import { mark } from "../../core/trace.ts";
import type { Store } from "../../store/db.ts";
import { countLines, findFiled, insertOutput, recordExcerpt } from "../../store/outputs.ts";
import { ensureSession, type SessionSeen } from "../../store/sessions.ts";
import { excerptBudget } from "../excerpt/budget.ts";
import { excerptHeader, legendsOf, showCommand, shownOf, splitShown } from "../excerpt/header.ts";
import type { Excerpt, Hints } from "../excerpt/types.ts";

/**
 * Filing an output away: the excerpt is made, then the original (secrets masked) and
 * the excerpt, with a header saying what was kept and exactly how to get the rest, are
 * stored in one transaction. Only once that is committed is anything shorter shown.
 * The PostToolUse part and `cairn slim` both file through here.
 */

/** Synchronous with every kind loaded (compress-text.ts), or loading the one it needs (compress-lazy.ts). */
export type CompressFn = (text: string, hints: Hints, budget: number) => Excerpt | Promise<Excerpt>;

export interface FileRequest {
  readonly text: string;
  readonly hints: Hints;
  readonly label: string;
  /** The session it is filed under: created with the output when cairn has not recorded it yet. */
  readonly session: SessionSeen;
  readonly toolUseId?: string | undefined;
  /** How the header's commands invoke cairn; by default the way that runs in the session's shell (core/self.ts). */
  readonly cli?: string | undefined;
  /** Told why the observer failed, for the log; the excerpt is used instead. */
  readonly onObserverError?: (err: unknown) => void;
  /** When the hook's synchronous work must stop (BudgetSpent): masking checks it between chunks. */
  readonly deadline?: Deadline | undefined;
  /** Whether the context has read a header's legend already (header.ts legendsOf): the header leaves it out. */
  readonly told?: ((legend: string) => boolean) | undefined;
}

export interface Filed {
  readonly id: number;
  /**
   * What the model is shown instead of the original, or undefined when the original
   * itself is shown: with a low compress.min_bytes, or an output every line of which is
   * a fact, header and excerpt can come to no less than the output.
   */
  readonly replacement: Replacement | undefined;
  readonly compressor: string;
  readonly originalBytes: number;
  readonly redactions: number;
  /** The legends the replacement's header says (header.ts legendsOf): none without a replacement. */
  readonly legends?: readonly string[];
}

export interface Replacement {
  /** Header plus excerpt. */
  readonly shown: string;
  /** The excerpt without its header: what the model reads of the output itself. */
  readonly body: string;
}

/** The excerpt's size target: the one formula (excerpt/budget.ts), here for the benches that load this module. */
export { excerptBudget };

/** Writes a model observation of an output, or throws (the caller then uses the excerpt). */
export type Observer = (text: string, hints: Hints) => Promise<{ text: string; json: string }>;

export async function fileOutput(
  store: Store,
  config: Config,
  req: FileRequest,
  compress: CompressFn,
  now: number,
  observer?: Observer,
): Promise<Filed> {
  const deadline = req.deadline ?? NO_DEADLINE;
  const masked = config["compress.redact"]
    ? redactWithin(req.text, deadline)
    : { text: req.text, count: 0, kinds: [] };
  mark("filing:redacted");
  const original = Buffer.from(masked.text, "utf8");
  // One tool call, one record: filing again (a retried hook, `cairn slim` over a call
  // filed live) returns the first, or completes it.
  const prior = req.toolUseId ? findFiled(store, req.session.id, req.toolUseId) : undefined;
  // What is shown is never longer than the output it stands for (a retry's text is the
  // first attempt's; a record filed for other text is not shown for this one).
  const shorter = (shown: string | null): shown is string => shown !== null && shown.length < req.text.length;
  if (prior?.compressor)
    return {
      id: prior.id,
      replacement: shorter(prior.excerpt)
        ? { shown: prior.excerpt, body: splitShown(prior.excerpt).body }
        : undefined,
      compressor: prior.compressor,
      originalBytes: prior.original_bytes,
      redactions: prior.redactions,
    };
  const started = monotonicMs();
  let excerpt: Excerpt | undefined;
  let observation: string | undefined;
  if (observer) {
    try {
      const o = await observer(masked.text, req.hints);
      excerpt = { text: o.text, compressor: "observation", kept: "a model-written observation" };
      observation = o.json;
    } catch (err) {
      req.onObserverError?.(err);
    }
  }
  deadline.check("compressing the output");
  excerpt ??= await compress(masked.text, req.hints, excerptBudget(config, masked.text.length));
  deadline.check("storing the output");
  const latencyMs = monotonicMs() - started;
  mark("filing:compressed");
  // The original and what is shown instead are committed together, in one short write:
  // parallel tool calls' hooks queue for the database's one write lock, so each hook
  // takes it once. The header names the row, so the row comes first inside it.
  const made = excerpt;
  // Looked up outside the write lock: a few stat calls along PATH.
  const cli = req.cli ?? printedCli();
  const { hints, told } = req;
  const { id, shown } = store.tx(() => {
    ensureSession(store, req.session);
    const id =
      prior?.id ??
      insertOutput(store, {
        sessionId: req.session.id,
        toolUseId: req.toolUseId,
        toolName: req.hints.tool,
        // The label is the command line (PGPASSWORD=..., curl -H 'Authorization: ...'),
        // shown by search, report, the dashboard and MCP: masked like the output.
        label: config["compress.redact"] ? redact(req.label).text : req.label,
        original,
        originalLines: countLines(masked.text),
        exitCode: req.hints.exitCode,
        redactions: masked.count,
        at: now,
      });
    failpoint("filing:stored");
    const header = excerptHeader(id, masked.text, original.byteLength, made, hints, masked.count, cli, told);
    const text = shownOf(header, made.text);
    const shown = shorter(text) ? text : null;
    recordExcerpt(store, id, { excerpt: shown, compressor: made.compressor, latencyMs, observation });
    return { id, shown };
  });
  mark("filing:stored");
  return {
    id,
    replacement: shown === null ? undefined : { shown, body: made.text },
    compressor: excerpt.compressor,
    originalBytes: original.byteLength,
    redactions: masked.count,
    legends: shown === null ? [] : legendsOf(made, req.hints).filter((l) => !told?.(l)),
  };
}

/** The header's retrieval command and its body, for the hook part that refers to filed outputs (loaded with filing). */
export { excerptHeader, showCommand, splitShown };
