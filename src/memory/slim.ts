import { createHash } from "node:crypto";
import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { claudeDir } from "../claude/paths.ts";
import { blocksOf, entryOf, readEntry, resultBlocks, toolInput } from "../claude/transcript.ts";
import { ensureDir, FILE_MODE, readJsonIfExists, safeUnlink, writeFileAtomic } from "../core/fs.ts";
import { type CairnPaths, safeId } from "../core/paths.ts";
import { isAlive } from "../core/process.ts";
import { resultText } from "./entries.ts";

/**
 * `cairn slim`: `claude --resume` rebuilds the conversation from message.content in
 * the transcript, so replacing large tool results there with excerpts (originals
 * stored first) makes the resumed session start lean. Only a stopped session is ever
 * touched, always through a backup, a temporary file, a validation and an atomic
 * rename; any failure puts the backup back.
 */

/**
 * What replaces one tool result: given its text, returns the excerpt (after storing the
 * original), or undefined to leave the result as it is (no shorter replacement).
 */
export type Replacer = (r: LargeResult) => Promise<string | undefined>;

export interface LargeResult {
  readonly line: number;
  readonly toolUseId: string;
  readonly toolName: string;
  readonly input: Record<string, unknown>;
  readonly text: string;
  readonly isError: boolean;
}

export interface SlimPlan {
  readonly results: LargeResult[];
  /** Large results left as they are (the most recent ones). */
  readonly kept: number;
  readonly totalChars: number;
}

/** What applySlim rewrites: the line's own JSON, every other field kept as it was. */
interface RawEntry {
  message?: { content?: unknown };
  [k: string]: unknown;
}

const ALREADY = /^\[cairn #\d+/;

/** Finds the tool results worth slimming: at least minChars, not already excerpts, all but the last keepRecent. */
export function planSlim(lines: readonly string[], minChars: number, keepRecent: number): SlimPlan {
  const uses = new Map<string, { name: string; input: Record<string, unknown> }>();
  const large: LargeResult[] = [];
  lines.forEach((line, n) => {
    if (!line.includes('"tool_use"') && !line.includes('"tool_result"')) return;
    const e = readEntry(line);
    if (!e) return;
    for (const b of blocksOf(e)) {
      // Typed as LargeResult declares: the replacer files the name and id in the store.
      if (e.type === "assistant" && b.type === "tool_use" && b.id)
        uses.set(b.id, { name: b.name ?? "tool", input: toolInput(b) });
      if (e.type === "user" && b.type === "tool_result" && b.tool_use_id) {
        const text = resultText(b.content);
        if (text.length < minChars || ALREADY.test(text) || hasImage(b.content)) continue;
        const use = uses.get(b.tool_use_id);
        large.push({
          line: n,
          toolUseId: b.tool_use_id,
          toolName: use?.name ?? "tool",
          input: use?.input ?? {},
          text,
          isError: Boolean(b.is_error),
        });
      }
    }
  });
  const kept = Math.min(keepRecent, large.length);
  const results = large.slice(0, large.length - kept);
  return { results, kept, totalChars: results.reduce((n, r) => n + r.text.length, 0) };
}

function hasImage(content: unknown): boolean {
  return resultBlocks(content)?.some((b) => b?.type === "image") ?? false;
}

/** Rewrites the planned results in the lines; every other byte of every other line is kept. */
export async function applySlim(
  lines: readonly string[],
  plan: SlimPlan,
  replace: Replacer,
): Promise<string[]> {
  const out = [...lines];
  const byLine = new Map<number, LargeResult[]>();
  for (const r of plan.results) byLine.set(r.line, [...(byLine.get(r.line) ?? []), r]);
  for (const [n, results] of byLine) {
    // The line's own JSON, not the reader's view of it: only the results' content changes.
    const e = JSON.parse(out[n]!) as RawEntry;
    const content = e.message!.content as unknown[];
    for (const r of results) {
      const excerpt = await replace(r);
      if (excerpt === undefined) continue;
      for (const b of content) {
        if (typeof b !== "object" || b === null) continue;
        const block = b as { type?: unknown; tool_use_id?: unknown; content?: unknown };
        if (block.type === "tool_result" && block.tool_use_id === r.toolUseId) block.content = excerpt;
      }
    }
    out[n] = JSON.stringify(e);
  }
  return out;
}

/** Every line parses, and every tool_use still has its tool_result (and the other way round). */
export function validate(lines: readonly string[]): string | undefined {
  const uses = new Set<string>();
  const results = new Set<string>();
  for (const [n, line] of lines.entries()) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return `line ${n + 1} is not JSON`;
    }
    const e = entryOf(value);
    if (!e) continue;
    for (const b of blocksOf(e)) {
      if (e.type === "assistant" && b.type === "tool_use" && b.id) uses.add(b.id);
      if (e.type === "user" && b.type === "tool_result" && b.tool_use_id) results.add(b.tool_use_id);
    }
  }
  for (const id of results) if (!uses.has(id)) return `tool_result ${id} has no tool_use`;
  return undefined;
}

