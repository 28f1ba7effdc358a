import { notYet } from "./not-yet.ts";

export const detail = notYet(
  "detail",
  "print the conversation and tool details of a time, turn or tool call",
);
