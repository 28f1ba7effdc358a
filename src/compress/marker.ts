/** Marks text cairn has already filed, so it is never filed twice (the runner's output reaching PostToolUse). */
export const HEADER_PREFIX = "[cairn #";
