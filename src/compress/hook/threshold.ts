/** Which outputs are big enough to compress. Tiny: the hook path imports it. */
import type { Config } from "../../config/schema.ts";
import { CODE_EXT, INSTALLED_FILE, LOCK_FILE, printedFile } from "../excerpt/files.ts";

/**
 * The size (characters) from which a tool's output is compressed: Reads of source code
 * from compress.read_code_min_bytes, Reads of lockfiles from compress.min_bytes like a
 * command's output (read_min_bytes keeps a Read whole so that it can be edited; nobody
 * edits a lockfile, and a 20 KB one is mostly hashes; nor the files a package manager
 * installed, read to learn an API), other Reads from compress.read_min_bytes, the rest
 * from compress.min_bytes. A command that prints a source file (`cat`, `head`, `sed -n`)
 * shows what a Read of it would, to be edited the same way: it goes by the Read's size.
 */
export function minCharsFor(
  config: Config,
  tool: string,
  filePath: string | undefined,
  command: string | undefined,
): number {
  const path = filePath ?? "";
  if (tool === "Bash") {
    const printed = printedFile(command);
    if (printed && !INSTALLED_FILE.test(printed.path)) return config["compress.read_code_min_bytes"];
  }
  if (tool !== "Read" || LOCK_FILE.test(path) || INSTALLED_FILE.test(path))
    return config["compress.min_bytes"];
  return CODE_EXT.test(filePath ?? "")
    ? config["compress.read_code_min_bytes"]
    : config["compress.read_min_bytes"];
}
