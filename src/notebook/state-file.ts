import { closeSync, existsSync, fsyncSync, linkSync, openSync, statSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { ensureDir, FILE_MODE, isNotFound, safeUnlink, writeFileAtomic } from "../core/fs.ts";
import { notebookPath } from "../core/paths.ts";
import { insideProject, readProjectFile } from "../core/project-file.ts";

/**
 * STATE.md: the project's notebook. People and agents edit it by hand, so parsing is
 * forgiving (any heading level, common synonyms, CRLF, text before the first heading,
 * sections in any order or repeated) and writing goes through one atomic rename.
 */

export const SECTION_IDS = ["goal", "now", "decisions", "dead-ends", "open-questions"] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const SECTION_TITLES: Readonly<Record<SectionId, string>> = {
  goal: "Goal",
  now: "Now",
  decisions: "Decisions",
  "dead-ends": "Dead-ends",
  "open-questions": "Open questions",
};

/** Titles people actually write, normalised (lowercase, no punctuation), per section. */
const ALIASES: readonly [SectionId, RegExp][] = [
  ["goal", /^(goals?|objectives?|mission|aim|purpose|the goal)$/],
  [
    "now",
    /^(now|now and next|now next|current|current (step|task|state|focus|status|work)|status|in progress|doing|next|next steps?|where we are)$/,
  ],
  ["decisions", /^(decisions?|decided|decision log|key decisions|choices)$/],
  [
    "dead-ends",
    /^(dead ?ends?|deadends?|tried|tried and failed|failed (approaches|attempts)|what (did not|didn t|doesn t) work|do not (retry|try)|don t (retry|try)|avoid)$/,
  ],
  ["open-questions", /^(open questions?|questions?|open|unknowns?|open issues)$/],
];

export function sectionIdOf(title: string): SectionId | undefined {
  const norm = title
    .toLowerCase()
    .replace(/^[\s\d.)#*_-]+/, "") // "1. ", "**", leading dashes
    .replace(/[^a-z0-9&/ ]+/g, " ")
    .replace(/[&/]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  for (const [id, re] of ALIASES) if (re.test(norm)) return id;
  return undefined;
}

export interface Section {
  /** The known section this heading maps to, or undefined for a section of the user's own. */
  readonly id: SectionId | undefined;
  readonly title: string;
  /** The heading line as written (kept so a rewrite changes nothing else). */
  readonly heading: string;
  /** The text under the heading, without surrounding blank lines. */
  readonly body: string;
}

export interface Notebook {
  /** Everything before the first section heading (title, the keeping instructions). */
  readonly preamble: string;
  readonly sections: readonly Section[];
}

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$/;
const FENCE = /^ {0,3}(```|~~~)/;
const LABEL_LINE = /^\s*(?:[-*]\s+)?\**([A-Za-z][A-Za-z /&'-]{1,30}?)\**\s*:\s*(.*)$/;

/** A section as it is read, line by line. */
interface Draft {
  readonly id: SectionId | undefined;
  readonly title: string;
  readonly heading: string;
  readonly lines: string[];
}

/** The notebook the lines read make, blank lines around each part trimmed. */
function notebookOf(preamble: readonly string[], sections: readonly Draft[]): Notebook {
  return {
    preamble: trimBlankLines(preamble.join("\n")),
    sections: sections.map((s) => ({
      id: s.id,
      title: s.title,
      heading: s.heading,
      body: trimBlankLines(s.lines.join("\n")),
    })),
  };
}

export function parseNotebook(text: string): Notebook {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const sections: Draft[] = [];
  const preamble: string[] = [];
  let inFence = false;
  for (const line of lines) {
    if (FENCE.test(line)) inFence = !inFence;
    const m = inFence ? null : HEADING.exec(line);
    if (m) {
      const level = m[1]!.length;
      const title = m[2]!;
      const id = sectionIdOf(title);
      // A level-1 heading that names no section is the document's title, not a section.
      if (id || level > 1 || sections.length > 0) {
        sections.push({ id, title, heading: line, lines: [] });
        continue;
      }
    }
    (sections.at(-1)?.lines ?? preamble).push(line);
  }
  if (!sections.some((s) => s.id)) {
    const inline = parseLabelLines(preamble);
    if (inline) return inline;
  }
  return notebookOf(preamble, sections);
}

/** A notebook written without headings: "Goal: …" / "Now: …" lines (continuation lines follow). */
function parseLabelLines(lines: readonly string[]): Notebook | undefined {
  const sections: (Draft & { readonly id: SectionId })[] = [];
  const preamble: string[] = [];
  for (const line of lines) {
    const m = LABEL_LINE.exec(line);
    const id = m ? sectionIdOf(m[1]!) : undefined;
    if (m && id) {
      sections.push({ id, title: m[1]!.trim(), heading: `## ${SECTION_TITLES[id]}`, lines: [m[2]!] });
    } else {
      (sections.at(-1)?.lines ?? preamble).push(line);
    }
  }
  if (sections.length === 0) return undefined;
  return notebookOf(preamble, sections);
}

function trimBlankLines(s: string): string {
  return s.replace(/^(?:[ \t]*\n)+/, "").trimEnd();
}

/** HTML comments are notes for whoever opens the file; they are not injected. */
export function stripComments(s: string): string {
  return s.replace(/<!--[\s\S]*?(?:-->|$)/g, "").replace(/\n{3,}/g, "\n\n");
}

/** A section's text (repeated sections joined), without comments. Empty when absent. */
export function sectionText(nb: Notebook, id: SectionId): string {
  return nb.sections
    .filter((s) => s.id === id)
    .map((s) => stripComments(s.body).trim())
    .filter(Boolean)
    .join("\n");
}

/** Replaces a section's body (the first of that id; repeats are merged away), adding the section if absent. */
export function setSection(nb: Notebook, id: SectionId, body: string): Notebook {
  const sections: Section[] = [];
  let done = false;
  for (const s of nb.sections) {
    if (s.id !== id) {
      sections.push(s);
    } else if (!done) {
      sections.push({ ...s, body: trimBlankLines(body) });
      done = true;
    }
  }
  if (!done) {
    const fresh: Section = {
      id,
      title: SECTION_TITLES[id],
      heading: `## ${SECTION_TITLES[id]}`,
      body: trimBlankLines(body),
    };
    // Keep the canonical order: insert before the first known section that comes after it.
    const rank = SECTION_IDS.indexOf(id);
    const at = sections.findIndex((s) => s.id !== undefined && SECTION_IDS.indexOf(s.id) > rank);
    sections.splice(at < 0 ? sections.length : at, 0, fresh);
  }
  return { ...nb, sections };
}

/** Adds one bullet at the end of a section. */
export function appendItem(nb: Notebook, id: SectionId, item: string): Notebook {
  const current = nb.sections.find((s) => s.id === id)?.body ?? "";
  const bullet = /^\s*([-*+]|\d+[.)])\s/.test(item) ? item.trim() : `- ${item.trim()}`;
  const kept = current.trim();
  return setSection(nb, id, kept ? `${kept}\n${bullet}` : bullet);
}

