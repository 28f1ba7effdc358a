import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../../src/core/log.ts";
import { cairnPaths, safeId } from "../../../src/core/paths.ts";
import { openStore } from "../../../src/store/db.ts";
import { refreshSessionSummary } from "../../../src/window/session-summary.ts";
import { composeStatusline, renderSuffix } from "../../../src/window/statusline-format.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";
import { readJsonl, SHARED_CAPTURES } from "../../helpers/captures.ts";
import { until } from "../../helpers/wait.ts";

/** Real statusline inputs captured from Claude Code 2.1.328: before the first response, and at 35%. */
const inputs = readJsonl(join(SHARED_CAPTURES, "statusline-stdin.jsonl"));
const before = inputs.find(
  (x) => (x.context_window as { used_percentage: unknown }).used_percentage === null,
)!;
const at35 = inputs.find((x) => (x.context_window as { used_percentage: unknown }).used_percentage === 35)!;
const SID = at35.session_id as string;

let h: ReturnType<typeof tempHome>;
beforeEach(() => {
  h = tempHome();
  mkdirSync(join(h.home, ".claude"), { recursive: true });
  mkdirSync(h.project, { recursive: true });
});
afterEach(() => h.cleanup());

async function install(userStatusLine?: string) {
  writeFileSync(
    join(h.home, ".claude", "settings.json"),
    JSON.stringify(userStatusLine ? { statusLine: { type: "command", command: userStatusLine } } : {}),
  );
  const r = await runCairn(["install"], { env: h.env, cwd: h.project });
  expect(r.code, r.stderr).toBe(0);
}

const statusline = (input: unknown, env: NodeJS.ProcessEnv = {}) =>
  runCairn(["statusline"], { env: { ...h.env, ...env }, cwd: h.project, input: JSON.stringify(input) });

const paths = () => cairnPaths(join(h.home, ".cairn"));

