// The whole-session cost: one scripted session of 100 tool calls on a real checkout (a git
// repository of the `yaml` package's sources with scripted history, its tests run by
// vitest, a TypeScript folder with errors, an application log), run through the real
// Claude Code CLI without cairn and with it. The calls are what a session does: status,
// log and diff, test runs and builds, greps, reads (some again), edits, listings, and
// the same commands again later. Measured: the final live context, i.e. what the last
// request carries (its messages, and the whole body with Claude Code's system prompt and
// tool definitions), and the input over all requests. Sizes are characters / 4 (the
// scripted server sees the requests, not token counts): estimates, the same for both.
// Run alone: npx node bench/session.ts   (BENCH_SESSION_CALLS=N, default 100;
// BENCH_SESSION_ALLOW_BASH=1 adds a Bash allow rule to Claude Code's settings;
// BENCH_SESSION_CONFIG=<yaml> is cairn's user config in the run with cairn;
// BENCH_SESSION_DUMP=<dir> writes the last request's messages of each run there)
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { cairn, cairnDb, installCairn } from "../test/e2e/harness/cairn.ts";
import { makeSandbox, runClaude, type Sandbox } from "../test/e2e/harness/claude.ts";
import { bash, type MockApi, type Step, startMockApi, text, tool } from "../test/e2e/harness/mock-api.ts";
import { makeLog } from "./corpus/gen-files.ts";
import { must, REPO } from "./corpus/gen-support.ts";
import { table } from "./lib/stats.ts";

const ALLOW_BASH = process.env.BENCH_SESSION_ALLOW_BASH === "1";

/** Source files of the checkout (relative), read and edited by the script. */
function checkout(sb: Sandbox): string[] {
  const from = join(REPO, "node_modules/yaml/dist");
  must(`cp -r '${from}' '${join(sb.project, "src")}'`, REPO);
  symlinkSync(join(REPO, "node_modules"), join(sb.project, "node_modules"));
  sb.writeFile(".gitignore", "node_modules\n");
  sb.writeFile(
    "package.json",
    JSON.stringify({ name: "yaml-fork", version: "2.9.0", private: true }, null, 2),
  );
  const cases = Array.from({ length: 60 }, (_, i) => {
    const want = i % 29 === 7 ? `{ key${i}: ${i + 1} }` : `{ key${i}: ${i} }`;
    return `  it("parses mapping ${i}", () => expect(YAML.parse("key${i}: ${i}")).toEqual(${want}));`;
  });
  sb.writeFile(
    "test/parse.test.mjs",
    `import { describe, expect, it } from "vitest";\nimport YAML from "../src/index.js";\ndescribe("parse", () => {\n${cases.join("\n")}\n});\n`,
  );
  sb.writeFile(
    "tsconfig.json",
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "es2022" }, include: ["types"] }),
  );
  const typed = Array.from({ length: 40 }, (_, i) =>
    i % 9 === 4
      ? `export const option${i}: number = "wrong ${i}";`
      : `export function option${i}(value: number): number {\n  return value + ${i};\n}`,
  );
  sb.writeFile("types/options.ts", `${typed.join("\n")}\n`);
  sb.writeFile("logs/app.log", makeLog(1500, 77, 0.01));
  const env = {
    GIT_AUTHOR_DATE: "2026-11-01T10:00:00Z",
    GIT_COMMITTER_DATE: "2026-11-01T10:00:00Z",
  };
  must(
    "git init -q -b main && git config user.name Dev && git config user.email dev@example.com",
    sb.project,
  );
  must("git add -A && git commit -q -m 'import yaml 2.9.0 sources'", sb.project, env);
  const files = must("git ls-files src", sb.project)
    .split("\n")
    .filter((f) => f.endsWith(".js"));
  // A history to log: small scripted changes over a few dozen commits.
  for (let i = 0; i < 30; i++) {
    const f = files[(i * 7) % files.length]!;
    sb.writeFile(f, `${readFileSync(join(sb.project, f), "utf8")}\n// note ${i}: reviewed\n`);
    must(`git commit -qam 'review ${relative("src", f)} (#${200 + i})'`, sb.project, env);
  }
  return files;
}

