/**
 * Gemini CLI's session file read as a Claude Code transcript, so cairn's memory, ledger
 * and notebook readers serve both agents unchanged.
 *
 * Gemini CLI 0.61.0 keeps a session at `~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl`
 * (the hooks' `transcript_path`): a first line of metadata, then message records
 * `{id, timestamp, type: "user"|"gemini"|…, content, tokens?, model?, toolCalls?}`; a
 * message is written again, whole, when it grows (its tool calls and their results), and
 * `{"$set": {…}}` lines update the metadata (the first one carries the setup message).
 * A gemini message's `tokens.input` is the prompt's size as the API counted it: the
 * context in use, exactly.
 *
 * The mirror holds, in order: each prompt as a `user` entry, each model message as an
 * `assistant` entry (text and tool_use blocks, usage from `tokens`), and its tool results
 * as a `user` entry of tool_result blocks. It is made only from finished messages, so
 * what it held stays its prefix and the readers' byte offsets stay valid.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);

interface Message {
  readonly id: string;
  readonly record: Obj;
}

/** The session file's messages, each in its last written form, in the order they first appeared. */
export function geminiMessages(text: string): Obj[] {
  const byId = new Map<string, Message>();
  const add = (r: unknown) => {
    if (!isObj(r)) return;
    const id = str(r.id);
    if (!id || !str(r.type)) return;
    byId.set(id, { id, record: r }); // Map keeps the first insertion's place
  };
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    let r: unknown;
    try {
      r = JSON.parse(line);
    } catch {
      continue; // a line being written
    }
    if (!isObj(r)) continue;
    const set = r.$set;
    if (isObj(set) && Array.isArray(set.messages)) for (const m of set.messages) add(m);
    else add(r);
  }
  return [...byId.values()].map((m) => m.record);
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((p) => (isObj(p) && typeof p.text === "string" ? p.text : ""))
    .filter(Boolean)
    .join("\n");
}

/** A tool call's result as the model read it: `output`, or the error. */
function resultOf(call: Obj): { text: string; isError: boolean } | undefined {
  if (!Array.isArray(call.result)) return undefined;
  const texts: string[] = [];
  let isError = call.status === "error";
  for (const part of call.result) {
    const fr = isObj(part) && isObj(part.functionResponse) ? part.functionResponse : undefined;
    const resp = fr && isObj(fr.response) ? fr.response : undefined;
    if (!resp) continue;
    if (typeof resp.output === "string") texts.push(resp.output);
    else if (typeof resp.error === "string") {
      texts.push(resp.error);
      isError = true;
    }
  }
  return { text: texts.join("\n"), isError };
}

/** The first message is Gemini's own setup text, not the user's. */
const SETUP = "<session_context>";
/** In a headless session Gemini puts SessionStart's context in front of the prompt: not the user's words. */
const HOOK_CONTEXT = /^(?:<hook_context>[\s\S]*?<\/hook_context>\n\n)+/;

/** Every string inside a value, masked. */
function maskDeep(v: unknown, mask: (s: string) => string): unknown {
  if (typeof v === "string") return mask(v);
  if (Array.isArray(v)) return v.map((x) => maskDeep(x, mask));
  if (isObj(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, maskDeep(x, mask)]));
  return v;
}

/**
 * The Claude Code transcript lines for a Gemini session file's finished messages. The
 * last message is left out while the turn that wrote it may still grow (`final` false).
 * Every text passes through `mask` (cairn's secret masking: the mirror is stored, and
 * nothing cairn stores keeps a secret).
 */
export function mirrorLines(text: string, final: boolean, mask: (s: string) => string = (s) => s): string[] {
  const messages = geminiMessages(text);
  const done = final ? messages : messages.slice(0, -1);
  const lines: string[] = [];
  for (const m of done) {
    const id = str(m.id) as string;
    const timestamp = str(m.timestamp);
    if (m.type === "user") {
      const t = textOf(m.content).replace(HOOK_CONTEXT, "");
      if (!t || t.startsWith(SETUP)) continue;
      lines.push(
        JSON.stringify({
          type: "user",
          uuid: id,
          timestamp,
          promptId: id,
          message: { role: "user", content: mask(t) },
        }),
      );
    } else if (m.type === "gemini") {
      const calls = Array.isArray(m.toolCalls) ? m.toolCalls.filter(isObj) : [];
      const blocks: Obj[] = [];
      const t = textOf(m.content);
      if (t) blocks.push({ type: "text", text: mask(t) });
      for (const c of calls)
        blocks.push({
          type: "tool_use",
          id: str(c.id) ?? "",
          name: str(c.name) ?? "",
          input: isObj(c.args) ? maskDeep(c.args, mask) : {},
        });
      const tok = isObj(m.tokens) ? m.tokens : {};
      const cached = num(tok.cached);
      const usage = {
        input_tokens: Math.max(0, num(tok.input) - cached),
        cache_read_input_tokens: cached,
        cache_creation_input_tokens: 0,
        output_tokens: num(tok.output),
      };
      lines.push(
        JSON.stringify({
          type: "assistant",
          uuid: id,
          timestamp,
          message: { id, role: "assistant", model: str(m.model), usage, content: blocks },
        }),
      );
      const results = calls.flatMap((c) => {
        const r = resultOf(c);
        return r
          ? [
              {
                type: "tool_result",
                tool_use_id: str(c.id) ?? "",
                content: mask(r.text),
                is_error: r.isError,
              },
            ]
          : [];
      });
      if (results.length > 0)
        lines.push(
          JSON.stringify({
            type: "user",
            uuid: `${id}:results`,
            timestamp: str(calls.at(-1)?.timestamp) ?? timestamp,
            message: { role: "user", content: results },
          }),
        );
    }
  }
  return lines;
}

/** The prompt size the API last reported (`tokens.input` of the last model message), and its model. */
export function lastPromptTokens(text: string): { tokens: number; model?: string } | undefined {
  const lines = text.split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] ?? "";
    if (!line.includes('"gemini"') || !line.includes('"tokens"')) continue;
    let r: unknown;
    try {
      r = JSON.parse(line);
    } catch {
      continue;
    }
    if (!isObj(r) || r.type !== "gemini" || !isObj(r.tokens)) continue;
    const model = str(r.model);
    return { tokens: num(r.tokens.input), ...(model ? { model } : {}) };
  }
  return undefined;
}

/**
 * Gemini's context window for a model: 1,048,576 tokens for every Gemini model of
 * 0.61.0 (its tokenLimit()); Gemma 4 models have 256,000 (its GEMMA_4_TOKEN_LIMIT).
 */
export function geminiWindow(model: string | undefined): number {
  return model && /^gemma-4/.test(model) ? 256_000 : 1_048_576;
}
