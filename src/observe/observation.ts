import * as v from "valibot";
import { askModel } from "../claude/ask-model.ts";
import { OBSERVER_SYSTEM, type ObservedOutput, type ObserverOptions } from "./request.ts";

/**
 * Observation mode (opt-in): instead of the deterministic excerpt, a model writes a
 * structured observation of a tool output. It is bounded by a timeout and every
 * failure (no key, timeout, an answer that is not the expected JSON) throws, so the
 * caller falls back to the deterministic excerpt.
 */

const ObservationSchema = v.object({
  title: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  subtitle: v.optional(v.pipe(v.string(), v.maxLength(300)), ""),
  narrative: v.pipe(v.string(), v.maxLength(4000)),
  facts: v.pipe(v.array(v.pipe(v.string(), v.maxLength(500))), v.maxLength(40)),
  concepts: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(80))), v.maxLength(20)), []),
  type: v.optional(v.string(), "other"),
});

type Observation = v.InferOutput<typeof ObservationSchema>;

/** The most of an output sent to the model; the original stays whole in cairn's store. */
const MAX_INPUT_CHARS = 60_000;

function observerPrompt(text: string, hints: ObservedOutput): string {
  const what = hints.command
    ? `Command: ${hints.command}`
    : hints.filePath
      ? `File: ${hints.filePath}`
      : `Tool: ${hints.tool}`;
  const status = hints.exitCode !== undefined ? `\nExit status: ${hints.exitCode}` : "";
  const body =
    text.length > MAX_INPUT_CHARS
      ? `${text.slice(0, MAX_INPUT_CHARS * 0.7)}\n[… ${text.length - MAX_INPUT_CHARS} characters left out …]\n${text.slice(-MAX_INPUT_CHARS * 0.3)}`
      : text;
  return `${what}${status}\nTool: ${hints.tool}\n<output>\n${body}\n</output>`;
}

/** Pulls the JSON object out of a model's answer and checks its shape; throws when it is not one. */
export function parseObservation(answer: string): Observation {
  const start = answer.indexOf("{");
  const end = answer.lastIndexOf("}");
  if (start === -1 || end <= start) throw new Error("the observer's answer has no JSON object");
  let data: unknown;
  try {
    data = JSON.parse(answer.slice(start, end + 1));
  } catch (err) {
    throw new Error(`the observer's answer is not valid JSON: ${(err as Error).message}`);
  }
  const parsed = v.safeParse(ObservationSchema, data);
  if (!parsed.success)
    throw new Error(`the observer's answer has the wrong shape: ${parsed.issues[0]?.message}`);
  return parsed.output;
}

export function renderObservation(o: Observation): string {
  const lines = [
    `Observation (model-written): ${o.title}${o.subtitle ? ` — ${o.subtitle}` : ""}`,
    o.narrative,
  ];
  if (o.facts.length > 0) lines.push("Facts:", ...o.facts.map((f) => `- ${f}`));
  if (o.concepts.length > 0) lines.push(`Concepts: ${o.concepts.join(", ")}`);
  return lines.join("\n");
}

export async function observe(
  text: string,
  hints: ObservedOutput,
  opts: ObserverOptions,
): Promise<Observation> {
  const answer = await askModel(observerPrompt(text, hints), {
    ...opts,
    system: OBSERVER_SYSTEM,
    maxTokens: 1500,
    purpose: "observation mode (or observe.provider: claude)",
  });
  return parseObservation(answer);
}
