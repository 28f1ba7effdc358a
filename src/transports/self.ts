import { realpathSync } from "node:fs";
import type { SelfInvocation } from "../hooks/context.ts";

/**
 * The node binary and bundle running now, so the commands cairn registers or builds
 * run this same cairn (a symlinked `cairn` bin resolves to the bundle itself).
 */
export function selfInvocation(): SelfInvocation {
  const entry = process.argv[1];
  if (!entry) return { command: process.execPath, args: [] };
  let real = entry;
  try {
    real = realpathSync(entry);
  } catch {
    // Keep the path as given.
  }
  return { command: process.execPath, args: [real] };
}
