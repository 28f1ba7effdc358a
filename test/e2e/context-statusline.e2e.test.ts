/**
 * The statusline tee in the real, interactive Claude Code (under tmux): Claude Code
 * runs cairn's statusline, which runs the user's own statusline command saved at
 * install and adds its suffix; the metrics Claude Code sent are kept for the monitor
 * and the warnings.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAS_TMUX } from "../helpers/programs.ts";
import { until } from "../helpers/wait.ts";
import { cairn, installCairn } from "./harness/cairn.ts";
import { makeSandbox, type Sandbox } from "./harness/claude.ts";
import { bash, type MockApi, startMockApi, text } from "./harness/mock-api.ts";
import { type Interactive, startInteractive } from "./harness/tmux.ts";

let tty: Interactive | undefined;
const screen = () => tty?.screen() ?? "";

async function waitFor(ok: (s: string) => boolean, what: string): Promise<string> {
  let s = "";
  return until(
    () => {
      s = screen();
      return ok(s) ? s : undefined;
    },
    `Claude Code never showed ${what}`,
    { last: () => s },
  );
}

/**
 * When the response carrying `text` was written to the transcript (ms), or undefined
 * while Claude Code has not written it yet: it writes its transcript after it updates
 * the screen, so the last entry on disk is not necessarily the last response.
 */
function responseAt(transcript: string, text: string): number | undefined {
  for (const line of readFileSync(transcript, "utf8").split("\n")) {
    if (!line.includes(text)) continue;
    try {
      const e = JSON.parse(line) as { type?: string; timestamp?: string };
      if (e.type === "assistant" && e.timestamp) return Date.parse(e.timestamp);
    } catch {
      // A line being written.
    }
  }
  return undefined;
}

/** What the mock reports for every response: 351,000 tokens in context (35% of 1M). */
const USAGE = {
  input_tokens: 300_000,
  cache_creation_input_tokens: 1_000,
  cache_read_input_tokens: 50_000,
  output_tokens: 20,
};

describe.skipIf(!HAS_TMUX)("statusline tee in interactive Claude Code", () => {
  let api: MockApi;
  let sb: Sandbox;

  beforeAll(async () => {
    api = await startMockApi({ usage: USAGE });
    sb = makeSandbox();
    sb.writeSettings({ statusLine: { type: "command", command: "echo MINE-SL" } });
    // How long the statusline's figures stay trusted, written down: the default (60 s)
    // is a span of wall time that a loaded machine can spend between Claude Code's last
    // statusline run and the `cairn status` below.
    mkdirSync(join(sb.home, ".cairn"), { recursive: true, mode: 0o700 });
    appendFileSync(join(sb.home, ".cairn", "config.yaml"), "monitor:\n  metrics_max_age_s: 3600\n");
    await installCairn(sb);
  });
  afterAll(async () => {
    tty?.stop();
    await api.close();
    sb.cleanup();
  });

  it("shows the user's statusline with cairn's suffix, and keeps Claude Code's exact figures", async () => {
    api.script([bash("echo hi", { id: "toolu_sl1" }), text("INTERACTIVE-DONE")]);
    tty = startInteractive({
      name: "cairn-statusline-e2e",
      home: sb.home,
      cwd: sb.project,
      apiUrl: api.url,
      args: ["--allowedTools", "Bash"],
    });

    // Before the first response Claude Code sends no figure: cairn shows a dash.
    await waitFor((s) => s.includes("MINE-SL  cairn ctx –"), "the statusline before the first response");
    tty.type("say hi");
    const after = await waitFor(
      (s) => s.includes("INTERACTIVE-DONE") && s.includes("MINE-SL  cairn ctx 35%"),
      "the answer and the statusline at 35%",
    );
    expect(after).toMatch(/^ *MINE-SL {2}cairn ctx 35%$/m);

    const sessions = readdirSync(join(sb.home, ".cairn", "sessions"));
    expect(sessions).toHaveLength(1);
    const metricsFile = join(sb.home, ".cairn", "sessions", sessions[0]!, "statusline.json");
    // The screen shows 35% from the first response on (both report the same usage), so
    // it does not say the statusline has run since the last one; until it has, the
    // transcript's figure is the newer one and rightly wins. Wait for that run, after
    // the last response (the one that says INTERACTIVE-DONE) is in the transcript: the
    // transcript is written after the screen, and under load its last entry was still
    // the first response when the statusline had run only after that one.
    const m = await until(
      () => {
        const read = JSON.parse(readFileSync(metricsFile, "utf8")) as { at: number; transcript_path: string };
        const last = responseAt(read.transcript_path, "INTERACTIVE-DONE");
        return last !== undefined && read.at >= last ? read : undefined;
      },
      "the statusline never ran after the last response",
      { last: () => readFileSync(metricsFile, "utf8") },
    );
    expect(m).toMatchObject({
      session_id: sessions[0],
      model: "claude-opus-5-5",
      project_dir: sb.project,
      context_window: {
        context_window_size: 1_000_000,
        used_percentage: 35,
        remaining_percentage: 65,
        current_usage: USAGE,
      },
    });

    // While fresh, the statusline's figure is the one cairn reports.
    const status = await cairn(sb, ["status", "--json"]);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout).usage).toMatchObject({
      source: "statusline",
      usedTokens: 351_000,
      windowTokens: 1_000_000,
      usedPct: 35,
    });
  });
});
