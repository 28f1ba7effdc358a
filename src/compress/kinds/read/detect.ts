import { printedFile } from "../../excerpt/files.ts";
import type { Detector, Hints } from "../../excerpt/types.ts";

export const reads: Detector = {
  name: "read",
  detect: (_text: string, hints: Hints) =>
    hints.tool === "Read" ? 1 : hints.tool === "Bash" && printedFile(hints.command) ? 0.75 : 0,
};
