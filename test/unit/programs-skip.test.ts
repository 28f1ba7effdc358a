/**
 * On a machine without a program some tests drive (here Chromium), those tests are
 * skipped and the run says so once, with what to install, like the PostgreSQL, tmux and
 * zsh tests: `npm test` on a fresh machine is not red for want of a browser.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../helpers/cairn.ts";
import { inProcessSlot } from "../helpers/slots.ts";

function vitest(files: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  const clean: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(VITEST|TEST$|NODE_OPTIONS$)/.test(k)) clean[k] = v;
  return inProcessSlot(
    () =>
      new Promise((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [join(REPO, "node_modules", "vitest", "vitest.mjs"), "run", ...files],
          {
            cwd: REPO,
            env: { ...clean, ...env, NO_COLOR: "1" },
            stdio: ["ignore", "pipe", "pipe"],
          },
        );
        let out = "";
        child.stdout.setEncoding("utf8").on("data", (d: string) => {
          out += d;
        });
        child.stderr.setEncoding("utf8").on("data", (d: string) => {
          out += d;
        });
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, out }));
      }),
  );
}

describe("tests that need a program the machine lacks", () => {
  it("without Chromium, the dashboard's browser tests are skipped and the run says why", async () => {
    const r = await vitest(["test/e2e/dashboard.e2e.test.ts", "test/e2e/ui.e2e.test.ts"], {
      CAIRN_CHROMIUM: "/nonexistent/chromium",
    });
    expect(r.out).toContain(
      "dashboard browser tests skipped: no Chromium at /nonexistent/chromium (install Debian's `chromium`, or set CAIRN_CHROMIUM)",
    );
    expect(r.out).toMatch(/Test Files\s+2 skipped/);
    expect(r.code, r.out.slice(-2000)).toBe(0);
  }, 300_000);
});
