import type { Handler } from "./context.ts";

export const handle: Handler<"SubagentStop"> = async () => undefined;
