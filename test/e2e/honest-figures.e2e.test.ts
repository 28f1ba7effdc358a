/**
 * Issue 25, end to end on the real Claude Code CLI: figures users can trust, and every
 * retrieval cairn prints delivers what it promises within Claude Code's limits.
 *
 * The same session runs twice in the same place (same paths, session id and tool ids):
 * first without cairn, to capture what Claude Code alone shows the model of a 95 KB log,
 * a 25 KB Grep and a small output; then with cairn, where the model also retrieves a
 * part of the log (the excerpt header's command with the --grep it offers), pages
 * through the whole original by the commands the pages print, run exactly as printed
 * (reaching its buried ERROR line), and asks the MCP tool once. `cairn report --json`
 * and the dashboard's API then hold, per output, what Claude Code alone would have shown
 * (equal to the first run's requests), what was shown and read back (equal to the
 * second run's), and the net.
 */
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASH_SPILL_CHARS, MCP_INLINE_CHARS } from "../../src/claude/limits.ts";
import { resolveConfig } from "../../src/config/resolve.ts";
import { cairnPaths } from "../../src/core/paths.ts";
import { TOKEN_HEADER } from "../../src/web/auth.ts";
import { type RunningUi, startUiServer } from "../../src/web/server.ts";
import type { SavingsResponse, SessionDetail } from "../../src/web/types.ts";
import type { Figures } from "../../src/window/figures-read.ts";
import { cairn, installCairn } from "./harness/cairn.ts";
import { makeSandbox, runClaude, type Sandbox } from "./harness/claude.ts";
import { bash, type MockApi, type Reply, startMockApi, text, tool } from "./harness/mock-api.ts";

// One root for both runs of this file (the spill preview names the same paths), its own per process: two checkouts running this file at once must not share it.
const ROOT = join(tmpdir(), `cairn-e2e-honest-figures-${process.pid}`);
const SID = randomUUID();
const BURIED = "ERROR payment-worker: ledger mismatch on batch 1111 (expected 42, got 41)";
const LOG = log();

/** A 95 KB log with one ERROR line 1,111 lines in, far past Claude Code's 2 KB preview. */
function log(): string {
  const lines = Array.from({ length: 1150 }, (_, i) =>
    i === 1110
      ? `2026-11-25T11:18:31.000Z ${BURIED}`
      : `2026-11-25T11:${String(Math.floor(i / 60) % 60).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}.000Z INFO worker-${i % 7}: batch ${i} settled in ${(i * 37) % 997} ms, queue depth ${i % 13}`,
  );
  return `${lines.join("\n")}\n`;
}

function setup(sb: Sandbox): void {
  for (let f = 0; f < 60; f++)
    sb.writeFile(
      `src/m${String(f).padStart(2, "0")}.ts`,
      `${Array.from({ length: 12 }, (_, i) => `export const price${i} = ${i * f}; // price${i} for region ${f}`).join("\n")}\n`,
    );
  sb.writeFile("small.txt", "ok: 3 files checked\n");
  sb.writeFile("big.log", LOG);
  sb.writeSettings({ permissions: { allow: ["Bash", "Grep", "Read", "mcp__cairn__show_output"] } });
}

const OUTPUTS: Reply[] = [
  bash("cat big.log", { id: "toolu_log" }),
  tool(
    "Grep",
    { pattern: "price\\d+", path: "src", output_mode: "content", "-n": true, head_limit: 400 },
    { id: "toolu_grep" },
  ),
  bash("cat small.txt", { id: "toolu_small" }),
];
const OUTPUT_IDS = ["toolu_log", "toolu_grep", "toolu_small"];

/** A tool result's text as the model got it (an MCP result's text blocks, as the ledger counts them). */
function resultOf(api: MockApi, id: string): string {
  const c = api.toolResultBlock(id)?.content;
  return typeof c === "string" ? c : (c ?? []).map((x) => x.text ?? "").join("");
}
const bytes = (s: string) => Buffer.byteLength(s);

interface OutputFiguresJson {
  outputId: number | null;
  toolUseId: string;
  counterfactualBytes: number;
  shownBytes: number;
  savedBytes: number;
  retrievedBytes: number;
  retrievals: number;
  netBytes: number;
  hiddenErrorsShown: number;
}
interface ReportJson {
  figures: { total: Figures; outputs: OutputFiguresJson[] };
}