/** A line that occurs once in the file, for an Edit's old_string. */
function uniqueLine(path: string): string {
  const lines = readFileSync(path, "utf8").split("\n");
  const counts = new Map<string, number>();
  for (const l of lines) counts.set(l, (counts.get(l) ?? 0) + 1);
  return lines.find((l) => l.trim().length > 25 && counts.get(l) === 1) ?? lines[0]!;
}

/** The session: an opening survey, then rounds of read, search, edit, check, with repeats. */
function script(sb: Sandbox, files: string[], calls: number): Step[] {
  const P = sb.project;
  const big = [
    "src/parse/parser.js",
    "src/parse/lexer.js",
    "src/doc/Document.js",
    "src/stringify/stringifyString.js",
  ];
  const patterns = ["throw new", "function ", "export", "return [a-z]+\\(", "const \\w+ = require"];
  let n = 0;
  const id = () => `toolu_s${n++}`;
  const b = (cmd: string) => bash(cmd, { id: id() });
  const read = (f: string) => tool("Read", { file_path: join(P, f) }, { id: id() });
  const grep = (pattern: string) =>
    tool("Grep", { pattern, path: join(P, "src"), output_mode: "content", "-n": true }, { id: id() });
  const steps: Step[] = [
    b("git status"),
    b("git log --stat -n 25"),
    tool("Glob", { pattern: "src/**/*.js" }, { id: id() }),
    b("npx vitest run"),
    read(big[0]!),
    grep(patterns[0]!),
    b("grep -n -E 'ERROR|WARN' logs/app.log"),
    b("npx tsc -p ."),
    b("ls -la src src/parse src/compose src/doc"),
    b("git status"),
  ];
  for (let round = 0; steps.length < calls; round++) {
    const edited = files[(round * 5 + 3) % files.length]!;
    const line = uniqueLine(join(P, edited));
    steps.push(
      read(edited),
      grep(patterns[round % patterns.length]!),
      tool(
        "Edit",
        { file_path: join(P, edited), old_string: line, new_string: `${line} // checked ${round}` },
        { id: id() },
      ),
      b("git diff"),
      b("git status"),
      b("npx vitest run"),
      b("npx tsc -p ."),
      read(big[round % big.length]!),
      round % 2 ? b("git log --stat -n 25") : b("grep -n -E 'ERROR|WARN' logs/app.log"),
      round % 3 ? tool("Glob", { pattern: "src/**/*.js" }, { id: id() }) : b("find src -type f"),
    );
  }
  return [...steps.slice(0, calls), text("All done.")];
}

interface Result {
  readonly wallS: number;
  readonly requests: number;
  readonly inputTokens: number;
  readonly lastRequestTokens: number;
  readonly lastMessagesTokens: number;
  /**
   * Tool calls the model was told failed, in the last request: marked `is_error`, or
   * opening with Claude Code's "Exit code N" (cairn's exit trap makes a failing command
   * exit 0 so PostToolUse can file it, and states the status that way). The same calls
   * must fail either way: a difference is a failure read as a success.
   */
  readonly failedCalls: number;
  /** Of those, the ones marked `is_error` (without cairn, all of them; with it, only non-Bash tools). */
  readonly markedCalls: number;
  /** Characters of tool results in the last request, by what was called. */
  readonly byCall: ReadonlyMap<string, number>;
  /** Characters of the last request's messages, by part (tool results per tool, calls, text, headers). */
  readonly byPart: ReadonlyMap<string, number>;
  /** UTF-8 bytes of every tool result in the last request: what the model was shown of tool outputs, measured. */
  readonly resultBytes: number;
  /** cairn's own figures for the session (with cairn only): `cairn report --json`, and the old saving. */
  readonly figures?: SessionFigures;
}

interface SessionFigures {
  /** The figure cairn showed before: original minus excerpt, over filed outputs. */
  readonly oldSavedBytes: number;
  readonly counterfactualBytes: number;
  readonly shownBytes: number;
  readonly savedBytes: number;
  readonly retrievals: number;
  readonly retrievedBytes: number;
  readonly netBytes: number;
  readonly moreThanAlone: number;
}

type Block = {
  type?: string;
  id?: string;
  name?: string;
  input?: Record<string, unknown>;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
};

/** What each tool call costs in the final context, grouped by its command (or tool). */
const STATED_FAILURE = /^(?:Error: )?Exit code \d+(?:\n|$)/;

