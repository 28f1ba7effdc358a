/**
 * The context window of each model Claude Code 2.1.328 knows, as its own model
 * registry states it (the registry is built into the CLI; a model without a stated
 * window gets Claude Code's default of 200,000 tokens). A test reads the registry out
 * of the pinned CLI and compares it with this table, entry by entry, so the two
 * cannot drift: after upgrading Claude Code, that test says what to copy here.
 */

/** [registry id, first-party API id, window in tokens] */
export const MODEL_WINDOWS: readonly (readonly [string, string, number])[] = [
  ["claude-3-5-haiku", "claude-3-5-haiku-20241022", 200_000],
  ["claude-haiku-4-5", "claude-haiku-4-5-20251001", 200_000],
  ["claude-haiku-5-5", "claude-haiku-5-5", 1_000_000],
  ["claude-3-5-sonnet", "claude-3-5-sonnet-20241022", 200_000],
  ["claude-3-7-sonnet", "claude-3-7-sonnet-20250219", 200_000],
  ["claude-sonnet-4-0", "claude-sonnet-4-20250514", 200_000],
  ["claude-sonnet-4-5", "claude-sonnet-4-5-20250929", 200_000],
  ["claude-sonnet-4-6", "claude-sonnet-4-6", 200_000],
  ["claude-sonnet-5", "claude-sonnet-5", 1_000_000],
  ["claude-sonnet-5-5", "claude-sonnet-5-5", 1_000_000],
  ["claude-opus-4-0", "claude-opus-4-20250514", 200_000],
  ["claude-opus-4-1", "claude-opus-4-1-20250805", 200_000],
  ["claude-opus-4-5", "claude-opus-4-5-20251101", 200_000],
  ["claude-opus-4-6", "claude-opus-4-6", 200_000],
  ["claude-opus-4-7", "claude-opus-4-7", 1_000_000],
  ["claude-opus-4-8", "claude-opus-4-8", 1_000_000],
  ["claude-opus-5", "claude-opus-5", 1_000_000],
  ["claude-opus-5-5", "claude-opus-5-5", 1_000_000],
  ["claude-fable-5", "claude-fable-5", 1_000_000],
  ["claude-fable-5-1", "claude-fable-5-1", 1_000_000],
  ["claude-fable-5-2", "claude-fable-5-2", 1_000_000],
  ["claude-mythos-5", "claude-mythos-5", 1_000_000],
  ["claude-mythos-5-1", "claude-mythos-5-1", 1_000_000],
  ["claude-mythos-5-2", "claude-mythos-5-2", 1_000_000],
];

/**
 * Every name a model goes by inside the ids Claude Code and the providers use: its
 * registry id, its first-party id, and for a ".0" release the id without it
 * (`claude-opus-4` in `claude-opus-4@20250514`).
 */
const NAMES: readonly (readonly [string, number])[] = MODEL_WINDOWS.flatMap(([id, firstParty, window]) =>
  [...new Set([id, firstParty, id.replace(/-0$/, "")])].map((name) => [name, window] as const),
);

/**
 * The registry's window for a model id as Claude Code, the API or a provider spells it
 * (`claude-sonnet-4-5-20250929`, `us.anthropic.claude-opus-4-1-20250805-v1:0`,
 * `claude-opus-4-6@…`), or undefined for a model it does not list. As Claude Code
 * does: the longest name inside the id wins, and a name followed by a one-digit minor
 * version (`claude-opus-5` in `claude-opus-5-5`) is another model's.
 */
export function registryWindow(model: string): number | undefined {
  const id = model.toLowerCase();
  let best: readonly [string, number] | undefined;
  for (const entry of NAMES) {
    const [name] = entry;
    if (best && name.length <= best[0].length) continue;
    const at = id.indexOf(name);
    if (at < 0) continue;
    const after = id.slice(at + name.length);
    if (/^\d/.test(after) || /^-\d(?!\d)/.test(after)) continue;
    best = entry;
  }
  return best?.[1];
}
