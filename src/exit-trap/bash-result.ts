import type { HookEvent } from "../claude/events.ts";
import type { Extracted } from "../claude/tool-outputs.ts";
import type { HookContext } from "../hooks/context.ts";
import { looksLikeMarker, splitExitMarker, statusLine } from "./exit-marker.ts";
import { sessionNonce } from "./nonce.ts";
import { readPersistedOutput, readPersistedTail } from "./persisted-output.ts";

/**
 * A Bash call's exit status from the trap's marker, found cheaply (the hook's stdout, or
 * the last bytes of Claude Code's spill file): what every PostToolUse answer owes the
 * model once the trap acted, whatever else fails or runs out of time.
 */
interface BashStatus {
  /** The command's own non-zero exit status, from this session's marker; undefined for a success or without the trap. */
  readonly status: number | undefined;
  /**
   * The tool's output as Claude Code gave it, minus the marker and with the status
   * stated first; undefined when there was no marker (nothing to change).
   */
  unmarked(): unknown;
}

/**
 * A Bash call's whole output as cairn works on it: read from Claude Code's spill file
 * when the hook only received the first 30,000 characters, with the exit marker taken
 * off and its status kept.
 */
interface BashResult extends BashStatus {
  /** The whole output (or what the hook received, when the spill file was refused or too large), without the marker. */
  readonly text: string;
  /** The tool's output with `excerpt` in place of the text, the status stated first. */
  replace(excerpt: string): unknown;
}

type PostToolUse = HookEvent<"PostToolUse">;
type Obj = Record<string, unknown>;

/** What the cheap look found, kept for the full read. */
interface Probe extends BashStatus {
  /** What the hook received, without the marker (stdout, then stderr, as the model would read them). */
  readonly received: string | undefined;
  readonly split: (s: string) => ReturnType<typeof splitExitMarker>;
}

// The parts that look at the same event (the dispatcher's baseline, the compressor, the
// exit-status part) find the status, and read the spill file, once.
const probes = new WeakMap<object, Probe>();
const results = new WeakMap<object, BashResult>();

const withStatus = (s: string, status: number | undefined) =>
  status === undefined ? s : `${statusLine(status)}\n${s}`;

/** This session's marker split off `s`, when `s` ends with one; logged when it ends like one without the nonce. */
function splitter(event: PostToolUse, ctx: HookContext): (s: string) => ReturnType<typeof splitExitMarker> {
  // The key file is read only for an output that ends like a marker at all.
  let nonce: string | undefined | null = null;
  return (s) => {
    if (!looksLikeMarker(s)) return undefined;
    if (nonce === null) nonce = sessionNonce(ctx.paths, event.session_id);
    const found = nonce ? splitExitMarker(s, nonce) : undefined;
    // Printed text that looks like a marker, or a trap whose key is gone (then the model sees it).
    if (!found)
      ctx.log.warn("a Bash output ends like an exit marker without this session's nonce; left as it is", {
        event: "PostToolUse",
        session: event.session_id,
        ...(nonce ? {} : { why: "no exit-marker key in ~/.cairn" }),
      });
    return found;
  };
}

function probe(event: PostToolUse, out: Extracted, ctx: HookContext): Probe {
  const cached = probes.get(event);
  if (cached) return cached;
  const r = event.tool_response as Obj;
  const split = splitter(event, ctx);
  let status: number | undefined;
  let received: string | undefined;
  let unmarked: () => unknown = () => undefined;
  if (out.persistedPath) {
    const tail = readPersistedTail(out.persistedPath, event.transcript_path, event.session_id);
    status = tail.ok ? split(tail.tail)?.status : undefined;
    // The model sees Claude Code's preview of the spill file; the status goes on top of it.
    if (status !== undefined) unmarked = () => ({ ...r, stdout: withStatus(String(r.stdout), status) });
  } else if (typeof r.stdout === "string") {
    const s = split(r.stdout);
    if (s) {
      status = s.status;
      // Claude Code trims the newlines that end an output; the trap's marker came after them.
      const stdout = s.text.replace(/\n+$/, "");
      const stderr = String(r.stderr ?? "");
      received = stderr ? `${stdout}${stdout && !stdout.endsWith("\n") ? "\n" : ""}${stderr}` : stdout;
      unmarked = () => ({ ...r, stdout: withStatus(stdout, status) });
    }
  }
  const found: Probe = { status, unmarked, received, split };
  probes.set(event, found);
  return found;
}

export function bashStatus(event: PostToolUse, out: Extracted, ctx: HookContext): BashStatus {
  return probe(event, out, ctx);
}

export function bashResult(event: PostToolUse, out: Extracted, ctx: HookContext): BashResult {
  const cached = results.get(event);
  if (cached) return cached;
  const { status, unmarked, received, split } = probe(event, out, ctx);
  let text = received ?? out.text;
  if (out.persistedPath) {
    const read = readPersistedOutput(
      out.persistedPath,
      event.transcript_path,
      event.session_id,
      ctx.deadline,
    );
    if (!read.ok) {
      ctx.log.warn(`ignored persistedOutputPath: ${read.why}; filing what the hook received`, {
        event: "PostToolUse",
        session: event.session_id,
        path: out.persistedPath.slice(0, 300),
      });
    } else if (read.text !== undefined) {
      text = status === undefined ? read.text : (split(read.text)?.text ?? read.text);
    } else {
      ctx.log.info(`Claude Code's spilled output is ${read.size} bytes; filing the part the hook received`, {
        event: "PostToolUse",
        session: event.session_id,
      });
    }
  }
  const result: BashResult = {
    text,
    status,
    replace: (excerpt) => out.replace(withStatus(excerpt, status)),
    unmarked,
  };
  results.set(event, result);
  return result;
}
