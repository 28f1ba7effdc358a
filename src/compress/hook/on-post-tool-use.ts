import type { HookEvent } from "../../claude/events.ts";
import { type Extracted, extractOutput, toolFamily } from "../../claude/tool-outputs.ts";
import { anyPatternMatches } from "../../config/patterns.ts";
import { CAIRN_RAW, CAIRN_RETRIEVAL, cairnMcpTool } from "../../core/cairn-commands.ts";
import { formatBytes } from "../../core/format.ts";
import { mark } from "../../core/trace.ts";
import { bashResult } from "../../exit-trap/bash-result.ts";
import type { HookContext, Parts } from "../../hooks/context.ts";
import { sessionSeen } from "../../hooks/record.ts";
import { observerFor } from "../../observe/observer.ts";
import type { Store } from "../../store/db.ts";
import { findFiled, getOriginal } from "../../store/outputs.ts";
import type { Hints } from "../excerpt/types.ts";
import { hintsOf } from "../hints.ts";
import type { Printed } from "./delta.ts";
import type { Filed, Observer } from "./filing.ts";
import type { Seen, Shown, Where } from "./repeats.ts";
import { minCharsFor } from "./threshold.ts";

/**
 * Below this an output is never touched, repeated or not. From here on a repeat becomes a
 * reference only where the reference takes at most half as much (a short `tsc` result
 * printed ten times; a `git status` that grows by a line).
 */
const REPEAT_MIN_CHARS = 300;

type Event = HookEvent<"PostToolUse">;
type Filing = typeof import("./filing.ts");
type Repeats = typeof import("./repeats.ts");

/** One output on its way: what was extracted, the text to judge, and how to rebuild the tool's answer. */
interface Output {
  readonly out: Extracted;
  readonly text: string;
  readonly hints: Hints;
  /** Below this the output is shown as it is (it may still be a repeat). */
  readonly threshold: number;
  /** Rebuilds the tool's answer around new text (Bash answers keep Claude Code's shape and the exit status). */
  readonly shape: { replace(text: string): unknown };
}

/** The output to consider, or undefined when this call is left alone. */
function outputOf(event: Event, ctx: HookContext): Output | undefined {
  const c = ctx.config;
  if (!c["compress.enabled"] || !c["compress.tools"].includes(toolFamily(event.tool_name))) return undefined;
  const out = extractOutput(event.tool_name, event.tool_input, event.tool_response);
  if (!out) return undefined;
  // Bash: the whole output (Claude Code's spill file, checked) without the exit marker.
  const bash = event.tool_name === "Bash" ? bashResult(event, out, ctx) : undefined;
  const text = bash ? bash.text : out.text;
  const threshold = minCharsFor(c, event.tool_name, out.filePath, out.command);
  // Smaller outputs are shown whole; from REPEAT_MIN_CHARS on, a repeat of one is not sent twice.
  if (text.length < Math.min(threshold, REPEAT_MIN_CHARS)) return undefined;
  if (out.command && (CAIRN_RETRIEVAL.test(out.command) || CAIRN_RAW.test(out.command))) return undefined;
  if (cairnMcpTool(event.tool_name)) return undefined;
  // A read the agent bounded itself goes by the same sizes as a whole one: its region is
  // shown whole below them, and above them as the file's outline, whole numbered lines.
  if (anyPatternMatches(c["compress.never"], out.command ?? out.filePath ?? "")) return undefined;
  const hints = hintsOf(event.tool_name, out, bash?.status);
  return { out, text, hints, threshold, shape: bash ?? out };
}

/** What one call needs to file, refer to and remember outputs. */
interface Call {
  readonly o: Output;
  readonly store: Store;
  readonly where: Where;
  /** The session's working directory, left out of the labels references print. */
  readonly cwd: string;
  readonly ctx: HookContext;
  readonly filing: Filing;
  readonly repeats: Repeats;
  /** Files the output (once per call), with the model observer when asked. */
  file(observer?: Observer): Promise<Filed>;
}

/**
 * The retrieval command exactly as an excerpt header prints it for output `id`: in the
 * form that runs in the session's shell (`cairn` only when that is this cairn on PATH).
 */
function showCommand(call: Call, id: number): string {
  return call.filing.showCommand(id, call.ctx.cli());
}

/** An identical output still in context: one line naming it. */
async function repeatAnswer(call: Call, earlier: Seen): Promise<string | undefined> {
  const label = call.repeats.labelIn(earlier.label, call.cwd);
  // Fingerprints are of the text: the earlier copy may be another call's (a Read of the file a `cat` printed).
  const same = earlier.label === call.o.out.label;
  // The retrieval command is printed once per number in a context (Seen.told).
  const told = earlier.told === true;
  const line = (id: number) =>
    call.repeats.repeatLine({ ...earlier, id, label }, told ? undefined : showCommand(call, id), same);
  // A reference that would take more than half the output's room is not worth it.
  if (line(9_999_999).length > call.o.text.length / 2) return undefined;
  // An output shown whole the first time is stored only now, when a reference needs it.
  const id = earlier.id ?? (await call.file()).id;
  if (!told)
    call.repeats.rememberCopy(
      call.store,
      call.where,
      call.o.text,
      { ...earlier, id, told: true },
      call.ctx.now(),
    );
  return line(id);
}

