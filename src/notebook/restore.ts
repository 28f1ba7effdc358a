import { DATA_NOTE, dataBlock, dataBlockOverhead } from "../core/data-block.ts";
import { fnv1a64 } from "../core/hash.ts";
import { notebookPath } from "../core/paths.ts";
import { visibleLine } from "../core/terminal-text.ts";
import { groupDigits, oneLine } from "./anchor.ts";
import { nothingRecorded, renderNotebookText } from "./inject.ts";
import { isBlank, parseNotebook, sectionText } from "./state-file.ts";

/**
 * What a session receives at its start (new, /clear, resume, after compaction): the
 * notebook, how to keep it, and where the last session stopped. Pure given the
 * notebook's text, so `cairn handoff` can show exactly what the next session gets.
 */

const LABEL: Readonly<Record<string, string>> = {
  startup: "at session start",
  resume: "on resume",
  clear: "after /clear",
  compact: "after compaction",
};

/** Room kept for the memory's summary of where the last session stopped. */
const LAST_SESSION_MAX_CHARS = 1500;

const KEEPING =
  "Keep it current, it is what survives compactions and new sessions: update Now when the step changes, add each decision (with why) under Decisions and each failed approach under Dead-ends as it happens, and Goal when the aim moves.";

/**
 * How the agent writes it. The notebook lives in <project>/.cairn/ rather than under
 * .claude/, because Claude Code 2.1.328 asks before every Edit or Write under .claude/
 * (a "sensitive file", whatever the allow rules say); here the agent's ordinary Edit
 * works. cairn's own command is the alternative for a whole-section rewrite.
 */
function updateHowTo(cli: string): string {
  return `Update it with Edit like any file, or through Bash: ${cli} state set now "…" | ${cli} state add decisions "…" (sections: goal, now, decisions, dead-ends, open-questions).`;
}

interface RestoreInput {
  readonly projectDir: string;
  readonly source: string;
  /** STATE.md's text, or undefined when there is none. */
  readonly notebookText: string | undefined;
  /** Whether cairn created the notebook just now. */
  readonly seeded: boolean;
  readonly maxChars: number;
  /** "Where the last session stopped", from memory (new sessions only). */
  readonly lastSession?: string | undefined;
  /** Hash of the notebook the resumed conversation already holds (its restore is replayed). */
  readonly alreadyInjected?: string | undefined;
  /** How to run cairn from Bash (the notebook's update commands). */
  readonly cli: string;
}

interface Restore {
  readonly additionalContext: string;
  /** The one-line notice for the person. */
  readonly systemMessage: string;
  /** Hash of the notebook's text, remembered so a later resume need not repeat it. */
  readonly hash: string;
  readonly goal: string;
  readonly now: string;
  /** True when only a pointer was sent (the session already holds this notebook). */
  readonly pointerOnly: boolean;
}

export function notebookHash(text: string): string {
  return fnv1a64(text).slice(0, 12);
}

/**
 * The tag a restore carries in its first line. A resume looks for it in the
 * conversation it rebuilds (the transcript after the last compaction), so the notebook
 * is repeated only when the conversation does not hold this version of it already.
 */
export function restoreMarker(hash: string): string {
  return `[notebook ${hash}]`;
}

const NOTEBOOK = "STATE.md";

export function buildRestore(input: RestoreInput): Restore | undefined {
  const path = notebookPath(input.projectDir);
  const label = LABEL[input.source] ?? `on ${input.source}`;
  const text = input.notebookText;
  const summary = input.lastSession?.trim()
    ? clip(input.lastSession.trim(), LAST_SESSION_MAX_CHARS)
    : undefined;
  // Recorded material (the last session's words and memo) goes in a data block.
  const lastPart = summary
    ? `Where the last session stopped (cairn memory):\n${dataBlock(summary, "memory of the last session")}`
    : "";

  if (text === undefined || !text.trim()) {
    if (!lastPart) return undefined;
    return {
      additionalContext: `${DATA_NOTE}\n\n${lastPart}`,
      systemMessage: "cairn: restored where the last session stopped",
      hash: "",
      goal: "",
      now: "",
      pointerOnly: false,
    };
  }

  const nb = parseNotebook(text);
  const goal = sectionText(nb, "goal");
  const now = sectionText(nb, "now");
  const hash = notebookHash(text);

  if (input.alreadyInjected === hash && input.source === "resume") {
    const pointer = `cairn notebook ${path} is unchanged since it was restored earlier in this conversation.`;
    return {
      additionalContext: lastPart ? `${pointer}\n${DATA_NOTE}\n\n${lastPart}` : pointer,
      systemMessage: "cairn: notebook unchanged since this session last saw it; not repeated",
      hash,
      goal,
      now,
      pointerOnly: true,
    };
  }

  const empty = input.seeded || isBlank(nb);
  // Nothing in it to show: the header says it is empty, and the sections are named in how
  // to update it; a body listing them empty (and a note on recorded data) said it again.
  const nothing = empty && nothingRecorded(nb);
  const header = [
    `cairn notebook (STATE.md), restored ${label}: ${path} ${restoreMarker(hash)}`,
    empty
      ? "It is new and empty: fill in Goal and Now as soon as the task is clear, then keep it current (Decisions and Dead-ends as they happen)."
      : KEEPING,
    updateHowTo(input.cli),
    ...((input.seeded || nothing) && !lastPart ? [] : [DATA_NOTE]),
  ].join("\n");
  // The notebook's text is the project's notes (anyone with the repository may have
  // written them): a data block like any other recorded material. The template cairn
  // has just written holds nothing recorded, and costs no tags.
  const room =
    input.maxChars - header.length - (lastPart ? lastPart.length + 2 : 0) - dataBlockOverhead(NOTEBOOK) - 2;
  const rendered = renderNotebookText(text, path, Math.max(200, room));
  const body = nothing ? "" : input.seeded ? rendered : dataBlock(rendered, NOTEBOOK);
  const additionalContext = [header, body, lastPart].filter(Boolean).join("\n\n");

  // For the person's terminal: the goal is the repository's text, so its controls show as marks.
  const gist = oneLine(goal, 60);
  const systemMessage = visibleLine(
    input.seeded
      ? `cairn: notebook created at ${path}`
      : `cairn: notebook restored ${label} (${groupDigits(additionalContext.length)} chars${gist ? `; goal: ${gist}` : ""})`,
  );
  return { additionalContext, systemMessage, hash, goal, now, pointerOnly: false };
}

function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`;
}
