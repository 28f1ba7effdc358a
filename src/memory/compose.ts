import { DATA_NOTE, dataBlock, dataBlockOverhead, defuse } from "../core/data-block.ts";
import { clip } from "../summarize/digest.ts";
import { RESUME_MARK } from "./entries.ts";

/**
 * Composing the resume: pure functions from the chain's material to the injection
 * (under a hard character budget, filled by priority) and the full document (no
 * budget; written to a file the injection names).
 */

export interface RecentTurn {
  readonly turn: number;
  readonly at: number;
  readonly user: string;
  readonly assistant: readonly string[];
  /** Messages before `assistant` that the material left out (a shared handoff keeps the last ones). */
  readonly earlier?: number;
  /** "Bash ×3, Read" — which tools ran, never their output. */
  readonly tools: string;
}

export interface OlderTurn {
  readonly turn: number;
  readonly at: number;
  readonly line: string;
}

/** What a resume is made of, as memory holds it: the same for a local resume and a shared handoff. */
export interface ResumeContent {
  readonly fromSession: string;
  readonly turns: number;
  readonly lastAt: number;
  readonly memo?: string | undefined;
  readonly thinking?: string | undefined;
  /** Oldest first. */
  readonly recent: readonly RecentTurn[];
  /** Oldest first. */
  readonly older: readonly OlderTurn[];
}

export interface ResumeMaterial extends ResumeContent {
  /** The notebook at most `max` characters long, or undefined when the project has none. */
  readonly notebook: (max: number) => string | undefined;
  /** How the agent runs cairn, e.g. `node /path/cairn.cjs`. */
  readonly cli: string;
  readonly docPath: string;
  /** cairn's own words around the recorded material; by default a local resume's. */
  readonly frame?: ResumeFrame;
}

/**
 * cairn's own lines around the recorded material, and the material's label: a local
 * resume says where the session's details are; a teammate's handoff (src/team) says
 * whose it is and where its details are not.
 */
export interface ResumeFrame {
  /** The `source` of the data block: where the material was recorded. */
  readonly source: string;
  /** The lines before the material, ending with DATA_NOTE. */
  readonly header: string;
  /** The lines after it. `cut`: the injection was cut to fit; `document`: the footer of the full document. */
  footer(cut: boolean, document: boolean): string;
}

export interface Composed {
  readonly injection: string;
  readonly document: string;
  /** What made it into the injection, for the report and tests. */
  readonly included: {
    readonly memo: boolean;
    readonly thinking: boolean;
    readonly notebook: boolean;
    readonly recentTurns: number[];
    readonly olderTurns: number[];
  };
}

