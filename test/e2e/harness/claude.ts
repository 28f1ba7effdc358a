/**
 * Runs the real Claude Code CLI (`claude -p`) headless and offline against the mock API,
 * inside a throw-away sandbox (temporary HOME and project directory).
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { HANG_MS } from "../../helpers/wait.ts";

/** Repository root (this file is test/e2e/harness/claude.ts). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
export const BIN_DIR = join(REPO_ROOT, "node_modules", ".bin");
export const CLAUDE_BIN = join(BIN_DIR, "claude");
export const DEFAULT_ALLOWED_TOOLS = "Bash Read Grep Glob Edit Write";
export const DUMMY_API_KEY = "sk-ant-api03-cairn-e2e-dummy-key-0000000000000000000000";

export type Sandbox = {
  /** Root temp dir holding both. */
  root: string;
  /** Temporary HOME. */
  home: string;
  /** Project directory (cwd for claude). */
  project: string;
  /** Writes $HOME/.claude/settings.json (object is JSON-serialised). */
  writeSettings(settings: unknown): string;
  /** Writes a file relative to the project dir (creating parents); returns its path. */
  writeFile(rel: string, content: string): string;
  /** Removes the sandbox unless KEEP_E2E=1. */
  cleanup(): void;
};

export type RunClaudeOptions = {
  /** Prompt passed to `claude -p`. */
  prompt: string;
  /** Mock API base URL (ANTHROPIC_BASE_URL). */
  apiUrl: string;
  /** Project dir (cwd); defaults to sandbox.project. */
  cwd?: string;
  /** Temporary HOME; defaults to sandbox.home. */
  home?: string;
  sandbox?: Sandbox;
  /** Resume this session id (`--resume <id>`). */
  resume?: string;
  /** Session id for a new session (`--session-id`); generated when not resuming. */
  sessionId?: string;
  /** "text" (default), "json" or "stream-json" (adds --verbose). */
  outputFormat?: "text" | "json" | "stream-json";
  /** Space/comma separated list for --allowedTools; "" to omit the flag. */
  allowedTools?: string;
  /** Extra CLI args, inserted before `-p <prompt>`. */
  args?: string[];
  /** Extra environment variables (undefined deletes). */
  env?: Record<string, string | undefined>;
  /**
   * How long the process may go without progress (no output, nothing written to the
   * transcripts) before it counts as hung and its group is killed; default HANG_MS. Not
   * a limit on the session's length: a long session makes progress all along.
   */
  timeoutMs?: number;
  /** Text written to stdin (default: none, stdin closed). */
  stdin?: string;
};

export type TranscriptEntry = { type?: string; [key: string]: unknown };

export type RunClaudeResult = {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  durationMs: number;
  sessionId: string;
  transcriptPath: string;
  /** Parsed transcript entries ([] when the file does not exist). */
  transcript: TranscriptEntry[];
  /** Parsed stdout for --output-format json. */
  json?: Record<string, unknown>;
  /** Parsed stdout lines for --output-format stream-json. */
  events?: Record<string, unknown>[];
  /** The final result text (json/stream-json `result`, else trimmed stdout). */
  resultText: string;
  args: string[];
};

function keep(): boolean {
  return process.env.KEEP_E2E === "1";
}

export type SandboxOptions = {
  /** Prefix of the temp dir name (default "cairn-e2e"). */
  prefix?: string;
  /** Use exactly this root (wiped first) instead of a fresh temp dir: stable paths. */
  root?: string;
};

