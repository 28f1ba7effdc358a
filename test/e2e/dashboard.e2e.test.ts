/**
 * The dashboard in real Chromium, at 1280 and 390 px: the context chart's x axis (its
 * span, one time format, no overlapping labels), sortable tables, the loading state,
 * live refresh of the sessions list and the open session, savings over time, and
 * memory search showing each hit's own line. The database is filled by cairn's real
 * hooks (the built bundle, captured hook inputs) over a real transcript repeated as a
 * 20-turn session, and a handoff written days after it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAIRN, REPO, runCairn, tempHome } from "../helpers/cairn.ts";
import { CHROMIUM, HAS_CHROMIUM } from "../helpers/programs.ts";
import { HANG_MS } from "../helpers/wait.ts";

const FIXTURES = join(REPO, "test", "fixtures");
const HOOKS = join(FIXTURES, "hook-inputs");
const SESSION = "c0ffee00-0000-4000-8000-0000000da5b0";
/** Screenshots to look at (not committed): .tmp/screenshots/dashboard-*.png */
const SHOTS = join(REPO, ".tmp", "screenshots");
const TURNS = 20;

/**
 * The real tools session, repeated as 20 turns two minutes apart, each with its own
 * message ids and a context that grows turn by turn (what a long session looks like).
 */
function longSession(): string {
  const src = readFileSync(join(FIXTURES, "transcripts", "tools-session.jsonl"), "utf8")
    .trim()
    .split("\n");
  const base = Date.parse("2026-11-22T09:00:00.000Z");
  const out: string[] = [];
  for (let t = 1; t <= TURNS; t++) {
    for (const line of src) {
      let s = line
        .replace(
          /"([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})"/g,
          (_m, a, b, c, d, e) => `"${a}-${b}-${c}-${d}-${String(t).padStart(4, "0")}${String(e).slice(4)}"`,
        )
        .replace(/toolu_cap_/g, `toolu_t${t}_`)
        .replace(/"msg_([^"]+)"/g, `"msg_t${t}_$1"`)
        .replace(
          /"exercise the tools"/g,
          `"exercise the tools, round ${t}: check gadget-${t} in src/mod${t}.ts"`,
        )
        .replace(/"timestamp":"([^"]+)"/g, (_m, ts: string) => {
          const within = Date.parse(ts) - Date.parse("2026-11-22T00:17:40.000Z");
          return `"timestamp":"${new Date(base + t * 120_000 + within).toISOString()}"`;
        })
        .replace(/"sessionId":"[^"]+"/g, `"sessionId":"${SESSION}"`);
      s = s.replace(/"input_tokens":(\d+)/g, (_m, n: string) => `"input_tokens":${Number(n) + t * 9_000}`);
      out.push(s);
    }
  }
  return `${out.join("\n")}\n`;
}

interface Ui {
  readonly child: ChildProcess;
  readonly url: string;
}

function startUi(env: NodeJS.ProcessEnv, cwd: string): Promise<Ui> {
  const child = spawn(process.execPath, [CAIRN, "ui", "--no-open", "--port", "0", "--json"], {
    cwd,
    env: { ...process.env, ...env, NO_COLOR: "1", DISPLAY: "", WAYLAND_DISPLAY: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      out += d;
      const nl = out.indexOf("\n");
      if (nl >= 0) resolve({ child, url: (JSON.parse(out.slice(0, nl)) as { url: string }).url });
    });
    child.on("exit", (code) => reject(new Error(`cairn ui exited ${code}`)));
  });
}

interface Tick {
  readonly label: string;
  readonly x: number;
  readonly width: number;
}

