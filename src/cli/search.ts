import { notYet } from "./not-yet.ts";

export const search = notYet("search", "full-text search across conversation, tool I/O and stored outputs");