/** How many tool results say the call failed, and how many of them are marked `is_error`. */
export function failedAsSeen(messages: readonly { content: unknown }[]): {
  failedCalls: number;
  markedCalls: number;
} {
  const results = messages
    .flatMap((m) => (Array.isArray(m.content) ? (m.content as Block[]) : []))
    .filter((b) => b.type === "tool_result");
  const text = (b: Block) =>
    typeof b.content === "string"
      ? b.content
      : Array.isArray(b.content)
        ? b.content.map((c: { text?: unknown }) => (typeof c.text === "string" ? c.text : "")).join("\n")
        : "";
  return {
    failedCalls: results.filter((b) => b.is_error === true || STATED_FAILURE.test(text(b))).length,
    markedCalls: results.filter((b) => b.is_error === true).length,
  };
}

function resultSizes(messages: readonly { content: unknown }[]): Map<string, number> {
  const blocks = messages.flatMap((m) => (Array.isArray(m.content) ? (m.content as Block[]) : []));
  const label = new Map<string, string>();
  for (const b of blocks)
    if (b.type === "tool_use" && b.id)
      label.set(b.id, b.name === "Bash" ? String(b.input?.command) : String(b.name));
  const sizes = new Map<string, number>();
  for (const b of blocks) {
    if (b.type !== "tool_result" || !b.tool_use_id) continue;
    const key = label.get(b.tool_use_id) ?? "?";
    sizes.set(key, (sizes.get(key) ?? 0) + JSON.stringify(b.content ?? "").length);
  }
  return sizes;
}

