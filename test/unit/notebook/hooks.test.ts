import { randomUUID } from "node:crypto";
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DATA_NOTE } from "../../../src/core/data-block.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";

// The notebook's parts end to end through the built bundle, exactly as Claude Code
// runs them: real captured hook inputs (moved into a temp project) on stdin, the
// answer on stdout, state in a temp ~/.cairn.

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures");
const TOOLS_TRANSCRIPT = join(FIXTURES, "transcripts", "tools-session.jsonl");
const CAPTURED_PROJECT = "/tmp/cairn-hook-capture/project";

type Sb = ReturnType<typeof tempHome>;
let sb: Sb;
let sid: string;
let transcript: string;

function captured(name: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  const raw = readFileSync(join(FIXTURES, "hook-inputs", `${name}.json`), "utf8").replaceAll(
    CAPTURED_PROJECT,
    sb.project,
  );
  return { ...JSON.parse(raw), session_id: sid, transcript_path: transcript, ...over };
}

async function hook(event: string, input: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) {
  const r = await runCairn(["hook", event], {
    input: JSON.stringify(input),
    env: { ...sb.env, CLAUDE_PROJECT_DIR: sb.project, ...env },
    cwd: sb.project,
  });
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe("");
  return r.stdout;
}

const context = (out: string) =>
  (JSON.parse(out) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput
    ?.additionalContext;
const notice = (out: string) => (JSON.parse(out) as { systemMessage?: string }).systemMessage;
const statePath = () => join(sb.project, ".cairn", "STATE.md");
/** The user's own ~/.cairn/config.yaml: a repository's file may only tighten (config/trust.ts). */
function userConfig(yaml: string): void {
  mkdirSync(join(sb.home, ".cairn"), { recursive: true });
  writeFileSync(join(sb.home, ".cairn", "config.yaml"), yaml);
}

/** The real transcript, with its last response's usage set to `inputTokens` (of a 1M window). */
function transcriptAt(inputTokens: number): void {
  const lines = realTranscript().split("\n");
  const i = lines.findLastIndex((l) => l.includes('"assistant"') && l.includes('"usage"'));
  const e = JSON.parse(lines[i]!);
  e.message.usage.input_tokens = inputTokens;
  lines[i] = JSON.stringify(e);
  writeFileSync(transcript, lines.join("\n"));
}

/** One more response in the transcript, like the last real one, with `inputTokens` of usage. */
function appendResponse(inputTokens: number): void {
  const lines = readFileSync(transcript, "utf8").split("\n");
  const e = JSON.parse(lines.findLast((l) => l.includes('"assistant"') && l.includes('"usage"'))!);
  e.message.id = `msg_${randomUUID()}`;
  e.uuid = randomUUID();
  e.message.usage.input_tokens = inputTokens;
  appendFileSync(transcript, `${JSON.stringify(e)}\n`);
}

/** The real transcript, moved into the temp project like the hook inputs. */
function realTranscript(): string {
  return readFileSync(TOOLS_TRANSCRIPT, "utf8").replaceAll(CAPTURED_PROJECT, sb.project);
}

/** What Claude Code writes for a SessionStart additionalContext (shape from the real capture). */
function appendAttachment(additionalContext: string): void {
  const real = readFileSync(
    join(FIXTURES, "claude-code-captures", "transcript-basic-session.trimmed.jsonl"),
    "utf8",
  )
    .split("\n")
    .find((l) => l.includes('"hook_additional_context"') && l.includes('"SessionStart"'))!;
  const e = JSON.parse(real);
  e.attachment.content = [additionalContext];
  e.rendered = [
    {
      content: `<system-reminder>\nSessionStart hook additional context: ${additionalContext}\n</system-reminder>`,
    },
  ];
  e.sessionId = sid;
  appendFileSync(transcript, `${JSON.stringify(e)}\n`);
}

function writeState(goal: string, now: string): void {
  writeFileSync(
    statePath(),
    `# STATE\n\n## Goal\n\n${goal}\n\n## Now\n\n${now}\n\n## Decisions\n\n- keep SQLite\n\n## Dead-ends\n\n## Open questions\n`,
  );
}

/** Sets STATE.md's mtime to long before the transcript's entries: all of its output is "since". */
function ageState(): void {
  const old = new Date("2026-01-01T00:00:00Z");
  utimesSync(statePath(), old, old);
}

function kv(key: string): unknown {
  const db = new DatabaseSync(join(sb.home, ".cairn", "cairn.db"), { readOnly: true });
  try {
    const row = db.prepare("SELECT value FROM kv WHERE scope = ? AND key = ?").get(`session:${sid}`, key) as
      | { value: string }
      | undefined;
    return row ? JSON.parse(row.value) : undefined;
  } finally {
    db.close();
  }
}

beforeEach(() => {
  sb = tempHome("cairn-nb-hooks-");
  mkdirSync(join(sb.project, ".git"), { recursive: true });
  mkdirSync(join(sb.project, ".claude"), { recursive: true });
  sid = randomUUID();
  const dir = join(sb.home, ".claude", "projects", "p");
  mkdirSync(dir, { recursive: true });
  transcript = join(dir, `${sid}.jsonl`);
  writeFileSync(transcript, realTranscript());
});
afterEach(() => sb.cleanup());

describe("SessionStart: seed and restore", () => {
  it("seeds STATE.md on the first session and tells the agent how to keep it", async () => {
    const out = await hook("SessionStart", captured("SessionStart-startup"));
    expect(existsSync(statePath())).toBe(true);
    expect(statSync(statePath()).mode & 0o777).toBe(0o600);
    expect(context(out)).toMatch(/^cairn notebook \(STATE\.md\), restored at session start: /);
    expect(context(out)).toContain("It is new and empty: fill in Goal and Now");
    expect(notice(out)).toBe(`cairn: notebook created at ${statePath()}`);
  });

  it("restores an updated notebook on every source, and after compaction in full", async () => {
    await hook("SessionStart", captured("SessionStart-startup"));
    writeState("GOAL-7 stream the importer", "NOW-7 the backpressure test");
    for (const name of ["SessionStart-resume", "SessionStart-compact"]) {
      const out = await hook("SessionStart", captured(name));
      expect(context(out)).toContain("## Goal\nGOAL-7 stream the importer");
      expect(context(out)).toContain("## Now\nNOW-7 the backpressure test");
    }
    const clear = await hook("SessionStart", captured("SessionStart-startup", { source: "clear" }));
    expect(context(clear)).toContain("restored after /clear");

    // Claude Code keeps the resume's context in the transcript (as in the real capture) and
    // replays it on the next resume: then the notebook is not repeated...
    const resumed = context(await hook("SessionStart", captured("SessionStart-resume")))!;
    appendAttachment(resumed);
    const again = await hook("SessionStart", captured("SessionStart-resume"));
    expect(context(again)).toBe(
      `cairn notebook ${statePath()} is unchanged since it was restored earlier in this conversation.`,
    );
    // ...unless a compaction came in between (the conversation before it is a summary now).
    appendFileSync(transcript, `${JSON.stringify({ type: "system", subtype: "compact_boundary" })}\n`);
    expect(context(await hook("SessionStart", captured("SessionStart-resume")))).toContain("GOAL-7");
  });

  it("keeps no notebook in the home directory", async () => {
    const out = await hook("SessionStart", captured("SessionStart-startup", { cwd: sb.home }), {
      CLAUDE_PROJECT_DIR: sb.home,
    });
    expect(out).toBe("{}");
    expect(existsSync(join(sb.home, ".cairn", "STATE.md"))).toBe(false);
  });
});

describe("UserPromptSubmit: the anchor", () => {
  it("is skipped when nothing changed and the context is healthy, and sent when the notebook moved", async () => {
    await hook("SessionStart", captured("SessionStart-startup"));
    // The restore counts as the first anchor: the first prompt repeats nothing.
    expect(await hook("UserPromptSubmit", captured("UserPromptSubmit-basic"))).toBe("{}");
    writeState("GOAL-8 make refunds idempotent", "NOW-8 retry keys");
    const anchor = context(await hook("UserPromptSubmit", captured("UserPromptSubmit-basic")));
    expect(anchor).toBe(
      [
        "[cairn anchor]",
        // Goal and Now are the repository's text: data, under the note that says so.
        DATA_NOTE,
        '<cairn-data source="STATE.md">',
        "Goal: GOAL-8 make refunds idempotent",
        "Now: NOW-8 retry keys",
        "</cairn-data>",
        // The real transcript's last response: 34,240 tokens of claude-opus-5-5's 1M window.
        "Context: 3% used (34k of 1M tokens, transcript usage).",
      ].join("\n"),
    );
    expect(await hook("UserPromptSubmit", captured("UserPromptSubmit-basic"))).toBe("{}");
  });

  it("says the ladder's rung first when it rises, with a notice, and does not repeat it while nothing changes", async () => {
    transcriptAt(720_000);
    await hook("SessionStart", captured("SessionStart-startup"));
    writeState("GOAL-9", "NOW-9");
    const first = await hook("UserPromptSubmit", captured("UserPromptSubmit-basic"));
    const lines = context(first)!.split("\n");
    expect(lines[1]).toMatch(
      /^⚠ WARNING \(cairn context monitor\): 28% of the context window remains \(720,000 of 1,000,000 tokens used\)\. Wrap up/,
    );
    expect(lines.slice(2)).toEqual([
      DATA_NOTE,
      '<cairn-data source="STATE.md">',
      "Goal: GOAL-9",
      "Now: NOW-9",
      "</cairn-data>",
      "Context: 72% used (720k of 1M tokens, transcript usage).",
    ]);
    expect(context(first)!.length / 4).toBeLessThanOrEqual(400);
    expect(notice(first)).toMatch(/^cairn: 28% of the context left, compact soon: \/compact keep the goal/);
    expect(await hook("UserPromptSubmit", captured("UserPromptSubmit-basic"))).toBe("{}");
    expect(await hook("UserPromptSubmit", captured("UserPromptSubmit-basic"))).toBe("{}");
    // The next rung is said at once.
    appendResponse(800_000);
    const critical = await hook("UserPromptSubmit", captured("UserPromptSubmit-basic"));
    expect(context(critical)!.split("\n")[1]).toMatch(/^⚠ CRITICAL \(cairn context monitor\): only 20% /);
    expect(notice(critical)).toMatch(/^cairn: 20% of the context left, compact now/);
  });

  it("follows anchor.max_tokens and the ladder: the user's, old keys too, and a project's that advises later", async () => {
    transcriptAt(300_000);
    userConfig("advisor:\n  suggest_used_pct: 20\n  urge_used_pct: 80\n");
    writeFileSync(
      join(sb.project, ".claude", "cairn.yaml"),
      "anchor:\n  max_tokens: 50\nadvisor:\n  urge_used_pct: 90\n",
    );
    mkdirSync(join(sb.project, ".cairn"), { recursive: true });
    writeState(`GOAL-10 ${"long goal ".repeat(40)}`, "NOW-10");
    const anchor = context(await hook("UserPromptSubmit", captured("UserPromptSubmit-basic")))!;
    expect(anchor.length).toBeLessThanOrEqual(200);
    expect(anchor).toMatch(/^\[cairn anchor\]\n⚠ cairn context monitor: 70% of the context window remains/);
    // No room for the notebook's block: it is left out whole, never cut open.
    expect(anchor).not.toContain("Goal:");
    expect(anchor).not.toContain("<cairn-data");
  });
});

describe("Stop: task boundaries", () => {
  it("records a boundary when STATE.md changed during the turn, and tells the person when compaction is due", async () => {
    transcriptAt(580_000);
    await hook("SessionStart", captured("SessionStart-startup"));
    await hook("UserPromptSubmit", captured("UserPromptSubmit-basic"));
    const stopInput = captured("Stop-basic", { last_assistant_message: "Working on it; more to come." });
    expect(await hook("Stop", stopInput)).toBe("{}");
    expect(kv("notebook.boundary")).toBeUndefined();

    await hook("UserPromptSubmit", captured("UserPromptSubmit-basic"));
    writeState("GOAL-11", "NOW-11 next: the CLI");
    const out = await hook("Stop", stopInput);
    // Never additionalContext at Stop (it would make the model take another turn).
    expect(JSON.parse(out)).toEqual({
      systemMessage: "cairn: step done with 42% of the context left, a good moment to /compact",
    });
    expect(kv("notebook.boundary")).toMatchObject({ reason: "notebook" });
    // The next anchor knows a step just ended.
    const anchor = context(await hook("UserPromptSubmit", captured("UserPromptSubmit-basic")));
    expect(anchor).toMatch(
      /⚠ cairn context monitor: 42% of the context window remains \(580,000 of 1,000,000 tokens used\) and a step just ended: a good moment to compact/,
    );
  });

  it("records a boundary when the assistant says the step is done (the real Stop input)", async () => {
    await hook("SessionStart", captured("SessionStart-startup"));
    await hook("UserPromptSubmit", captured("UserPromptSubmit-basic"));
    expect(await hook("Stop", captured("Stop-basic"))).toBe("{}"); // "All done." at 3%: nothing to advise
    expect(kv("notebook.boundary")).toMatchObject({ reason: "done" });
  });
});

describe("PreCompact: care, snapshot, the one-time block", () => {
  const snapshots = () => {
    const root = join(sb.home, ".cairn", "snapshots");
    return existsSync(root)
      ? readdirSync(root).flatMap((d) => readdirSync(join(root, d)).map((f) => join(root, d, f)))
      : [];
  };

  it("adds curated instructions as plain text to a manual compaction and snapshots the notebook", async () => {
    await hook("SessionStart", captured("SessionStart-startup"));
    writeState("GOAL-12 keep the importer streaming", "NOW-12");
    ageState();
    const out = await hook("PreCompact", captured("PreCompact-manual"));
    expect(() => JSON.parse(out)).toThrow(); // plain text: Claude Code appends it to the summary prompt
    expect(out).toMatch(/^cairn, compaction care\. In this summary:/);
    expect(out).toContain("dead-ends");
    expect(out).toContain("`cairn show <id>`");
    expect(out).toContain("Goal (STATE.md): GOAL-12 keep the importer streaming");
    expect(out).toContain(
      "Files in play: src/b.ts, notes.txt, out/new.txt, src/a.ts, does-not-exist.txt, big.txt",
    );
    expect(out).toContain("- `echo oops >&2; exit 3`: oops");
    const [snap] = snapshots();
    expect(snap).toMatch(/-manual\.md$/);
    expect(statSync(snap!).mode & 0o777).toBe(0o600);
    const text = readFileSync(snap!, "utf8");
    expect(text).toContain("GOAL-12 keep the importer streaming");
    expect(text).toContain(`${sb.project}/src/a.ts`);
    expect(text).toContain("compaction: went ahead");
  });

  it("blocks a stale automatic compaction once, never again, and asks for the notebook with the next tool result", async () => {
    userConfig("precompact:\n  stale_output_tokens: 500\n");
    await hook("SessionStart", captured("SessionStart-startup"));
    writeState("GOAL-13", "NOW-13");
    ageState(); // 603 output tokens in the transcript since then

    const first = await hook("PreCompact", captured("PreCompact-auto"));
    expect(JSON.parse(first)).toEqual({
      decision: "block",
      reason:
        "cairn held back this automatic compaction once: .cairn/STATE.md has not changed for 603 output tokens, so the summary would lose what it should keep. Update STATE.md now (Goal, Now, Decisions, Dead-ends); the next compaction goes ahead and cairn restores the notebook after it.",
    });
    const second = await hook("PreCompact", captured("PreCompact-auto"));
    expect(second).toMatch(/^cairn, compaction care/);
    expect(snapshots()).toHaveLength(2);

    // Claude Code does not show the reason to the model: the next tool result carries it, once.
    const bash = captured("PreToolUse-Bash-small");
    expect(context(await hook("PreToolUse", bash))).toMatch(/^cairn held back an automatic compaction/);
    expect(await hook("PreToolUse", bash)).toBe("{}");
    // And the anchor keeps asking until STATE.md changes.
    expect(context(await hook("UserPromptSubmit", captured("UserPromptSubmit-basic")))).toContain(
      "⚠ cairn held back an automatic compaction",
    );
    writeState("GOAL-13", "NOW-13 updated");
    expect(context(await hook("UserPromptSubmit", captured("UserPromptSubmit-basic")))).not.toContain("⚠");
  });

  it("never blocks a manual compaction, a fresh notebook, or with blocking turned off", async () => {
    userConfig("precompact:\n  stale_output_tokens: 500\n");
    await hook("SessionStart", captured("SessionStart-startup"));
    writeState("G", "N");
    ageState();
    expect(await hook("PreCompact", captured("PreCompact-manual"))).toMatch(/^cairn, compaction care/);
    writeState("G", "N"); // fresh: nothing written since
    expect(await hook("PreCompact", captured("PreCompact-auto"))).toMatch(/^cairn, compaction care/);
    ageState();
    writeFileSync(join(sb.project, ".claude", "cairn.yaml"), "precompact:\n  block_stale: false\n");
    expect(await hook("PreCompact", captured("PreCompact-auto"))).toMatch(/^cairn, compaction care/);
  });

  it("never blocks in the home directory", async () => {
    const input = captured("PreCompact-auto", { cwd: sb.home });
    mkdirSync(join(sb.home, ".cairn"), { recursive: true });
    writeFileSync(join(sb.home, ".cairn", "STATE.md"), "## Goal\nG\n");
    utimesSync(join(sb.home, ".cairn", "STATE.md"), new Date(0), new Date(0));
    userConfig("precompact:\n  stale_output_tokens: 1\n");
    const out = await hook("PreCompact", input, { CLAUDE_PROJECT_DIR: sb.home });
    expect(out).toMatch(/^cairn, compaction care/);
    expect(out).not.toContain("STATE.md is restored"); // no notebook is kept in the home directory
  });
});

describe("PreToolUse: nudges", () => {
  it("notes an unbounded read of a large file and a subagent without a model, and can be turned off", async () => {
    copyFileSync(join(FIXTURES, "outputs", "read-python-argparse.txt"), join(sb.project, "big.txt"));
    const read = captured("PreToolUse-Read-large");
    const note = context(await hook("PreToolUse", read))!;
    expect(note).toMatch(/^cairn note: this Read is of a file of 97\.\d KB \([\d,]+ lines, ≈25k tokens/);
    expect(note).toContain(`${DATA_NOTE}\n<cairn-data source="file name">\nbig.txt\n</cairn-data>`);
    expect(await hook("PreToolUse", captured("PreToolUse-Read-offset-limit"))).toBe("{}");
    const agent = captured("PreToolUse-Agent-general-purpose");
    expect(context(await hook("PreToolUse", agent))).toContain('model: "sonnet"');
    writeFileSync(
      join(sb.project, ".claude", "cairn.yaml"),
      "nudge:\n  read: false\n  subagent_model: false\n",
    );
    expect(await hook("PreToolUse", read)).toBe("{}");
    expect(await hook("PreToolUse", agent)).toBe("{}");
  });
});