describe("cairn statusline", () => {
  it("runs the user's own statusline on the same input, then adds cairn's suffix", async () => {
    const got = join(h.home, "user-got.json");
    await install(`cat > '${got}'; echo USER-LINE`);
    const r = await statusline(at35);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("USER-LINE  cairn ctx 35%\n");
    expect(JSON.parse(readFileSync(got, "utf8"))).toEqual(at35);
  });

  it("keeps Claude Code's metrics atomically in the session's own directory (0600 in 0700)", async () => {
    await install();
    const started = Date.now();
    const r = await statusline(at35);
    expect(r.stdout).toBe("cairn ctx 35%\n");
    const dir = join(h.home, ".cairn", "sessions", SID);
    const file = join(dir, "statusline.json");
    const m = JSON.parse(readFileSync(file, "utf8"));
    expect(m).toMatchObject({
      session_id: SID,
      model: "claude-opus-5-5",
      model_name: "Opus 5.5",
      context_window: at35.context_window,
      cost: { total_cost_usd: (at35.cost as { total_cost_usd: number }).total_cost_usd },
      exceeds_200k_tokens: true,
    });
    expect(m.at).toBeGreaterThanOrEqual(started);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("does not rewrite unchanged metrics at every refresh, only a changed figure", async () => {
    await install();
    const file = join(h.home, ".cairn", "sessions", SID, "statusline.json");
    const read = () => JSON.parse(readFileSync(file, "utf8")) as { at: number };
    // Unchanged metrics are still rewritten once they are 10 s old (statusline.ts,
    // REFRESH_MS), so the second run proves something only when it ran within 10 s of
    // the first one's write; on a machine too loaded for that, the pair is run again.
    const pair = await until(async () => {
      await statusline(at35);
      const first = read();
      await statusline(at35);
      const second = read();
      return Date.now() - first.at <= 10_000 ? { first, second } : undefined;
    }, "two statusline runs never came within 10 s of each other");
    expect(pair.second.at).toBe(pair.first.at);
    const first = pair.first;
    await statusline(before);
    const changed = JSON.parse(readFileSync(file, "utf8"));
    expect(changed.at).toBeGreaterThanOrEqual(first.at);
    expect(changed.context_window.used_percentage).toBeNull();
  });

  it("shows a dash before the first response", async () => {
    await install("echo mine");
    expect((await statusline(before)).stdout).toBe("mine  cairn ctx –\n");
  });

  it("sanitises the session id before it names a file", async () => {
    await install();
    const evil = "../../../../tmp/cairn-evil";
    await statusline({ ...at35, session_id: evil });
    const sessions = join(h.home, ".cairn", "sessions");
    expect(readdirSync(sessions)).toEqual([safeId(evil)]);
    expect(safeId(evil)).not.toContain("/");
    expect(existsSync(join(h.home, "tmp"))).toBe(false);
  });

  it("shows the net figures: Claude Code alone, shown, read back; and marks logged errors", async () => {
    await install("echo mine");
    const store = await openStore(paths().db);
    try {
      const counted = store.db.prepare(
        `INSERT INTO call_figures (session_id, tool_use_id, tool_name, kind, counterfactual_bytes, shown_bytes, changed, call_key, at)
         VALUES (?, ?, 'Bash', ?, ?, ?, ?, 'k', 1)`,
      );
      counted.run(SID, "toolu_a", "output", 100_000, 2_000, 1);
      counted.run(SID, "toolu_b", "retrieval", 0, 25_000, 0);
      refreshSessionSummary(store, paths(), SID, { warnPct: 35, criticalPct: 25 }, Date.now());
    } finally {
      store.close();
    }
    expect((await statusline(at35)).stdout).toBe(
      "mine  cairn ctx 35% · net 71.3 KB saved (alone 97.7 KB → shown 2.0 KB, read back 24.4 KB)\n",
    );
    createLogger(paths()).error("something broke", { event: "PostToolUse" });
    expect((await statusline(at35)).stdout).toContain("· ⚠ errors: cairn doctor");
  });

  it("colours only without NO_COLOR", async () => {
    await install();
    const plain = await statusline(at35);
    expect(plain.stdout).not.toContain("\x1b[");
    const coloured = await statusline(at35, { NO_COLOR: "" });
    expect(coloured.stdout).toContain("\x1b[32m35%\x1b[0m");
  });

  it("steps aside when cairn is off: the user's statusline alone, no files", async () => {
    await install("echo mine");
    expect((await runCairn(["off"], { env: h.env, cwd: h.project })).code).toBe(0);
    const r = await statusline(at35);
    expect(r.stdout).toBe("mine\n");
    expect(existsSync(join(h.home, ".cairn", "sessions"))).toBe(false);
  });

  it("passes a broken input to the user's command and adds nothing", async () => {
    await install("cat");
    const r = await runCairn(["statusline"], { env: h.env, cwd: h.project, input: "{not json" });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("{not json\n");
  });
});

describe("the suffix", () => {
  const base = {
    usedPct: 70,
    remainingPct: 30,
    outputs: 0,
    counterfactualBytes: 0,
    shownBytes: 0,
    retrievedBytes: 0,
    netBytes: 0,
    moreThanAlone: 0,
    error: false,
    warnPct: 35,
    criticalPct: 25,
    color: true,
  };
  it("turns yellow at the warning threshold and red at the critical one", () => {
    expect(renderSuffix(base)).toContain("\x1b[33m70%");
    expect(renderSuffix({ ...base, usedPct: 80, remainingPct: 20 })).toContain("\x1b[31m80%");
    expect(renderSuffix({ ...base, usedPct: 10, remainingPct: 90 })).toContain("\x1b[32m10%");
  });
  it("goes on the last line of a multi-line statusline", () => {
    expect(composeStatusline("a\nb\n\n", "S")).toBe("a\nb  S");
    expect(composeStatusline("", "S")).toBe("S");
  });
});
