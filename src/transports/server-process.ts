/**
 * How `cairn serve` is started in the background (SessionStart, the statusline's
 * restart, `serve --detach`). A long-lived Node process keeps whatever heap and malloc
 * memory its busiest moment needed: measured over a 20,000-event soak (bench/soak.ts),
 * the default young generation (semi-spaces grown under bursts of large tool outputs)
 * and glibc's malloc (per-thread arenas; a mmap threshold that rises after large frees,
 * so later multi-MB buffers come from the heap and fragment it) held RSS near 300 MB
 * with 40-80 MB of live heap. Small semi-spaces make the young generation collect often
 * and cheaply (the server's garbage is per request); two arenas, and large blocks
 * always mapped and unmapped, give freed memory back.
 */
export const SERVER_NODE_ARGS: readonly string[] = ["--max-semi-space-size=2"];

export function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? "2",
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
    MALLOC_TRIM_THRESHOLD_: env.MALLOC_TRIM_THRESHOLD_ ?? "131072",
  };
}