/** Creates a temp HOME and project dir under os.tmpdir(), with ~/.claude.json set up. */
export function makeSandbox(opts: SandboxOptions = {}): Sandbox {
  let root: string;
  if (opts.root) {
    rmSync(opts.root, { recursive: true, force: true });
    mkdirSync(opts.root, { recursive: true });
    root = realpathSync(opts.root);
  } else {
    root = realpathSync(mkdtempSync(join(tmpdir(), `${opts.prefix ?? "cairn-e2e"}-`)));
  }
  const home = join(root, "home");
  const project = join(root, "project");
  mkdirSync(join(home, ".claude"), { recursive: true });
  mkdirSync(project, { recursive: true });
  writeClaudeJson(home, [project]);
  writeTestConfig(home);
  const sb: Sandbox = {
    root,
    home,
    project,
    writeSettings: (settings) => writeSettings(home, settings),
    writeFile(rel, content) {
      const p = resolve(project, rel);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, content);
      return p;
    },
    cleanup() {
      if (keep()) {
        process.stderr.write(`KEEP_E2E=1: sandbox kept at ${root}\n`);
        return;
      }
      waitForProcessesIn(root, HANG_MS);
      rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
  return sb;
}

/**
 * cairn's user config for test sessions. hook.budget_ms at twice its default: on a
 * loaded machine a hook can pass 4 s, and its no-op answer would fail a test about
 * what the model saw. 8 s stays inside Claude Code's shortest outer timeout for
 * cairn's hooks (10 s, src/claude/install-plan.ts), past which Claude Code itself
 * gives up. Tests with settings of their own append them to this file.
 */
export const TEST_CONFIG_YAML = "hook:\n  budget_ms: 8000\n";

function writeTestConfig(home: string): void {
  mkdirSync(join(home, ".cairn"), { recursive: true, mode: 0o700 });
  writeFileSync(join(home, ".cairn", "config.yaml"), TEST_CONFIG_YAML, { mode: 0o600 });
}

/**
 * Claude Code runs its SessionEnd hooks as it exits (also when tmux is killed under
 * it), and they write into the sandbox: removing it under them fails, or leaves them
 * recreating folders. Waits until no process works in `root` (its cwd is inside).
 */
function waitForProcessesIn(root: string, timeoutMs: number): void {
  const inside = () => {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
      try {
        const cwd = readlinkSync(`/proc/${pid}/cwd`);
        if (cwd === root || cwd.startsWith(`${root}/`)) return true;
      } catch {
        // Gone, or not ours to look at.
      }
    }
    return false;
  };
  const until = Date.now() + timeoutMs;
  while (inside() && Date.now() < until) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
}

/** ~/.claude.json with onboarding done, the dummy key approved and the projects trusted. */
export function writeClaudeJson(home: string, projects: string[]): void {
  const p = join(home, ".claude.json");
  const cur = existsSync(p) ? (JSON.parse(readFileSync(p, "utf8")) as Record<string, unknown>) : {};
  const projs = (cur.projects as Record<string, Record<string, unknown>> | undefined) ?? {};
  for (const dir of projects) {
    projs[dir] = {
      ...projs[dir],
      hasTrustDialogAccepted: true,
      hasCompletedProjectOnboarding: true,
      allowedTools: [],
    };
  }
  const next = {
    ...cur,
    hasCompletedOnboarding: true,
    lastOnboardingVersion: "2.1.328",
    numStartups: 1,
    autoUpdates: false,
    customApiKeyResponses: { approved: [DUMMY_API_KEY.slice(-20)], rejected: [] },
    projects: projs,
  };
  writeFileSync(p, `${JSON.stringify(next, null, 2)}\n`);
}

/** Writes $HOME/.claude/settings.json; returns its path. */
export function writeSettings(home: string, settings: unknown): string {
  const p = join(home, ".claude", "settings.json");
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, `${JSON.stringify(settings, null, 2)}\n`);
  return p;
}

/** Claude Code's project directory name: every non-alphanumeric character becomes "-". */
export function projectDirName(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, "-");
}

export function transcriptPathFor(home: string, cwd: string, sessionId: string): string {
  return join(home, ".claude", "projects", projectDirName(cwd), `${sessionId}.jsonl`);
}

/** Finds <sessionId>.jsonl under $HOME/.claude/projects (fallback when the name differs). */
function findTranscript(home: string, sessionId: string): string | undefined {
  const base = join(home, ".claude", "projects");
  if (!existsSync(base)) return undefined;
  for (const d of readdirSync(base)) {
    const p = join(base, d, `${sessionId}.jsonl`);
    if (existsSync(p)) return p;
  }
  return undefined;
}

