import type { Handler } from "./context.ts";

export const handle: Handler<"Stop"> = async () => undefined;
