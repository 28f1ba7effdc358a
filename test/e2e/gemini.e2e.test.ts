/**
 * cairn for Gemini CLI, end to end on the real CLI (@google/gemini-cli 0.61.0) against
 * the scripted Gemini API: `cairn install --agent gemini`, then a session in which a
 * large shell output, a large file read and a search reach the model as cairn's excerpts
 * (asserted on the requests Gemini sent, not marked as failures), the model runs the
 * header's retrieval command as printed and gets the original back; a second session
 * that starts with the notebook; and `cairn uninstall --agent gemini`, which leaves
 * Gemini's settings as they were, byte for byte.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../helpers/cairn.ts";
import { cairn, cairnDb, cairnLog, rows } from "./harness/cairn.ts";
import { makeSandbox, type Sandbox } from "./harness/claude.ts";
import {
  GEMINI_BIN,
  type RunGeminiResult,
  readGeminiSettings,
  runGemini,
  writeGeminiSettings,
} from "./harness/gemini.ts";
import { allText, call, type GeminiApi, parts, shell, startGeminiApi } from "./harness/gemini-api.ts";

const ERROR_LINE =
  "2026-11-22T10:15:42.123Z ERROR payment-service: charge failed for order 81723: card_declined";
/** The version package.json pins (docs/gemini-cli-contract.md was measured on it). */
const PINNED_GEMINI = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).devDependencies[
  "@google/gemini-cli"
];

/** A hang detector for one Gemini CLI session (each of its hooks is a process on a loaded machine), not a limit. */
const SESSION_HANG_MS = 400_000;
const NOW_MARKER = "wire the refund path through the gateway (gemini e2e)";

function makeProject(sb: Sandbox): { log: string } {
  // Under Gemini's own 40,000-character cut, so `cairn show N` can come back whole.
  const log = `${Array.from({ length: 420 }, (_, i) =>
    i === 211
      ? ERROR_LINE
      : `2026-11-22T10:${String(10 + (i % 50)).padStart(2, "0")}:00Z INFO worker-${i % 7}: batch ${i} ok`,
  ).join("\n")}\n`;
  sb.writeFile("app.log", log);
  sb.writeFile(
    "notes.txt",
    `${Array.from({ length: 900 }, (_, i) => `note ${i}: the quick brown fox jumps over the lazy dog, again and again`).join("\n")}\n`,
  );
  for (let f = 0; f < 5; f++)
    sb.writeFile(
      `src/m${f}.ts`,
      `${Array.from({ length: 40 }, (_, i) => `export const price${i} = computePrice(${i}, "item-${f}-${i}", { region: "eu-west-${i % 3}", currency: "EUR", rounding: "half-even", channel: "web" });`).join("\n")}\n`,
    );
  return { log };
}