describe.skipIf(!HAS_CHROMIUM)("dashboard in Chromium", () => {
  let h: ReturnType<typeof tempHome>;
  let transcript: string;
  let ui: Ui;
  let browser: BrowserContext;
  let page: Page;
  const hook = async (name: string, patch: Record<string, unknown> = {}) => {
    const input = JSON.parse(readFileSync(join(HOOKS, `${name}.json`), "utf8"));
    const r = await runCairn(["hook", input.hook_event_name], {
      env: h.env,
      cwd: h.project,
      input: JSON.stringify({
        ...input,
        session_id: SESSION,
        transcript_path: transcript,
        cwd: h.project,
        ...patch,
      }),
    });
    expect(r.code, r.stderr).toBe(0);
  };

  beforeAll(async () => {
    h = tempHome("cairn-dashboard-");
    mkdirSync(join(h.project, ".git"), { recursive: true });
    const dir = join(h.home, ".claude", "projects", "p");
    mkdirSync(dir, { recursive: true });
    transcript = join(dir, `${SESSION}.jsonl`);
    writeFileSync(transcript, longSession());
    await hook("SessionStart-startup");
    // A large output filed now: today's savings.
    await hook("PostToolUse-Bash-persisted", { tool_use_id: "toolu_now_persisted" });
    await hook("PostToolUse-Read-large", { tool_use_id: "toolu_now_read" });
    await hook("Stop-basic");
    // The handoff is written now, days after the session's last response.
    const memo = await runCairn(["save-inflight", "--session", SESSION], {
      env: h.env,
      cwd: h.project,
      input: "## Next\nWire the savings chart.",
    });
    expect(memo.code, memo.stderr).toBe(0);
    ui = await startUi(h.env, h.project);
    browser = await chromium.launchPersistentContext(mkdtempSync(join(h.home, "chromium-")), {
      executablePath: CHROMIUM,
      timeout: HANG_MS,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
      ],
      viewport: { width: 1280, height: 800 },
      timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    page = browser.pages()[0] ?? (await browser.newPage());
    // Playwright gives up on a wait after 30 s; a loaded machine may take longer to draw.
    page.setDefaultTimeout(HANG_MS);
    await page.goto(ui.url);
    mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    if (ui && ui.child.exitCode === null) ui.child.kill("SIGKILL");
    h?.cleanup();
  });

  /** The x axis as drawn: labels, positions and widths (CSS px), and the scale's span (ms). */
  const axis = async () => {
    const chart = page.locator(".chart");
    await expect.poll(() => chart.getAttribute("data-x-ticks")).toBeTruthy();
    return {
      ticks: JSON.parse((await chart.getAttribute("data-x-ticks")) ?? "[]") as Tick[],
      min: Number(await chart.getAttribute("data-x-min")),
      max: Number(await chart.getAttribute("data-x-max")),
    };
  };

  it("draws the context chart over the session's span, one time format, no overlapping labels (1280 and 390 px)", async () => {
    await page.goto(`${new URL(ui.url).origin}/#/session/${SESSION}`);
    await page.locator(".chart canvas").first().waitFor();
    const responses = { first: Date.parse("2026-11-22T09:02:00Z"), last: Date.parse("2026-11-22T09:40:03Z") };
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await expect
        .poll(async () =>
          Math.abs(
            (await page.locator(".chart canvas").first().boundingBox())!.width -
              (await page.locator(".chart").boundingBox())!.width,
          ),
        )
        .toBeLessThan(60);
      const a = await axis();
      // Not stretched to the handoff days later: the axis covers the responses, padded a little.
      expect(a.min).toBeLessThanOrEqual(responses.first);
      expect(a.max).toBeGreaterThanOrEqual(responses.last - 5_000);
      expect(a.max - a.min).toBeLessThan((responses.last - responses.first) * 1.3);
      // One unit and one format on every label.
      expect(a.ticks.length).toBeGreaterThanOrEqual(2);
      for (const t of a.ticks) expect(t.label).toMatch(/^\d\d:\d\d$/);
      expect(await page.locator(".chart").getAttribute("aria-label")).toBeTruthy();
      // In order, and no two labels touch.
      for (let i = 1; i < a.ticks.length; i++) {
        const prev = a.ticks[i - 1]!;
        const t = a.ticks[i]!;
        expect(t.x).toBeGreaterThan(prev.x);
        expect(t.x - prev.x, `${prev.label} / ${t.label} at ${width}px`).toBeGreaterThan(
          (prev.width + t.width) / 2 + 4,
        );
      }
      // The late handoff is still listed below the chart, with its date and why it is not drawn.
      const handoff = page.locator('.marker-list li[data-kind="handoff"]');
      expect(await handoff.count()).toBe(1);
      expect(await handoff.getAttribute("data-off-chart")).toBe("");
      expect(await handoff.textContent()).toMatch(
        /^\d{4}-\d\d-\d\d \d\d:\d\d .*not drawn: far from the session's responses$/,
      );
      await page.locator(".chart").scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `dashboard-session-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("sorts a table by a column, both ways", async () => {
    const table = page.locator("table.tools");
    const original = table.locator('th:has(button:text-is("Original"))');
    const sizes = async () =>
      table.locator('tbody td[data-label="Original"]').evaluateAll((tds) =>
        tds
          .map((td) => (td as HTMLElement).dataset.sort)
          .filter((v) => v !== "")
          .map(Number),
      );
    await original.locator("button").click();
    expect(await original.getAttribute("aria-sort")).toBe("ascending");
    const up = await sizes();
    expect(up.length).toBeGreaterThanOrEqual(2);
    expect(up).toEqual([...up].sort((x, y) => x - y));
    await original.locator("button").click();
    expect(await original.getAttribute("aria-sort")).toBe("descending");
    const down = await sizes();
    expect(down).toEqual([...down].sort((x, y) => y - x));

    // A phone shows rows as cards, without headings: the same sort from a list.
    await page.setViewportSize({ width: 390, height: 844 });
    const bar = page.locator(".sortable:has(table.tools) .sort-bar");
    expect(await bar.isVisible()).toBe(true);
    await bar.locator("select").selectOption({ label: "Time" });
    const times = await table
      .locator('tbody td[data-label="Time"]')
      .evaluateAll((tds) => tds.map((td) => Number((td as HTMLElement).dataset.sort)));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    await bar.locator("button.sort-dir").click();
    const back = await table
      .locator('tbody td[data-label="Time"]')
      .evaluateAll((tds) => tds.map((td) => Number((td as HTMLElement).dataset.sort)));
    expect(back).toEqual([...back].sort((x, y) => y - x));
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await bar.isVisible()).toBe(false);
  });

  it("shows a loading state while a view loads", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route("**/api/savings**", async (route) => {
      await held;
      await route.continue();
    });
    await page.click('nav a[data-tab="savings"]');
    const loading = page.locator("main > .loading");
    await loading.waitFor();
    expect(await loading.textContent()).toBe("Loading…");
    expect(await page.locator("main").getAttribute("aria-busy")).toBe("true");
    release();
    await page.locator("h1", { hasText: "Savings" }).waitFor();
    await expect.poll(() => loading.count()).toBe(0);
    expect(await page.locator("main").getAttribute("aria-busy")).toBeNull();
    await page.unroute("**/api/savings**");
  });

  it("charts the savings of today and this week, a bar a day", async () => {
    const card = page.locator("section.over-time");
    await card.waitFor();
    const bars = card.locator(".days li");
    expect(await bars.count()).toBe(14);
    const today = card.locator(".days li.today");
    expect(Number(await today.getAttribute("data-tokens"))).toBeGreaterThan(1000);
    expect(await card.locator("dt").allTextContents()).toEqual(["Today", "This week"]);
    const [todayValue, weekValue] = await card.locator("dd").allTextContents();
    expect(todayValue).toMatch(/^≈ −?[\d.]+k?$/);
    expect(weekValue).toMatch(/^≈ −?[\d.]+k?$/);
    expect(await card.locator("small").first().textContent()).toMatch(
      /^tokens saved net · \d+ outputs · [\d.]+ (?:B|KB|MB) read back · ≈ −?\$/,
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      const box = (await card.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(width);
      // The day labels shown do not overlap.
      const labels = await card.locator(".days .d").evaluateAll((els) =>
        els
          .filter((e) => getComputedStyle(e).visibility !== "hidden")
          .map((e) => {
            const r = e.getBoundingClientRect();
            return { left: r.left, right: r.right, text: e.textContent };
          }),
      );
      expect(labels.at(-1)?.text).toBe("today");
      for (let i = 1; i < labels.length; i++)
        expect(labels[i]!.left, `${labels[i - 1]!.text} / ${labels[i]!.text} at ${width}px`).toBeGreaterThan(
          labels[i - 1]!.right,
        );
      await card.screenshot({ path: join(SHOTS, `dashboard-savings-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("refreshes the sessions list and the open session live, without a reload", async () => {
    await page.click('nav a[data-tab="sessions"]');
    await page.locator(`tr[data-session="${SESSION}"]`).waitFor();
    // A mark on the window: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const other = "c0ffee00-0000-4000-8000-0000000000ff";
    const input = JSON.parse(readFileSync(join(HOOKS, "SessionStart-startup.json"), "utf8"));
    const r = await runCairn(["hook", "SessionStart"], {
      env: h.env,
      cwd: h.project,
      input: JSON.stringify({ ...input, session_id: other, transcript_path: transcript, cwd: h.project }),
    });
    expect(r.code, r.stderr).toBe(0);
    await page.locator(`tr[data-session="${other}"]`).waitFor();

    await page.click(`tr[data-session="${SESSION}"] a`);
    const heading = page.locator("#tools h2");
    await heading.waitFor();
    const count = async () => Number(/\((\d+)\)/.exec((await heading.textContent()) ?? "")?.[1]);
    const before = await count();
    // A large Read filed now: a tool call the page has not seen. Its file changed since the
    // Read above (an identical output still in context would come back as a reference).
    const read = JSON.parse(readFileSync(join(HOOKS, "PostToolUse-Read-large.json"), "utf8"));
    const file = read.tool_response.file;
    await hook("PostToolUse-Read-large", {
      tool_use_id: "toolu_live_read",
      tool_response: {
        ...read.tool_response,
        file: { ...file, content: `// edited since\n${file.content}` },
      },
    });
    await expect.poll(count).toBe(before + 1);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
  });

  it("memory search shows each hit's own matching line; a malformed query is a 400 with the reason", async () => {
    await page.click('nav a[data-tab="search"]');
    await page.fill("input[name=q]", "gadget");
    await page.press("input[name=q]", "Enter");
    const lines = page.locator('.hit[data-source="memory"] p.line');
    await lines.first().waitFor();
    const texts = await lines.allTextContents();
    expect(texts.length).toBeGreaterThanOrEqual(3);
    for (const t of texts)
      expect(t).toMatch(/^exercise the tools, round (\d+): check gadget-\1 in src\/mod\1\.ts$/);
    expect(new Set(texts).size).toBe(texts.length);
    expect(await lines.first().locator("mark").allTextContents()).toEqual(["gadget"]);
    await page.screenshot({ path: join(SHOTS, "dashboard-search-1280.png") });

    const res = await page.evaluate(async () => {
      const r = await fetch("/api/search?q=*", {
        headers: { "x-cairn-token": localStorage.getItem("cairn-ui-token") ?? "" },
      });
      return { status: r.status, body: (await r.json()) as { error: string } };
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^the query "\*" is not valid FTS5 syntax/);
    await page.fill("input[name=q]", "foo AND (");
    await page.press("input[name=q]", "Enter");
    await expect
      .poll(() => page.locator(".notice.error").textContent())
      .toContain("is not valid FTS5 syntax");
  });
});
