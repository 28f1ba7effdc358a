/**
 * How `cairn serve` is started in the background (SessionStart, the statusline's
 * restart, `serve --detach`). A long-lived Node process keeps whatever heap and malloc
 * arenas its busiest moment needed: measured over a 20,000-event soak (bench/soak.ts),
 * the default young generation (up to 16 MB semi-spaces, grown under bursts of large
 * tool outputs) and glibc's per-thread arenas held RSS near 300 MB with 40-80 MB of live
 * heap. Small semi-spaces make the young generation collect often and cheaply (the
 * server's garbage is per request), and two arenas stop fragmentation across threads.
 */
export const SERVER_NODE_ARGS: readonly string[] = ["--max-semi-space-size=2"];

export function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? "2" };
}
