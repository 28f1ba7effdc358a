import type { Parts } from "../hooks/context.ts";

// Placeholder until its feature lands: takes part in no event yet.
export const parts: Parts = {};
