import type { TestContext } from "vitest";

/**
 * Tests of one file that build on each other's state (a session the next test resumes,
 * a handoff the next one consumes): each runs only while every test of the sequence
 * before it has passed. One failure, a timeout say, is then reported once, by the test
 * it happened in, not again by every test after it that lacks what it would have made.
 */
export function sequence(): { step(ctx: TestContext): void } {
  let failed: string | undefined;
  return {
    /** Called first in each test of the sequence. */
    step(ctx) {
      ctx.skip(failed !== undefined, `builds on "${failed}", which did not pass`);
      ctx.onTestFailed(() => {
        failed ??= ctx.task.name;
      });
    },
  };
}
