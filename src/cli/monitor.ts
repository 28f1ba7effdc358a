import { ladderOf } from "../window/advisor.ts";
import { withStore } from "../window/cli-support.ts";
import { monitorRows } from "../window/monitor-data.ts";
import { type MonitorRow, renderFrame } from "../window/monitor-view.ts";
import { intFlag, parse, UsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { json, out } from "./io.ts";

const ESC = "\x1b[";
const ALT_SCREEN_ON = `${ESC}?1049h`;
const ALT_SCREEN_OFF = `${ESC}?1049l`;
const CURSOR_HIDE = `${ESC}?25l`;
const CURSOR_SHOW = `${ESC}?25h`;
const HOME = `${ESC}H`;
const CLEAR_LINE_END = `${ESC}K`;
const CLEAR_BELOW = `${ESC}J`;
const CLEAR_ALL = `${ESC}2J`;

export const monitor: Command = {
  usage: `Usage: cairn monitor [--all] [--interval S] [--once] [--json]

A live view of every active Claude Code session: one line each with a bar of the
context used, the tokens, the percentage, the model and when it was last active.
Redrawn every second; q or Ctrl-C quits. Sessions quiet for monitor.hide_after_min
(15) minutes, and ended ones, are hidden.

Options:
  --all          also show quiet and ended sessions
  --interval S   seconds between redraws (default 1)
  --once         print one frame and exit (also when stdout is not a terminal)
  --json         print the sessions once as JSON`,
  async run(argv) {
    const { values, positionals } = parse(argv, {
      all: { type: "boolean" },
      interval: { type: "string" },
      once: { type: "boolean" },
      json: { type: "boolean" },
    });
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const interval = (intFlag(values.interval, "interval", 1) ?? 1) * 1000;
    const all = values.all ?? false;
    return withStore(async ({ store, paths, config, now }) => {
      const rows = (): MonitorRow[] => monitorRows(store, paths, config, { now: now(), all, limit: 200 });
      const frame = (r: MonitorRow[], width: number, height: number, color: boolean) =>
        renderFrame(r, {
          width,
          height,
          now: now(),
          ...ladderOf(config),
          color,
          listed: all ? "recent" : "active",
        });
      if (values.json) {
        json(rows());
        return 0;
      }
      const tty = process.stdout.isTTY === true;
      if (values.once || !tty) {
        const color = tty && !process.env.NO_COLOR;
        for (const line of frame(rows(), process.stdout.columns || 100, 1000, color)) out(line);
        return 0;
      }
      return live(rows, frame, interval);
    });
  },
};

type Frame = (rows: MonitorRow[], width: number, height: number, color: boolean) => string[];

/** The live loop: alternate screen, redraw on a timer and on resize, restore on every way out. */
function live(rows: () => MonitorRow[], frame: Frame, interval: number): Promise<number> {
  const stdout = process.stdout;
  const stdin = process.stdin;
  const color = !process.env.NO_COLOR;
  let current: MonitorRow[] = [];
  let timer: NodeJS.Timeout | undefined;

  const draw = (clear = false) => {
    const lines = frame(current, stdout.columns || 80, stdout.rows || 24, color);
    // Home, overwrite each line and clear its rest, clear below: no flicker, no scroll.
    stdout.write(
      `${clear ? CLEAR_ALL : ""}${HOME}${lines.join(`${CLEAR_LINE_END}\r\n`)}${CLEAR_LINE_END}${CLEAR_BELOW}`,
    );
  };
  const tick = () => {
    try {
      current = rows();
    } catch {
      // A busy database this second: keep the last figures, try again next tick.
    }
    draw();
  };
  // The terminal reflows what was on screen when it resizes; clear it and draw at the new size.
  const onResize = () => draw(true);

  return new Promise<number>((resolve) => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      if (timer) clearInterval(timer);
      stdout.off("resize", onResize);
      if (stdin.isTTY) stdin.setRawMode(false);
      stdin.pause();
      stdout.write(`${CURSOR_SHOW}${ALT_SCREEN_OFF}`);
      resolve(0);
    };
    stdout.write(`${ALT_SCREEN_ON}${CURSOR_HIDE}${CLEAR_ALL}`);
    stdout.on("resize", onResize);
    process.once("SIGINT", finish);
    process.once("SIGTERM", finish);
    process.once("SIGHUP", finish);
    if (stdin.isTTY) {
      stdin.setRawMode(true);
      stdin.resume();
      stdin.on("data", (d: Buffer) => {
        const key = d.toString("utf8");
        if (key === "q" || key === "Q" || key === "\x03" || key === "\x1b") finish();
      });
    }
    tick();
    timer = setInterval(tick, interval);
  });
}
