/**
 * Runs the real Gemini CLI (`gemini -p`, pinned in devDependencies) headless and offline
 * against the scripted Gemini API (gemini-api.ts), in a sandbox HOME (makeSandbox), as
 * Claude Code is run by claude.ts. The recipe, verified on 0.61.0
 * (docs/gemini-cli-contract.md §1):
 * `{"security":{"auth":{"selectedType":"gemini-api-key"}}}` in ~/.gemini/settings.json,
 * GEMINI_API_KEY set to anything, GEMINI_CLI_TRUST_WORKSPACE=true and
 * GOOGLE_GEMINI_BASE_URL pointing at the scripted API; `--yolo` runs tools unasked.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN_DIR, type Sandbox } from "./claude.ts";

export const GEMINI_BIN = join(BIN_DIR, "gemini");

/** What Gemini CLI needs to start headless against the scripted API (merged into ~/.gemini/settings.json). */
export const GEMINI_AUTH = { security: { auth: { selectedType: "gemini-api-key" } } };

/** Writes $HOME/.gemini/settings.json (with the auth settings); returns its path. */
export function writeGeminiSettings(sb: Sandbox, settings: Record<string, unknown> = {}): string {
  const p = join(sb.home, ".gemini", "settings.json");
  mkdirSync(join(sb.home, ".gemini"), { recursive: true });
  writeFileSync(p, `${JSON.stringify({ ...GEMINI_AUTH, ...settings }, null, 2)}\n`);
  return p;
}

export type RunGeminiOptions = {
  prompt: string;
  apiUrl: string;
  /** Default true: tools run without asking. */
  yolo?: boolean;
  /** `--resume <id|latest>`. */
  resume?: string;
  env?: Record<string, string | undefined>;
  /** Hang detector (default 240 s): Gemini CLI starts slowly on a loaded machine. */
  timeoutMs?: number;
};

export type RunGeminiResult = {
  code: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
};

export function runGemini(sb: Sandbox, opts: RunGeminiOptions): Promise<RunGeminiResult> {
  const args = ["-p", opts.prompt];
  if (opts.yolo ?? true) args.push("--yolo");
  if (opts.resume) args.push("--resume", opts.resume);
  const env: NodeJS.ProcessEnv = {
    PATH: `${BIN_DIR}:${process.env.PATH ?? ""}`,
    HOME: sb.home,
    TERM: "dumb",
    GEMINI_API_KEY: "cairn-e2e-dummy",
    GEMINI_CLI_TRUST_WORKSPACE: "true",
    GOOGLE_GEMINI_BASE_URL: opts.apiUrl,
    NO_COLOR: "1",
  };
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(GEMINI_BIN, args, {
      cwd: sb.project,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.on("data", (d: Buffer) => {
      stdout += d;
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-(child.pid as number), "SIGKILL");
      } catch {}
    }, opts.timeoutMs ?? 240_000);
    // A missing binary (npm ci not run since Gemini CLI was pinned) fails now, not at the kill.
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(new Error(`cannot start ${GEMINI_BIN} (run npm ci): ${err.message}`));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, timedOut, stdout, stderr });
    });
  });
}

/** Gemini CLI's session files (`~/.gemini/tmp/<project>/chats/*.jsonl`) in the sandbox. */
export function geminiSessionFiles(sb: Sandbox): string[] {
  const tmp = join(sb.home, ".gemini", "tmp");
  if (!existsSync(tmp)) return [];
  return readdirSync(tmp).flatMap((d) => {
    const chats = join(tmp, d, "chats");
    return existsSync(chats) ? readdirSync(chats).map((f) => join(chats, f)) : [];
  });
}

export function readGeminiSettings(sb: Sandbox): string | undefined {
  const p = join(sb.home, ".gemini", "settings.json");
  return existsSync(p) ? readFileSync(p, "utf8") : undefined;
}