/**
 * Why a section's new text cannot go into the notebook as it is, or undefined when it
 * can: text must stay inside its section. A line that reads as a heading would start a
 * section of its own (and could pose as Goal), an unclosed fence would hide every
 * section after it. Checked by reading the written notebook back.
 */
export function sectionTextProblem(nb: Notebook, id: SectionId, body: string): string | undefined {
  const next = setSection(nb, id, body);
  const back = parseNotebook(formatNotebook(next));
  const headings = (n: Notebook) => n.sections.map((s) => s.heading);
  if (headings(back).join("\n") === headings(next).join("\n")) return undefined;
  const line = body.split(/\r\n?|\n/).find((l) => HEADING.test(l));
  if (line !== undefined)
    return `the text has a line that Markdown reads as a heading ("${line.trim().slice(0, 60)}"): it would start a section of its own; drop the leading # or indent it by four spaces`;
  if (body.split(/\r\n?|\n/).filter((l) => FENCE.test(l)).length % 2 === 1)
    return "the text opens a ``` or ~~~ fence it does not close: the sections after it would vanish; close it";
  return "the text would change the notebook's sections; keep it to lines of text and bullets";
}

export function formatNotebook(nb: Notebook): string {
  const parts: string[] = [];
  if (nb.preamble) parts.push(nb.preamble);
  for (const s of nb.sections) parts.push(s.body ? `${s.heading}\n\n${s.body}` : s.heading);
  return `${parts.join("\n\n")}\n`;
}

