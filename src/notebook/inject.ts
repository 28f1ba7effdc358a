import { notebookPath } from "../core/paths.ts";
import {
  type Notebook,
  parseNotebook,
  readNotebook,
  SECTION_IDS,
  SECTION_TITLES,
  type SectionId,
  sectionText,
  stripComments,
} from "./state-file.ts";

/**
 * The notebook as it is injected into a session, at most `maxChars` long, or undefined
 * when the project has none. Goal and Now always come first; the other sections follow
 * while they fit, and what does not fit is named with the file's path so the agent can
 * read the rest. Used by the notebook's own restore and by memory's resume.
 */
export function renderNotebook(projectDir: string, maxChars: number): string | undefined {
  const path = notebookPath(projectDir);
  const text = readNotebook(projectDir)?.text;
  if (text === undefined || !text.trim()) return undefined;
  return renderNotebookText(text, path, maxChars);
}

interface Block {
  readonly title: string;
  readonly body: string;
  /** Which end of the body to keep when it must be cut: the newest entries of a log are at the end. */
  readonly keep: "head" | "tail";
  readonly required: boolean;
}

/** Pure core of renderNotebook. */
export function renderNotebookText(text: string, path: string, maxChars: number): string {
  const nb = parseNotebook(text);
  const { blocks, empty } = blocksOf(nb);
  const emptyLine = empty.length > 0 ? `(Empty so far: ${empty.join(", ")}.)` : "";
  const full = [...blocks.map(formatBlock), emptyLine].filter(Boolean).join("\n\n");
  if (full.length <= maxChars) return full || `(STATE.md at ${path} has no content yet.)`;

  const restNote = (names: string[]) =>
    `[Not shown to save context: ${names.join(", ")}. The whole notebook is at ${path}; read it when you need them.]`;
  // Reserve room for the note naming everything that might be left out.
  const optional = blocks.filter((b) => !b.required);
  const reserve = restNote(optional.map((b) => `${b.title} (000 lines)`)).length + emptyLine.length + 8;
  let room = Math.max(0, maxChars - reserve);
  const out: string[] = [];
  const omitted: string[] = [];

  let requiredLeft = blocks.filter((b) => b.required).length;
  for (const b of blocks) {
    const whole = formatBlock(b);
    // Goal and Now share the room fairly: a huge Goal cannot crowd out Now.
    const share = b.required ? Math.floor(room / Math.max(1, requiredLeft--)) : room;
    if (whole.length + 2 <= share) {
      out.push(whole);
      room -= whole.length + 2;
      continue;
    }
    const lines = b.body.split("\n");
    // Goal and Now are always shown, cut if they must be; others only when a useful part fits.
    if (b.required || room >= 240) {
      const cut = cutBody(b, Math.max(0, share - b.title.length - 8));
      if (cut.kept > 0) {
        out.push(cut.text);
        room -= cut.text.length + 2;
        if (cut.kept < lines.length) omitted.push(`${b.title} (${lines.length - cut.kept} more lines)`);
        continue;
      }
    }
    omitted.push(`${b.title} (${lines.length} lines)`);
  }
  if (emptyLine) out.push(emptyLine);
  if (omitted.length > 0) out.push(restNote(omitted));
  const rendered = out.join("\n\n");
  return rendered.length <= maxChars ? rendered : `${rendered.slice(0, Math.max(0, maxChars - 1))}…`;
}

/**
 * Whether the notebook holds nothing to show (the template as cairn seeds it, or one
 * cleared): a restore then says it is empty once, and no body naming its empty sections.
 */
export function nothingRecorded(nb: Notebook): boolean {
  return blocksOf(nb).blocks.length === 0;
}

function blocksOf(nb: Notebook): { blocks: Block[]; empty: string[] } {
  const blocks: Block[] = [];
  const empty: string[] = [];
  const known = (id: SectionId) => {
    const body = sectionText(nb, id);
    if (!body) {
      if (nb.sections.some((s) => s.id === id) || id === "goal" || id === "now")
        empty.push(SECTION_TITLES[id]);
      return;
    }
    const keep = id === "decisions" || id === "dead-ends" ? "tail" : "head";
    blocks.push({ title: SECTION_TITLES[id], body, keep, required: id === "goal" || id === "now" });
  };
  for (const id of SECTION_IDS) known(id);
  for (const s of nb.sections) {
    if (s.id) continue;
    const body = stripComments(s.body).trim();
    if (body) blocks.push({ title: s.title, body, keep: "head", required: false });
  }
  // Free text before the first heading (other than the title) is the user's too.
  const loose = stripComments(nb.preamble)
    .split("\n")
    .filter((l) => !/^ {0,3}# /.test(l))
    .join("\n")
    .trim();
  if (loose)
    blocks.push({
      title: nb.sections.length > 0 ? "Notes" : "Notebook",
      body: loose,
      keep: "head",
      required: false,
    });
  return { blocks, empty };
}

function formatBlock(b: Block): string {
  return `## ${b.title}\n${b.body}`;
}

/** As many whole lines of the body as fit in `room` characters (from the end for logs). */
function cutBody(b: Block, room: number): { text: string; kept: number } {
  const lines = b.body.split("\n");
  const marker = b.keep === "tail" ? "… (earlier entries in the file)" : "… (continues in the file)";
  const picked: string[] = [];
  let used = marker.length + 1;
  const order = b.keep === "tail" ? [...lines].reverse() : lines;
  for (const line of order) {
    if (used + line.length + 1 > room) break;
    picked.push(line);
    used += line.length + 1;
  }
  if (picked.length === 0 && b.required && room > marker.length + 20) {
    // One very long line: keep its start.
    const first = lines[0] ?? "";
    const text = `${first.slice(0, room - marker.length - 2)} ${marker}`;
    return { text: `## ${b.title}\n${text}`, kept: 1 };
  }
  if (picked.length === 0) return { text: "", kept: 0 };
  const body = b.keep === "tail" ? [marker, ...picked.reverse()] : [...picked, marker];
  return { text: `## ${b.title}\n${body.join("\n")}`, kept: picked.length };
}
