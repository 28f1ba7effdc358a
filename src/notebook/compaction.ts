import { isAbsolute, relative } from "node:path";
import { DATA_NOTE, dataBlock, dataBlockOverhead } from "../core/data-block.ts";
import { groupDigits, oneLine } from "./anchor.ts";
import type { TranscriptFacts } from "./transcript-facts.ts";

/**
 * PreCompact care, pure. Claude Code appends PreCompact's plain stdout to the summary
 * prompt as "Additional Instructions", for manual and automatic compactions alike: the
 * instructions below steer what every summary keeps. And one rule for holding back a
 * compaction whose notebook is stale.
 */

interface InstructionsInput {
  readonly projectDir: string;
  readonly goal?: string | undefined;
  readonly now?: string | undefined;
  readonly facts: TranscriptFacts;
  /** Whether the project has a notebook that is restored after the compaction. */
  readonly notebook: boolean;
}

const MAX_CHARS = 3000;
const SOURCE = "notebook and transcript";

export function compactionInstructions(input: InstructionsInput): string {
  const lines = [
    "cairn, compaction care. In this summary:",
    "- Keep the goal, the current step and what comes next, every decision with its reason, and the dead-ends (what was tried and why it failed) so they are not tried again.",
    "- Keep the files in play and every failing test or command, with exact names, paths and error lines.",
    "- Drop raw tool output (logs, listings, whole file contents, long diffs): say in one line what it showed. Keep every `cairn show <id>` reference: it fetches the original output cairn stored.",
  ];
  if (input.notebook) {
    lines.push(
      "- The notebook .cairn/STATE.md is restored in full right after this compaction: the summary need not copy it, and must not contradict it.",
    );
  }
  // The facts are recorded material (the notebook, commands and their error lines): a
  // data block, cut to fit rather than losing its closing tag.
  const facts: string[] = [];
  const goal = oneLine(input.goal, 300);
  const now = oneLine(input.now, 400);
  if (goal) facts.push(`Goal (STATE.md): ${goal}`);
  if (now) facts.push(`Current step (STATE.md): ${now}`);
  const files = input.facts.files.map((f) => shortPath(f, input.projectDir));
  if (files.length > 0) facts.push(`Files in play: ${files.join(", ")}`);
  if (input.facts.failing.length > 0) {
    facts.push("Still failing at this point:");
    for (const f of input.facts.failing) facts.push(`- \`${f.command}\`: ${f.error}`);
  }
  if (facts.length === 0) return lines.join("\n");
  const head = [...lines, DATA_NOTE].join("\n");
  const room = MAX_CHARS - head.length - dataBlockOverhead(SOURCE) - 1;
  const data = facts.join("\n");
  return `${head}\n${dataBlock(data.length <= room ? data : `${data.slice(0, room - 1)}…`, SOURCE)}`;
}

function shortPath(file: string, projectDir: string): string {
  const rel = relative(projectDir, file);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : file;
}

interface BlockInput {
  readonly trigger: "manual" | "auto";
  readonly enabled: boolean;
  readonly inHome: boolean;
  readonly blockedBefore: boolean;
  /** Undefined when there is no notebook to update. */
  readonly outputSinceNotebook: number | undefined;
  readonly staleOutputTokens: number;
}

/**
 * Hold back an automatic compaction once per session when the notebook is stale, so
 * the agent can write down what the summary would lose. Never a manual /compact (the
 * person asked for it), never twice, never in the home directory.
 */
export function shouldBlock(b: BlockInput): boolean {
  return (
    b.trigger === "auto" &&
    b.enabled &&
    !b.inHome &&
    !b.blockedBefore &&
    b.outputSinceNotebook !== undefined &&
    b.outputSinceNotebook >= b.staleOutputTokens
  );
}

export function blockReason(outputTokens: number, complete: boolean): string {
  const amount = `${groupDigits(outputTokens)}${complete ? "" : "+"}`;
  return `cairn held back this automatic compaction once: .cairn/STATE.md has not changed for ${amount} output tokens, so the summary would lose what it should keep. Update STATE.md now (Goal, Now, Decisions, Dead-ends); the next compaction goes ahead and cairn restores the notebook after it.`;
}
