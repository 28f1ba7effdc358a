import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { REPO } from "./cairn.ts";

/**
 * The bench's PostToolUse (bench/hooks.ts): a real captured Bash call whose output is
 * 50 KB of a real nginx log, relocated under `home`, with a real transcript to which
 * the assistant entry that issued the call is appended first, as Claude Code does.
 */
export function filingInput(home: string, project: string, toolUseId: string, variant = 0): string {
  const input = JSON.parse(
    readFileSync(join(REPO, "test/fixtures/hook-inputs/PostToolUse-Bash-small.json"), "utf8").replaceAll(
      "/tmp/cairn-hook-capture",
      home,
    ),
  );
  input.cwd = project;
  input.tool_use_id = toolUseId;
  input.tool_input.command = `cat /var/log/nginx/access.log${variant ? `.${variant}` : ""}`;
  const log = readFileSync(join(REPO, "test/fixtures/outputs/log-nginx-access.txt"), "utf8").slice(
    0,
    50 * 1024,
  );
  // Another variant is another output (rotated lines): the same one again, still in
  // context, would come back as a reference instead of being filed.
  const lines = log.split("\n");
  const k = variant % lines.length;
  input.tool_response.stdout = [...lines.slice(k), ...lines.slice(0, k)].join("\n");
  if (!existsSync(input.transcript_path)) {
    mkdirSync(dirname(input.transcript_path), { recursive: true });
    copyFileSync(join(REPO, "test/fixtures/transcripts/tools-session.jsonl"), input.transcript_path);
  }
  appendFileSync(
    input.transcript_path,
    `${JSON.stringify({ type: "assistant", message: { id: `msg_${toolUseId}`, role: "assistant", content: [{ type: "tool_use", id: toolUseId, name: "Bash", input: input.tool_input }] }, uuid: `u-${toolUseId}`, timestamp: new Date().toISOString() })}\n`,
  );
  return JSON.stringify(input);
}
