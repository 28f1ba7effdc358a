import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { REPO, runCairn } from "../../helpers/cairn.ts";

export const FIXTURES = join(REPO, "test", "fixtures");
export const TOOLS = join(FIXTURES, "transcripts", "tools-session.jsonl");
export const SUB = join(FIXTURES, "transcripts", "tools-session-subagent.jsonl");
export const AGENT = "ad8ebffed80e1d36f";

/**
 * A session that went through cairn's real hooks (the built bundle, real hook inputs
 * from Claude Code 2.1.328) over a copy of a real transcript, with its subagent's
 * transcript beside it. Returns the session id and the transcript's path.
 */
export async function seedSession(
  home: string,
  project: string,
  env: NodeJS.ProcessEnv,
): Promise<{ sessionId: string; transcript: string }> {
  mkdirSync(join(project, ".git"), { recursive: true });
  const start = JSON.parse(readFileSync(join(FIXTURES, "hook-inputs", "SessionStart-startup.json"), "utf8"));
  const sessionId = start.session_id as string;
  const dir = join(home, ".claude", "projects", "p");
  mkdirSync(join(dir, sessionId, "subagents"), { recursive: true });
  const transcript = join(dir, `${sessionId}.jsonl`);
  copyFileSync(TOOLS, transcript);
  copyFileSync(SUB, join(dir, sessionId, "subagents", `agent-${AGENT}.jsonl`));
  for (const name of ["SessionStart-startup", "PostToolUse-Bash-small", "Stop-basic"]) {
    const input = JSON.parse(readFileSync(join(FIXTURES, "hook-inputs", `${name}.json`), "utf8"));
    const r = await runCairn(["hook", input.hook_event_name], {
      env,
      cwd: project,
      input: JSON.stringify({ ...input, transcript_path: transcript, cwd: project }),
    });
    expect(r.code).toBe(0);
  }
  return { sessionId, transcript };
}
