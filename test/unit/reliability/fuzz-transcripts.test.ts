import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTail } from "../../../src/claude/transcript.ts";
import { dispatch } from "../../../src/hooks/dispatch.ts";
import { LAYER, parseEntry, resultText } from "../../../src/memory/entries.ts";
import {
  conversationHolds,
  firstErrorLine,
  scanTranscript,
  transcriptFacts,
} from "../../../src/notebook/transcript-facts.ts";
import { EMPTY_STATE, type ScanState, scanLines } from "../../../src/window/transcript-scan.ts";
import { usageFromTranscriptTail } from "../../../src/window/usage.ts";
import {
  expectNoBugs,
  fuzzTally,
  type HookHarness,
  hookHarness,
  type J,
  jsonTree,
  nastyString,
  realAndMutated,
  realTranscriptLines,
  render,
  timeoutFor,
} from "./fuzz-support.ts";

// Everything that reads transcript lines, on real transcripts (captured from Claude
// Code 2.1.328 and recorded sessions) mutated line by line: truncated lines, flipped
// bytes, fields dropped or of another type, missing message or usage, giant content,
// prototype keys. For every case:
//
// - no exception escapes the public function (none of them is documented to throw);
// - what each returns has the types it declares, so the store can bind every value
//   (a SQLite bind of an object throws) and no NaN or Infinity becomes a token count;
// - at the level a hook calls them (Stop, SessionEnd, PreCompact, UserPromptSubmit,
//   SessionStart, PostToolUse with the transcript on disk), no part fails with a bug.

const fuzz = fuzzTally("transcripts");

const realLines = realTranscriptLines();

/** One transcript line: real, real and mutated (as JSON or as bytes), or random JSON. */
const lineArb = (hugeMax: number): fc.Arbitrary<Buffer> =>
  fc.oneof(...realAndMutated(realLines, { hugeMax, treeMutations: 3, weights: [4, 4, 2] }), {
    weight: 1,
    arbitrary: jsonTree.map((j: J) => Buffer.from(render(j))),
  });

/** One line as parseEntry gets it (decoded), so a counterexample prints as text. */
const lineText = lineArb(1_000_000).map((b) => b.toString("utf8"));

/** A transcript: lines joined by newlines, the last one sometimes torn (no newline yet). */
const transcriptArb = (hugeMax: number, maxLines: number): fc.Arbitrary<Buffer> =>
  fc
    .tuple(fc.array(lineArb(hugeMax), { maxLength: maxLines }), fc.boolean())
    .map(([lines, torn]) =>
      Buffer.concat(lines.flatMap((l, i) => (torn && i === lines.length - 1 ? [l] : [l, nl]))),
    );
const nl = Buffer.from("\n");

const isFiniteNumber = (v: unknown) => typeof v === "number" && Number.isFinite(v);
const isInt = (v: unknown) => Number.isSafeInteger(v);
const strOrNull = (v: unknown) => v === null || typeof v === "string";
const numOrNull = (v: unknown) => v === null || isFiniteNumber(v);

/** Fields of `record` whose value fails its check, as "name=value" for the message. */
function bad(record: object, checks: Record<string, (v: unknown) => boolean>): string[] {
  const r = record as Record<string, unknown>;
  return Object.entries(checks)
    .filter(([k, ok]) => !ok(r[k]))
    .map(([k]) => `${k}=${String(JSON.stringify(r[k]))?.slice(0, 80)}`);
}

const stateArb: fc.Arbitrary<ScanState> = fc.oneof(
  fc.constant(EMPTY_STATE),
  fc.record({
    turn: fc.nat({ max: 1000 }),
    promptId: fc.option(nastyString, { nil: null }),
    epoch: fc.nat({ max: 50 }),
    model: fc.option(nastyString, { nil: null }),
    contextTokens: fc.option(fc.nat({ max: 2_000_000 }), { nil: null }),
    contextAt: fc.option(fc.nat(), { nil: null }),
    maxContextTokens: fc.nat({ max: 2_000_000 }),
    window1m: fc.boolean(),
  }),
);

