import { readdirSync } from "node:fs";
import { join } from "node:path";
import { safeUnlink, writeFileAtomic } from "../core/fs.ts";
import { type CairnPaths, projectKey, safeId } from "../core/paths.ts";
import { redact } from "../core/secrets/redact.ts";
import type { TranscriptFacts } from "./transcript-facts.ts";

/**
 * Before every compaction cairn keeps a copy of the notebook and the session's key
 * facts in ~/.cairn/snapshots/<project>/, so whatever a summary drops can be found
 * again. One markdown file per compaction, 0600, the oldest pruned past a limit.
 * Secrets are masked before it is written, as everywhere cairn stores text: failing
 * commands, the assistant's last words and STATE.md may all hold one.
 */

interface SnapshotInput {
  readonly projectDir: string;
  readonly sessionId: string;
  readonly trigger: string;
  readonly at: number;
  readonly notebookPath: string;
  readonly notebookText: string | undefined;
  readonly facts: TranscriptFacts;
  readonly usedPct?: number | undefined;
  readonly blocked: boolean;
}

export function snapshotDir(paths: CairnPaths, projectDir: string): string {
  return join(paths.snapshots, projectKey(projectDir));
}

function formatSnapshot(s: SnapshotInput): string {
  const facts = s.facts;
  const lines = [
    `# cairn snapshot before ${s.trigger} compaction`,
    "",
    `- when: ${new Date(s.at).toISOString()}`,
    `- project: ${s.projectDir}`,
    `- session: ${s.sessionId}`,
    ...(s.usedPct !== undefined ? [`- context used: ${Math.round(s.usedPct)}%`] : []),
    `- output since STATE.md last changed: ${facts.outputTokensSince} tokens${facts.complete ? "" : " or more"}`,
    `- compaction: ${s.blocked ? "held back once by cairn (notebook stale)" : "went ahead"}`,
    "",
    "## Key facts",
    "",
    "Files in play (most recent first):",
    ...(facts.files.length > 0 ? facts.files.map((f) => `- ${f}`) : ["- (none seen)"]),
    "",
    "Still failing (last run of each command):",
    ...(facts.failing.length > 0
      ? facts.failing.map((f) => `- \`${f.command}\`: ${f.error}`)
      : ["- (none seen)"]),
    "",
    "Last words of the assistant:",
    "",
    ...quote(facts.lastAssistantText ?? "(none)"),
    "",
    `## STATE.md (${s.notebookPath})`,
    "",
    s.notebookText?.trim() ? s.notebookText.trimEnd() : "(no notebook)",
    "",
  ];
  return lines.join("\n");
}

function quote(text: string): string[] {
  const cut = text.length > 1500 ? `${text.slice(0, 1499)}…` : text;
  return cut.split("\n").map((l) => `> ${l}`);
}

/** Writes one snapshot and prunes the project's oldest beyond `keep`. Returns its path. */
export function writeSnapshot(paths: CairnPaths, s: SnapshotInput, keep: number): string {
  const dir = snapshotDir(paths, s.projectDir);
  const stamp = new Date(s.at).toISOString().replace(/[:.]/g, "-");
  const path = join(dir, `${stamp}-${safeId(s.sessionId).slice(0, 12)}-${s.trigger}.md`);
  writeFileAtomic(path, redact(formatSnapshot(s)).text);
  pruneSnapshots(dir, keep);
  return path;
}

function pruneSnapshots(dir: string, keep: number): void {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".md"));
  } catch {
    return;
  }
  // Names start with an ISO timestamp, so name order is time order.
  names.sort();
  for (const name of names.slice(0, Math.max(0, names.length - keep))) safeUnlink(join(dir, name));
}
