import { notYet } from "./not-yet.ts";

export const sessions = notYet("sessions", "recent sessions across projects");
