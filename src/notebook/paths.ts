import { join } from "node:path";

/** The notebook's place in a project. */
export function notebookPath(projectDir: string): string {
  return join(projectDir, ".cairn", "STATE.md");
}
