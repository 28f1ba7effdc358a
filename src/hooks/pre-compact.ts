import type { Handler } from "./context.ts";

export const handle: Handler<"PreCompact"> = async () => undefined;
