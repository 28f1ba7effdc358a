import type { Detector } from "../../excerpt/types.ts";

export const generic: Detector = {
  name: "generic",
  detect: () => 0.1,
};
