import { fingerprint } from "../core/hash.ts";

/**
 * What makes two tool calls the same call, for "the model ran it again": the same
 * command, the same file read (at any offset: an excerpt of a Read names the range to
 * read next), the same search. A fingerprint, so no command line is stored twice.
 */
export function callKey(tool: string, input: Record<string, unknown>): string {
  if (tool === "Bash") return fingerprint(`Bash\0${String(input.command ?? "")}`);
  if (tool === "Read") return fingerprint(`Read\0${String(input.file_path ?? "")}`);
  const { description: _d, ...rest } = input;
  return fingerprint(`${tool}\0${stable(rest)}`);
}

/** JSON with keys in one order, whatever order the input's were in. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}