/** Where the final context goes: tool results per tool, the calls themselves, other text, and cairn's header lines. */
export function partSizes(messages: readonly { content: unknown }[]): Map<string, number> {
  const sizes = new Map<string, number>();
  const add = (k: string, n: number) => sizes.set(k, (sizes.get(k) ?? 0) + n);
  const tools = new Map<string, string>();
  for (const m of messages) {
    if (!Array.isArray(m.content)) {
      add("other text", JSON.stringify(m.content ?? "").length);
      continue;
    }
    for (const b of m.content as Block[]) {
      if (b.type === "tool_use") {
        if (b.id) tools.set(b.id, String(b.name));
        add("tool calls (inputs)", JSON.stringify(b).length);
      } else if (b.type === "tool_result") {
        const body = JSON.stringify(b.content ?? "");
        add(`results: ${tools.get(b.tool_use_id ?? "") ?? "?"}`, body.length);
        // cairn's own lines: headers, retrieval commands, the Read hint, repeat references.
        const own = body.split(/\\n|\\t/).filter((l) => /^\[(?:cairn #|full output:|L<n>|Lines:)/.test(l));
        add(
          "  of which cairn header lines",
          own.reduce((a, l) => a + l.length, 0),
        );
      } else add("other text", JSON.stringify(b).length);
    }
  }
  return sizes;
}

/** Bytes of every tool result's text in the messages: what the model was shown, as the ledger counts it. */
function resultBytes(messages: readonly { content: unknown }[]): number {
  let n = 0;
  for (const m of messages)
    for (const b of Array.isArray(m.content) ? (m.content as Block[]) : []) {
      if (b.type !== "tool_result") continue;
      const c = b.content;
      if (typeof c === "string") n += Buffer.byteLength(c);
      else if (Array.isArray(c))
        for (const x of c as { type?: string; text?: string }[])
          if (x.type === "text") n += Buffer.byteLength(x.text ?? "");
    }
  return n;
}

/** The session as cairn counts it (`cairn report --json`), beside the figure it showed before (original - excerpt). */
async function cairnFigures(sb: Sandbox, sessionId: string): Promise<SessionFigures> {
  const r = await cairn(sb, ["report", "--session", sessionId, "--json"]);
  if (r.code !== 0) throw new Error(`cairn report: ${r.stderr}`);
  const t = (JSON.parse(r.stdout) as { figures: { total: Omit<SessionFigures, "oldSavedBytes"> } }).figures
    .total;
  const db = cairnDb(sb);
  try {
    const old = db
      .prepare(
        "SELECT coalesce(sum(max(0, original_bytes - coalesce(excerpt_bytes, original_bytes))), 0) AS n FROM outputs WHERE session_id = ?",
      )
      .get(sessionId) as { n: number };
    return { ...t, oldSavedBytes: old.n };
  } finally {
    db.close();
  }
}

async function session(api: MockApi, withCairn: boolean, calls: number): Promise<Result> {
  const sb = makeSandbox({ prefix: withCairn ? "cairn-bench-with" : "cairn-bench-without" });
  try {
    const files = checkout(sb);
    if (ALLOW_BASH) sb.writeSettings({ permissions: { allow: ["Bash"] } });
    if (withCairn) await installCairn(sb);
    // What a setting would change: BENCH_SESSION_CONFIG="compress:\n  read_min_bytes: 12000".
    if (withCairn && process.env.BENCH_SESSION_CONFIG)
      writeFileSync(join(sb.home, ".cairn", "config.yaml"), `${process.env.BENCH_SESSION_CONFIG}\n`, {
        mode: 0o600,
      });
    api.clearRequests();
    api.script(script(sb, files, calls));
    const run = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "Fix the failing tests.",
      timeoutMs: 1_800_000,
    });
    if (run.exitCode !== 0) throw new Error(`claude exited ${run.exitCode}: ${run.stderr.slice(0, 300)}`);
    const main = api.mainRequests();
    // For a look at what the model read: BENCH_SESSION_DUMP=dir writes the last request's messages.
    const dump = process.env.BENCH_SESSION_DUMP;
    if (dump) {
      mkdirSync(dump, { recursive: true });
      writeFileSync(
        join(dump, `session-${withCairn ? "with" : "without"}.json`),
        JSON.stringify(main.at(-1)?.body.messages ?? [], null, 1),
      );
    }
    const tokens = main.map((r) => Math.ceil(JSON.stringify(r.body).length / 4));
    const last = main.at(-1);
    const figures = withCairn ? await cairnFigures(sb, run.sessionId) : undefined;
    return {
      wallS: run.durationMs / 1000,
      requests: main.length,
      inputTokens: tokens.reduce((a, b) => a + b, 0),
      lastRequestTokens: tokens.at(-1) ?? 0,
      lastMessagesTokens: last ? Math.ceil(JSON.stringify(last.body.messages ?? []).length / 4) : 0,
      ...failedAsSeen(last?.body.messages ?? []),
      byCall: resultSizes(last?.body.messages ?? []),
      byPart: partSizes(last?.body.messages ?? []),
      resultBytes: resultBytes(last?.body.messages ?? []),
      ...(figures ? { figures } : {}),
    };
  } finally {
    sb.cleanup();
  }
}

export async function benchSession(): Promise<{ markdown: string; summary: Record<string, number> }> {
  const calls = Number(process.env.BENCH_SESSION_CALLS ?? 100);
  const api = await startMockApi();
  try {
    const without = await session(api, false, calls);
    const withCairn = await session(api, true, calls);
    const share = (a: number, b: number) => `${((a / b) * 100).toFixed(1)}% of without`;
    const k = (x: number) => x.toLocaleString("en-US");
    const markdown = [
      "## Whole session",
      "",
      `One scripted session of ${calls} tool calls on a real checkout (a git repository of the \`yaml\` package's sources with 30 scripted commits, its vitest tests with 3 failing, a TypeScript folder with errors, a 1,500-line log): status, log, diff, test runs, tsc, greps, reads (some again), edits, listings, and the same commands again later. Through the real Claude Code CLI, without and with cairn installed (${ALLOW_BASH ? "with" : "without"} a Bash allow rule; outputs are filed in PostToolUse, a failing command's too through the exit trap). Sizes are request characters / 4: estimates, the same for both. Target (issue 14): the final live context ≤ 20% of without.`,
      "",
      table(
        ["", "without cairn", "with cairn", "with / without"],
        [
          [
            "final live context: last request's messages (est. tokens)",
            k(without.lastMessagesTokens),
            k(withCairn.lastMessagesTokens),
            share(withCairn.lastMessagesTokens, without.lastMessagesTokens),
          ],
          [
            "final live context: whole last request, with system prompt and tools (est. tokens)",
            k(without.lastRequestTokens),
            k(withCairn.lastRequestTokens),
            share(withCairn.lastRequestTokens, without.lastRequestTokens),
          ],
          [
            "input over all requests (est. tokens)",
            k(without.inputTokens),
            k(withCairn.inputTokens),
            share(withCairn.inputTokens, without.inputTokens),
          ],
          ["model requests", String(without.requests), String(withCairn.requests), ""],
          [
            "tool calls the model was told failed (is_error, or Exit code N stated)",
            `${without.failedCalls} (${without.markedCalls} is_error)`,
            `${withCairn.failedCalls} (${withCairn.markedCalls} is_error)`,
            withCairn.failedCalls === without.failedCalls
              ? "the same"
              : "**differs: a failure read as a success**",
          ],
          ["wall time", `${without.wallS.toFixed(1)} s`, `${withCairn.wallS.toFixed(1)} s`, ""],
        ],
      ),
      "",
      "What cairn counts for the session with it (`cairn report --json`, bytes), beside the tool results measured in the last request of each run and the figure cairn showed before (original minus excerpt, over the outputs it filed):",
      "",
      figuresTable(without, withCairn),
      "",
      "Where the final context goes (characters of the last request's messages, by part):",
      "",
      table(
        ["part", "without cairn", "with cairn"],
        [...new Set([...without.byPart.keys(), ...withCairn.byPart.keys()])]
          .sort((a, b) => (withCairn.byPart.get(b) ?? 0) - (withCairn.byPart.get(a) ?? 0))
          .map((part) => [part, k(without.byPart.get(part) ?? 0), k(withCairn.byPart.get(part) ?? 0)]),
      ),
      "",
      "What the tool results weigh in the final context, by call (characters, largest first):",
      "",
      table(
        ["call", "without cairn", "with cairn", "with / without"],
        [...without.byCall.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 15)
          .map(([call, w]) => {
            const c = withCairn.byCall.get(call) ?? 0;
            return [`\`${call.slice(0, 60)}\``, k(w), k(c), `${((c / w) * 100).toFixed(0)}%`];
          }),
      ),
    ].join("\n");
    return {
      markdown,
      summary: {
        "session.wall_s.without": without.wallS,
        "session.wall_s.with": withCairn.wallS,
        "session.input_tokens.without": without.inputTokens,
        "session.input_tokens.with": withCairn.inputTokens,
        "session.last_request_tokens.without": without.lastRequestTokens,
        "session.last_request_tokens.with": withCairn.lastRequestTokens,
        "session.last_messages_tokens.without": without.lastMessagesTokens,
        "session.last_messages_tokens.with": withCairn.lastMessagesTokens,
        ...(withCairn.figures
          ? {
              "session.saved_bytes.old_method": withCairn.figures.oldSavedBytes,
              "session.counterfactual_bytes": withCairn.figures.counterfactualBytes,
              "session.shown_bytes": withCairn.figures.shownBytes,
              "session.retrieved_bytes": withCairn.figures.retrievedBytes,
              "session.net_saved_bytes": withCairn.figures.netBytes,
            }
          : {}),
        "session.final_context_share":
          Math.round((withCairn.lastMessagesTokens / without.lastMessagesTokens) * 10000) / 10000,
      },
    };
  } finally {
    await api.close();
  }
}

/** Net savings (retrievals included) next to the figure cairn showed before, and the measured truth of both runs. */
function figuresTable(without: Result, withCairn: Result): string {
  const f = withCairn.figures;
  if (!f) return "(no figures: the run with cairn did not report)";
  const k = (x: number) => x.toLocaleString("en-US");
  return table(
    ["", "bytes"],
    [
      ["saved, as cairn counted it before (original - excerpt, filed outputs only)", k(f.oldSavedBytes)],
      ["tool results the model was shown without cairn (measured, last request)", k(without.resultBytes)],
      ["tool results the model was shown with cairn (measured, last request)", k(withCairn.resultBytes)],
      ["what Claude Code alone would have shown (cairn's counterfactual)", k(f.counterfactualBytes)],
      ["what the model was shown of them (cairn's count)", k(f.shownBytes)],
      ["saved: alone - shown", k(f.savedBytes)],
      [
        `read back (${f.retrievals} retrievals: cairn show, re-runs and re-reads after an excerpt)`,
        k(f.retrievedBytes),
      ],
      ["**net saved: alone - shown - read back**", `**${k(f.netBytes)}**`],
      ["outputs where cairn showed more than Claude Code alone", String(f.moreThanAlone)],
    ],
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log((await benchSession()).markdown);
}
