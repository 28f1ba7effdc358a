import { execFileSync } from "node:child_process";
import {
  closeSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTail } from "../../../src/claude/transcript.ts";
import { openRegularFile } from "../../../src/core/fs.ts";
import { fingerprintAt, readLinesFrom } from "../../../src/memory/lines.ts";
import { REPO, runCairn } from "../../helpers/cairn.ts";
import { HANG_MS } from "../../helpers/wait.ts";

// Hostile values in every field of a hook event that could name a file. Each case runs a
// whole session's worth of events through the built hook in its own sandbox
// (HOME=<tmp>/home, CAIRN_HOME unset, CLAUDE_PROJECT_DIR=<tmp>/proj, cwd <tmp>/proj), then
// walks <tmp>: every entry that appeared is inside ~/.cairn or the project's .cairn (the
// notebook), nothing that was there before changed, and nothing named after the hostile
// values appeared in / or the temp directory.

const FIXTURES = join(REPO, "test", "fixtures");
const SID = "c0ffee00-0000-4000-8000-000000000001";
/** A name no real file has: any entry carrying it outside the sandbox is an escape. */
const MARK = `cairn-escape-${process.pid}`;
const TMP = tmpdir();

// A hook that has not exited after HANG_MS is hung (killed: exit code null). Hangs are
// what these cases look for: a blocking open of a FIFO never returns. Slowness is not:
// on a loaded machine a hook process can take seconds, so no wall-clock figure decides.
/**
 * The sandbox's hook.budget_ms: a hook past its budget answers the no-op, which would
 * make what a case checks depend on the machine's load (the default 4 s is easily
 * reached on a busy 2-core machine). It stays under HANG_MS, so a part that waits for
 * good still ends in a kill.
 */
const BUDGET_MS = 60_000;

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(FIXTURES, "hook-inputs", `${name}.json`), "utf8")) as Record<string, unknown>;

type Field = "session_id" | "transcript_path" | "cwd" | "tool_use_id" | "agent_id" | "agent_transcript_path";

/** The events of one session, in a plausible order; every event cairn handles is here. */
function sessionEvents(s: Sandbox): Record<string, unknown>[] {
  const large = fixture("PostToolUse-Bash-small");
  // Big enough to be filed (and stored), so the filing path runs with the hostile values.
  large.tool_response = {
    ...(large.tool_response as object),
    stdout: "error: something failed at src/a.ts:12\n".repeat(2000),
  };
  const read = fixture("PreToolUse-Read-large");
  read.tool_input = { file_path: s.fifo }; // a Read of a FIFO: the nudge must not open it
  const events = [
    fixture("SessionStart-startup"),
    fixture("UserPromptSubmit-basic"),
    // bypassPermissions: the PreToolUse parts see the most permissive mode.
    { ...fixture("PreToolUse-Bash-small"), permission_mode: "bypassPermissions" },
    read,
    large,
    fixture("PostToolUse-Bash-in-subagent"),
    fixture("PostToolUseFailure-Bash-exit3"),
    fixture("SubagentStop-general-purpose"),
    fixture("Stop-basic"),
    fixture("PreCompact-auto"),
    fixture("PostCompact-auto"),
    fixture("SessionStart-compact"),
    fixture("SessionEnd-other"),
  ];
  return events.map((e) => ({
    ...e,
    session_id: SID,
    cwd: s.proj,
    transcript_path: s.transcript,
    ...("agent_transcript_path" in e ? { agent_transcript_path: s.agentTranscript } : {}),
  }));
}

interface Sandbox {
  readonly root: string;
  readonly home: string;
  readonly proj: string;
  readonly transcript: string;
  readonly agentTranscript: string;
  readonly fifo: string;
  readonly loop: string;
  readonly outside: string;
}

