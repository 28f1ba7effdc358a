import type { Handler } from "./context.ts";

export const handle: Handler<"SessionStart"> = async () => undefined;