/**
 * Whether the output filed as `id` is the one `previous` showed but for its times. Read
 * only when an excerpt came out the same, from the stored originals (secrets masked alike
 * in both, as `cairn show` gives them back), or from the showing itself where the output
 * was shown as it came; not known (false) where an original is gone.
 */
function sameButTimes(
  call: Call,
  previous: Shown,
  id: number,
  timingless: (text: string) => string,
): boolean {
  const stored = (n: number) => {
    const original = getOriginal(call.store, n);
    return original === undefined ? undefined : Buffer.from(original).toString("utf8");
  };
  const before = previous.id === undefined ? previous.body : stored(previous.id);
  const now = previous.id === undefined ? call.o.text : stored(id);
  return before !== undefined && now !== undefined && timingless(before) === timingless(now);
}

/** A delta shown for an output: its text and what a later delta needs of it. */
interface DeltaShown {
  readonly text: string;
  /** Whether the text printed the output's retrieval command. */
  readonly told: boolean;
  readonly printed: Printed[];
  /** What it cost beyond a delta against the output before it (deltaWorthIt). */
  readonly excess: number;
}

/**
 * A near repeat of what this call showed last whole: only the lines that changed, when
 * that is worth it (deltaWorthIt against `whole`, what showing the output costs). Returns
 * the output's id once it had to be filed for the reference.
 */
async function deltaAnswer(
  call: Call,
  previous: Shown,
  body: string,
  whole: number,
  filedId: number | undefined,
): Promise<{ id: number; delta?: DeltaShown } | undefined> {
  const { lineDelta, tellDelta, rebuilds, timingless, withMoves } = await import("./delta.ts");
  const lines = body.split("\n");
  const earlier = previous.body.split("\n");
  // Up to as many changed lines as the output has: lines an earlier delta printed are
  // named, not said again, so what a delta costs (deltaWorthIt) decides, not how many changed.
  const against = (before: string[]) => lineDelta(before, lines, Math.max(4, lines.length), timingless);
  const hunks = against(earlier);
  if (!hunks) return undefined;
  const id = filedId ?? (await call.file()).id;
  const delta = withMoves(hunks);
  // The output itself (not an excerpt of it) given back exactly by the showing and the
  // lines: nothing of it is missing, and no retrieval command is printed.
  const exact = body === call.o.text && rebuilds(earlier, hunks, lines);
  const size = formatBytes(Buffer.byteLength(call.o.text, "utf8"));
  // The command is printed once per call since its showing: later lines name their number.
  const command = exact || previous.commandTold === true ? undefined : showCommand(call, id);
  // An excerpt's lines say nothing of those it leaves out: unless the whole output is
  // known the same but for times, the line says whose lines changed.
  const same = body === call.o.text || (delta.changed === 0 && sameButTimes(call, previous, id, timingless));
  // The model has the output from the showing and the lines: its size is not said.
  const has = exact || (same && delta.changed === 0);
  const first = call.repeats.deltaLine(
    id,
    previous.id,
    delta.changed,
    command,
    has ? undefined : size,
    same ? "output" : "excerpt",
  );
  const said = tellDelta(delta, previous.printed ?? [], id);
  const text = [first, said.text].filter(Boolean).join("\n");
  // Against the output before this one (the last delta's), what it would have cost.
  const last = previous.lastBody === undefined ? undefined : against(previous.lastBody.split("\n"));
  const fresh = last ? first.length + 1 + tellDelta(withMoves(last), [], id).text.length : text.length;
  const excess = Math.max(0, text.length - fresh);
  // The lines it adds as they are (`+<line>`), which a whole showing says alike.
  const asIs = said.printed
    .filter((run) => !run.moved)
    .reduce((n, run) => n + run.lines.reduce((c, line) => c + line.length + 2, 0), 0);
  if (!call.repeats.deltaWorthIt(text.length, body.length, whole, (previous.excess ?? 0) + excess, asIs))
    return { id };
  return { id, delta: { text, told: command !== undefined, printed: said.printed, excess } };
}

