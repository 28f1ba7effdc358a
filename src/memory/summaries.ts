import type { Config } from "../config/schema.ts";
import { errorMessage } from "../core/fs.ts";
import type { Store } from "../store/db.ts";
import { chainTurns } from "./resume.ts";
import { digestTurn, ensureExtractive, storeModelSummaries, summariesOf } from "./turns.ts";

/**
 * Model-written L1 lines for the turns that fell out of the recent window, when a
 * model summariser is configured. Opt-in, bounded by its timeout, and never worse
 * than the default: every turn the model did not answer for keeps its extractive line.
 */
export async function writeModelSummaries(
  store: Store,
  owner: string,
  config: Config,
  env: NodeJS.ProcessEnv,
  now: number,
): Promise<{ summarizer?: string; note?: string }> {
  const { older } = chainTurns(store, owner, config["memory.recent_turns"]);
  const provider = config["memory.summarizer"];
  if (provider === "extractive" || older.length === 0) {
    ensureExtractive(store, owner, older, now);
    return { summarizer: "extractive" };
  }
  const madeBy = `model:${provider}:${config["memory.summarizer_model"]}`;
  const todo = older.filter((t) => summariesOf(t)?.made_by !== madeBy);
  if (todo.length === 0) return { summarizer: madeBy };
  const { summarizeWithModel } = await import("../summarize/model.ts");
  try {
    const lines = await summarizeWithModel(todo.map(digestTurn), {
      provider,
      model: config["memory.summarizer_model"],
      timeoutMs: config["memory.summarizer_timeout_ms"],
      env,
    });
    const n = storeModelSummaries(store, owner, todo, lines, madeBy, now);
    ensureExtractive(
      store,
      owner,
      older.filter((t) => !lines.has(t.turn)),
      now,
    );
    const missed = todo.length - n;
    return {
      summarizer: madeBy,
      ...(missed > 0
        ? { note: `The model summarised ${n} of ${todo.length} turns; the others keep extractive lines.` }
        : {}),
    };
  } catch (err) {
    ensureExtractive(store, owner, older, now);
    return {
      summarizer: "extractive",
      note: `The ${provider} summariser failed (${errorMessage(err).slice(0, 200)}); extractive lines are used.`,
    };
  }
}