let alone: Record<string, string>;
let api: MockApi;
let sb: Sandbox;
/** Every retrieval the model ran through Bash, each exactly as cairn printed it: [tool_use id, command]. */
const retrievals: [string, string][] = [];
let report: ReportJson;
let ui: RunningUi;

/**
 * The model's turn after the outputs: the excerpt header's command with --grep for the
 * part it wants, then the header's command alone (the first page), then each page's
 * next-page command as printed until the last page, then the MCP tool once, then done.
 */
function director(): Reply {
  const last = retrievals.at(-1);
  const header = /^\[full output: (.+?)(?: · |\]$)/m.exec(resultOf(api, "toolu_log"))?.[1] ?? "";
  const call = (command: string) => {
    const id = `toolu_r${retrievals.length + 1}`;
    retrievals.push([id, command]);
    return bash(command, { id });
  };
  if (!last) return call(`${header} --grep ERROR`);
  if (retrievals.length === 1) return call(header);
  const next = /\bnext page: (.+?)\]$/m.exec(resultOf(api, last[0]))?.[1];
  if (next && retrievals.length < 40) return call(next);
  if (!api.toolUses().some((u) => u.id === "toolu_mcp"))
    return tool("mcp__cairn__show_output", { id: 1, grep: "ERROR", context: 0 }, { id: "toolu_mcp" });
  return text("Found the ledger mismatch.");
}

beforeAll(async () => {
  // 1. Without cairn: what Claude Code alone shows the model.
  const bare = await startMockApi();
  const first = makeSandbox({ root: ROOT });
  setup(first);
  bare.script([...OUTPUTS, text("seen.")]);
  const r0 = await runClaude({
    sandbox: first,
    apiUrl: bare.url,
    prompt: "look",
    sessionId: SID,
    allowedTools: "Bash Grep Read",
  });
  expect(r0.exitCode, r0.stderr).toBe(0);
  alone = Object.fromEntries(OUTPUT_IDS.map((id) => [id, resultOf(bare, id)]));
  await bare.close();
  first.cleanup();

  // 2. The same session, in the same place, with cairn.
  api = await startMockApi();
  sb = makeSandbox({ root: ROOT });
  setup(sb);
  await installCairn(sb);
  api.script([...OUTPUTS, ...Array.from({ length: 50 }, () => director)]);
  const r = await runClaude({
    sandbox: sb,
    apiUrl: api.url,
    prompt: "find what went wrong in the log",
    sessionId: SID,
    allowedTools: "Bash Grep Read mcp__cairn__show_output",
    timeoutMs: 400_000,
  });
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.resultText).toBe("Found the ledger mismatch.");
  const rep = await cairn(sb, ["report", "--session", SID, "--json", "--top", "50"]);
  expect(rep.code, rep.stderr).toBe(0);
  report = JSON.parse(rep.stdout) as ReportJson;
  ui = await startUiServer({
    paths: cairnPaths(join(sb.home, ".cairn")),
    config: resolveConfig([]).config,
    port: 0,
    token: "t",
    cli: "cairn",
    assets: { js: "", css: "" },
  });
}, 700_000);

afterAll(async () => {
  await ui?.close();
  await api?.close();
  sb?.cleanup();
});

