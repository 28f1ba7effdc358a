import * as v from "valibot";
import { setting } from "../setting.ts";
import { userOnly, WHY } from "../trust.ts";

export const TRANSPORT_SETTINGS = {
  "http.allow_other_users": setting(
    v.boolean(),
    false,
    "Keep the http transport although other users run processes on this machine (any of them could bind its port while cairn serve is down, and Claude Code would send it every event). A port held by another user is refused regardless. User config only.",
    userOnly(WHY.sends),
  ),
} as const;
