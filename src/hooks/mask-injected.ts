/**
 * Everything cairn injects into a session (additionalContext, compaction instructions,
 * messages) goes through here, and much of it was read from the project (STATE.md,
 * memory, handoffs): anyone with the repository may have written it, and it may hold a
 * pasted credential. So it is masked on the way in, always. The masker is loaded only
 * when a part answers with text, which keeps it off the path of the events that do not.
 */
const INJECTED = ["additionalContext", "instructions", "systemMessage", "reason", "stopReason"] as const;

export async function maskInjected<T>(answer: T): Promise<T> {
  if (!answer || typeof answer !== "object") return answer;
  const a = answer as Record<string, unknown>;
  const keys = INJECTED.filter((k) => typeof a[k] === "string" && a[k] !== "");
  if (keys.length === 0) return answer;
  const { redact } = await import("../core/secrets/redact.ts");
  const out: Record<string, unknown> = { ...a };
  for (const k of keys) out[k] = redact(a[k] as string).text;
  return out as T;
}
