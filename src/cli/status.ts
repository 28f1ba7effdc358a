import { notYet } from "./not-yet.ts";

export const status = notYet(
  "status",
  "this project's session: context used, outputs filed, savings, notebook freshness",
);
