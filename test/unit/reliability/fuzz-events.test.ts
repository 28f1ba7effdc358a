import { readFileSync, statSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EVENT_NAMES,
  type EventName,
  noopAnswer,
  parseEvent,
  renderAnswer,
} from "../../../src/claude/events.ts";
import { extractOutput } from "../../../src/claude/tool-outputs.ts";
import { dispatch } from "../../../src/hooks/dispatch.ts";
import { loadCorpus, readText } from "../compress/corpus.ts";
import {
  expectNoBugs,
  fuzzTally,
  type HookHarness,
  hookHarness,
  type J,
  jsonTree,
  logText,
  mutateText,
  mutateTree,
  nastyString,
  realHookInputs,
  render,
  textMutations,
  timeoutFor,
  toJ,
  tooDeep,
  treeMutations,
} from "./fuzz-support.ts";

// Event parsing and the whole dispatcher, in-process, on random JSON and on real
// captured hook inputs mutated (fields dropped or retyped, huge strings, unicode, NUL,
// deep nesting, prototype keys, byte flips). For every case:
//
// - dispatch never throws, and answers valid JSON for the event (PreCompact: plain
//   text, or the JSON block); hookSpecificOutput names the event;
// - no part fails with a bug (a TypeError and the like, caught only by the boundary);
//   I/O errors on paths the input names are the input's fault and may be logged, and
//   so may the RangeError of input nested too deeply to write back (see tooDeep);
// - a PostToolUse updatedToolOutput has the tool's shape: a string stays a string,
//   content blocks stay blocks, an object keeps every key of the original (but the
//   spilled-output fields, dropped on purpose) with the same JSON type;
// - what it shows (header and excerpt) is never longer than the original text.

const fuzz = fuzzTally("events");

const real = realHookInputs();
const corpus = loadCorpus()
  .map((e) => readText(e))
  .filter((t) => t.length < 400_000);

/** Real events of each tool, and two more tools Claude Code has (no capture, shapes from sdk-tools.d.ts). */
function withWebTools(events: Record<string, unknown>[]): Record<string, unknown>[] {
  const bash = events.find((e) => e.hook_event_name === "PostToolUse" && e.tool_name === "Bash")!;
  return [
    ...events,
    {
      ...bash,
      tool_name: "WebFetch",
      tool_input: { url: "https://example.com/doc", prompt: "summarise" },
      tool_response: {
        bytes: 10,
        code: 200,
        codeText: "OK",
        result: "text",
        durationMs: 5,
        url: "https://example.com/doc",
      },
    },
    {
      ...bash,
      tool_name: "WebSearch",
      tool_input: { query: "vitest config" },
      tool_response: {
        query: "vitest config",
        results: [
          { tool_use_id: "srvtoolu_1", content: [{ title: "Config", url: "https://vitest.dev" }] },
          "text",
        ],
        durationSeconds: 1.2,
      },
    },
  ];
}
// Inputs of events cairn does not handle (PostToolBatch, SubagentStart) only ever get "{}".
const events = withWebTools(real).filter((e) =>
  (EVENT_NAMES as readonly unknown[]).includes(e.hook_event_name),
);

/** `arb` at odds of `odds` to 1 against undefined (1: half the cases). */
const sometimes = <T>(arb: fc.Arbitrary<T>, odds: number): fc.Arbitrary<T | undefined> =>
  fc.oneof(
    { weight: Math.round(odds * 7), arbitrary: arb },
    { weight: 7, arbitrary: fc.constant(undefined) },
  );

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The event with its tool's long text replaced by `text`, so the compressor has work to do. */
function enlarge(event: Obj, text: string): Obj {
  const r = event.tool_response;
  const tool = String(event.tool_name ?? "");
  if (event.hook_event_name !== "PostToolUse") return event;
  if (tool === "Bash" && isObj(r)) return { ...event, tool_response: { ...r, stdout: text } };
  if (tool === "Read" && isObj(r) && isObj(r.file)) {
    const { limit: _l, ...input } = (event.tool_input ?? {}) as Obj;
    return { ...event, tool_input: input, tool_response: { ...r, file: { ...r.file, content: text } } };
  }
  if (tool === "Grep" && isObj(r))
    return typeof r.content === "string"
      ? { ...event, tool_response: { ...r, content: text } }
      : { ...event, tool_response: { ...r, filenames: text.split("\n") } };
  if (tool === "Glob" && isObj(r)) return { ...event, tool_response: { ...r, filenames: text.split("\n") } };
  if (tool === "WebFetch" && isObj(r)) return { ...event, tool_response: { ...r, result: text } };
  if (tool === "WebSearch" && isObj(r) && Array.isArray(r.results))
    return {
      ...event,
      tool_response: { ...r, results: [...r.results.filter((x) => typeof x !== "string"), text] },
    };
  if (tool.startsWith("mcp__"))
    return { ...event, tool_response: Array.isArray(r) ? [{ type: "text", text }] : text };
  return event;
}

