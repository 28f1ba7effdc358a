/** Layered memory's tables (migration 3). Placeholder until memory lands. */
export const MEMORY_SCHEMA = "";
