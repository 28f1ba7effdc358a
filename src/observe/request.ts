/**
 * What an observation is asked with: the instructions, the options, and what the model
 * is told about the output (asked through claude/ask-model.ts, the API or `claude -p`).
 */

/** Where the output came from: the part of compress's Hints that the prompt names. */
export interface ObservedOutput {
  readonly tool: string;
  readonly command?: string;
  readonly exitCode?: number;
  readonly filePath?: string;
}

export const OBSERVER_SYSTEM = `You are cairn's observer. A coding agent ran a tool; you replace its long output with an observation the agent can act on.
Answer with ONLY one JSON object, no prose around it:
{"title": "...", "subtitle": "...", "narrative": "2-5 sentences", "facts": ["..."], "concepts": ["..."], "type": "test-run|build|log|search|listing|read|diff|other"}
facts must keep, verbatim: every failing test name with its assertion message and file:line, every error with its code and file:line, exit status, summary counts, final error of an install. Never invent facts.`;

export interface ObserverOptions {
  readonly provider: "api" | "claude";
  readonly model: string;
  readonly timeoutMs: number;
  readonly env: NodeJS.ProcessEnv;
}