/** The command after `[full output: ` in an excerpt's header, exactly as printed. */
function printedShow(excerpt: string): string | undefined {
  return /\[full output: (.+?) · /.exec(excerpt)?.[1];
}

describe("Gemini CLI with cairn (real CLI, scripted Gemini API)", () => {
  let sb: Sandbox;
  let api: GeminiApi;
  let before: string | undefined;
  let log: string;
  let first: RunGeminiResult;

  beforeAll(async () => {
    sb = makeSandbox({ prefix: "cairn-gemini" });
    before = readFileSync(writeGeminiSettings(sb, { ui: { theme: "Default" } }), "utf8");
    ({ log } = makeProject(sb));
    const r = await cairn(sb, ["install", "--agent", "gemini"]);
    expect(r.code, r.stderr).toBe(0);
    api = await startGeminiApi({
      steps: [
        shell("cat app.log"),
        call("read_file", { file_path: "notes.txt" }),
        call("grep_search", { pattern: "computePrice" }),
        (_req, a) => {
          const excerpt = a.responseText(a.functionResponses("run_shell_command")[0]);
          return shell(printedShow(excerpt) ?? "echo no header");
        },
      ],
    });
    first = await runGemini(sb, { prompt: "look at the log", apiUrl: api.url, timeoutMs: SESSION_HANG_MS });
  }, SESSION_HANG_MS + 60_000);

  afterAll(async () => {
    await api?.close();
    sb?.cleanup();
  });

  it("runs the pinned Gemini CLI (npm ci installed it, native builds denied)", () => {
    const v = spawnSync(GEMINI_BIN, ["--version"], {
      encoding: "utf8",
      env: { ...process.env, HOME: sb.home },
    });
    expect(v.status, v.stderr).toBe(0);
    expect(v.stdout.trim()).toBe(PINNED_GEMINI);
  });

  it("ran the session", () => {
    expect(first.timedOut).toBe(false);
    expect(first.code, first.stderr).toBe(0);
  });

  it("sends the model cairn's excerpt of a large shell output, not marked as a failure", () => {
    const [fr] = api.functionResponses("run_shell_command");
    expect(fr?.response.error).toBeUndefined();
    const text = api.responseText(fr);
    // Gemini's framing kept around the excerpt; the error line kept.
    expect(text).toMatch(/^<untrusted_context>\nOutput: \[cairn #\d+ · /);
    expect(text).toContain(ERROR_LINE);
    expect(text).toMatch(/\nProcess Group PGID: \d+\n<\/untrusted_context>$/);
    expect(text.length).toBeLessThan(log.length / 4);
  });

  it("sends an excerpt of a large file read, with read_file's own terms in the header", () => {
    const [fr] = api.functionResponses("read_file");
    expect(fr?.response.error).toBeUndefined();
    const text = api.responseText(fr);
    expect(text).toMatch(/^\[cairn #\d+ · /);
    expect(text).toMatch(/read_file with start_line=\d+ end_line=\d+/);
    expect(text).not.toContain("offset=");
    expect(text.length).toBeLessThan(20_000);
  });

  it("sends an excerpt of a large search, Gemini's headline first", () => {
    const [fr] = api.functionResponses("grep_search");
    expect(fr?.response.error).toBeUndefined();
    const text = api.responseText(fr);
    expect(text).toMatch(/^Found \d+ matches for pattern "computePrice"[^\n]*\n\[cairn #\d+ · /);
  });

  it("runs the header's retrieval command as printed and gets the original back", () => {
    const shells = api.functionResponses("run_shell_command");
    expect(shells.length).toBe(2);
    const text = api.responseText(shells[1]);
    expect(text).toContain(`Output: ${log.trimEnd()}`);
  });

  it("files every original, under a Gemini session", () => {
    const db = cairnDb(sb);
    try {
      const sessions = rows<{ agent: string }>(db, "SELECT agent FROM sessions");
      expect(sessions.map((s) => s.agent)).toEqual(["gemini-cli"]);
      const outputs = rows<{ tool_name: string; original: Uint8Array }>(
        db,
        "SELECT tool_name, original FROM outputs ORDER BY id",
      );
      expect(outputs.map((o) => o.tool_name)).toEqual(["Bash", "Read", "Grep"]);
      // Gemini hands the hook the output without its last newline.
      expect(Buffer.from(outputs[0]?.original ?? []).toString("utf8")).toBe(log.trimEnd());
      // The turn reached memory through the mirrored session file.
      expect(rows(db, "SELECT * FROM mem_items").length).toBeGreaterThan(0);
    } finally {
      db.close();
    }
    expect(cairnLog(sb).filter((l) => l.level === "error")).toEqual([]);
  });

  it("cairn doctor checks the Gemini CLI install", async () => {
    const r = await cairn(sb, ["doctor", "--json"]);
    const checks = (JSON.parse(r.stdout) as { checks: { name: string; status: string; detail: string }[] })
      .checks;
    const gemini = checks.filter((c) => c.name.startsWith("gemini"));
    expect(gemini.map((c) => c.name)).toEqual(["gemini (user)", "gemini hook command"]);
    expect(
      gemini.every((c) => c.status === "ok"),
      JSON.stringify(gemini),
    ).toBe(true);
    expect(checks.find((c) => c.name === "hooks")).toMatchObject({
      status: "ok",
      detail: expect.stringContaining("Gemini CLI only"),
    });
    // The exit trap is Claude Code's: a Gemini session says nothing about it.
    expect(checks.find((c) => c.name === "failing Bash commands")).toBeUndefined();
  });

  it(
    "restores the notebook in a new session",
    async () => {
      const set = await cairn(sb, ["state", "set", "now", NOW_MARKER]);
      expect(set.code, set.stderr).toBe(0);
      const second = await startGeminiApi({ steps: ["ok."] });
      try {
        const r = await runGemini(sb, {
          prompt: "what next?",
          apiUrl: second.url,
          timeoutMs: SESSION_HANG_MS,
        });
        expect(r.code, r.stderr).toBe(0);
        const firstMain = second.main()[0];
        expect(firstMain).toBeDefined();
        const sent = allText(firstMain?.body ?? {});
        expect(sent).toContain(NOW_MARKER);
        expect(sent).toContain("restored at session start");
        expect(parts(firstMain?.body ?? {}).some((p) => p.text?.includes("what next?"))).toBe(true);
      } finally {
        await second.close();
      }
    },
    SESSION_HANG_MS + 60_000,
  );

  it("uninstall leaves Gemini's settings as they were", async () => {
    const r = await cairn(sb, ["uninstall", "--agent", "gemini"]);
    expect(r.code, r.stderr).toBe(0);
    expect(readGeminiSettings(sb)).toBe(before);
    expect(readFileSync(join(sb.home, ".gemini", "settings.json"), "utf8")).not.toContain("gemini-hook");
  });
});
