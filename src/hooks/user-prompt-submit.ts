import type { Handler } from "./context.ts";

export const handle: Handler<"UserPromptSubmit"> = async () => undefined;
