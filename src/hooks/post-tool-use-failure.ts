import type { Handler } from "./context.ts";

export const handle: Handler<"PostToolUseFailure"> = async () => undefined;