function makeSandbox(): Sandbox {
  const root = mkdtempSync(join(TMP, "cairn-hostile-"));
  const home = join(root, "home");
  const proj = join(root, "proj");
  mkdirSync(join(proj, ".git"), { recursive: true });
  const dir = join(home, ".claude", "projects", "p");
  mkdirSync(join(dir, "t", "subagents"), { recursive: true });
  const transcript = join(dir, "t.jsonl");
  const agentTranscript = join(dir, "t", "subagents", "agent-ad8ebffed80e1d36f.jsonl");
  copyFileSync(join(FIXTURES, "transcripts", "tools-session.jsonl"), transcript);
  copyFileSync(join(FIXTURES, "transcripts", "tools-session-subagent.jsonl"), agentTranscript);
  const fifo = join(root, "fifo");
  execFileSync("mkfifo", [fifo]);
  const loop = join(root, "loop-a");
  symlinkSync(join(root, "loop-b"), loop);
  symlinkSync(loop, join(root, "loop-b"));
  const outside = join(root, "outside");
  mkdirSync(outside);
  mkdirSync(join(home, ".cairn"), { recursive: true, mode: 0o700 });
  writeFileSync(join(home, ".cairn", "config.yaml"), `hook:\n  budget_ms: ${BUDGET_MS}\n`);
  return { root, home, proj, transcript, agentTranscript, fifo, loop, outside };
}

/** Every entry under `dir` (symlinks not followed) with what identifies its content. */
function snapshot(dir: string, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = lstatSync(p);
    out.set(p, st.isFile() ? `${st.size}:${st.mtimeMs}` : st.isDirectory() ? "dir" : "other");
    if (st.isDirectory()) snapshot(p, out);
  }
  return out;
}

const inside = (p: string, dir: string) => p === dir || p.startsWith(dir + sep);
const walk = (dir: string) => [...snapshot(dir).keys()];

/** Entries carrying MARK in the places an escaping path would most likely land. */
function escapes(): string[] {
  const found: string[] = [];
  for (const dir of ["/", TMP, REPO, join(REPO, "..")]) {
    try {
      for (const n of readdirSync(dir)) if (n.includes(MARK)) found.push(join(dir, n));
    } catch {
      // Not listable here: nothing to check.
    }
  }
  return found;
}

/** A value that depends on the sandbox (its FIFO, its loop, ...), with a name for the test. */
interface Named {
  readonly name: string;
  readonly of: (s: Sandbox) => string;
}
const named = (name: string, of: (s: Sandbox) => string): Named => ({ name, of });
type Value = string | Named;

/** Hostile values per field; functions get the sandbox (for its FIFO, loop, ...). */
const HOSTILE: Record<Field, Value[]> = {
  session_id: [
    "../../x",
    `../../../../../../../..${TMP}/${MARK}-sid`,
    "/etc/passwd",
    `${TMP}/${MARK}-abs`,
    "a\u0000b",
    `${MARK}-${"n".repeat(5000)}`,
    `${"../".repeat(170)}${MARK}`, // 512 characters: the longest id the contract accepts
    "..",
    ".",
    "",
    "сессия-ü-🙂-\u202e",
    "CON",
    `a/b/${MARK}`,
    `..\\..\\${MARK}`,
    "-rf",
    "~",
  ],
  transcript_path: [
    named("a file outside everything, not there", (s) => join(s.outside, "t.jsonl")),
    "/nonexistent/dir/t.jsonl",
    named("a directory", (s) => s.proj),
    "/dev/zero", // never ends
    "/dev/urandom",
    named("a FIFO (a plain open blocks for good)", (s) => s.fifo),
    named("a symlink loop", (s) => s.loop),
    `../../${MARK}.jsonl`,
    "a\u0000b.jsonl",
    `/${"x".repeat(5000)}.jsonl`,
  ],
  cwd: [
    "../..",
    "relative/dir",
    "/",
    named("an existing directory outside the project", (s) => s.outside),
    named("a FIFO", (s) => s.fifo),
    "a\u0000b",
    `/${"d".repeat(5000)}`,
    "",
  ],
  tool_use_id: [
    "../../x",
    `../../../../../../../..${TMP}/${MARK}-tool`,
    `${TMP}/${MARK}-tool-abs`,
    "a\u0000b",
    "..",
    "",
    `${MARK}-${"t".repeat(5000)}`,
    "CON",
  ],
  agent_id: ["../../x", `${TMP}/${MARK}-agent`, "a\u0000b", "..", `${"a".repeat(5000)}`],
  agent_transcript_path: [
    named("a FIFO", (s) => s.fifo),
    "/dev/zero",
    named("a directory", (s) => s.proj),
    named("a symlink loop", (s) => s.loop),
    named("a file outside everything, not there", (s) => join(s.outside, "agent.jsonl")),
  ],
};