describe("what Claude Code alone shows, and what cairn showed", () => {
  it("without cairn the 95 KB log and the 25 KB Grep are saved-output notices; the small output is shown", () => {
    expect(bytes(LOG)).toBeGreaterThan(90_000);
    expect(alone.toolu_log).toMatch(/^<persisted-output>\nOutput too large/);
    expect(alone.toolu_log).not.toContain(BURIED);
    expect(alone.toolu_grep).toMatch(/^<persisted-output>\nOutput too large \(2\d\.\dKB\)/);
    expect(alone.toolu_small).toBe("ok: 3 files checked");
  });

  it("with cairn the log is an excerpt that keeps the buried ERROR line", () => {
    const excerpt = resultOf(api, "toolu_log");
    expect(excerpt).toMatch(/^\[cairn #1 · /);
    expect(excerpt).toContain(BURIED);
  });
});

describe("retrieval that fits", () => {
  it("the part asked for by the header's command (with its --grep) holds the buried line", () => {
    const [id, command] = retrievals[0]!;
    expect(command).toMatch(/ show 1 --grep ERROR$/);
    expect(resultOf(api, id)).toContain(BURIED);
  });

  it("paging by the printed commands, run as printed, gives back the whole original", () => {
    const pages = retrievals.slice(1);
    expect(pages.length).toBeGreaterThan(3);
    let whole = "";
    for (const [id, command] of pages) {
      const got = resultOf(api, id);
      // Exactly the command cairn printed: the header's, then each footer's.
      expect(api.toolUses().find((u) => u.id === id)?.input.command).toBe(command);
      const footer = /\n\[cairn #1 · page \d+ of \d+ [^\n]*\]\n\[pages by line: [^\n]*\]$/.exec(got);
      expect(footer, got.slice(-300)).not.toBeNull();
      whole += got.slice(0, footer!.index + 1);
    }
    // Claude Code trims the newline that ends a tool result; the footer kept the page's own.
    expect(whole).toBe(LOG);
    expect(pages.some(([id]) => resultOf(api, id).includes(BURIED))).toBe(true);
  });

  it("no printed retrieval produced output Claude Code saved to a file", () => {
    for (const [id] of retrievals) {
      const got = resultOf(api, id);
      expect(got.startsWith("<persisted-output>"), id).toBe(false);
      expect(got.length).toBeLessThan(BASH_SPILL_CHARS);
    }
    const mcp = resultOf(api, "toolu_mcp");
    expect(mcp).toContain(BURIED);
    expect(mcp.length).toBeLessThan(MCP_INLINE_CHARS);
  });

  it("`cairn show 1 --shown` prints exactly what the model was sent for the log", async () => {
    const shown = await cairn(sb, ["show", "1", "--shown"]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toBe(resultOf(api, "toolu_log"));
  });
});

describe("honest figures", () => {
  const out = (id: string) => report.figures.outputs.find((o) => o.toolUseId === id);

  it("per output: Claude Code alone equals what the CLI showed without cairn, shown what it showed with it", () => {
    for (const id of ["toolu_log", "toolu_grep"]) {
      const o = out(id)!;
      expect(o, id).toBeDefined();
      expect(o.counterfactualBytes, id).toBe(bytes(alone[id]!));
      expect(o.shownBytes, id).toBe(bytes(resultOf(api, id)));
    }
  });

  it("read back: every retrieval of #1 (Bash and MCP), with the bytes it brought back; net = alone - shown - read back", () => {
    const o = out("toolu_log")!;
    const back = [...retrievals.map(([id]) => id), "toolu_mcp"];
    expect(o.outputId).toBe(1);
    expect(o.retrievals).toBe(back.length);
    expect(o.retrievedBytes).toBe(back.reduce((n, id) => n + bytes(resultOf(api, id)), 0));
    expect(o.netBytes).toBe(o.counterfactualBytes - o.shownBytes - o.retrievedBytes);
    // Paging through 95 KB cost more than the excerpt saved: said as such.
    expect(o.netBytes).toBeLessThan(0);
    // What it bought: the ERROR line the notice's 2 KB preview would have hidden.
    expect(o.hiddenErrorsShown).toBe(1);
  });

  it("the session's totals add up, the small output counted with nothing saved", () => {
    const t = report.figures.total;
    const shown = OUTPUT_IDS.reduce((n, id) => n + bytes(resultOf(api, id)), 0);
    const aloneTotal = OUTPUT_IDS.reduce((n, id) => n + bytes(alone[id]!), 0);
    expect(t.counterfactualBytes).toBe(aloneTotal);
    expect(t.shownBytes).toBe(shown);
    expect(t.netBytes).toBe(t.savedBytes - t.retrievedBytes);
    expect(t.outputs).toBe(3);
    expect(t.measured).toBe(t.outputs + t.retrievals);
  });

  it("the dashboard's API gives the same figures, per output and for today", async () => {
    const get = async <T>(path: string): Promise<T> =>
      (await (
        await fetch(`http://127.0.0.1:${ui.port}/api/${path}`, { headers: { [TOKEN_HEADER]: "t" } })
      ).json()) as T;
    const detail = await get<SessionDetail>(`sessions/${SID}`);
    expect(detail.outputs).toEqual(report.figures.outputs);
    expect(detail.session.figures).toEqual(report.figures.total);
    const savings = await get<SavingsResponse>("savings");
    expect(savings.overTime.today.netBytes).toBe(report.figures.total.netBytes);
    expect(savings.method).toContain("estimated");
  });
});
