import { extractOutput, toolFamily } from "../claude/tool-outputs.ts";
import { anyPatternMatches } from "../config/patterns.ts";
import { CAIRN_RETRIEVAL } from "../core/cairn-commands.ts";
import { formatBytes } from "../core/format.ts";
import type { Parts } from "../hooks/context.ts";
import { observerFor } from "../observe/observer.ts";
import { bashResult } from "../run/bash-result.ts";
import { findFiled } from "../store/outputs.ts";
import type { Observer } from "./filing.ts";
import type { Hints } from "./types.ts";

/** Below this an output is never touched, repeated or not: a reference line would save little. */
const REPEAT_MIN_CHARS = 1024;

export const parts: Parts = {
  PostToolUse: {
    name: "compress",
    async run(event, ctx) {
      const c = ctx.config;
      if (!c["compress.enabled"] || !c["compress.tools"].includes(toolFamily(event.tool_name)))
        return undefined;
      const out = extractOutput(event.tool_name, event.tool_input, event.tool_response);
      if (!out) return undefined;

      // Bash: the whole output (Claude Code's spill file, checked) without the exit marker.
      const bash = event.tool_name === "Bash" ? bashResult(event, out, ctx) : undefined;
      const text = bash ? bash.text : out.text;

      const isRead = event.tool_name === "Read";
      const threshold = isRead ? c["compress.read_min_bytes"] : c["compress.min_bytes"];
      // Smaller outputs are shown whole; from REPEAT_MIN_CHARS on, a repeat of one is not sent twice.
      if (text.length < Math.min(threshold, REPEAT_MIN_CHARS)) return undefined;
      if (out.command && CAIRN_RETRIEVAL.test(out.command)) return undefined;
      // A read the agent bounded itself is the region it wants to see.
      if (isRead && out.limit !== undefined) return undefined;
      const subject = out.command ?? out.filePath ?? "";
      if (anyPatternMatches(c["compress.never"], subject)) return undefined;

      const hints: Hints = {
        tool: event.tool_name,
        ...(out.command !== undefined ? { command: out.command } : {}),
        ...(out.filePath !== undefined ? { filePath: out.filePath } : {}),
        ...(out.firstLine !== undefined ? { firstLine: out.firstLine } : {}),
        ...(out.offset !== undefined ? { offset: out.offset } : {}),
        ...(bash?.status !== undefined ? { exitCode: bash.status } : {}),
      };
      // The compressors load only now, when an output is actually filed.
      const [{ fileOutput, excerptHeader }, { compressText }, repeats] = await Promise.all([
        import("./filing.ts"),
        import("./index.ts"),
        import("./repeats.ts"),
      ]);
      // Bash answers keep Claude Code's shape and state the exit status (run/bash-result.ts).
      const shape = bash ?? out;
      const store = await ctx.store();
      const file = (observer?: Observer) =>
        fileOutput(
          store,
          c,
          {
            text,
            hints,
            label: out.label,
            sessionId: event.session_id,
            toolUseId: event.tool_use_id,
            onObserverError: (err) =>
              ctx.log.warn("observer failed; showing the excerpt", {
                event: "PostToolUse",
                session: event.session_id,
                err,
              }),
          },
          compressText,
          ctx.now(),
          observer,
        );
      const where = { sessionId: event.session_id, agentId: event.agent_id };
      // Even with a low compress.min_bytes, a reference replaces only what it is much shorter than.
      // A retried hook (this call already filed) answers as it did the first time, never
      // with a reference to its own earlier attempt.
      const repeatable =
        text.length >= REPEAT_MIN_CHARS && !findFiled(store, event.session_id, event.tool_use_id);
      const earlier = repeatable ? repeats.earlierCopy(store, where, text) : undefined;
      if (earlier) {
        // An output shown whole the first time is stored only now, when a reference needs it.
        const id = earlier.id ?? (await file()).id;
        if (earlier.id === undefined) repeats.rememberCopy(store, where, text, { ...earlier, id }, ctx.now());
        // The retrieval command exactly as an excerpt header would print it for that output.
        const header = excerptHeader(id, "", 0, { text: "", compressor: "", kept: "" }, hints, 0);
        const show = repeats.showCommandOf(header);
        if (show)
          return {
            updatedToolOutput: shape.replace(
              repeats.repeatLine({ ...earlier, id }, show, formatBytes(earlier.bytes)),
            ),
          };
      }
      const seen = { label: out.label, bytes: Buffer.byteLength(text, "utf8") };
      // What the model would read in full now: the output itself, or the excerpt filed for it.
      let id: number | undefined;
      let replacement: string | undefined;
      let body = text;
      if (text.length >= threshold) {
        const filed = await file(observerFor(c, ctx.env));
        id = filed.id;
        // With a low compress.min_bytes, the header alone can outweigh a small output: then
        // the original is shown as it is (it stays stored, so `cairn show` still has it).
        if (filed.shown.length < text.length) {
          replacement = filed.shown;
          body = repeats.bodyOf(filed.shown);
        }
      }
      const previous = repeatable ? repeats.lastShown(store, where, event.tool_name, out.label) : undefined;
      if (previous) {
        const { lineDelta, formatHunks } = await import("./delta.ts");
        const lines = body.split("\n");
        const hunks = lineDelta(previous.body.split("\n"), lines, Math.max(4, Math.floor(lines.length / 5)));
        if (hunks) {
          id ??= (await file()).id;
          const changed = hunks.reduce((n, h) => n + h.removed.length + h.added.length, 0);
          const show = repeats.showCommandOf(
            excerptHeader(id, "", 0, { text: "", compressor: "", kept: "" }, hints, 0),
          );
          const size = formatBytes(seen.bytes);
          const delta = show
            ? [repeats.deltaLine(id, previous.id, out.label, changed, show, size), formatHunks(hunks)]
                .filter(Boolean)
                .join("\n")
            : undefined;
          if (delta && delta.length < body.length / 2) {
            repeats.rememberCopy(store, where, text, { ...seen, id }, ctx.now());
            return { updatedToolOutput: shape.replace(delta) };
          }
        }
      }
      if (repeatable) {
        repeats.rememberCopy(store, where, text, { ...seen, id }, ctx.now());
        repeats.rememberShown(store, where, event.tool_name, out.label, { id, body }, ctx.now());
      }
      return replacement === undefined ? undefined : { updatedToolOutput: shape.replace(replacement) };
    },
  },
};
