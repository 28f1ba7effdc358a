/**
 * Claude Code decides every permission, with cairn as without it. The real CLI runs
 * the same commands (tricks that try to run a denied `rm`, and reads outside the
 * working directory) under several rule sets, once without cairn and once with it
 * installed; every command must end the same way (ran or refused, judged from the
 * tool_result Claude Code sent the model) and leave the same files on disk.
 *
 * Before, cairn's Bash runner answered `allow` for a wrapper of its own: with cairn,
 * tricks that Claude Code refuses ran, and so did reads outside the working directory.
 * Where Claude Code itself lets a trick through (a backslash-newline inside `rm` under
 * `allow: [Bash]`, `bash -c` under an ask rule, on 2.1.328), it must do so with cairn
 * too: the test asks for the same outcome, not for a better one.
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { installCairn } from "./harness/cairn.ts";
import { makeSandbox, runClaude, type Sandbox } from "./harness/claude.ts";
import { bash, blockText, findToolResult, type MockApi, startMockApi, text } from "./harness/mock-api.ts";
import { e2eTimeout } from "./harness/work.ts";

/** Each command gets its own victim file; a trick "ran" when its victim is gone. */
const COMMANDS: readonly string[] = [
  "rm -f v00",
  "echo safe # comment\nrm -f v01",
  "echo 'a quoted\nline' && rm -f v02",
  'echo "a; b" ; rm -f v03',
  "echo one \\\n&& r\\\nm -f v04",
  "cat <<'EOF'\nheredoc body\nEOF\nrm -f v05",
  "cat <<EOF\n$(rm -f v06)\nEOF",
  "echo a; rm -f v07",
  "echo a && rm -f v08",
  "echo $(rm -f v09)",
  "echo `rm -f v10`",
  "/bin/rm -f v11",
  "command rm -f v12",
  "env rm -f v13",
  "echo v14 | xargs rm -f",
  "bash -c 'rm -f v15'",
  "ls v16 && rm -f v16",
  "cat v17 > /dev/null; rm -f v17",
  // Allowed and benign under the narrow list; a failing one; reads outside the working directory.
  "echo plain",
  "ls",
  "cat notes.txt",
  "ls missing-file",
  "ls OUTSIDE",
  "cat OUTSIDE/secret.txt",
  "cat /etc/hostname",
];

const RULE_SETS: Record<string, { allow?: string[]; deny?: string[]; ask?: string[] }> = {
  none: {},
  narrow: { allow: ["Bash(echo:*)", "Bash(ls:*)", "Bash(cat:*)"], deny: ["Bash(rm:*)"] },
  "allow-all": { allow: ["Bash"], deny: ["Bash(rm:*)"] },
  ask: { allow: ["Bash"], ask: ["Bash(rm:*)"] },
};

interface Outcome {
  readonly command: string;
  readonly ran: boolean;
  readonly victimGone: boolean;
}

interface SessionResult {
  readonly outcomes: Outcome[];
  readonly files: string[];
  readonly results: { text: string; isError: boolean }[];
  /** What PreToolUse hooks answered, from the transcript's hook attachments. */
  readonly preToolUseAnswers: string[];
}

const victim = (i: number) => `v${String(i).padStart(2, "0")}`;

/**
 * A command ran when its result is its output: a success, or Claude Code's own
 * "Exit code N" for a failure (cairn states it the same way). Any other error result
 * is Claude Code not running it: a rule, a safety check, or an ask (a refusal under -p).
 */
const ran = (r: { text: string; isError: boolean }) => !r.isError || /^Exit code \d+\n/.test(r.text);

