import { notYet } from "./not-yet.ts";

export const report = notYet(
  "report",
  "tool results, compressions, savings, injections and token use of a session",
);
