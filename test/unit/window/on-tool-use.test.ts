import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPO, runCairn, tempHome } from "../../helpers/cairn.ts";
import { readJsonl, SHARED_CAPTURES } from "../../helpers/captures.ts";

/**
 * The context monitor's PostToolUse/PostToolUseFailure part, run as Claude Code runs
 * it (the built bundle, one process per event) on real hook inputs and a copy of a
 * real transcript. That transcript's last response used 34,240 of the default model's
 * 1,000,000 tokens (3%, 97% remaining), so the thresholds are set around it.
 */
const FIXTURES = join(REPO, "test", "fixtures");
const hookInput = (name: string) =>
  JSON.parse(readFileSync(join(FIXTURES, "hook-inputs", `${name}.json`), "utf8")) as Record<string, unknown>;
const statuslineAt35 = readJsonl(join(SHARED_CAPTURES, "statusline-stdin.jsonl")).find(
  (x) => (x.context_window as { used_percentage: unknown }).used_percentage === 35,
)!;

let h: ReturnType<typeof tempHome>;
let transcript: string;
let sessionId: string;

beforeEach(() => {
  h = tempHome();
  mkdirSync(h.project, { recursive: true });
  const post = hookInput("PostToolUse-Bash-small");
  sessionId = post.session_id as string;
  const dir = join(h.home, ".claude", "projects", "p");
  mkdirSync(dir, { recursive: true });
  transcript = join(dir, `${sessionId}.jsonl`);
  copyFileSync(join(FIXTURES, "transcripts", "tools-session.jsonl"), transcript);
});
afterEach(() => h.cleanup());

function config(yaml: string) {
  mkdirSync(join(h.home, ".cairn"), { recursive: true });
  writeFileSync(join(h.home, ".cairn", "config.yaml"), yaml);
}

async function hook(name: string, patch: Record<string, unknown> = {}): Promise<string | undefined> {
  const input: Record<string, unknown> = {
    ...hookInput(name),
    transcript_path: transcript,
    cwd: h.project,
    ...patch,
  };
  const event = input.hook_event_name as string;
  const r = await runCairn(["hook", event], { env: h.env, cwd: h.project, input: JSON.stringify(input) });
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout || "{}") as { hookSpecificOutput?: { additionalContext?: string } };
  return out.hookSpecificOutput?.additionalContext;
}

function warnings(): { level: string; source: string; remaining_pct: number }[] {
  const db = new DatabaseSync(join(h.home, ".cairn", "cairn.db"), { readOnly: true });
  try {
    return db
      .prepare("SELECT level, source, remaining_pct FROM context_warnings ORDER BY id")
      .all()
      .map((r) => ({ ...r })) as never;
  } finally {
    db.close();
  }
}