export function readTranscript(path: string): TranscriptEntry[] {
  if (!existsSync(path)) return [];
  return readJsonl(readFileSync(path, "utf8"));
}

export function readJsonl(text: string): TranscriptEntry[] {
  const out: TranscriptEntry[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as TranscriptEntry);
    } catch {
      // a partial last line; ignore
    }
  }
  return out;
}

/** The environment claude runs with: ours minus Claude/Anthropic variables, plus the offline set. */
export function claudeEnv(
  apiUrl: string,
  home: string,
  extra: Record<string, string | undefined> = {},
): Record<string, string> {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Drop anything that would leak an outer Claude Code session (if tests run inside one)
    // or real credentials, and vitest's worker markers.
    // CAIRN_TEAM_URL too: a developer's team server must never receive test sessions.
    if (/^(ANTHROPIC_|CLAUDE|CLAUDECODE$|AI_AGENT$|VITEST|NODE_OPTIONS$|OTEL_|CAIRN_TEAM_URL$)/.test(k))
      continue;
    env[k] = v;
  }
  const path = [
    BIN_DIR,
    ...(process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin")
      .split(delimiter)
      .filter((p) => p && p !== BIN_DIR),
  ].join(delimiter);
  Object.assign(env, {
    PATH: path,
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    ANTHROPIC_BASE_URL: apiUrl,
    ANTHROPIC_API_KEY: DUMMY_API_KEY,
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    CI: "1",
    NO_COLOR: "1",
    // Claude Code runs commands in zsh when SHELL is unset (as on CI) and zsh is there;
    // the scripts speak bash. Tests of other shells pass SHELL (undefined unsets it).
    SHELL: "/bin/bash",
    ...extra,
  });
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}

/** Runs `claude -p <prompt>` and waits for it to exit. Never throws on a non-zero exit. */
export async function runClaude(opts: RunClaudeOptions): Promise<RunClaudeResult> {
  const home = opts.home ?? opts.sandbox?.home;
  const cwd = opts.cwd ?? opts.sandbox?.project;
  if (!home || !cwd) throw new Error("runClaude: give a sandbox, or both home and cwd");
  const sessionId = opts.resume ?? opts.sessionId ?? randomUUID();
  const args: string[] = [];
  if (opts.resume) args.push("--resume", opts.resume);
  else args.push("--session-id", sessionId);
  const fmt = opts.outputFormat ?? "text";
  if (fmt !== "text") args.push("--output-format", fmt);
  if (fmt === "stream-json") args.push("--verbose");
  const allowed = opts.allowedTools ?? DEFAULT_ALLOWED_TOOLS;
  if (allowed) args.push("--allowedTools", allowed);
  args.push(...(opts.args ?? []));
  // `-p` is a flag; the prompt goes after `--` so no variadic option swallows it.
  args.push("-p", "--", opts.prompt);

  const env = claudeEnv(opts.apiUrl, home, opts.env);
  const started = Date.now();
  const claude = spawnClaude(args, { cwd, env, home, ...(opts.timeoutMs ? { hangMs: opts.timeoutMs } : {}) });
  const { child } = claude;
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
  });
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  child.stdin.end(opts.stdin ?? "");
  const [exitCode, signal] = await claude.exited;
  const timedOut = claude.hung();

  let json: Record<string, unknown> | undefined;
  let events: Record<string, unknown>[] | undefined;
  let resultText = stdout.trim();
  let sid = sessionId;
  if (fmt === "json") {
    try {
      json = JSON.parse(stdout) as Record<string, unknown>;
      if (typeof json.result === "string") resultText = json.result;
      if (typeof json.session_id === "string") sid = json.session_id;
    } catch {
      // leave undefined
    }
  } else if (fmt === "stream-json") {
    events = readJsonl(stdout) as Record<string, unknown>[];
    const result = events.findLast((e) => e.type === "result");
    if (result && typeof result.result === "string") resultText = result.result;
    if (result && typeof result.session_id === "string") sid = result.session_id;
  }
  let transcriptPath = transcriptPathFor(home, cwd, sid);
  if (!existsSync(transcriptPath)) transcriptPath = findTranscript(home, sid) ?? transcriptPath;
  return {
    exitCode,
    signal,
    timedOut,
    stdout,
    stderr,
    durationMs: Date.now() - started,
    sessionId: sid,
    transcriptPath,
    transcript: readTranscript(transcriptPath),
    ...(json ? { json } : {}),
    ...(events ? { events } : {}),
    resultText,
    args,
  };
}

