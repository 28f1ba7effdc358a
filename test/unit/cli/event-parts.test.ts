import { describe, expect, it } from "vitest";
import { INSTALLED_EVENTS } from "../../../src/claude/install-plan.ts";
import { EVENT_PARTS } from "../../../src/cli/event-parts.ts";

describe("installed hooks and the parts of each event", () => {
  it("registers a hook exactly for the events that have parts behind them", () => {
    const withParts = Object.entries(EVENT_PARTS)
      .filter(([, parts]) => parts.length > 0)
      .map(([event]) => event)
      .sort();
    expect([...INSTALLED_EVENTS].sort()).toEqual(withParts);
  });
});