/** Tool uses without a result, which a session may legitimately end with (interrupted). */
export function unanswered(lines: readonly string[]): Set<string> {
  const uses = new Set<string>();
  for (const line of lines) {
    if (!line.includes('"tool_use"') && !line.includes('"tool_result"')) continue;
    const e = readEntry(line); // a line that is not JSON is counted by validate()
    if (!e) continue;
    for (const b of blocksOf(e)) {
      if (e.type === "assistant" && b.type === "tool_use" && b.id) uses.add(b.id);
      if (e.type === "user" && b.type === "tool_result" && b.tool_use_id) uses.delete(b.tool_use_id);
    }
  }
  return uses;
}

/** Why a transcript must not be touched now, or undefined when the session is stopped. */
export function runningReason(
  transcriptPath: string,
  sessionId: string,
  env: NodeJS.ProcessEnv,
  now: number,
  quietMs: number,
): string | undefined {
  // Claude Code 2.1.328 registers each running session in ~/.claude/sessions/<pid>.json.
  const dir = join(claudeDir(env), "sessions");
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => /^\d+\.json$/.test(n));
  } catch {
    names = [];
  }
  for (const name of names) {
    const s = readJsonIfExists<{ pid?: number; sessionId?: string }>(join(dir, name));
    if (s?.sessionId === sessionId && typeof s.pid === "number" && isAlive(s.pid)) {
      return `session ${sessionId} is running (Claude Code process ${s.pid}); stop it first`;
    }
  }
  const age = now - statSync(transcriptPath).mtimeMs;
  if (age < quietMs) {
    return `the transcript was written ${Math.round(age / 1000)} s ago; the session may still be running (wait ${Math.ceil((quietMs - age) / 1000)} s, or stop it)`;
  }
  return undefined;
}

interface Backup {
  readonly path: string;
  readonly transcriptPath: string;
  readonly sessionId: string;
  /** sha256 of the transcript as slim wrote it: undo refuses if it changed since. */
  readonly writtenSha256: string;
  readonly at: number;
}

function backupDir(paths: CairnPaths, sessionId: string): string {
  return join(paths.root, "slim", safeId(sessionId));
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

export interface SlimOutcome {
  readonly replaced: number;
  readonly beforeBytes: number;
  readonly afterBytes: number;
  readonly backup: string;
}

/**
 * Backs the transcript up, writes the slimmed lines to a temporary file beside it,
 * validates that, renames it over the transcript, and re-reads the result. Any
 * failure after the backup restores it.
 */
export async function slimTranscript(
  paths: CairnPaths,
  transcriptPath: string,
  sessionId: string,
  plan: SlimPlan,
  replace: Replacer,
  now: number,
): Promise<SlimOutcome> {
  const original = readFileSync(transcriptPath);
  const text = original.toString("utf8");
  // Decoding turns invalid UTF-8 (a damaged write) into U+FFFD, so writing the lines back
  // would change bytes of lines slim never meant to touch: such a file is refused.
  if (!Buffer.from(text, "utf8").equals(original))
    throw new Error("the transcript is not valid UTF-8; refusing to touch it");
  const endsWithNewline = text.endsWith("\n");
  const lines = text.split("\n");
  if (endsWithNewline) lines.pop();
  const before = validate(lines);
  if (before) throw new Error(`the transcript does not validate as it is (${before}); refusing to touch it`);
  const openUses = unanswered(lines);
  const dir = backupDir(paths, sessionId);
  ensureDir(dir);
  const backup = join(dir, `${now}.jsonl`);
  copyFileSync(transcriptPath, backup);
  try {
    const next = await applySlim(lines, plan, replace);
    const problem = validate(next);
    if (problem) throw new Error(`the slimmed transcript is invalid (${problem}); nothing was changed`);
    const stillOpen = unanswered(next);
    for (const id of stillOpen) if (!openUses.has(id)) throw new Error(`tool_use ${id} lost its tool_result`);
    const out = `${next.join("\n")}${endsWithNewline ? "\n" : ""}`;
    const tmp = join(dirname(transcriptPath), `.${basename(transcriptPath)}.cairn-slim.tmp`);
    writeFileAtomic(tmp, out, statMode(transcriptPath));
    // Checked again from disk: what resume will read is exactly what was validated.
    const written = readFileSync(tmp, "utf8").split("\n");
    if (endsWithNewline) written.pop();
    const again = validate(written);
    if (again) {
      safeUnlink(tmp);
      throw new Error(`the written file does not validate (${again})`);
    }
    renameSync(tmp, transcriptPath);
    const record: Backup = { path: backup, transcriptPath, sessionId, writtenSha256: sha256(out), at: now };
    writeFileAtomic(join(dir, `${now}.json`), JSON.stringify(record));
    return {
      replaced: plan.results.length,
      beforeBytes: original.length,
      afterBytes: Buffer.byteLength(out),
      backup,
    };
  } catch (err) {
    if (readFileSync(transcriptPath).compare(original) !== 0) copyFileSync(backup, transcriptPath);
    throw err;
  }
}

function statMode(path: string): number {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return FILE_MODE;
  }
}