/** Long text for an output: a real one from the corpus, or log-like lines repeated past 30 KB. */
const bigText: fc.Arbitrary<string> = fc.oneof(
  fc.nat().map((i) => corpus[i % corpus.length]!),
  logText.map((t) => (t.length === 0 ? "x" : t.repeat(Math.ceil(30_000 / Math.max(1, t.length))))),
);

interface Case {
  readonly name: string;
  readonly raw: string;
}

const OTHER_NAMES = ["PostToolBatch", "SubagentStart", "posttooluse", "", "__proto__", "constructor"];

/** A real event, maybe enlarged, mutated as a tree and sometimes as bytes, sent under its own name or another. */
const mutatedReal: fc.Arbitrary<Case> = fc
  .record({
    i: fc.nat(),
    big: sometimes(bigText, 1),
    muts: sometimes(treeMutations(4), 1),
    // Byte mutations mostly break the JSON, which the first check already refuses.
    bytes: sometimes(textMutations(2), 1 / 7),
    name: fc.oneof(
      { weight: 8, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom<string>(...EVENT_NAMES, ...OTHER_NAMES) },
    ),
  })
  .map((r) => {
    let event = events[r.i % events.length]!;
    if (r.big !== undefined) event = enlarge(event, r.big);
    let tree: J = toJ(event);
    if (r.muts) tree = mutateTree(tree, r.muts, { hugeMax: 300_000, deepMax: 20_000 });
    const text = render(tree);
    return {
      name: r.name ?? String(event.hook_event_name),
      raw: r.bytes ? mutateText(text, r.bytes) : text,
    };
  });

/** A real PostToolUse with a long output, sometimes mutated: the cases that reach a replacement. */
const postToolUse: fc.Arbitrary<Case> = fc
  .record({
    i: fc.nat(),
    big: bigText,
    muts: sometimes(treeMutations(3), 1),
  })
  .map((r) => {
    const posts = events.filter((e) => e.hook_event_name === "PostToolUse");
    let tree: J = toJ(enlarge(posts[r.i % posts.length]!, r.big));
    if (r.muts) tree = mutateTree(tree, r.muts, { hugeMax: 300_000, deepMax: 20_000 });
    return { name: "PostToolUse", raw: render(tree) };
  });

/** Random JSON (or not) under a random event name. */
const randomCase: fc.Arbitrary<Case> = fc.record({
  name: fc.constantFrom<string>(...EVENT_NAMES, ...OTHER_NAMES),
  raw: fc.oneof(jsonTree.map(render), nastyString, fc.string({ unit: "binary", maxLength: 200 })),
});

const caseArb: fc.Arbitrary<Case> = fc.oneof(
  { weight: 5, arbitrary: mutatedReal },
  { weight: 1, arbitrary: randomCase },
);

/** The JSON kind of a value, as a schema that checks types sees it. */
const kind = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/**
 * Problems with `updated` as a replacement for `original` (the tool's own output), or [].
 * Objects are compared to a depth of 100: cairn copies what lies deeper untouched, and
 * a mutated input can nest deeper than this recursion may go (found by the soak).
 */
function shapeProblems(original: unknown, updated: unknown, depth = 0): string[] {
  if (depth > 100) return [];
  if (typeof original === "string")
    return typeof updated === "string" ? [] : [`a string became ${kind(updated)}`];
  if (Array.isArray(original)) {
    if (!Array.isArray(updated)) return [`content blocks became ${kind(updated)}`];
    return updated.flatMap((b, i) =>
      isObj(b) && typeof b.type === "string" && (b.type !== "text" || typeof b.text === "string")
        ? []
        : [`block ${i} is not a content block`],
    );
  }
  if (!isObj(original)) return [`replaced an output of kind ${kind(original)}`];
  if (!isObj(updated)) return [`an object became ${kind(updated)}`];
  const problems: string[] = [];
  for (const [k, v] of Object.entries(original)) {
    // Dropped on purpose: without them the model sees the excerpt, not a spill preview.
    if (k === "persistedOutputPath" || k === "persistedOutputSize") continue;
    if (!Object.hasOwn(updated, k)) problems.push(`key ${k} is gone`);
    else if (kind(updated[k]) !== kind(v))
      problems.push(`key ${k} went from ${kind(v)} to ${kind(updated[k])}`);
    else if (isObj(v)) problems.push(...shapeProblems(v, updated[k], depth + 1).map((p) => `${k}: ${p}`));
  }
  const strings = (v: unknown) => Array.isArray(v) && v.every((f) => typeof f === "string");
  if (strings(original.filenames) && !strings(updated.filenames))
    problems.push("filenames holds a non-string");
  return problems;
}

