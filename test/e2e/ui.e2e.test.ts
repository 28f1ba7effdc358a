/**
 * The dashboard end to end: a real Claude Code session with cairn installed fills the
 * database (large outputs filed, rising context with warnings, a /compact, a handoff,
 * a second project), then `cairn ui` serves it and headless Chromium drives the page.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "../../src/store/db.ts";
import { bytes, int, signedSize, signedTokens } from "../../src/web/client/format.ts";
import { figureKeys, figureRows, sumFigures } from "../../src/window/figures-read.ts";
import { CAIRN, REPO } from "../helpers/cairn.ts";
import { CHROMIUM, HAS_CHROMIUM } from "../helpers/programs.ts";
import { HANG_MS } from "../helpers/wait.ts";
import { cairn, cairnDb, cairnEnv, cairnOnPath, installCairn, rows } from "./harness/cairn.ts";
import { makeSandbox, runClaude, type Sandbox, writeClaudeJson } from "./harness/claude.ts";
import { bash, type MockApi, startMockApi, text, tool, type Usage } from "./harness/mock-api.ts";
import { e2eTimeout } from "./harness/work.ts";

/** Debian's Chromium (what .ci/run installs), driven by playwright-core. */

const ERROR_LINE =
  "2026-11-22T10:15:42.123Z ERROR payment-service: charge failed for order 81723: card_declined";
/** A word only the stored original of app.log holds (the excerpt keeps the error, not this). */
const RARE = "zephyrquartz";
const GOAL = "UIGOAL-7: ship the cairn dashboard";

const STATE = `# STATE

## Goal

${GOAL}

## Now

Drawing the context chart; the sessions list is done.

## Decisions

- uPlot for the chart: small and fast

## Dead-ends

- Server-side SVG charts: too slow for long sessions

## Open questions
`;

/** Usage of a response that leaves `remaining` percent of the 1M window. */
function usage(remaining: number, output = 400): Partial<Usage> {
  const used = (100 - remaining) * 10_000;
  return {
    input_tokens: used - 3_000,
    cache_creation_input_tokens: 1_000,
    cache_read_input_tokens: 2_000,
    output_tokens: output,
  };
}

function makeProject(sb: Sandbox): void {
  const log = Array.from({ length: 900 }, (_, i) =>
    i === 517
      ? ERROR_LINE
      : i === 300
        ? `2026-11-22T10:20:00.000Z INFO worker-3: ${RARE} cache warmed <script>alert(1)</script>`
        : `2026-11-22T10:${String(10 + (i % 50)).padStart(2, "0")}:00.000Z INFO worker-${i % 7}: processed batch ${i} in ${i % 97} ms`,
  );
  sb.writeFile("app.log", `${log.join("\n")}\n`);
  for (let f = 0; f < 30; f++) {
    sb.writeFile(
      `src/mod${f}.ts`,
      Array.from({ length: 40 }, (_, i) => `export const needle${f}_${i} = "needle value ${i}";`).join("\n"),
    );
  }
}

interface Filled {
  readonly sb: Sandbox;
  readonly first: string;
  readonly second: string;
  readonly other: string;
  readonly otherProject: string;
}

