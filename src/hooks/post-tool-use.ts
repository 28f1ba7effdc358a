import type { Handler } from "./context.ts";

export const handle: Handler<"PostToolUse"> = async () => undefined;
