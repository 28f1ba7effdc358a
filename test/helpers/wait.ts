/**
 * How long a wait for an event may take before it counts as never coming (a hang). Far
 * past what a loaded machine needs: load should make a test slower, not red.
 */
export const HANG_MS = 90_000;

/** How long one cairn command may run before runCairn kills it as hung (test/helpers/cairn.ts). */
export const COMMAND_HANG_MS = 30_000;

/**
 * Polls `probe` every 100 ms until it returns (or resolves to) a value, and returns it.
 * Past `hangMs` it throws `what`, followed by `last()` (what was seen, for the report).
 */
export async function until<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  opts: { last?: () => string; hangMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.hangMs ?? HANG_MS);
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`${what}${opts.last ? `:\n${opts.last()}` : ""}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
