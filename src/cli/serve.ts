import { notYet } from "./not-yet.ts";

export const serve = notYet("serve", "run the hooks behind a loopback HTTP server (the http transport)");