describe("fuzz: transcript readers, pure", () => {
  it(
    "scanLines (the ledger's reader): never throws, every record typed",
    () => {
      fuzz.check(
        fc.property(
          transcriptArb(1_000_000, 40),
          fc.nat(),
          fc.oneof(fc.constant(""), nastyString),
          stateArb,
          (buf, base, agent, prev) => {
            // The ledger hands over whole lines only.
            const end = buf.lastIndexOf(0x0a);
            const r = scanLines(buf.subarray(0, end + 1), base, agent, prev);
            const problems = [
              ...r.responses.flatMap((x) =>
                bad(x, {
                  messageId: (v) => typeof v === "string",
                  agentId: (v) => typeof v === "string",
                  model: strOrNull,
                  input: isFiniteNumber,
                  cacheCreation: isFiniteNumber,
                  cacheRead: isFiniteNumber,
                  output: isFiniteNumber,
                  at: isFiniteNumber,
                  seq: isInt,
                  turn: isInt,
                  epoch: isInt,
                }),
              ),
              ...r.toolCalls.flatMap((x) =>
                bad(x, {
                  toolUseId: (v) => typeof v === "string",
                  agentId: (v) => typeof v === "string",
                  name: (v) => typeof v === "string",
                  messageId: strOrNull,
                  at: isFiniteNumber,
                }),
              ),
              ...r.toolResults.flatMap((x) =>
                bad(x, {
                  toolUseId: (v) => typeof v === "string",
                  agentId: (v) => typeof v === "string",
                  bytes: isFiniteNumber,
                  tokens: isFiniteNumber,
                  isError: (v) => typeof v === "boolean",
                  at: isFiniteNumber,
                  turn: isInt,
                  epoch: isInt,
                }),
              ),
              ...r.compactions.flatMap((x) =>
                bad(x, {
                  uuid: (v) => typeof v === "string",
                  agentId: (v) => typeof v === "string",
                  at: isFiniteNumber,
                  trigger: strOrNull,
                  preTokens: numOrNull,
                  postTokens: numOrNull,
                  seq: isInt,
                }),
              ),
              ...bad(r.state, {
                turn: isInt,
                promptId: strOrNull,
                epoch: isInt,
                model: strOrNull,
                contextTokens: numOrNull,
                contextAt: numOrNull,
                maxContextTokens: isFiniteNumber,
                window1m: (v) => typeof v === "boolean",
              }),
            ];
            expect(problems).toEqual([]);
            expect(isInt(r.lines)).toBe(true);
          },
        ),
        4,
      );
    },
    timeoutFor(4, 20),
  );

  it(
    "parseEntry (layered memory's reader): never throws, every item typed",
    () => {
      fuzz.check(
        fc.property(lineText, (line) => {
          const e = parseEntry(line);
          if (e === undefined) return;
          expect(
            bad(e, {
              uuid: (v) => typeof v === "string" && v !== "",
              at: isFiniteNumber,
              opensTurn: (v) => typeof v === "boolean",
            }),
          ).toEqual([]);
          for (const item of e.items) {
            expect(
              bad(item, {
                key: (v) => typeof v === "string",
                kind: (v) => typeof v === "string" && v in LAYER,
                text: (v) => typeof v === "string" && v !== "",
                toolName: (v) => v === undefined || typeof v === "string",
                toolUseId: (v) => v === undefined || typeof v === "string",
                isError: (v) => v === undefined || typeof v === "boolean",
              }),
              line.slice(0, 300),
            ).toEqual([]);
          }
        }),
        20,
      );
    },
    timeoutFor(20, 5),
  );

  it(
    "resultText and firstErrorLine: a string whatever the content",
    () => {
      fuzz.check(
        fc.property(jsonTree, (j) => {
          const content = JSON.parse(render(j)) as unknown;
          expect(typeof resultText(content)).toBe("string");
          expect(typeof firstErrorLine(typeof content === "string" ? content : render(j))).toBe("string");
        }),
        10,
      );
    },
    timeoutFor(10, 5),
  );

  it(
    "scanTranscript (the notebook's facts): never throws, facts typed",
    () => {
      fuzz.check(
        fc.property(
          transcriptArb(1_000_000, 40),
          fc.option(fc.integer(), { nil: undefined }),
          fc.boolean(),
          (buf, since, whole) => {
            const f = scanTranscript(buf.toString("utf8").split("\n"), since, whole);
            expect(
              bad(f, {
                outputTokensSince: isFiniteNumber,
                complete: (v) => typeof v === "boolean",
                files: (v) => Array.isArray(v) && v.every((x) => typeof x === "string"),
                failing: (v) =>
                  Array.isArray(v) &&
                  v.every((x) => typeof x.command === "string" && typeof x.error === "string"),
                lastAssistantText: (v) => v === undefined || typeof v === "string",
              }),
            ).toEqual([]);
          },
        ),
        4,
      );
    },
    timeoutFor(4, 20),
  );
});

