import { notYet } from "./not-yet.ts";

export const show = notYet("show", "print a stored original, whole or by --lines / --grep");