/** Runs the sessions the dashboard shows, through the real CLI. */
async function fillDatabase(api: MockApi, sb: Sandbox): Promise<Filled> {
  makeProject(sb);
  const otherProject = join(sb.root, "billing-api");
  writeClaudeJson(sb.home, [sb.project, otherProject]);
  sb.writeSettings({ permissions: { allow: ["Bash"] } });
  await installCairn(sb);
  // What the screenshots show: `cairn show N` in headers, as a user with cairn on PATH sees.
  const shell = cairnOnPath(sb);
  const statePath = join(sb.project, ".cairn", "STATE.md");
  const first = randomUUID();
  const second = randomUUID();
  const other = randomUUID();

  api.script([
    tool("Read", { file_path: statePath }, { id: "toolu_read_state", usage: usage(97) }),
    tool("Write", { file_path: statePath, content: STATE }, { id: "toolu_write_state", usage: usage(95) }),
    bash("cat app.log", { id: "toolu_log", usage: usage(80) }),
    tool(
      "Grep",
      { pattern: "needle", path: "src", output_mode: "content", "-n": true },
      { id: "toolu_grep", usage: usage(62) },
    ),
    bash("echo step-1", { id: "toolu_s1", usage: usage(34) }),
    bash("echo step-2", { id: "toolu_s2", usage: usage(31) }),
    bash("echo step-3", { id: "toolu_s3", usage: usage(24) }),
    text("The first part is done.", usage(22)),
  ]);
  let run = await runClaude({
    env: shell,
    sandbox: sb,
    apiUrl: api.url,
    sessionId: first,
    prompt: "build the dashboard",
  });
  if (run.exitCode !== 0) throw new Error(`first session failed: ${run.stderr}`);

  run = await runClaude({ env: shell, sandbox: sb, apiUrl: api.url, resume: first, prompt: "/compact" });
  if (run.exitCode !== 0) throw new Error(`/compact failed: ${run.stderr}`);

  api.script([
    bash("echo after-compaction", { id: "toolu_after", usage: usage(93) }),
    bash("ls src | head -3", { id: "toolu_ls", usage: usage(92) }),
    text("Continuing after the compaction.", usage(91)),
  ]);
  run = await runClaude({ env: shell, sandbox: sb, apiUrl: api.url, resume: first, prompt: "continue" });
  if (run.exitCode !== 0) throw new Error(`resumed session failed: ${run.stderr}`);

  const handoff = await cairn(sb, ["handoff", "--write", "--session", first]);
  if (handoff.code !== 0) throw new Error(`handoff failed: ${handoff.stderr}`);
  const memo = await cairn(sb, ["save-inflight", "--session", first], {
    input: "## Next step\nWire the savings view (MEMO-UI-NEXT).",
  });
  if (memo.code !== 0) throw new Error(`save-inflight failed: ${memo.stderr}`);

  api.script([bash("echo resumed-work", { id: "toolu_resumed", usage: usage(96) }), text("Resumed.")]);
  run = await runClaude({
    env: shell,
    sandbox: sb,
    apiUrl: api.url,
    sessionId: second,
    prompt: "continue the work",
  });
  if (run.exitCode !== 0) throw new Error(`second session failed: ${run.stderr}`);

  api.script([bash("echo billing", { id: "toolu_billing", usage: usage(98) }), text("Billing checked.")]);
  mkdirSync(otherProject, { recursive: true });
  run = await runClaude({
    env: shell,
    sandbox: sb,
    apiUrl: api.url,
    cwd: otherProject,
    sessionId: other,
    prompt: "check billing",
  });
  if (run.exitCode !== 0) throw new Error(`other project's session failed: ${run.stderr}`);
  return { sb, first, second, other, otherProject };
}

/** `cairn ui` running as the sandbox's user, and the URL it printed. */
interface Dashboard {
  readonly child: ChildProcess;
  readonly url: URL;
  readonly origin: string;
  readonly token: string;
  readonly stderr: () => string;
}

async function startDashboard(sb: Sandbox): Promise<Dashboard> {
  const child = spawn(process.execPath, [CAIRN, "ui", "--no-open", "--port", "0", "--json"], {
    cwd: sb.project,
    env: { ...process.env, ...cairnEnv(sb), NO_COLOR: "1", DISPLAY: "", WAYLAND_DISPLAY: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`cairn ui printed no URL: ${stderr}`)), HANG_MS);
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      out += d;
      const nl = out.indexOf("\n");
      if (nl >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, nl));
      }
    });
    child.on("exit", (code) => reject(new Error(`cairn ui exited ${code}: ${stderr}`)));
  });
  const printed = JSON.parse(line) as { url: string; port: number; pid: number; token: string };
  const url = new URL(printed.url);
  return { child, url, origin: url.origin, token: printed.token, stderr: () => stderr };
}

