import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAIRN, runCairn, tempHome } from "../../helpers/cairn.ts";
import { readJsonl, SHARED_CAPTURES } from "../../helpers/captures.ts";
import { HAS_TMUX, TMUX } from "../../helpers/programs.ts";
import { HANG_MS, until } from "../../helpers/wait.ts";
import { seedSession } from "./seed.ts";

/**
 * `cairn monitor` in a real terminal: tmux runs it in a pane of a known size; the
 * test reads the screen with capture-pane, changes the session's figures, resizes
 * the window, and quits with a key.
 */
const socket = `cairn-monitor-test-${process.pid}`;
const tmux = (...args: string[]) =>
  execFileSync(TMUX, ["-L", socket, "-f", "/dev/null", ...args], { encoding: "utf8" });
const screen = () => tmux("capture-pane", "-p", "-t", "mon");

/** Waits until the screen satisfies `ok` (the monitor redraws every second). */
async function waitFor(ok: (lines: string[]) => boolean, what: string): Promise<string[]> {
  let lines: string[] = [];
  return until(
    () => {
      lines = screen().replace(/\n+$/, "").split("\n");
      return ok(lines) ? lines : undefined;
    },
    `screen never showed ${what}`,
    { last: () => lines.join("\n") },
  );
}

let home = "";
const exitFile = () => join(home, "monitor-exit-code");

const statusline35 = readJsonl(join(SHARED_CAPTURES, "statusline-stdin.jsonl")).find(
  (x) => (x.context_window as { used_percentage: unknown }).used_percentage === 35,
)!;

describe.skipIf(!HAS_TMUX)("cairn monitor in a real terminal (tmux)", () => {
  let h: ReturnType<typeof tempHome>;
  let sessionId: string;

  beforeAll(async () => {
    h = tempHome();
    home = h.home;
    ({ sessionId } = await seedSession(h.home, h.project, h.env));
    const q = (w: string) => `'${w.replace(/'/g, `'\\''`)}'`;
    const monitor = [
      "env",
      `HOME=${h.home}`,
      "CAIRN_HOME=",
      "TERM=xterm-256color",
      process.execPath,
      CAIRN,
      "monitor",
    ]
      .map(q)
      .join(" ");
    // The shell records the monitor's exit code once it is done.
    const command = `${monitor}; echo $? > ${q(exitFile())}`;
    tmux("new-session", "-d", "-s", "mon", "-x", "100", "-y", "20", "-c", h.project, command);
    tmux("set-option", "-t", "mon", "remain-on-exit", "on");
  });
  afterAll(() => {
    try {
      tmux("kill-server");
    } catch {
      // Already gone.
    }
    h.cleanup();
  });

  it(
    "draws one line per active session, live, survives resizes, and quits cleanly",
    async () => {
      const short = sessionId.slice(0, 8);
      let lines = await waitFor((l) => l.some((x) => x.startsWith(short)), "the session");
      expect(lines[0]).toMatch(/^cairn monitor · 1 active session · \d\d:\d\d:\d\d · q quits/);
      const row = lines.find((x) => x.startsWith(short))!;
      expect(row).toMatch(/ █+░+ +3% +34k\/1M claude-opus-5-5 +\d+[sm] ago$/);

      // The statusline reports 35%: the next redraw shows it.
      const r = await runCairn(["statusline"], {
        env: h.env,
        cwd: h.project,
        input: JSON.stringify({ ...statusline35, session_id: sessionId }),
      });
      expect(r.code).toBe(0);
      lines = await waitFor((l) => l.some((x) => x.startsWith(short) && x.includes(" 35%")), "35%");
      expect(lines.find((x) => x.startsWith(short))).toContain("351k/1M");

      // Narrow: redrawn for 40 columns (the model, project and token columns give way),
      // nothing wraps, the header stays on top.
      tmux("resize-window", "-t", "mon", "-x", "40", "-y", "8");
      lines = await waitFor(
        (l) => l.some((x) => new RegExp(`^${short} █+░* +35% +\\d+[sm] ago$`).test(x)),
        "the 40-column layout",
      );
      expect(lines.every((x) => [...x].length <= 40)).toBe(true);
      expect(lines[0]).toMatch(/^cairn monitor · 1 active session/);
      expect(lines.filter((x) => x.includes(short))).toHaveLength(1);
      expect(lines.length).toBeLessThanOrEqual(8);

      // Very narrow, then wide again.
      tmux("resize-window", "-t", "mon", "-x", "16", "-y", "4");
      lines = await waitFor((l) => l.some((x) => new RegExp(`^${short} [█░]+ +35%$`).test(x)), "16 columns");
      expect(lines.every((x) => [...x].length <= 16)).toBe(true);
      tmux("resize-window", "-t", "mon", "-x", "120", "-y", "30");
      lines = await waitFor(
        (l) => l.some((x) => x.startsWith(short) && x.includes("351k/1M claude-opus-5-5")),
        "120 columns",
      );
      expect(lines[0]).toMatch(/^cairn monitor/);

      // q leaves the alternate screen and exits 0.
      tmux("send-keys", "-t", "mon", "q");
      await until(() => existsSync(exitFile()) || undefined, "the monitor never exited");
      expect(readFileSync(exitFile(), "utf8").trim()).toBe("0");
      expect(tmux("display-message", "-p", "-t", "mon", "#{alternate_on}").trim()).toBe("0");
      expect(screen()).not.toContain("cairn monitor ·");
      expect(
        readFileSync(join(h.home, ".cairn", "sessions", sessionId, "statusline.json"), "utf8"),
      ).toContain('"used_percentage":35');
    },
    7 * HANG_MS,
  ); // seven waits, each a hang only past HANG_MS
});