export function hhmm(at: number): string {
  if (!at) return "--:--";
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

/** "12 turns" */
export const turnCount = (n: number) => `${n} turn${n === 1 ? "" : "s"}`;

/** What the material below the header holds, in the words both frames use. */
const MATERIAL_LINE =
  "Below: its in-flight memo, the project notebook, older turns one line each, and the most recent turns verbatim (no tool output). Continue from where it stopped; do not redo finished work.";

/**
 * cairn's lines around the recorded material, one shape for a local resume and a
 * teammate's handoff: they differ only in the opening line (whose work this is), what
 * the whole document is called, and where a turn's details can be read.
 */
export function resumeFrame(f: {
  /** The `source` of the data block: where the material was recorded. */
  readonly source: string;
  /** The header's first line, after RESUME_MARK. */
  readonly opening: string;
  /** What the full document is called in the footer ("resume document", "handoff"). */
  readonly whole: string;
  readonly docPath: string;
  /** The footer's last line: where a turn's tool inputs and outputs can be read. */
  readonly detail: string;
}): ResumeFrame {
  return {
    source: f.source,
    header: [`${RESUME_MARK} ${f.opening}`, MATERIAL_LINE, DATA_NOTE].join("\n"),
    footer: (cut, document) =>
      [
        "## More detail",
        ...(document
          ? []
          : [
              `${cut ? "This is cut to fit. " : ""}The whole ${f.whole}: ${f.docPath} (Read it when you need more).`,
            ]),
        f.detail,
      ].join("\n"),
  };
}

/** A local resume: everything in it was recorded in the sessions handed off, on this machine. */
function localFrame(m: ResumeMaterial): ResumeFrame {
  return resumeFrame({
    source: "earlier session",
    opening: `You are resuming an interrupted task. The previous session (${m.fromSession.slice(0, 8)}, ${turnCount(m.turns)}, last active ${hhmm(m.lastAt)}) handed its work to you with /handoff.`,
    whole: "resume document",
    docPath: m.docPath,
    detail: `Tool inputs and outputs, errors and thinking of any turn: \`${m.cli} detail turn N\` (or \`detail HH:MM\`, \`detail HH:MM-HH:MM\`, \`detail <tool_use_id>\`); search everything, stored outputs included: \`${m.cli} search "words"\`. The same as cairn's MCP tools search, detail and show_output.`,
  });
}

function renderRecent(t: RecentTurn, cap: number): string {
  const head = `### Turn ${t.turn} · ${hhmm(t.at)}`;
  const tools = t.tools ? `(tools: ${t.tools})` : "";
  const fixed = head.length + tools.length + 20;
  const room = Math.max(200, cap - fixed);
  const user = `User: ${clip(t.user.trim(), Math.max(120, Math.floor(room * 0.4)))}`;
  let left = room - user.length;
  // The assistant's last words matter most: fill from the end.
  const said: string[] = [];
  for (let i = t.assistant.length - 1; i >= 0 && left > 40; i--) {
    const line = `Assistant: ${clip(t.assistant[i]!.trim(), left - 12)}`;
    said.unshift(line);
    left -= line.length + 1;
  }
  const earlier = t.assistant.length - said.length + (t.earlier ?? 0);
  if (earlier > 0) said.unshift(`(… ${earlier} earlier messages)`);
  return [head, user, ...said, tools].filter(Boolean).join("\n");
}

function renderRecentFull(t: RecentTurn): string {
  return [
    `### Turn ${t.turn} · ${hhmm(t.at)}`,
    `User: ${t.user.trim()}`,
    ...(t.earlier ? [`(… ${t.earlier} earlier messages)`] : []),
    ...t.assistant.map((a) => `Assistant: ${a.trim()}`),
    t.tools ? `(tools: ${t.tools})` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

const olderLine = (t: OlderTurn) => `- T${t.turn} ${hhmm(t.at)} ${t.line}`;

const MEMO_CAP = 2500;
const THINKING_CAP = 800;
const RECENT_TURN_CAP = 1600;
const NOTEBOOK_CAP = 2000;

/**
 * The injection, filled by priority: the memo, the final thinking, the most recent
 * turns (newest first, at least the last one), the notebook, then older one-liners
 * (newest first); whatever is left goes back to the recent turns. Rendered in reading
 * order. Never longer than `maxChars`.
 */
export function composeResume(m: ResumeMaterial, maxChars: number): Composed {
  const frame = m.frame ?? localFrame(m);
  const top = frame.header;
  const bottomCut = frame.footer(true, false);
  // Headings and blank lines, and the tags around the recorded material.
  let budget = maxChars - top.length - bottomCut.length - dataBlockOverhead(frame.source) - 200;

  const take = (text: string | undefined, cap: number): string | undefined => {
    if (!text?.trim() || budget < 80) return undefined;
    const s = clip(text.trim(), Math.min(cap, budget));
    budget -= s.length + 20;
    return s;
  };
  const memo = take(m.memo, MEMO_CAP);
  const thinking = take(m.thinking, THINKING_CAP);

  const recentChosen = chooseRecent(m.recent, Math.max(0, Math.floor(budget * 0.55)));
  for (const text of recentChosen.values()) budget -= text.length + 2;

  const nbText = budget > 300 ? m.notebook(Math.min(NOTEBOOK_CAP, budget - 100)) : undefined;
  if (nbText) budget -= nbText.length + 20;

  const olderChosen = chooseOlder(m.older, budget);
  for (const t of olderChosen) budget -= olderLine(t).length + 1;
  const olderSkipped = m.older.length - olderChosen.length;

  refillRecent(m.recent, recentChosen, budget);

  const recentTurns = m.recent.filter((t) => recentChosen.has(t.turn));
  let cut =
    olderSkipped > 0 ||
    recentTurns.length < m.recent.length ||
    (m.memo !== undefined && memo !== m.memo.trim()) ||
    (m.thinking !== undefined && thinking !== m.thinking.trim());
  const sections = resumeSections({
    memo,
    nbText,
    olderChosen,
    olderSkipped,
    recentTurns,
    recentChosen,
    thinking,
  });
  // The recorded material is cut, never the block's closing tag or cairn's own lines.
  let data = defuse(sections.join("\n\n"));
  const room = maxChars - top.length - bottomCut.length - dataBlockOverhead(frame.source) - 4;
  if (data.length > room) {
    data = room >= 40 ? `${data.slice(0, room - 1)}…` : "";
    cut = true;
  }
  const injection = [top, ...(data ? [dataBlock(data, frame.source)] : []), frame.footer(cut, false)].join(
    "\n\n",
  );

  return {
    injection,
    document: composeDocument(m, frame),
    included: {
      memo: Boolean(memo),
      thinking: Boolean(thinking),
      notebook: Boolean(nbText),
      recentTurns: recentTurns.map((t) => t.turn),
      olderTurns: olderChosen.map((t) => t.turn),
    },
  };
}

/** The most recent turns that fit `share`, newest first (at least the last one), rendered. */
function chooseRecent(recent: readonly RecentTurn[], share: number): Map<number, string> {
  const chosen = new Map<number, string>();
  let used = 0;
  for (let i = recent.length - 1; i >= 0; i--) {
    const t = recent[i]!;
    const room = Math.min(RECENT_TURN_CAP, share - used);
    if (room < 300 && chosen.size > 0) break;
    if (room < 200) break;
    const s = renderRecent(t, room);
    chosen.set(t.turn, s);
    used += s.length + 2;
  }
  return chosen;
}

/** The newest older turns whose one-liners fit `budget`, in reading order. */
function chooseOlder(older: readonly OlderTurn[], budget: number): OlderTurn[] {
  const chosen: OlderTurn[] = [];
  for (let i = older.length - 1; i >= 0; i--) {
    const line = olderLine(older[i]!);
    if (line.length + 1 > budget) break;
    chosen.unshift(older[i]!);
    budget -= line.length + 1;
  }
  return chosen;
}

/** Leftover room: whole turns go back to the recent ones that were clipped or left out. */
function refillRecent(recent: readonly RecentTurn[], chosen: Map<number, string>, budget: number): void {
  for (let i = recent.length - 1; i >= 0 && budget > 200; i--) {
    const t = recent[i]!;
    const had = chosen.get(t.turn);
    const full = renderRecent(t, RECENT_TURN_CAP * 3);
    if (had === full) continue;
    const extra = full.length - (had?.length ?? -2);
    if (extra <= budget) {
      chosen.set(t.turn, full);
      budget -= extra;
    }
  }
}

/** The chosen material as the injection's sections, in reading order. */
function resumeSections(c: {
  memo: string | undefined;
  nbText: string | undefined;
  olderChosen: readonly OlderTurn[];
  olderSkipped: number;
  recentTurns: readonly RecentTurn[];
  recentChosen: ReadonlyMap<number, string>;
  thinking: string | undefined;
}): string[] {
  const sections: string[] = [];
  if (c.memo) sections.push(`## In-flight memo (written at the handoff)\n${c.memo}`);
  if (c.nbText) sections.push(`## Project notebook (STATE.md)\n${c.nbText}`);
  if (c.olderChosen.length) {
    const skipped = c.olderSkipped ? `(${c.olderSkipped} older turns are in the resume document)\n` : "";
    sections.push(`## Earlier turns, one line each\n${skipped}${c.olderChosen.map(olderLine).join("\n")}`);
  }
  if (c.recentTurns.length) {
    sections.push(
      `## Most recent turns, verbatim\n${c.recentTurns.map((t) => c.recentChosen.get(t.turn)).join("\n\n")}`,
    );
  }
  if (c.thinking) sections.push(`## Your thinking at the end of the last turn\n${c.thinking}`);
  return sections;
}

/** Everything, unabridged: what the injection points to. */
function composeDocument(m: ResumeMaterial, frame: ResumeFrame): string {
  const sections: string[] = [];
  if (m.memo?.trim()) sections.push(`## In-flight memo\n${m.memo.trim()}`);
  const nb = m.notebook(200_000);
  if (nb) sections.push(`## Project notebook (STATE.md)\n${nb}`);
  if (m.older.length) sections.push(`## Earlier turns, one line each\n${m.older.map(olderLine).join("\n")}`);
  if (m.recent.length)
    sections.push(`## Most recent turns, verbatim\n${m.recent.map(renderRecentFull).join("\n\n")}`);
  if (m.thinking?.trim()) sections.push(`## Thinking at the end of the last turn\n${m.thinking.trim()}`);
  return `${[
    `# Resume of session ${m.fromSession}\n\n${frame.header}`,
    ...(sections.length ? [dataBlock(sections.join("\n\n"), frame.source)] : []),
    frame.footer(false, true),
  ].join("\n\n")}\n`;
}
