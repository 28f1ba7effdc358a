import { closeSync, openSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { savedUserStatusLine } from "../claude/install-record.ts";
import { healthMark, readHealth } from "../core/feature-health.ts";
import { finiteNumber } from "../core/finite.ts";
import { ensureDir, FILE_MODE, readJsonIfExists, safeUnlink } from "../core/fs.ts";
import { type CairnPaths, cairnPaths } from "../core/paths.ts";
import { isOff } from "../core/switches.ts";
import { readSessionSummary } from "./session-summary.ts";
import { composeStatusline, renderSuffix } from "./statusline-format.ts";
import { type StatuslineMetrics, statuslineMetricsPath } from "./usage.ts";

/** The fields of Claude Code's statusline input that cairn uses (test/fixtures/claude-code-captures/statusline-stdin.jsonl). */
interface StatuslineInput {
  session_id?: unknown;
  transcript_path?: unknown;
  cwd?: unknown;
  model?: { id?: unknown; display_name?: unknown };
  workspace?: { project_dir?: unknown; current_dir?: unknown };
  cost?: { total_cost_usd?: unknown };
  context_window?: StatuslineMetrics["context_window"];
  exceeds_200k_tokens?: unknown;
}

/** How long the user's own statusline command may take before cairn shows its suffix alone. */
const USER_COMMAND_TIMEOUT_MS = 5000;
/** Errors logged within this window put a mark in the statusline. */
const ERROR_MARK_MS = 24 * 3600_000;

/**
 * `cairn statusline`: a tee on Claude Code's statusline. It keeps the metrics Claude
 * Code sends (the exact context window figures) in ~/.cairn/sessions/<id>/, runs the
 * user's own statusline command (saved at install) on the same input, and prints its
 * output with a short cairn suffix. The user's command starts first and runs while
 * cairn does its own small work, so cairn adds little beyond node's start-up; the
 * database is never opened here.
 */
export async function runStatusline(): Promise<void> {
  const raw = await readStdin();
  let input: StatuslineInput = {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === "object") input = parsed as StatuslineInput;
  } catch {
    // Not JSON: the user's command still gets what arrived, and cairn adds nothing of its own.
  }
  const paths = cairnPaths();
  const projectDir = str(input.workspace?.project_dir) ?? str(input.cwd) ?? process.cwd();
  const userCommand = savedUserStatusLine(paths, projectDir);
  const user = userCommand ? runUserCommand(userCommand, raw) : Promise.resolve("");

  let suffix = "";
  const sessionId = str(input.session_id);
  if (sessionId && !isOff(paths, projectDir)) {
    try {
      suffix = ownWork(paths, sessionId, input, projectDir);
    } catch (err) {
      const { createLogger } = await import("../core/log.ts");
      createLogger(paths).error("statusline could not keep its metrics", { session: sessionId, err });
    }
  }
  // One short line, read by Claude Code whole: the stream is enough here (and what the
  // statusline's fuzz test observes).
  process.stdout.write(`${composeStatusline(await user, suffix)}\n`);
  // After the line is out: an http transport's port taken by another user sends the
  // sessions back to command hooks, and a killed `cairn serve` comes back now, not at
  // the next session's start.
  try {
    const { tendHttpServer } = await import("../transports/revive.ts");
    await tendHttpServer(paths);
  } catch (err) {
    const { createLogger } = await import("../core/log.ts");
    createLogger(paths).error("statusline could not restart cairn serve", { err });
  }
}