/** The original text the hook worked on: Claude Code's spilled file when there is one, else what it received. */
function originalLength(event: Obj): number | undefined {
  const out = extractOutput(String(event.tool_name), (event.tool_input ?? {}) as Obj, event.tool_response);
  if (!out) return undefined;
  if (out.persistedPath) {
    try {
      if (statSync(out.persistedPath).isFile()) return readFileSync(out.persistedPath, "utf8").length;
    } catch {
      // Unreadable: the hook used what it received.
    }
  }
  return out.text.length;
}

async function checkDispatch(h: HookHarness, c: Case): Promise<void> {
  h.drain();
  const where = `${c.name} <- ${c.raw.length > 300 ? `${c.raw.slice(0, 300)}…` : c.raw}`;
  const result = await dispatch(c.name, c.raw, h.deps);
  fuzz.count(result.outcome);
  expect(typeof result.output, where).toBe("string");
  const logged = h.drain();
  if (tooDeep(c.raw)) {
    fuzz.count("too deep to write back");
    expectNoBugs(
      logged.filter((l) => !(l.err instanceof RangeError && /call stack/.test(l.err.message))),
      where,
    );
  } else expectNoBugs(logged, where);
  if (c.name === "PreCompact") {
    // Plain stdout is compaction instructions; JSON there is only ever the block.
    if (result.output.startsWith("{")) expect(JSON.parse(result.output).decision, where).toBe("block");
    return;
  }
  const answer = JSON.parse(result.output) as Obj;
  expect(isObj(answer), where).toBe(true);
  const specific = answer.hookSpecificOutput;
  if (specific === undefined) return;
  expect(isObj(specific) && specific.hookEventName, where).toBe(c.name);
  if (c.name !== "PostToolUse" || !isObj(specific) || !("updatedToolOutput" in specific)) return;
  const event = JSON.parse(c.raw.charCodeAt(0) === 0xfeff ? c.raw.slice(1) : c.raw) as Obj;
  const updated = specific.updatedToolOutput;
  fuzz.count("replacements");
  expect(shapeProblems(event.tool_response, updated), where).toEqual([]);
  const before = originalLength(event);
  const after = extractOutput(String(event.tool_name), (event.tool_input ?? {}) as Obj, updated)?.text.length;
  expect(before, where).toBeDefined();
  expect(after, `${where}: the replacement's text cannot be read back`).toBeDefined();
  expect(after!, `${where}: the replacement is longer than the original`).toBeLessThanOrEqual(before!);
}

describe("fuzz: event parsing", () => {
  it(
    "parseEvent never throws and says what is wrong; renderAnswer and noopAnswer give valid answers",
    () => {
      fuzz.check(
        fc.property(caseArb, fc.constantFrom(...EVENT_NAMES), (c, name: EventName) => {
          let input: unknown;
          try {
            input = JSON.parse(c.raw);
          } catch {
            input = c.raw; // a string is an input too: parseEvent must refuse it cleanly
          }
          const parsed = parseEvent(name, input);
          if (!parsed.ok) expect(typeof parsed.problem).toBe("string");
          else expect(parsed.event.hook_event_name).toBe(name);
          const noop = noopAnswer(name);
          if (name === "PreCompact") expect(noop).toBe("");
          else expect(JSON.parse(noop)).toEqual({});
          const rendered = renderAnswer(name, { additionalContext: c.raw, systemMessage: c.raw } as never);
          if (name !== "PreCompact") {
            const a = JSON.parse(rendered) as Obj;
            expect((a.hookSpecificOutput as Obj).hookEventName).toBe(name);
            expect((a.hookSpecificOutput as Obj).additionalContext).toBe(c.raw);
          }
        }),
        10,
      );
    },
    timeoutFor(10, 5),
  );
});

describe("fuzz: the dispatcher, in-process", () => {
  let h: HookHarness;
  let eager: HookHarness;
  beforeAll(async () => {
    h = await hookHarness();
    // Everything compressed, however small: the excerpt must still never be the longer.
    eager = await hookHarness({ compress: { min_bytes: 0, read_min_bytes: 0, read_code_min_bytes: 0 } });
  });
  afterAll(() => {
    h.cleanup();
    eager.cleanup();
  });

  it(
    "never throws, answers validly, no part fails, replacements keep the tool's shape and never grow",
    async () => {
      await fuzz.checkAsync(
        fc.asyncProperty(caseArb, (c) => checkDispatch(h, c)),
        5,
      );
    },
    timeoutFor(5, 60),
  );

  it(
    "PostToolUse with long outputs of every tool: replacements keep the shape and never grow",
    async () => {
      await fuzz.checkAsync(
        fc.asyncProperty(postToolUse, (c) => checkDispatch(h, c)),
        3,
      );
    },
    timeoutFor(3, 60),
  );

  it(
    "the same with compression of every output, however small",
    async () => {
      await fuzz.checkAsync(
        fc.asyncProperty(fc.oneof(mutatedReal, postToolUse), (c) => checkDispatch(eager, c)),
        2,
      );
    },
    timeoutFor(2, 60),
  );
});