/** A GET with full control of the headers (fetch may not set Host). */
function rawGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (d: string) => {
        body += d;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Where the kernel says a TCP port is listening (Linux /proc/net/tcp{,6}), as hex local addresses. */
function listeners(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const out: string[] = [];
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      // 0A: LISTEN
      if (local?.endsWith(`:${hexPort}`) && state === "0A") out.push(`${file}:${local.split(":")[0]}`);
    }
  }
  return out;
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(2000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Pixels of a canvas close to an RGB colour: how many, and how far they spread across it. */
async function pixelsOf(
  page: Page,
  selector: string,
  rgb: readonly [number, number, number],
): Promise<{ count: number; spread: number; width: number }> {
  return page.evaluate(
    ({ selector, rgb }) => {
      const canvas = document.querySelector<HTMLCanvasElement>(selector);
      if (!canvas) return { count: 0, spread: 0, width: 0 };
      const ctx = canvas.getContext("2d")!;
      const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      let minX = width;
      let maxX = -1;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          const near =
            Math.abs(data[i]! - rgb[0]) < 28 &&
            Math.abs(data[i + 1]! - rgb[1]) < 28 &&
            Math.abs(data[i + 2]! - rgb[2]) < 28 &&
            data[i + 3]! > 200;
          if (near) {
            count++;
            minX = Math.min(minX, x);
            maxX = Math.max(maxX, x);
          }
        }
      }
      return { count, spread: maxX >= minX ? maxX - minX : 0, width };
    },
    { selector, rgb },
  );
}

const SHOTS = process.env.UPDATE_SCREENSHOTS === "1" ? join(REPO, "docs", "screenshots") : undefined;

/** A README screenshot of what the window shows (from the top unless `where` says otherwise). */
async function shot(page: Page, name: string, where: "top" | "as-is" = "top"): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  if (where === "top") await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

