import { notYet } from "./not-yet.ts";

export const ui = notYet("ui", "open the local dashboard");
