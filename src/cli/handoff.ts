import { notYet } from "./not-yet.ts";

export const handoff = notYet(
  "handoff",
  "show (or write) what the next session in this project will receive",
);
