/**
 * The output shapes Claude Code accepts as `updatedToolOutput` (its sdk-tools.d.ts, and
 * the contract's §2: a replacement that does not parse is silently dropped). Written
 * here from those sources, not from cairn's adapters, so the bench catches an adapter
 * that builds a shape Claude Code would refuse.
 */
import * as v from "valibot";

const bash = v.object({
  stdout: v.string(),
  stderr: v.string(),
  interrupted: v.boolean(),
  isImage: v.optional(v.boolean()),
  noOutputExpected: v.optional(v.boolean()),
});
const read = v.object({
  type: v.literal("text"),
  file: v.object({
    filePath: v.string(),
    content: v.string(),
    numLines: v.number(),
    startLine: v.number(),
    totalLines: v.number(),
  }),
});
const grep = v.object({
  mode: v.optional(v.picklist(["content", "files_with_matches", "count"])),
  numFiles: v.number(),
  filenames: v.array(v.string()),
  content: v.optional(v.string()),
  numLines: v.optional(v.number()),
});
const glob = v.object({
  durationMs: v.number(),
  numFiles: v.number(),
  filenames: v.array(v.string()),
  truncated: v.boolean(),
});

const SHAPES = { Bash: bash, Read: read, Grep: grep, Glob: glob } as const;

/** Undefined when Claude Code would accept `value` as the tool's output, else why not. */
export function shapeError(tool: keyof typeof SHAPES, value: unknown): string | undefined {
  const r = v.safeParse(SHAPES[tool], value);
  return r.success
    ? undefined
    : r.issues.map((i) => `${v.getDotPath(i) ?? "(root)"}: ${i.message}`).join("; ");
}