async function answer(event: Event, ctx: HookContext, o: Output): Promise<string | undefined> {
  // The detectors load only now, when an output is actually filed; the kind they choose, once it is compressed.
  const [filing, { compressLoading }, repeats] = await Promise.all([
    import("./filing.ts"),
    import("../compress-lazy.ts"),
    import("./repeats.ts"),
  ]);
  const store = await ctx.store();
  const where = { sessionId: event.session_id, agentId: event.agent_id };
  const request = {
    text: o.text,
    hints: o.hints,
    label: o.out.label,
    session: sessionSeen(event, ctx.projectDir, ctx.now()),
    toolUseId: event.tool_use_id,
    cli: ctx.cli(),
    deadline: ctx.deadline,
    told: (legend: string) => repeats.legendTold(store, where, legend),
    onObserverError: (err: unknown) =>
      ctx.log.warn("observer failed; showing the excerpt", {
        event: "PostToolUse",
        session: event.session_id,
        err,
      }),
  };
  const call: Call = {
    o,
    store,
    where,
    cwd: event.cwd,
    ctx,
    filing,
    repeats,
    file: (observer) => filing.fileOutput(store, ctx.config, request, compressLoading, ctx.now(), observer),
  };
  // Even with a low compress.min_bytes, a reference replaces only what it is much shorter than.
  // A retried hook (this call already filed) answers as it did the first time, never
  // with a reference to its own earlier attempt.
  const repeatable =
    o.text.length >= REPEAT_MIN_CHARS && !findFiled(store, event.session_id, event.tool_use_id);
  const earlier = repeatable ? repeats.earlierCopy(store, call.where, o.text) : undefined;
  mark("repeat-lookup");
  if (earlier) {
    const line = await repeatAnswer(call, earlier);
    if (line) return line;
  }
  return freshAnswer(call, repeatable);
}

/** An output not in context yet: its excerpt (or itself), or the lines that changed since this call's last one. */
async function freshAnswer(call: Call, repeatable: boolean): Promise<string | undefined> {
  const { o, store, where, repeats, ctx } = call;
  const seen = { label: o.out.label, bytes: Buffer.byteLength(o.text, "utf8") };
  // What the model would read in full now: the output itself, or the excerpt filed for it.
  let id: number | undefined;
  let replacement: string | undefined;
  let body = o.text;
  let legends: readonly string[] = [];
  if (o.text.length >= o.threshold) {
    const filed = await call.file(observerFor(ctx.config, ctx.env));
    id = filed.id;
    // Without a shorter replacement the original is shown as it is (it stays stored, so
    // `cairn show` still has it).
    if (filed.replacement) {
      replacement = filed.replacement.shown;
      body = filed.replacement.body;
      legends = filed.legends ?? [];
    }
  }
  // The header's legends are in context once the excerpt is what the model reads.
  const shownWhole = () => {
    repeats.rememberLegends(store, where, legends, ctx.now());
    return replacement;
  };
  if (!repeatable) return shownWhole();
  // The last output of this call the model read whole: a near repeat is told against it,
  // never against another delta, so one step turns what it read into the output now.
  const previous = repeats.lastShown(store, where, o.hints.tool, o.out.label);
  const whole = (replacement ?? o.text).length;
  const answered = previous ? await deltaAnswer(call, previous, body, whole, id) : undefined;
  mark("delta");
  id = answered?.id ?? id;
  const delta = answered?.delta;
  // Its number's retrieval command is in context once the delta's line or the excerpt's header printed it.
  const told = delta ? delta.told : replacement !== undefined;
  repeats.rememberCopy(store, where, o.text, { ...seen, id, told }, ctx.now());
  if (delta && previous) {
    // The whole showing stays what later deltas are told against; they may name this one's lines.
    const printed = [...(previous.printed ?? []), ...delta.printed];
    const excess = (previous.excess ?? 0) + delta.excess;
    const commandTold = previous.commandTold === true || delta.told;
    const next = { ...previous, printed, excess, lastBody: body, commandTold };
    repeats.rememberShown(store, where, o.hints.tool, o.out.label, next, ctx.now());
    return delta.text;
  }
  // Shown whole, this is what later near repeats are told against. Its number is named
  // only where the model read it, in the excerpt's header: an output shown as it came
  // (filed for a reference, or its excerpt no shorter) carries none.
  const named = replacement === undefined ? undefined : id;
  // An excerpt's header printed the call's retrieval command.
  const shown = { id: named, body, commandTold: replacement !== undefined };
  repeats.rememberShown(store, where, o.hints.tool, o.out.label, shown, ctx.now());
  return shownWhole();
}

/**
 * The person's sign, under the tool call in Claude Code's view, that the model was shown
 * a replacement: its first line (the excerpt's header, or the line naming a repeat). A
 * systemMessage is shown to the user and never sent to the model (contract §1, and
 * test/e2e/replaced-notice.e2e.test.ts), so it costs no context.
 */
function replacedNotice(shown: string): string {
  const nl = shown.indexOf("\n");
  const first = (nl === -1 ? shown : shown.slice(0, nl)).trim();
  return first.length > 200 ? `${first.slice(0, 199)}…` : first;
}

export const parts: Parts = {
  PostToolUse: {
    name: "compress",
    async run(event, ctx) {
      const o = outputOf(event, ctx);
      if (!o) return undefined;
      const shown = await answer(event, ctx, o);
      return shown === undefined
        ? undefined
        : { updatedToolOutput: o.shape.replace(shown), systemMessage: replacedNotice(shown) };
    },
  },
};
