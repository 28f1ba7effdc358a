import { notYet } from "./not-yet.ts";

export const saveInflight = notYet(
  "save-inflight",
  "store the in-flight memo for the next session (reads stdin)",
);
