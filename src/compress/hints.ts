/**
 * What the compressors are told about an output (excerpt/types.ts Hints), from what the
 * tool's adapter extracted: one home for the hook and the benches. Tiny: the hook path
 * imports it.
 */
import type { Extracted } from "../claude/tool-outputs.ts";
import type { Hints } from "./excerpt/types.ts";

export function hintsOf(tool: string, out: Extracted, exitCode?: number): Hints {
  return {
    tool,
    ...(out.command !== undefined ? { command: out.command } : {}),
    ...(out.description !== undefined ? { intent: out.description } : {}),
    ...(out.filePath !== undefined ? { filePath: out.filePath } : {}),
    ...(out.firstLine !== undefined ? { firstLine: out.firstLine } : {}),
    ...(out.offset !== undefined ? { offset: out.offset } : {}),
    ...(out.limit !== undefined ? { limit: out.limit } : {}),
    ...(exitCode !== undefined ? { exitCode } : {}),
  };
}