describe("fuzz: transcript readers, on files", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "cairn-fuzz-tx-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    "readTail, usageFromTranscriptTail, transcriptFacts, conversationHolds: never throw, results typed",
    () => {
      let n = 0;
      fuzz.check(
        fc.property(
          transcriptArb(1_000_000, 30),
          fc.integer({ min: 1, max: 300_000 }),
          nastyString,
          (buf, maxBytes, marker) => {
            const path = join(dir, `t${n++}.jsonl`);
            writeFileSync(path, buf);
            const tail = readTail(path, maxBytes);
            expect(tail.lines.every((l) => typeof l === "string")).toBe(true);
            if (buf.length <= maxBytes) {
              expect(tail.whole).toBe(true);
              expect(tail.lines.join("\n")).toBe(buf.toString("utf8"));
            }
            const u = usageFromTranscriptTail(path);
            if (u !== undefined) {
              expect(
                bad(u, {
                  usedTokens: isFiniteNumber,
                  windowTokens: (v) => isFiniteNumber(v) && (v as number) > 0,
                  usedPct: isFiniteNumber,
                  remainingPct: isFiniteNumber,
                  at: isFiniteNumber,
                  model: (v) => v === undefined || typeof v === "string",
                }),
              ).toEqual([]);
            }
            const f = transcriptFacts(path, undefined);
            expect(isFiniteNumber(f.outputTokensSince)).toBe(true);
            expect(typeof conversationHolds(path, marker)).toBe("boolean");
            rmSync(path);
          },
        ),
        2,
      );
    },
    timeoutFor(2, 40),
  );

  it("a transcript path that is a directory, missing, or a device reads as empty", () => {
    mkdirSync(join(dir, "sub"), { recursive: true });
    for (const path of [join(dir, "sub"), join(dir, "missing.jsonl"), "/dev/null", "", "a\u0000b"]) {
      expect(readTail(path, 1024)).toEqual({ lines: [], whole: true });
      expect(usageFromTranscriptTail(path)).toBeUndefined();
      expect(transcriptFacts(path, undefined).outputTokensSince).toBe(0);
      expect(conversationHolds(path, "x")).toBe(false);
    }
  });
});

describe("fuzz: transcripts at the level a hook reads them", () => {
  let h: HookHarness;
  let base: Record<string, unknown>;
  beforeAll(async () => {
    h = await hookHarness();
    base = {
      session_id: "fuzz-session",
      cwd: h.project,
      permission_mode: "default",
    };
  });
  afterAll(() => h.cleanup());

  /** One event per reader a hook runs over the transcript. */
  const EVENTS: Record<string, Record<string, unknown>> = {
    Stop: { hook_event_name: "Stop", stop_hook_active: false },
    SessionEnd: { hook_event_name: "SessionEnd", reason: "other" },
    PreCompact: { hook_event_name: "PreCompact", trigger: "auto", custom_instructions: null },
    UserPromptSubmit: { hook_event_name: "UserPromptSubmit", prompt: "go on" },
    SessionStart: { hook_event_name: "SessionStart", source: "resume" },
    SubagentStop: { hook_event_name: "SubagentStop", agent_id: "a1", agent_type: "general-purpose" },
    PostToolUse: {
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" },
      tool_use_id: "toolu_fuzz",
      tool_response: { stdout: "a", stderr: "", interrupted: false, isImage: false, noOutputExpected: false },
    },
  };

  it(
    "no part fails on a mutated transcript, and every event answers",
    async () => {
      let n = 0;
      await fuzz.checkAsync(
        fc.asyncProperty(
          transcriptArb(200_000, 40),
          fc.constantFrom(...Object.keys(EVENTS)),
          fc.boolean(),
          async (buf, name, fresh) => {
            n++;
            // A new session reads the file from the start; the same session meets a
            // file that changed under its saved cursor.
            const session = fresh ? `fuzz-${n}` : "fuzz-session";
            const path = join(h.home, `transcript-${n}.jsonl`);
            writeFileSync(path, buf);
            const event = {
              ...base,
              ...EVENTS[name],
              session_id: session,
              transcript_path: path,
              ...(name === "SubagentStop" ? { agent_transcript_path: path } : {}),
            };
            h.drain();
            const r = await dispatch(name, JSON.stringify(event), h.deps);
            fuzz.count(r.outcome);
            expectNoBugs(h.drain(), `${name} on ${buf.toString("utf8").slice(0, 400)}`);
            expect(r.outcome).toBe("ok");
            rmSync(path);
          },
        ),
        1,
      );
    },
    timeoutFor(1, 300),
  );
});
