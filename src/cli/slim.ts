import { notYet } from "./not-yet.ts";

export const slim = notYet("slim", "rewrite a stopped session's transcript so a resume starts lean");
