import { availableParallelism } from "node:os";

/**
 * How many processes one test worker runs at once: one per core. On a loaded 2-core
 * machine, fourteen hook sessions started together each took longer than its test's
 * timeout; queued behind a bounded pool, the same work takes longer but finishes.
 */
export const PROCESS_SLOTS = Math.max(1, availableParallelism());

/** A counting semaphore: `run` waits for a free slot, then runs `task` in it. */
export function slots(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let free = size;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/** The slots every process a test spawns through the helpers shares (per test worker). */
export const inProcessSlot = slots(PROCESS_SLOTS);