/** What a new project's notebook starts as: the keeping instructions and empty sections. */
export function notebookTemplate(): string {
  return `# STATE

<!-- cairn's notebook for this project. cairn restores it into every new, cleared,
resumed and compacted session, and pins Goal and Now to each prompt, so keep it
short and current. Update it at each task boundary: Now when the step changes,
a line under Decisions or Dead-ends as soon as one happens (with the why), Goal
when the aim changes. Edit it like any file; cairn looks for these headings. -->

## Goal

## Now

## Decisions

## Dead-ends

## Open questions
`;
}

export interface NotebookFile {
  readonly path: string;
  readonly text: string;
  readonly notebook: Notebook;
  /** Modification time (ms): when STATE.md last changed. */
  readonly mtimeMs: number;
}

/** STATE.md is read at most this large: it is injected in pieces of a few thousand characters. */
const NOTEBOOK_MAX_BYTES = 1024 * 1024;

/**
 * The project's STATE.md, read as repository content (see readProjectFile): a link out
 * of the project, a FIFO, a device or an oversize file reads as no notebook;
 * notebookRefusal says why.
 */
export function readNotebook(projectDir: string): NotebookFile | undefined {
  const path = notebookPath(projectDir);
  const read = readProjectFile(projectDir, path, NOTEBOOK_MAX_BYTES);
  if (!read.ok) return undefined;
  const text = read.text;
  let mtimeMs = 0;
  try {
    mtimeMs = statSync(path).mtimeMs;
  } catch {
    // Removed between the read and the stat: the text we have is still the notebook.
  }
  return { path, text, notebook: parseNotebook(text), mtimeMs };
}

export function notebookMtime(projectDir: string): number | undefined {
  try {
    return statSync(notebookPath(projectDir)).mtimeMs;
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/** Why the project's STATE.md is not read, when it exists and is refused. */
export function notebookRefusal(projectDir: string): string | undefined {
  const read = readProjectFile(projectDir, notebookPath(projectDir), NOTEBOOK_MAX_BYTES);
  return read.ok || read.missing ? undefined : read.refused;
}

/** A .cairn folder that is a link out of the project is not written into. */
function notebookDirOutside(projectDir: string): boolean {
  const dir = dirname(notebookPath(projectDir));
  return existsSync(dir) && !insideProject(projectDir, dir);
}

export function writeNotebook(projectDir: string, text: string): void {
  if (notebookDirOutside(projectDir))
    throw new Error(`${dirname(notebookPath(projectDir))} leads outside the project; not writing there`);
  writeFileAtomic(notebookPath(projectDir), text);
}

/**
 * Creates STATE.md from the template unless it exists. The file appears whole or not
 * at all, and a notebook created meanwhile by anyone else is never overwritten: the
 * complete temp file is hard-linked into place, which fails if the name is taken.
 */
export function seedNotebook(projectDir: string): boolean {
  const path = notebookPath(projectDir);
  if (existsSync(path)) return false; // the common case, without writing (and syncing) a temp file
  if (notebookDirOutside(projectDir)) return false;
  ensureDir(dirname(path));
  const tmp = `${path}.${process.pid}.${Date.now()}.seed.tmp`;
  const fd = openSync(tmp, "wx", FILE_MODE);
  try {
    writeSync(fd, notebookTemplate());
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, path);
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === "EEXIST") return false;
    throw err;
  } finally {
    safeUnlink(tmp);
  }
}

/** True when every known section is empty: the template as seeded, or a cleared notebook. */
export function isBlank(nb: Notebook): boolean {
  return SECTION_IDS.every((id) => !sectionText(nb, id)) && nb.sections.every((s) => s.id || !s.body);
}
