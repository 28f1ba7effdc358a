import type { Config } from "../config/schema.ts";
import type { ObservedOutput } from "./request.ts";

/** A model's observation of an output: its text for the agent and its JSON for the store. */
type Observer = (text: string, about: ObservedOutput) => Promise<{ text: string; json: string }>;

/** The observer for a config, or undefined when observation mode is off (the default). */
export function observerFor(config: Config, env: NodeJS.ProcessEnv): Observer | undefined {
  if (!config["observe.enabled"]) return undefined;
  return async (text, hints) => {
    const { observe, renderObservation } = await import("./observation.ts");
    const o = await observe(text, hints, {
      provider: config["observe.provider"],
      model: config["observe.model"],
      timeoutMs: config["observe.timeout_ms"],
      env,
    });
    return { text: renderObservation(o), json: JSON.stringify(o) };
  };
}