/**
 * A test's timeout, from the hooks it runs: each may take up to HANG_MS before it counts
 * as hung, so that the kill, not vitest's timeout, reports a hang, and load only makes
 * the test slower.
 */
const forHooks = (hooks: number) => hooks * HANG_MS + 10_000;
const SESSION_HOOKS = sessionEvents({
  proj: "/p",
  transcript: "/t",
  agentTranscript: "/a",
  fifo: "/f",
} as Sandbox).length;

const show = (v: string) => JSON.stringify(v.length > 60 ? `${v.slice(0, 40)}…(${v.length} chars)` : v);

/** Runs one session's events with `field` set to `hostile` (where the event has such a field). */
async function runSession(s: Sandbox, field?: Field, hostile?: string): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const event of sessionEvents(s)) {
    const name = String(event.hook_event_name);
    const applies =
      field === "tool_use_id"
        ? "tool_use_id" in event
        : field === "agent_transcript_path"
          ? name === "SubagentStop"
          : field !== undefined;
    const input = applies ? { ...event, [field!]: hostile } : event;
    const run = await runCairn(["hook", name], {
      input: JSON.stringify(input),
      cwd: s.proj,
      env: { HOME: s.home, CAIRN_HOME: undefined, CLAUDE_PROJECT_DIR: s.proj, SHELL: "/bin/bash" },
      timeoutMs: HANG_MS,
    });
    const what = `${name} with ${field}=${show(hostile ?? "")}`;
    expect(run.code, `${what}: exit code (null = killed, it hung)`).toBe(0);
    expect(run.stderr, what).toBe("");
    if (name === "PreCompact") {
      // Plain text (compaction instructions) or nothing; JSON only for a block.
      if (run.stdout.startsWith("{")) expect(() => JSON.parse(run.stdout), what).not.toThrow();
    } else {
      expect(() => JSON.parse(run.stdout), `${what}: ${run.stdout.slice(0, 200)}`).not.toThrow();
    }
    answers.set(`${name}:${answers.size}`, run.stdout);
  }
  return answers;
}

describe("files named in hook input that are not regular files", () => {
  let s: Sandbox;
  beforeAll(() => {
    s = makeSandbox();
  });
  afterAll(() => rmSync(s.root, { recursive: true, force: true }));

  it("openRegularFile turns away FIFOs, devices, directories and loops at once, and opens files", () => {
    for (const p of [
      s.fifo,
      "/dev/zero",
      "/dev/urandom",
      s.proj,
      s.loop,
      join(s.root, "missing"),
      "a\u0000b",
    ]) {
      // Synchronous: an open that waited on the FIFO (it has no writer) would never
      // return, so returning is the proof it turned it away at once; a stopwatch would
      // only measure the machine's load.
      expect(openRegularFile(p), p).toBeUndefined();
    }
    const fd = openRegularFile(s.transcript);
    expect(fd).toBeTypeOf("number");
    closeSync(fd!);
  });

  it("the transcript readers read them as empty instead of blocking", () => {
    for (const p of [s.fifo, "/dev/zero", s.proj, s.loop]) {
      expect(readTail(p, 1024)).toEqual({ lines: [], whole: true });
      expect(readLinesFrom(p, 0, 1024).lines).toEqual([]);
      expect(fingerprintAt(p, 10)).toBe("");
    }
    expect(readTail(s.transcript, 1024).lines.length).toBeGreaterThan(0);
  });
});

describe("without CLAUDE_PROJECT_DIR, the event's cwd names the project", () => {
  it(
    "a cwd that is not an absolute path is refused (no notebook above the hook's directory)",
    async () => {
      const s = makeSandbox();
      try {
        const deep = join(s.proj, "a", "b");
        mkdirSync(deep, { recursive: true });
        for (const cwd of ["../..", "..", "relative/dir", "", "a\u0000b", `/${"d".repeat(5000)}`]) {
          const r = await runCairn(["hook", "SessionStart"], {
            input: JSON.stringify({ ...fixture("SessionStart-startup"), cwd, transcript_path: s.transcript }),
            cwd: deep,
            env: { HOME: s.home, CAIRN_HOME: undefined, CLAUDE_PROJECT_DIR: undefined },
            timeoutMs: HANG_MS,
          });
          expect(r.code, show(cwd)).toBe(0);
          expect(JSON.parse(r.stdout), show(cwd)).toEqual({});
        }
        const made = walk(s.root).filter((p) => !inside(p, join(s.home, ".cairn")));
        expect(made.filter((p) => p.includes(`${sep}.cairn`)).map((p) => relative(s.root, p))).toEqual([]);
      } finally {
        rmSync(s.root, { recursive: true, force: true });
      }
    },
    forHooks(6),
  );
});

