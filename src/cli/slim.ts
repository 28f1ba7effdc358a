import { existsSync, readdirSync, readFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import type { Config } from "../config/schema.ts";
import { formatBytes } from "../core/format.ts";
import { printedCli } from "../core/self.ts";
import { visibleLine } from "../core/terminal-text.ts";
import { type MemoryEnv, memoryEnv } from "../memory/command-env.ts";
import {
  findTranscript,
  latestBackup,
  planSlim,
  type Replacer,
  runningReason,
  type SlimOutcome,
  type SlimPlan,
  sessionsByPrefix,
  slimTranscript,
  undoSlim,
} from "../memory/slim.ts";
import type { Store } from "../store/db.ts";
import type { SessionSeen } from "../store/sessions.ts";
import { intFlag, parse, UsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { color, json, out } from "./io.ts";

const USAGE = `Usage: cairn slim SESSION [--keep-recent N] [--min-chars N] [--dry-run] [--json]
       cairn slim SESSION --undo [--force]

Makes \`claude --resume SESSION\` start lean: tool results of a stopped session that are
still large (from before cairn was installed, kept recent, failed runs) are replaced in
its transcript by excerpts, and their originals are stored (\`cairn show ID\`, search).

SESSION is a session id, the prefix of one that \`cairn sessions\` prints, or the
path of its .jsonl transcript.

  --keep-recent N  leave the N most recent large results as they are
                   (default compress.keep_recent, 2)
  --min-chars N    only results at least this long (default memory.slim_min_chars, 4096)
  --dry-run        list what would be replaced, change nothing
  --undo           put back the transcript as it was before the last slim
  --force          with --undo: restore even if the transcript changed since

What it changes, and says it changed: the transcript (rewritten), a backup of it in
~/.cairn/slim/, the originals stored in ~/.cairn/cairn.db, and a record of the session
if cairn had none. --undo puts the transcript back and removes the backup; the stored
originals stay (search and \`cairn show\` keep finding them).

Safety: refuses while the session runs (Claude Code's session registry, or writes in
the last 60 s); backs the file up to ~/.cairn/slim/; writes a temporary file, checks that
every line parses and every tool_use keeps its tool_result, then renames it into place;
restores the backup on any failure.`;

const QUIET_MS = 60_000;

export const slim: Command = {
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parse(
      argv,
      {
        "keep-recent": { type: "string" },
        "min-chars": { type: "string" },
        "dry-run": { type: "boolean" },
        undo: { type: "boolean" },
        force: { type: "boolean" },
        json: { type: "boolean" },
      },
      { positionals: true },
    );
    if (positionals.length !== 1) throw new UsageError("name one session (its id or its transcript's path)");
    const m = await memoryEnv();
    try {
      const arg = positionals[0]!;
      const asPath = arg.endsWith(".jsonl") ? (isAbsolute(arg) ? arg : resolve(arg)) : undefined;
      const store = await m.store();
      const sessionId = asPath
        ? asPath.replace(/^.*\//, "").replace(/\.jsonl$/, "")
        : resolveSessionArg(store, m.paths.root, arg, m.env, Boolean(values.undo));
      if (values.undo) return undo(m, store, sessionId, Boolean(values.force), Boolean(values.json));
      const known = store.db.prepare("SELECT transcript_path FROM sessions WHERE id = ?").get(sessionId) as
        | { transcript_path: string | null }
        | undefined;
      const transcriptPath = asPath ?? known?.transcript_path ?? findTranscript(sessionId, m.env);
      if (!transcriptPath || !existsSync(transcriptPath)) {
        throw new Error(
          `no transcript for session ${sessionId} (looked in cairn's sessions and ~/.claude/projects)`,
        );
      }
      const keepRecent = intFlag(values["keep-recent"], "keep-recent", 0) ?? m.config["compress.keep_recent"];
      const minChars = intFlag(values["min-chars"], "min-chars", 1) ?? m.config["memory.slim_min_chars"];
      const lines = readFileSync(transcriptPath, "utf8").split("\n");
      if (lines.at(-1) === "") lines.pop();
      const plan = planSlim(lines, minChars, keepRecent);

      if (values["dry-run"]) return dryRun(transcriptPath, plan, Boolean(values.json));
      const busy = runningReason(transcriptPath, sessionId, m.env, m.now(), QUIET_MS);
      if (busy) throw new Error(`refused: ${busy}`);
      if (plan.results.length === 0) {
        if (values.json) json({ transcript: transcriptPath, replaced: 0, kept: plan.kept });
        else
          out(
            `Nothing to slim in ${transcriptPath}: no tool result of ${minChars}+ characters beyond the ${plan.kept} kept.`,
          );
        return 0;
      }
      const now = m.now();
      // The session's outputs are filed under it (filing records a session cairn has not
      // seen), so search and `cairn show` find them with the rest. A session cairn already
      // knows keeps its record as it is (slim is not activity).
      const session = { id: sessionId, projectDir: m.projectDir, cwd: m.projectDir, transcriptPath, at: now };
      const ids: number[] = [];
      const outcome = await slimTranscript(
        m.paths,
        transcriptPath,
        sessionId,
        plan,
        fileEach(store, m.config, session, ids),
        now,
      );
      const { indexOutputs } = await import("../memory/ingest.ts");
      indexOutputs(store, now, 100_000);
      return printSlimmed(
        m,
        { sessionId, transcriptPath, outcome, kept: plan.kept, ids, recorded: !known && ids.length > 0 },
        Boolean(values.json),
      );
    } finally {
      m.close();
    }
  },
};

/** What slim changed and what it left, said plainly (or as JSON). */
function printSlimmed(
  m: MemoryEnv,
  r: {
    sessionId: string;
    transcriptPath: string;
    outcome: SlimOutcome;
    kept: number;
    ids: number[];
    recorded: boolean;
  },
  asJson: boolean,
): number {
  if (asJson) {
    json({
      transcript: r.transcriptPath,
      ...r.outcome,
      kept: r.kept,
      outputs: r.ids,
      database: m.paths.db,
      sessionRecorded: r.recorded,
    });
    return 0;
  }
  out(`${color.green("slimmed")} session ${r.sessionId}`);
  out("changed:");
  out(
    `  transcript  ${r.transcriptPath}: ${r.outcome.replaced} tool results → excerpts, ${formatBytes(r.outcome.beforeBytes)} → ${formatBytes(r.outcome.afterBytes)}; every other line byte for byte (${r.kept} recent kept)`,
  );
  out(`  backup      ${r.outcome.backup} (the transcript as it was)`);
  out(
    `  originals   ${r.ids.length} stored in ${m.paths.db}: cairn show ${r.ids[0]}${r.ids.length > 1 ? ` … ${r.ids.at(-1)}` : ""}`,
  );
  if (r.recorded) out(`  sessions    ${r.sessionId} recorded under ${m.projectDir} (cairn had not seen it)`);
  out(`undo: cairn slim ${r.sessionId} --undo`);
  const last = latestBackup(m.paths, r.sessionId);
  if (!last) out(color.yellow("  warning: the backup record could not be read back"));
  return 0;
}

/** --undo: puts the transcript back; the originals slim stored stay. */
function undo(m: MemoryEnv, store: Store, sessionId: string, force: boolean, asJson: boolean): number {
  const b = undoSlim(m.paths, sessionId, force);
  // What slim stored stays: the originals are cairn's record, and search finds them.
  const stored = store.db
    .prepare(
      "SELECT count(*) AS n, min(id) AS first, max(id) AS last FROM outputs WHERE session_id = ? AND created_at = ? AND label LIKE '%(cairn slim)'",
    )
    .get(sessionId, b.at) as { n: number; first: number | null; last: number | null };
  if (asJson) {
    json({
      restored: b.transcriptPath,
      from: b.path,
      backupRemoved: true,
      originalsKept: stored.n,
      ...(stored.first !== null ? { outputs: [stored.first, stored.last] } : {}),
    });
    return 0;
  }
  out(`${color.green("restored")} ${b.transcriptPath} (session ${sessionId})`);
  out("changed:");
  out(`  transcript  put back byte for byte as it was before the slim`);
  out(`  backup      ${b.path} removed (it is the transcript now)`);
  out("unchanged:");
  out(
    `  originals   the ${stored.n} output(s) slim stored stay in ${m.paths.db}${stored.first !== null ? ` (${printedCli()} show ${stored.first}${stored.last !== stored.first ? ` … ${stored.last}` : ""})` : ""}; \`${printedCli()} gc\` removes them with age`,
  );
  return 0;
}

/** --dry-run: what would be replaced. */
function dryRun(transcriptPath: string, plan: SlimPlan, asJson: boolean): number {
  if (asJson) {
    json({
      transcript: transcriptPath,
      wouldReplace: plan.results.map((r) => ({
        toolUseId: r.toolUseId,
        tool: r.toolName,
        chars: r.text.length,
      })),
      kept: plan.kept,
      chars: plan.totalChars,
    });
    return 0;
  }
  out(
    `${transcriptPath}: ${plan.results.length} tool results (${formatBytes(plan.totalChars)}) would become excerpts; ${plan.kept} recent ones kept.`,
  );
  for (const r of plan.results)
    out(
      `  ${r.toolUseId}  ${r.toolName.padEnd(8)} ${formatBytes(r.text.length)}${r.isError ? " (error)" : ""}`,
    );
  return 0;
}

/** Files each large result's original (under the session) and returns what replaces it, if anything. */
function fileEach(store: Store, config: Config, session: SessionSeen, ids: number[]): Replacer {
  return async (r) => {
    const [{ fileOutput }, { compressText }] = await Promise.all([
      import("../compress/hook/filing.ts"),
      import("../compress/compress-text.ts"),
    ]);
    const command = typeof r.input.command === "string" ? r.input.command : undefined;
    const filePath = typeof r.input.file_path === "string" ? r.input.file_path : undefined;
    const filed = await fileOutput(
      store,
      config,
      {
        text: r.text,
        hints: { tool: r.toolName, ...(command ? { command } : {}), ...(filePath ? { filePath } : {}) },
        label:
          `${r.toolName}${command ? `: ${command}` : filePath ? `: ${filePath}` : ""} (cairn slim)`.slice(
            0,
            200,
          ),
        session,
        toolUseId: r.toolUseId,
      },
      compressText,
      session.at,
    );
    ids.push(filed.id);
    // No shorter replacement: the result stays as it is (as the hook leaves it).
    return filed.replacement?.shown;
  };
}

/**
 * The session an argument names: its whole id, or a prefix of it as `cairn sessions`
 * prints it (unique among cairn's sessions, Claude Code's transcripts and, for --undo,
 * the slim backups).
 */
function resolveSessionArg(
  store: Store,
  root: string,
  arg: string,
  env: NodeJS.ProcessEnv,
  undo: boolean,
): string {
  const exact = store.db.prepare("SELECT 1 FROM sessions WHERE id = ?").get(arg);
  if (exact || findTranscript(arg, env) || (undo && latestBackupExists(root, arg))) return arg;
  const known = (
    store.db.prepare("SELECT id FROM sessions WHERE substr(id, 1, length(?)) = ?").all(arg, arg) as {
      id: string;
    }[]
  ).map((r) => r.id);
  if (undo) known.push(...backedUp(root));
  const matches = sessionsByPrefix(known, arg, env);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1)
    throw new UsageError(
      `"${visibleLine(arg)}" matches ${matches.length} sessions (${matches.slice(0, 4).join(", ")}${matches.length > 4 ? ", …" : ""}): give more of the id`,
    );
  return arg;
}

function backedUp(root: string): string[] {
  try {
    return readdirSync(join(root, "slim"));
  } catch {
    return [];
  }
}

const latestBackupExists = (root: string, id: string) => backedUp(root).includes(id);
