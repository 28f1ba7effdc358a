import { notYet } from "./not-yet.ts";

export const monitor = notYet("monitor", "live view of every active session's context");