describe("hostile paths and ids in hook input never escape ~/.cairn", () => {
  const sandboxes: Sandbox[] = [];
  afterAll(() => {
    for (const s of sandboxes) rmSync(s.root, { recursive: true, force: true });
  });

  it(
    "the session without hostile values does what the cases rely on",
    async () => {
      const s = makeSandbox();
      sandboxes.push(s);
      const answers = [...(await runSession(s)).values()];
      // No command rewritten or permitted by cairn; the large output filed, the notebook made.
      expect(answers.filter((a) => /"updatedInput"|"permissionDecision"/.test(a))).toEqual([]);
      expect(answers.some((a) => a.includes("[cairn #1"))).toBe(true);
      expect(existsSync(join(s.proj, ".cairn", "STATE.md"))).toBe(true);
      expect(existsSync(join(s.home, ".cairn", "cairn.db"))).toBe(true);
      expect(readdirSync(join(s.home, ".cairn", "sessions"))).toEqual([SID]);
    },
    forHooks(SESSION_HOOKS),
  );

  // Claude Code's spill file (tool_response.persistedOutputPath) is read only when it
  // is a regular file of sane size: a FIFO would block the hook for good, /dev/zero
  // would read until memory ran out. A hang ends in the kill (exit code null).
  it(
    "a PostToolUse whose persistedOutputPath is a FIFO or /dev/zero answers in time",
    async () => {
      const s = makeSandbox();
      sandboxes.push(s);
      const post = fixture("PostToolUse-Bash-persisted");
      for (const path of [s.fifo, "/dev/zero"]) {
        post.tool_response = { ...(post.tool_response as object), persistedOutputPath: path };
        const r = await runCairn(["hook", "PostToolUse"], {
          input: JSON.stringify({ ...post, cwd: s.proj }),
          cwd: s.proj,
          env: { HOME: s.home, CAIRN_HOME: undefined, CLAUDE_PROJECT_DIR: s.proj },
          timeoutMs: HANG_MS,
        });
        expect(r.code, path).toBe(0);
        expect(JSON.parse(r.stdout), path).toBeTypeOf("object");
      }
    },
    forHooks(2),
  );

  const cases = Object.entries(HOSTILE).flatMap(([field, values]) =>
    values.map((value) => ({
      field: field as Field,
      value,
      name: `${field} = ${typeof value === "string" ? show(value) : value.name}`,
    })),
  );

  describe.concurrent.each(cases)("$name", ({ field, value }) => {
    it(
      "every event exits 0 with a valid answer, in time, and writes only inside the sandbox's .cairn folders",
      async () => {
        const s = makeSandbox();
        sandboxes.push(s);
        const hostile = typeof value === "string" ? value : value.of(s);
        const before = snapshot(s.root);
        await runSession(s, field, hostile);

        const after = snapshot(s.root);
        const allowed = [join(s.home, ".cairn"), join(s.proj, ".cairn")];
        const created = [...after.keys()].filter((p) => !before.has(p));
        const stray = created.filter((p) => !allowed.some((d) => inside(p, d)));
        expect(
          stray.map((p) => relative(s.root, p)),
          `${field}=${show(hostile)}`,
        ).toEqual([]);
        const changed = [...before].filter(
          ([p, sig]) => !allowed.some((d) => inside(p, d)) && after.get(p) !== sig && sig !== "dir",
        );
        expect(changed.map(([p]) => relative(s.root, p))).toEqual([]);
        // Every file cairn made in its home is a plain file or folder, never a link out.
        for (const p of created.filter((c) => inside(c, join(s.home, ".cairn")))) {
          expect(lstatSync(p).isSymbolicLink(), p).toBe(false);
        }
        expect(escapes()).toEqual([]);
      },
      forHooks(SESSION_HOOKS),
    );
  });
});
