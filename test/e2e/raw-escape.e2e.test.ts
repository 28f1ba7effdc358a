/**
 * The raw escape: a command carrying the shell comment `# cairn:raw` reaches the model as
 * the tool gave it, while the same command without it is compressed. cairn never rewrites
 * the command, so Claude Code decides on exactly what the model wrote: every permission
 * outcome (allowed, denied, asked, blocked outside the project) is the same with the
 * comment as without. (An environment prefix, `CAIRN_RAW=1 cmd`, is not used: it turns an
 * allowed `cat …` or `npm test` into one that asks, verified on 2.1.328.)
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../helpers/cairn.ts";
import { cairnDb, installCairn, rows } from "./harness/cairn.ts";
import { makeSandbox, runClaude, type Sandbox } from "./harness/claude.ts";
import { bash, type MockApi, startMockApi, text } from "./harness/mock-api.ts";

const OUTPUT = readFileSync(join(REPO, "test/fixtures/outputs/test-vitest-failing.txt"), "utf8");
const RAW = " # cairn:raw";

describe("# cairn:raw", () => {
  let api: MockApi;
  let sb: Sandbox;

  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox();
    writeFileSync(join(sb.project, "vitest-run.txt"), OUTPUT);
    sb.writeSettings({ permissions: { allow: ["Bash(cat:*)"], deny: ["Bash(rm:*)"] } });
    await installCairn(sb);
  });
  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it("one command's output whole, the same command without it compressed; the command as written", async () => {
    api.script([
      bash(`cat vitest-run.txt${RAW}`, { id: "toolu_raw" }),
      bash("cat vitest-run.txt", { id: "toolu_plain" }),
      text("done"),
    ]);
    const r = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "raw", allowedTools: "" });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(api.toolResult("toolu_raw")).toBe(OUTPUT.trimEnd());
    expect(api.toolResult("toolu_plain")).toMatch(/^\[cairn #\d+ · /);
    // Claude Code ran, and recorded, the command exactly as the model wrote it.
    const commands = r.transcript.flatMap((e) => {
      const content = (e.message as { content?: unknown } | undefined)?.content;
      return Array.isArray(content)
        ? content.filter((b) => b?.type === "tool_use").map((b) => `${b.id} ${b.input?.command}`)
        : [];
    });
    expect(commands).toContain(`toolu_raw cat vitest-run.txt${RAW}`);
    // Nothing of the raw call was filed.
    const db = cairnDb(sb);
    const filed = rows<{ tool_use_id: string }>(db, "SELECT tool_use_id FROM outputs").map(
      (o) => o.tool_use_id,
    );
    db.close();
    expect(filed).toEqual(["toolu_plain"]);
  });

  it("every permission outcome is the same with the comment as without it", async () => {
    const commands = ["cat vitest-run.txt", "rm -f victim", "node -e 'console.log(1)'", "cat /etc/hostname"];
    const outcome = (id: string) => {
      const said = api.toolResult(id) ?? "";
      const kind = /has been denied/.test(said)
        ? "denied"
        : /requires approval/.test(said)
          ? "asked"
          : /was blocked/.test(said)
            ? "blocked"
            : api.toolResultBlock(id)?.is_error
              ? "error"
              : "ran";
      return kind;
    };
    const seen: Record<string, [string, string]> = {};
    for (const [i, command] of commands.entries()) {
      writeFileSync(join(sb.project, "victim"), "v");
      api.script([
        bash(command, { id: `toolu_p${i}` }),
        bash(`${command}${RAW}`, { id: `toolu_r${i}` }),
        text("ok"),
      ]);
      const r = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: `perm ${i}`, allowedTools: "" });
      expect(r.exitCode, r.stderr).toBe(0);
      seen[command] = [outcome(`toolu_p${i}`), outcome(`toolu_r${i}`)];
      expect(existsSync(join(sb.project, "victim")), command).toBe(true);
    }
    expect(seen).toEqual({
      "cat vitest-run.txt": ["ran", "ran"],
      "rm -f victim": ["denied", "denied"],
      "node -e 'console.log(1)'": ["asked", "asked"],
      "cat /etc/hostname": ["blocked", "blocked"],
    });
  });
});
