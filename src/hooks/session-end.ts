import type { Handler } from "./context.ts";

export const handle: Handler<"SessionEnd"> = async () => undefined;