/** A Claude Code process the harness started (spawnClaude). */
export interface ClaudeProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** Its exit code and signal, once the process and its pipes have closed. */
  readonly exited: Promise<[number | null, NodeJS.Signals | null]>;
  /** Whether the watchdog killed it as hung. */
  hung(): boolean;
}

/** Processes spawnClaude started that still run; setup.ts stops them when a test ends. */
const running = new Set<ClaudeProcess>();
/** The signal of the test running now (setup.ts), aborted when it times out. */
let testSignal: AbortSignal | undefined;

/** Called by setup.ts before each test. */
export function setTestSignal(signal: AbortSignal | undefined): void {
  testSignal = signal;
}

/**
 * Starts the real CLI in a process group of its own, for runClaude and for tests that
 * drive it themselves (a stream-json session). A watchdog kills the group once nothing
 * has moved for `hangMs` (default HANG_MS): no output, and nothing written under
 * ~/.claude/projects (transcripts; Claude Code records every hook's result there). Each
 * hook, tool call and response moves something, and Claude Code cancels a hook of
 * cairn's at its registered timeout (at most 20 s), so this catches a hang and never
 * cuts a long session short. When its test times out the group is killed too (setup.ts),
 * so that it cannot run on into the next test on the same mock API and sandbox.
 */
export function spawnClaude(
  args: string[],
  opts: { cwd: string; env: Record<string, string>; home: string; hangMs?: number },
): ClaudeProcess {
  if (testSignal?.aborted) throw new Error("the test has timed out: Claude Code is not started again");
  const child = spawn(CLAUDE_BIN, args, {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  child.stdin.on("error", () => {});
  const hangMs = opts.hangMs ?? HANG_MS;
  const projects = join(opts.home, ".claude", "projects");
  let written = writtenBytes(projects);
  let movedAt = Date.now();
  let hung = false;
  const moved = () => {
    movedAt = Date.now();
  };
  child.stdout.on("data", moved);
  child.stderr.on("data", moved);
  const watchdog = setInterval(() => {
    const now = writtenBytes(projects);
    if (now !== written) {
      written = now;
      moved();
    } else if (Date.now() - movedAt > hangMs) {
      hung = true;
      killGroup(child);
    }
  }, 1000);
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => resolve([code, signal]));
  }).finally(() => {
    clearInterval(watchdog);
    running.delete(proc);
  });
  const proc: ClaudeProcess = { child, exited, hung: () => hung };
  running.add(proc);
  return proc;
}

/** Kills every Claude Code process still running (and its group) and waits until they are gone. */
export async function stopClaudes(): Promise<void> {
  const left = [...running];
  for (const p of left) killGroup(p.child);
  await Promise.allSettled(left.map((p) => p.exited));
}

function killGroup(child: ChildProcessWithoutNullStreams): void {
  try {
    if (child.pid) process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}

/** Bytes in the files under `dir` (recursively): it changes whenever Claude Code writes there. */
function writtenBytes(dir: string): number {
  let n = 0;
  try {
    for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!e.isFile()) continue;
      try {
        n += statSync(join(e.parentPath, e.name)).size;
      } catch {
        // Removed meanwhile.
      }
    }
  } catch {
    // Not there yet.
  }
  return n;
}