async function session(rules: (typeof RULE_SETS)[string], withCairn: boolean): Promise<SessionResult> {
  const api: MockApi = await startMockApi();
  const sb: Sandbox = makeSandbox({ prefix: "cairn-perm" });
  try {
    const outside = join(sb.root, "outside");
    mkdirSync(outside);
    writeFileSync(join(outside, "secret.txt"), "OUTSIDE-SECRET\n");
    for (let i = 0; i < COMMANDS.length; i++) sb.writeFile(victim(i), "victim\n");
    sb.writeFile("notes.txt", "some notes\n");
    sb.writeSettings({ permissions: rules });
    if (withCairn) await installCairn(sb);
    const commands = COMMANDS.map((c) => c.replaceAll("OUTSIDE", outside));
    api.script([...commands.map((c, i) => bash(c, { id: `toolu_m${i}` })), text("done.")]);
    // No --allowedTools: the settings' rules alone decide.
    const run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "run them", allowedTools: "" });
    expect(run.exitCode, run.stderr).toBe(0);
    const last = api.lastMainRequest();
    const results = commands.map((_, i) => {
      const block = last ? findToolResult(last, `toolu_m${i}`) : undefined;
      expect(block, `no tool_result for command ${i}`).toBeDefined();
      // The sandbox's temporary root differs between the two runs; the words must not.
      const shown = blockText(block?.content).replaceAll(sb.root, "<root>");
      return { text: shown, isError: block?.is_error === true };
    });
    const present = new Set(readdirSync(sb.project));
    const outcomes = COMMANDS.map((command, i) => {
      const r = results[i] as { text: string; isError: boolean };
      return {
        command,
        ran: ran(r),
        victimGone: !present.has(victim(i)),
      };
    });
    const files = [...present].filter((f) => f !== ".cairn" && f !== ".claude").sort();
    const preToolUseAnswers = run.transcript
      .map((e) => e.attachment as { hookEvent?: string; stdout?: string } | undefined)
      .filter((a) => a?.hookEvent === "PreToolUse")
      .map((a) => a?.stdout ?? "");
    return { outcomes, files, results, preToolUseAnswers };
  } finally {
    await api.close();
    sb.cleanup();
  }
}

describe("permission matrix: the same outcome for every command with and without cairn", () => {
  const got: Record<string, { without: SessionResult; with: SessionResult }> = {};

  // Per rule set a session without cairn and one with it, every command a tool call.
  const sets = Object.keys(RULE_SETS).length;
  const WORK = e2eTimeout({ sessions: 2 * sets, tools: 2 * sets * COMMANDS.length, commands: sets });
  beforeAll(async () => {
    // One session at a time: each is one real CLI plus, with cairn, a hook process per event.
    const only = process.env.CAIRN_MATRIX_ONLY;
    for (const [name, rules] of Object.entries(RULE_SETS)) {
      if (only && only !== name) continue;
      got[name] = { without: await session(rules, false), with: await session(rules, true) };
    }
    // The whole table, for reading by hand.
    if (process.env.CAIRN_MATRIX_REPORT) {
      writeFileSync(process.env.CAIRN_MATRIX_REPORT, JSON.stringify(got, null, 2));
    }
  }, WORK);

  for (const name of Object.keys(RULE_SETS)) {
    it(`${name}: every command ran or was refused exactly as without cairn, same files left`, () => {
      const g = got[name];
      expect(g).toBeDefined();
      if (!g) return;
      expect(g.with.outcomes).toEqual(g.without.outcomes);
      expect(g.with.files).toEqual(g.without.files);
      // The matrix means something only if Claude Code refused some and ran others.
      expect(g.without.outcomes.some((o) => o.ran)).toBe(true);
      expect(g.without.outcomes.some((o) => !o.ran)).toBe(true);
    });
  }

  it("a refused command is refused with Claude Code's own words, cairn or not", () => {
    for (const g of Object.values(got)) {
      g.without.outcomes.forEach((o, i) => {
        if (!o.ran) expect(g.with.results[i]).toEqual(g.without.results[i]);
      });
    }
  });

  it("cairn's PreToolUse hook ran and never answered a permission or rewrote a command", () => {
    for (const g of Object.values(got)) {
      expect(g.with.preToolUseAnswers.length).toBeGreaterThan(0);
      for (const a of g.with.preToolUseAnswers) expect(a).not.toMatch(/permissionDecision|updatedInput/);
    }
  });

  it("with cairn the exit trap was active: the failing command reached PostToolUse, status stated, no raw marker", () => {
    const ls = COMMANDS.indexOf("ls missing-file");
    const said = "Exit code 2\nls: cannot access 'missing-file': No such file or directory";
    for (const g of Object.values(got)) {
      // Claude Code's own error without cairn; with the trap, a result cairn could compress.
      expect(g.without.results[ls]).toEqual({ text: said, isError: true });
      expect(g.with.results[ls]).toEqual({ text: said, isError: false });
      for (const x of g.with.results) expect(x.text).not.toContain("cairn-exit");
    }
  });
});
