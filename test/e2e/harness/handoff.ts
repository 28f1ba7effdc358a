/**
 * /handoff as a model follows it: the scripted model reads the expanded command it was
 * sent (the slash command's text and what its `!` line printed), takes the command it
 * names for the memo, and pipes the memo into it, in Claude Code's default permission
 * mode (no --allowedTools: only the command's own allowed-tools apply).
 */
import { expect } from "vitest";
import { runClaude, type Sandbox } from "./claude.ts";
import { bash, type CapturedRequest, lastUserText, type MockApi, text } from "./mock-api.ts";

/** Every distinct command the request's last user text names for the memo (`<command> save-inflight`). */
export function memoCommands(req: CapturedRequest): string[] {
  const said = lastUserText(req.body);
  return [...new Set([...said.matchAll(/^\s*(\S.*?) save-inflight\b/gm)].map((m) => m[1] ?? ""))];
}

/**
 * Runs `prompt` (the install's /handoff) resuming `sessionId`; the model saves a memo
 * with the command it was shown. Expects exactly one such command, the memo saved with
 * no approval asked, and returns that command.
 */
export async function followHandoff(opts: {
  sandbox: Sandbox;
  api: MockApi;
  sessionId: string;
  prompt: string;
  env?: Record<string, string | undefined>;
  marker: string;
  /** Then, in the same turn, a command the slash command must not allow (another script of the same node). */
  refused?: (memoCommand: string) => string;
}): Promise<string> {
  let shown: string[] = [];
  opts.api.script([
    (req) => {
      shown = memoCommands(req);
      return bash(
        `${shown[0]} save-inflight <<'CAIRN_MEMO'\n## Next step\nShip it (${opts.marker}).\nCAIRN_MEMO`,
        {
          id: "toolu_memo",
        },
      );
    },
    ...(opts.refused ? [() => bash(opts.refused?.(shown[0] ?? "") ?? "", { id: "toolu_refused" })] : []),
    text("Handoff ready."),
  ]);
  const r = await runClaude({
    sandbox: opts.sandbox,
    apiUrl: opts.api.url,
    resume: opts.sessionId,
    prompt: opts.prompt,
    allowedTools: "",
    ...(opts.env ? { env: opts.env } : {}),
  });
  expect(r.exitCode, r.stdout + r.stderr).toBe(0);
  expect(lastUserText(opts.api.requests.find((q) => memoCommands(q).length > 0)?.body ?? {})).toContain(
    "Handoff ready: the next session started in",
  );
  expect(shown, "the commands /handoff names for the memo").toHaveLength(1);
  const saved = opts.api.toolResultBlock("toolu_memo");
  expect(opts.api.toolResult("toolu_memo"), "no approval asked").toContain("Saved the in-flight memo");
  expect(saved?.is_error).toBeFalsy();
  if (opts.refused) {
    expect(opts.api.toolResultBlock("toolu_refused")?.is_error).toBe(true);
    expect(opts.api.toolResult("toolu_refused")).not.toBe("1");
  }
  return shown[0] ?? "";
}