describe.skipIf(!HAS_CHROMIUM)("cairn ui e2e", () => {
  let api: MockApi;
  let filled: Filled;
  let ui: Dashboard;
  let browser: BrowserContext;
  let page: Page;
  /** Every URL the page asked for, and the dialogs it opened (a script in an output must not run). */
  const requested: string[] = [];
  const dialogs: string[] = [];

  // fillDatabase: five sessions, eleven tool calls, three cairn commands; then cairn ui
  // printing its URL and Chromium starting.
  const FILL_WORK = e2eTimeout({ sessions: 5, tools: 11, commands: 3, waits: 2 });
  beforeAll(async () => {
    api = await startMockApi();
    filled = await fillDatabase(api, makeSandbox({ prefix: "cairn-e2e-ui" }));
    ui = await startDashboard(filled.sb);
    // A fresh profile for every run: no cookie or cache from an earlier one.
    browser = await chromium.launchPersistentContext(mkdtempSync(join(filled.sb.root, "chromium-")), {
      executablePath: CHROMIUM,
      timeout: HANG_MS,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
      viewport: { width: 1280, height: 800 },
      timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    page = browser.pages()[0] ?? (await browser.newPage());
    // Playwright gives up on a wait after 30 s; a loaded machine may take longer to draw.
    page.setDefaultTimeout(HANG_MS);
    page.on("request", (r) => requested.push(r.url()));
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
  }, FILL_WORK);

  afterAll(async () => {
    await browser?.close();
    if (ui && ui.child.exitCode === null) ui.child.kill("SIGKILL");
    await api?.close();
    filled?.sb.cleanup();
  });

  const db = () => cairnDb(filled.sb);

  it("prints a loopback link with a one-time code, and the token for scripts", () => {
    expect(ui.url.hostname).toBe("127.0.0.1");
    expect(ui.url.pathname).toBe("/");
    expect(ui.url.search).toBe("");
    expect(ui.url.hash).toMatch(/^#code=[A-Za-z0-9_-]{43}$/);
    expect(ui.url.href).not.toContain(ui.token);
    expect(ui.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("listens on 127.0.0.1 only", async () => {
    const port = Number(ui.url.port);
    expect(listeners(port)).toEqual(["/proc/net/tcp:0100007F"]);
    expect(await connects("127.0.0.1", port)).toBe(true);
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal)
      .map((i) => i!.address);
    for (const address of external) expect(await connects(address, port), address).toBe(false);
  });

  it("serves no data without the token in its header (a cookie or the URL is not enough)", async () => {
    const port = Number(ui.url.port);
    const host = { host: `127.0.0.1:${port}` };
    for (const path of [
      "/api/sessions",
      `/api/sessions/${filled.first}`,
      "/api/outputs/1",
      "/api/projects",
    ]) {
      const r = await rawGet(port, path, host);
      expect(r.status, path).toBe(403);
      expect(r.body).not.toContain(filled.first);
      const cookie = await rawGet(port, path, { ...host, cookie: `cairn_ui_${port}=${ui.token}` });
      expect(cookie.status, path).toBe(403);
      expect((await rawGet(port, `${path}?token=${ui.token}`, host)).status, path).toBe(403);
    }
    // The page shell holds no data: it is served, and signs in with the link's code.
    for (const path of ["/", "/app.js", "/app.css"]) {
      const r = await rawGet(port, path, host);
      expect(r.status, path).toBe(200);
      expect(r.body).not.toContain(filled.first);
    }
    const wrong = `${ui.token.slice(0, -1)}${ui.token.endsWith("A") ? "B" : "A"}`;
    expect((await rawGet(port, "/api/sessions", { ...host, "x-cairn-token": wrong })).status).toBe(403);
    expect((await rawGet(port, "/api/session", { ...host, "x-cairn-code": wrong })).status).toBe(403);
    // The right token under another host name (DNS rebinding) is refused too, the page as well.
    for (const path of ["/api/sessions", "/"])
      expect(
        (await rawGet(port, path, { host: `evil.example:${port}`, "x-cairn-token": ui.token })).status,
        path,
      ).toBe(403);
    const ok = await rawGet(port, "/api/sessions", { ...host, "x-cairn-token": ui.token });
    expect(ok.status).toBe(200);
    expect(ok.body).toContain(filled.first);
    expect(ok.headers["set-cookie"]).toBeUndefined();
    expect(ok.headers["content-security-policy"]).toContain("default-src 'none'");
  });

  it("the command an output's view prints runs as printed and gives the whole original", async () => {
    const id = rows<{ id: number }>(db(), "SELECT max(id) AS id FROM outputs")[0]!.id;
    const r = await rawGet(Number(ui.url.port), `/api/outputs/${id}`, {
      host: `127.0.0.1:${ui.url.port}`,
      "x-cairn-token": ui.token,
    });
    const view = JSON.parse(r.body) as { showCommand: string; original: string };
    expect(view.showCommand).toMatch(new RegExp(` show ${id}$`));
    const ran = spawnSync("bash", ["-c", view.showCommand], {
      cwd: filled.sb.project,
      env: { ...cairnEnv(filled.sb), PATH: process.env.PATH ?? "" },
      encoding: "utf8",
    });
    expect(ran.stderr).toBe("");
    expect(ran.stdout).toBe(view.original);
  });

  it("lists the sessions of the database a real session filled", async () => {
    const response = await page.goto(ui.url.href);
    expect(response?.headers()["content-security-policy"]).toContain("connect-src 'self'");
    // The page traded the link's code for the token and took it out of the address bar.
    expect(page.url()).toBe(`${ui.origin}/`);
    const rows = page.locator("table.sessions tbody tr");
    await expect.poll(() => rows.count()).toBe(3);
    const first = page.locator(`tr[data-session="${filled.first}"]`);
    await first.waitFor();
    const cells = await first.locator("td").allInnerTexts();
    expect(cells[0]).toContain(filled.first.slice(0, 8));
    expect(cells[1]).toBe("project");
    expect(cells[2]).toBe("claude-opus-5-5");
    // 780k of the 1M window at the peak; one compaction; a warning and a critical one.
    expect(cells[4]).toContain("78%");
    expect(cells[6]).toBe("1");
    expect(cells[7]).toBe("2");
    expect(cells[5]).toMatch(/≈ \d+(\.\d+)?k tok/);
    await shot(page, "sessions");
  });

  it("filters the sessions by project and by date", async () => {
    await page.selectOption("select[name=project]", filled.otherProject);
    await expect.poll(() => page.locator("table.sessions tbody tr").count()).toBe(1);
    expect(await page.locator(`tr[data-session="${filled.other}"]`).count()).toBe(1);
    await page.selectOption("select[name=project]", "");
    await expect.poll(() => page.locator("table.sessions tbody tr").count()).toBe(3);
    const d = db();
    const started = rows<{ started: number }>(d, "SELECT max(started_at) AS started FROM sessions")[0]!
      .started;
    d.close();
    const next = new Date(started);
    next.setDate(next.getDate() + 1);
    const iso = (x: Date) =>
      `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, "0")}-${String(x.getDate()).padStart(2, "0")}`;
    await page.fill("input[name=from]", iso(next));
    await page.locator("input[name=from]").dispatchEvent("change");
    await expect.poll(() => page.locator(".notice").first().textContent()).toContain("No sessions match");
    await page.fill("input[name=from]", iso(new Date(started)));
    await page.locator("input[name=from]").dispatchEvent("change");
    await expect.poll(() => page.locator("table.sessions tbody tr").count()).toBe(3);
  });

  it("opens a session and draws its context chart with the markers", async () => {
    await page.click(`tr[data-session="${filled.first}"] a`);
    const chart = page.locator(".chart");
    await chart.waitFor();
    const d = db();
    const n = rows<{ n: number }>(
      d,
      "SELECT count(*) AS n FROM ledger_responses WHERE session_id = ? AND agent_id = ''",
      filled.first,
    )[0]!.n;
    d.close();
    expect(n).toBe(11);
    expect(await chart.getAttribute("data-points")).toBe(String(n));
    // The drawn canvas, read back: the context line and the markers' colours are there.
    const canvas = ".chart canvas";
    await expect.poll(async () => (await pixelsOf(page, canvas, [37, 99, 235])).count).toBeGreaterThan(300);
    const line = await pixelsOf(page, canvas, [37, 99, 235]);
    // The axis also spans markers after the last response, so the line's share of the
    // width depends on the session's timing; a quarter shows a drawn line, not a dot.
    expect(line.spread).toBeGreaterThan(line.width * 0.25);
    expect((await pixelsOf(page, canvas, [124, 58, 237])).count, "compaction").toBeGreaterThan(50);
    expect((await pixelsOf(page, canvas, [217, 119, 6])).count, "warning").toBeGreaterThan(50);
    expect((await pixelsOf(page, canvas, [220, 38, 38])).count, "critical").toBeGreaterThan(50);
    expect((await pixelsOf(page, canvas, [5, 150, 105])).count, "handoff").toBeGreaterThan(50);
    expect((await pixelsOf(page, canvas, [219, 39, 119])).count, "large output").toBeGreaterThan(50);
    const kinds = await page
      .locator(".marker-list li")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-kind")));
    expect(kinds.filter((k) => k === "compaction")).toHaveLength(1);
    expect(kinds.filter((k) => k === "warning")).toHaveLength(2);
    expect(kinds.filter((k) => k === "handoff")).toHaveLength(1);
    expect(kinds.filter((k) => k === "large-output")).toHaveLength(2);
    await expect
      .poll(() => page.locator(".marker-list").textContent())
      .toMatch(/manual compaction: 781k → [\d,]+k? tokens/);
    await shot(page, "session");
  });

  it("lists the tool calls in order with their original and shown sizes", async () => {
    const ids = await page
      .locator("table.tools tbody tr")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-tool")));
    expect(ids).toEqual([
      "toolu_read_state",
      "toolu_write_state",
      "toolu_log",
      "toolu_grep",
      "toolu_s1",
      "toolu_s2",
      "toolu_s3",
      "toolu_after",
      "toolu_ls",
    ]);
    const d = db();
    const [filed] = rows<{ original_bytes: number; compressor: string; shown: number }>(
      d,
      `SELECT o.original_bytes, o.compressor, t.result_bytes AS shown
       FROM outputs o JOIN ledger_tools t ON t.tool_use_id = o.tool_use_id WHERE o.tool_use_id = 'toolu_log'`,
    );
    d.close();
    const log = await page.locator('tr[data-tool="toolu_log"] td').allInnerTexts();
    expect(log[3]).toBe("cat app.log");
    expect(log[4]).toBe(bytes(filed!.original_bytes));
    const smaller = Math.round((1 - filed!.shown / filed!.original_bytes) * 100);
    expect(log[5]).toMatch(new RegExp(`^${bytes(filed!.shown).replace(".", "\\.")}\\s+−${smaller}%$`));
    expect(log[6]).toBe(filed!.compressor);
    const echo = await page.locator('tr[data-tool="toolu_s1"] td').allInnerTexts();
    expect(echo.slice(3)).toEqual(["echo step-1", "–", "6 B", ""]);
  });

  it("shows a filed output's original and excerpt side by side, as text", async () => {
    await page.click('tr[data-tool="toolu_log"] a');
    const viewer = page.locator(".viewer");
    await viewer.waitFor();
    const original = readFileSync(join(filled.sb.project, "app.log"), "utf8");
    const d = db();
    const [stored] = rows<{ excerpt: string }>(
      d,
      "SELECT excerpt FROM outputs WHERE tool_use_id = 'toolu_log'",
    );
    d.close();
    expect(await viewer.locator(".pane.original pre").textContent()).toBe(original);
    expect(await viewer.locator(".pane.shown pre").textContent()).toBe(stored!.excerpt);
    expect(stored!.excerpt).toContain(ERROR_LINE);
    // The HTML in the output is shown as text and never runs.
    expect(await viewer.locator(".pane.original pre").textContent()).toContain("<script>alert(1)</script>");
    expect(await viewer.locator(".pane.original script").count()).toBe(0);
    expect(dialogs).toEqual([]);
    const [a, b] = await Promise.all([
      viewer.locator(".pane.original").boundingBox(),
      viewer.locator(".pane.shown").boundingBox(),
    ]);
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
    expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
    await shot(page, "output", "as-is");
    // In a narrow window the two stack.
    await page.setViewportSize({ width: 420, height: 860 });
    await expect
      .poll(async () => {
        const [x, y] = await Promise.all([
          viewer.locator(".pane.original").boundingBox(),
          viewer.locator(".pane.shown").boundingBox(),
        ]);
        return y!.y >= x!.y + x!.height;
      })
      .toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("searches a tool output's words, highlights them, and opens the original", async () => {
    await page.click('nav a[data-tab="search"]');
    await page.fill("input[name=q]", RARE);
    await page.press("input[name=q]", "Enter");
    const hit = page.locator('.hit[data-source="output"]');
    await hit.first().waitFor();
    expect(await hit.first().locator("mark").allInnerTexts()).toEqual([RARE]);
    expect(await hit.first().textContent()).toContain("cat app.log");
    await shot(page, "search");
    await hit.first().locator("a").click();
    const viewer = page.locator(".viewer");
    await viewer.waitFor();
    expect(await viewer.locator(".pane.original pre").textContent()).toContain(
      `worker-3: ${RARE} cache warmed`,
    );
  });

  it("shows each project's STATE.md and the L1/L2 timeline of its memory", async () => {
    await page.goto(`${ui.origin}/#/memory?project=${encodeURIComponent(filled.sb.project)}`);
    const notebook = page.locator(".notebook");
    await notebook.waitFor();
    const text = await notebook.textContent();
    expect(text).toContain(GOAL);
    expect(text).toContain("uPlot for the chart: small and fast");
    expect(text).not.toContain("cairn's notebook for this project"); // the template's comment
    const turns = page.locator(".timeline > li");
    await expect.poll(() => turns.count()).toBeGreaterThanOrEqual(3);
    const l1 = await page.locator(".timeline .l1").allInnerTexts();
    expect(l1.some((l) => l.startsWith("build the dashboard → The first part is done."))).toBe(true);
    // The handed-off memo is part of the conversation (L2) of the turn it closed.
    const memoTurn = page.locator(".timeline > li", {
      hasText: "continue → Continuing after the compaction.",
    });
    await memoTurn.locator("summary").click();
    await expect.poll(() => memoTurn.locator(".said.memo").textContent()).toContain("MEMO-UI-NEXT");
    await shot(page, "memory");
  });

  it("totals the net savings per tool and compressor, with estimates labelled", async () => {
    await page.click('nav a[data-tab="savings"]');
    await page.locator("table.savings").first().waitFor();
    // The figures as cairn counts them (window/figures-read.ts), read from the same database.
    const d = db();
    const store = { db: d } as unknown as Store;
    const all = figureRows(store, {});
    const t = sumFigures(all);
    const keys = figureKeys(store, all);
    d.close();
    const totals = await page.locator(".totals .stat dd").allInnerTexts();
    expect(totals[0]).toBe(int(t.outputs));
    expect(totals[1]).toBe(signedSize(t.netBytes));
    expect(totals[2]).toBe(`≈ ${signedTokens(t.netTokensEst)}`);
    expect(totals[3]).toMatch(/^≈ −?\$\d+\.\d+$/);
    const tools = await page.locator('table[data-by="tool"] tbody tr td:first-child').allInnerTexts();
    expect(tools.sort()).toEqual([...new Set(all.map(keys.tool))].sort());
    const compressors = await page
      .locator('table[data-by="compressor"] tbody tr td:first-child')
      .allInnerTexts();
    expect(compressors.sort()).toEqual([...new Set(all.map(keys.compressor))].sort());
    expect(compressors).toEqual(expect.arrayContaining(["grep", "log"]));
    expect(await page.locator("body").textContent()).toContain("estimate");
    await shot(page, "savings");
  });

  it("stays readable in a narrow window", async () => {
    await page.setViewportSize({ width: 420, height: 860 });
    await page.goto(`${ui.origin}/#/sessions`);
    await page.locator("table.sessions tbody tr").first().waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shot(page, "sessions-narrow");
    await page.goto(`${ui.origin}/#/session/${filled.first}`);
    await page.locator(".chart canvas").waitFor();
    await expect
      .poll(async () => (await pixelsOf(page, ".chart canvas", [37, 99, 235])).count)
      .toBeGreaterThan(150);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shot(page, "session-narrow");
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("made no request outside the dashboard", () => {
    expect(requested.length).toBeGreaterThan(5);
    expect(requested.filter((u) => !u.startsWith(`${ui.origin}/`))).toEqual([]);
  });

  it("stops cleanly on Ctrl-C, with the browser still connected", async () => {
    const port = Number(ui.url.port);
    const exited = new Promise<number | null>((resolve) => ui.child.once("exit", (code) => resolve(code)));
    ui.child.kill("SIGINT");
    expect(await exited, ui.stderr()).toBe(0);
    expect(ui.stderr()).toBe("");
    expect(await connects("127.0.0.1", port)).toBe(false);
  });

  it("explains its flags and refuses bad ones", async () => {
    const help = await cairn(filled.sb, ["ui", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--no-open");
    const bad = await cairn(filled.sb, ["ui", "--port", "http"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--port expects a whole number");
  });
});
