import type { Handler } from "./context.ts";

export const handle: Handler<"PostCompact"> = async () => undefined;
