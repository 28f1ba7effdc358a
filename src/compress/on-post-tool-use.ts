import { extractOutput, toolFamily } from "../claude/tool-outputs.ts";
import { anyMatches, CAIRN_RETRIEVAL } from "../core/cairn-commands.ts";
import { readRegularText } from "../core/fs.ts";
import type { Parts } from "../hooks/context.ts";
import { observerFor } from "../observe/observer.ts";
import type { Observer } from "./filing.ts";
import { HEADER_PREFIX } from "./marker.ts";
import type { Hints } from "./types.ts";

/** Below this an output is never touched, repeated or not: a reference line would save little. */
const REPEAT_MIN_CHARS = 1024;

/** Claude Code keeps a spilled Bash output in a file; past this, cairn works on what the hook received. */
const PERSISTED_MAX_BYTES = 64 * 1024 * 1024;

export const parts: Parts = {
  PostToolUse: {
    name: "compress",
    async run(event, ctx) {
      const c = ctx.config;
      if (!c["compress.enabled"] || !c["compress.tools"].includes(toolFamily(event.tool_name)))
        return undefined;
      const out = extractOutput(event.tool_name, event.tool_input, event.tool_response);
      if (!out) return undefined;

      let text = out.text;
      if (out.persistedPath) {
        // The hook got the first 30,000 characters; the whole output is in Claude Code's file.
        try {
          text = readRegularText(out.persistedPath, PERSISTED_MAX_BYTES) ?? text;
        } catch (err) {
          ctx.log.warn("could not read Claude Code's persisted output; filing what the hook received", {
            event: "PostToolUse",
            session: event.session_id,
            err,
          });
        }
      }

      const isRead = event.tool_name === "Read";
      const threshold = isRead ? c["compress.read_min_bytes"] : c["compress.min_bytes"];
      // Smaller outputs are shown whole; from REPEAT_MIN_CHARS on, a repeat of one is not sent twice.
      if (text.length < Math.min(threshold, REPEAT_MIN_CHARS)) return undefined;
      if (text.startsWith(HEADER_PREFIX)) return undefined; // already filed by the Bash runner
      if (out.command && CAIRN_RETRIEVAL.test(out.command)) return undefined;
      // A read the agent bounded itself is the region it wants to see.
      if (isRead && out.limit !== undefined) return undefined;
      const subject = out.command ?? out.filePath ?? "";
      if (anyMatches(c["compress.never"], subject)) return undefined;

      const hints: Hints = {
        tool: event.tool_name,
        ...(out.command !== undefined ? { command: out.command } : {}),
        ...(out.filePath !== undefined ? { filePath: out.filePath } : {}),
        ...(out.firstLine !== undefined ? { firstLine: out.firstLine } : {}),
        ...(out.offset !== undefined ? { offset: out.offset } : {}),
      };
      // The compressors load only now, when an output is actually filed.
      const [{ fileOutput, excerptHeader, formatSize }, { compressText }, repeats] = await Promise.all([
        import("./filing.ts"),
        import("./index.ts"),
        import("./repeats.ts"),
      ]);
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
      const repeatable = text.length >= REPEAT_MIN_CHARS;
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
            updatedToolOutput: out.replace(
              repeats.repeatLine({ ...earlier, id }, show, formatSize(earlier.bytes)),
            ),
          };
      }
      const seen = { label: out.label, bytes: Buffer.byteLength(text, "utf8") };
      if (text.length < threshold) {
        repeats.rememberCopy(store, where, text, seen, ctx.now());
        return undefined;
      }
      const filed = await file(observerFor(c, ctx.env));
      if (repeatable) repeats.rememberCopy(store, where, text, { ...seen, id: filed.id }, ctx.now());
      // With a low compress.min_bytes, the header alone can outweigh a small output: then
      // the original is shown as it is (it stays stored, so `cairn show` still has it).
      if (filed.shown.length >= text.length) return undefined;
      return { updatedToolOutput: out.replace(filed.shown) };
    },
  },
};
