import { notYet } from "./not-yet.ts";

export const state = notYet("state", "print or edit this project's notebook (.claude/cairn/STATE.md)");