/** The latest slim of a session, if its backup is still there. */
export function latestBackup(paths: CairnPaths, sessionId: string): Backup | undefined {
  const dir = backupDir(paths, sessionId);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json"));
  } catch {
    return undefined;
  }
  const last = names.sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10)).at(-1);
  const record = last ? readJsonIfExists<Backup>(join(dir, last)) : undefined;
  return record && existsSync(record.path) ? record : undefined;
}

/** Puts the latest backup back, when the transcript is still exactly what slim wrote. */
export function undoSlim(paths: CairnPaths, sessionId: string, force: boolean): Backup {
  const b = latestBackup(paths, sessionId);
  if (!b) throw new Error(`no slim backup of session ${sessionId} to restore`);
  const current = readFileSync(b.transcriptPath);
  if (!force && sha256(current) !== b.writtenSha256) {
    throw new Error(
      "the transcript changed since it was slimmed (the session was resumed?); restoring would lose that. Use --force to restore anyway",
    );
  }
  const tmp = join(dirname(b.transcriptPath), `.${basename(b.transcriptPath)}.cairn-undo.tmp`);
  copyFileSync(b.path, tmp);
  renameSync(tmp, b.transcriptPath);
  safeUnlink(join(backupDir(paths, sessionId), `${b.at}.json`));
  safeUnlink(b.path);
  return b;
}

/**
 * The sessions whose id starts with a prefix (as `cairn sessions` prints it): those
 * cairn recorded and those with a transcript under ~/.claude/projects, each once.
 */
export function sessionsByPrefix(known: readonly string[], prefix: string, env: NodeJS.ProcessEnv): string[] {
  const found = new Set(known.filter((id) => id.startsWith(prefix)));
  // Only a plain id prefix is looked up on disk: no path segments, no globbing.
  if (safeId(prefix) === prefix) {
    const base = join(claudeDir(env), "projects");
    let dirs: string[] = [];
    try {
      dirs = readdirSync(base);
    } catch {
      // No Claude Code projects folder: only cairn's own records.
    }
    for (const d of dirs) {
      let names: string[] = [];
      try {
        names = readdirSync(join(base, d));
      } catch {
        continue;
      }
      for (const n of names) if (n.startsWith(prefix) && n.endsWith(".jsonl")) found.add(n.slice(0, -6));
    }
  }
  return [...found].sort();
}

/** Finds a session's transcript under ~/.claude/projects when cairn never saw the session. */
export function findTranscript(sessionId: string, env: NodeJS.ProcessEnv): string | undefined {
  // A real id is one path segment; `../x` would look for a transcript outside ~/.claude/projects.
  if (safeId(sessionId) !== sessionId) return undefined;
  const base = join(claudeDir(env), "projects");
  let dirs: string[];
  try {
    dirs = readdirSync(base);
  } catch {
    return undefined;
  }
  for (const d of dirs) {
    const p = join(base, d, `${sessionId}.jsonl`);
    if (existsSync(p)) return p;
  }
  return undefined;
}
