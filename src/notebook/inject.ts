import { join } from "node:path";
import { readTextIfExists } from "../core/fs.ts";

/** The notebook's place in a project. */
export function notebookPath(projectDir: string): string {
  return join(projectDir, ".claude", "cairn", "STATE.md");
}

/**
 * The notebook as it is injected into a session, at most `maxChars` long (Goal and
 * Now first when it must be cut), or undefined when the project has none. Used by the
 * notebook's own restore and by memory's resume.
 */
export function renderNotebook(projectDir: string, maxChars: number): string | undefined {
  const text = readTextIfExists(notebookPath(projectDir));
  if (!text?.trim()) return undefined;
  if (text.length <= maxChars) return text.trim();
  const note = `\n\n[… cut to fit; the whole notebook is at ${notebookPath(projectDir)}]`;
  return text.slice(0, Math.max(0, maxChars - note.length)).trimEnd() + note;
}
