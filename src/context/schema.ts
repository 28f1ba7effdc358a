/** The context ledger's tables (migration 2). Placeholder until the ledger lands. */
export const CONTEXT_SCHEMA = "";
