import type { Handler } from "./context.ts";

export const handle: Handler<"PreToolUse"> = async () => undefined;