describe("the context monitor part", () => {
  it("says nothing while the context is far from the thresholds", async () => {
    expect(await hook("PostToolUse-Bash-small")).toBeUndefined();
    expect(await hook("PostToolUseFailure-Bash-exit3")).toBeUndefined();
    expect(warnings()).toEqual([]);
  });

  it("measures from the transcript when no statusline runs, and debounces across processes", async () => {
    config("monitor:\n  warn_remaining_pct: 98\n  critical_remaining_pct: 50\n  debounce_tool_uses: 3\n");
    const said: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++)
      said.push(await hook(i === 2 ? "PostToolUseFailure-Bash-exit3" : "PostToolUse-Bash-small"));
    expect(said[0]).toMatch(
      /^WARNING \(cairn context monitor\): 97% of the context window remains \(34,240 of 1,000,000 tokens used\)/,
    );
    expect(said[0]).toContain(join(h.project, ".cairn", "STATE.md"));
    expect(said.slice(1, 3)).toEqual([undefined, undefined]);
    expect(said[3]).toMatch(/^WARNING/);
    expect(warnings()).toEqual([
      { level: "warning", source: "transcript", remaining_pct: 97 },
      { level: "warning", source: "transcript", remaining_pct: 97 },
    ]);
  });

  it("trusts a fresh statusline figure, and falls back to the ledger once it is older than 60 s", async () => {
    config("monitor:\n  warn_remaining_pct: 70\n  critical_remaining_pct: 66\n  debounce_tool_uses: 0\n");
    const sl = await runCairn(["statusline"], {
      env: h.env,
      cwd: h.project,
      input: JSON.stringify({ ...statuslineAt35, session_id: sessionId }),
    });
    expect(sl.code).toBe(0);
    // 35% used by the statusline: 65 remaining, at or below the critical 66.
    expect(await hook("PostToolUse-Bash-small")).toMatch(
      /^CRITICAL .*only 65% of the context window remains/,
    );
    const file = join(h.home, ".cairn", "sessions", sessionId, "statusline.json");
    const m = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, JSON.stringify({ ...m, at: Date.now() - 61_000 }));
    // The transcript's own figure: 3% used, nothing to say.
    expect(await hook("PostToolUse-Bash-small")).toBeUndefined();
    expect(warnings().map((w) => w.source)).toEqual(["statusline"]);
  });

  it("escalates to critical at once", async () => {
    config("monitor:\n  warn_remaining_pct: 98\n  critical_remaining_pct: 50\n");
    expect(await hook("PostToolUse-Bash-small")).toMatch(/^WARNING/);
    config("monitor:\n  warn_remaining_pct: 99\n  critical_remaining_pct: 98\n");
    const c = await hook("PostToolUse-Bash-small");
    expect(c).toMatch(/^CRITICAL/);
    expect(c).toContain("Save state now");
    expect(c).toContain("save-inflight");
  });

  it("on a model neither the statusline nor the registry names: an assumed window, said so, never a stop", async () => {
    // The same real transcript, as if a model Claude Code's registry does not list had answered.
    writeFileSync(
      transcript,
      readFileSync(transcript, "utf8").replaceAll('"claude-opus-5-5"', '"acme-model-1"'),
    );
    // 34,240 of an assumed 200,000: 83% remaining, under the critical 85.
    config("monitor:\n  warn_remaining_pct: 90\n  critical_remaining_pct: 85\n  debounce_tool_uses: 0\n");
    for (let i = 0; i < 3; i++) {
      const said = await hook("PostToolUse-Bash-small");
      expect(said).toMatch(
        /^WARNING \(cairn context monitor\): about 83% of the context window remains \(34,240 of 200,000 tokens used; the window is assumed: .*model acme-model-1\)/,
      );
      expect(said).not.toMatch(/CRITICAL|Do not start new work|avoid starting/);
    }
    expect(warnings().map((w) => w.level)).toEqual(["warning", "warning", "warning"]);
    const status = await runCairn(["status", "--json"], { env: h.env, cwd: h.project });
    expect(JSON.parse(status.stdout).usage).toMatchObject({ windowTokens: 200_000, windowBasis: "assumed" });
    const text = await runCairn(["status"], { env: h.env, cwd: h.project });
    expect(text.stdout).toContain("34,240 / 200,000 tokens (window assumed)");
  });

  it("is quiet when monitor.enabled is false", async () => {
    config("monitor:\n  enabled: false\n  warn_remaining_pct: 98\n");
    expect(await hook("PostToolUse-Bash-small")).toBeUndefined();
    expect(warnings()).toEqual([]);
  });

  it("leaves subagents' tool calls alone: their context is their own", async () => {
    config("monitor:\n  warn_remaining_pct: 98\n");
    const sub = hookInput("PostToolUse-Bash-in-subagent");
    expect(sub.agent_id).toBeTruthy();
    expect(await hook("PostToolUse-Bash-in-subagent", { session_id: sessionId })).toBeUndefined();
    expect(await hook("PostToolUse-Bash-small")).toMatch(/^WARNING/);
  });

  it("names files only by the sanitised session id", async () => {
    config("monitor:\n  warn_remaining_pct: 98\n");
    expect(await hook("PostToolUse-Bash-small", { session_id: "../../../escape" })).toMatch(/^WARNING/);
    const sessions = readdirSync(join(h.home, ".cairn", "sessions"));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatch(/^escape-[0-9a-f]{12}$/);
  });
});