/** Keeps the metrics and renders the suffix. */
function ownWork(paths: CairnPaths, sessionId: string, input: StatuslineInput, projectDir: string): string {
  const now = Date.now();
  const cw = input.context_window;
  const metrics: StatuslineMetrics = {
    at: now,
    session_id: sessionId,
    ...(str(input.transcript_path) ? { transcript_path: str(input.transcript_path) } : {}),
    project_dir: projectDir,
    ...(str(input.model?.id) ? { model: str(input.model?.id) } : {}),
    ...(str(input.model?.display_name) ? { model_name: str(input.model?.display_name) } : {}),
    ...(cw && typeof cw === "object" ? { context_window: cw } : {}),
    ...(typeof input.cost?.total_cost_usd === "number"
      ? { cost: { total_cost_usd: input.cost.total_cost_usd } }
      : {}),
    ...(typeof input.exceeds_200k_tokens === "boolean"
      ? { exceeds_200k_tokens: input.exceeds_200k_tokens }
      : {}),
  };
  const file = statuslineMetricsPath(paths, sessionId);
  if (!sameMetrics(readJsonIfExists<StatuslineMetrics>(file), metrics))
    replaceFile(file, JSON.stringify(metrics));

  const summary = readSessionSummary(paths, sessionId);
  const lastError = readJsonIfExists<{ t?: unknown }>(paths.lastError);
  // Only a string: Date.parse converts anything else, which throws for an object whose
  // toString is not a function (a damaged file), and the suffix would be lost.
  const errorAt = typeof lastError?.t === "string" ? Date.parse(lastError.t) : Number.NaN;
  const used = cw && typeof cw.used_percentage === "number" ? cw.used_percentage : null;
  const remaining = cw && typeof cw.remaining_percentage === "number" ? cw.remaining_percentage : null;
  return renderSuffix({
    usedPct: used,
    remainingPct: remaining,
    // Numbers only: a damaged summary file must not put its strings in the statusline.
    outputs: count(summary?.outputs) ?? 0,
    counterfactualBytes: count(summary?.counterfactual_bytes) ?? 0,
    shownBytes: count(summary?.shown_bytes) ?? 0,
    retrievedBytes: count(summary?.retrieved_bytes) ?? 0,
    netBytes: finiteNumber(summary?.net_bytes) ?? 0,
    moreThanAlone: count(summary?.more_than_alone) ?? 0,
    error: now - errorAt < ERROR_MARK_MS,
    // "team": the one feature that records its health today (team sync, src/team/health.ts).
    team: healthMark("team", readHealth(paths, "team"), now),
    warnPct: finiteNumber(summary?.warn_pct) ?? 35,
    criticalPct: finiteNumber(summary?.critical_pct) ?? 25,
    color: !process.env.NO_COLOR,
  });
}

/** Metrics rewritten at least this often while unchanged, so a live session's stay fresh. */
const REFRESH_MS = 10_000;

/** Claude Code refreshes the statusline often; an unchanged figure is not rewritten every time. */
function sameMetrics(prev: StatuslineMetrics | undefined, next: StatuslineMetrics): boolean {
  if (!prev || typeof prev.at !== "number" || next.at - prev.at > REFRESH_MS || next.at < prev.at)
    return false;
  return JSON.stringify({ ...prev, at: 0 }) === JSON.stringify({ ...next, at: 0 });
}

/**
 * Writes a sibling and renames it over the target, so readers see the old or the new
 * metrics, never half. Unlike writeFileAtomic it does not fsync: the file is rewritten
 * at every refresh and a crash may lose the last one, which costs nothing, while an
 * fsync on every refresh would cost milliseconds on the statusline's hot path.
 */
function replaceFile(path: string, data: string): void {
  ensureDir(dirname(path));
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, "w", FILE_MODE);
  try {
    writeSync(fd, data);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(tmp, path);
  } catch (err) {
    safeUnlink(tmp);
    throw err;
  }
}

/**
 * Runs the user's statusline as Claude Code would: through the shell, the input on
 * stdin, in the directory Claude Code started cairn's statusline in.
 */
async function runUserCommand(command: string, input: string): Promise<string> {
  // Loaded only here: most of the statusline's own time is loading modules.
  const { spawn } = await import("node:child_process");
  return new Promise((resolve) => {
    let out = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(out);
    };
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn("/bin/sh", ["-c", command], { stdio: ["pipe", "pipe", "ignore"] });
    } catch {
      resolve("");
      return;
    }
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish();
    }, USER_COMMAND_TIMEOUT_MS);
    child.stdout?.setEncoding("utf8").on("data", (d: string) => {
      out += d;
    });
    child.on("error", finish);
    child.on("close", finish);
    child.stdin?.on("error", () => {});
    child.stdin?.end(input);
  });
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return "";
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

function count(v: unknown): number | undefined {
  return Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : undefined;
}
