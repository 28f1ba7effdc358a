// The whole-session cost: one scripted session of 100 real tool calls (real outputs
// from the corpus, greps, reads), run through the real Claude Code CLI without cairn
// and with it, side by side: wall time, and the input tokens sent to the model (the
// scripted model reports chars/4 of each request, so these are estimates).
// Run alone: npx node bench/session.ts   (BENCH_SESSION_CALLS=N, default 100)
import { copyFileSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { installCairn } from "../test/e2e/harness/cairn.ts";
import { makeSandbox, runClaude, type Sandbox } from "../test/e2e/harness/claude.ts";
import { bash, type MockApi, type Step, startMockApi, text, tool } from "../test/e2e/harness/mock-api.ts";
import { table } from "./lib/stats.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");

interface Manifest {
  file: string;
  tool: string;
  bytes: number;
}

function project(sb: Sandbox): string[] {
  const manifest = JSON.parse(
    readFileSync(join(REPO, "test/fixtures/outputs/manifest.json"), "utf8"),
  ) as Manifest[];
  mkdirSync(join(sb.project, "out"), { recursive: true });
  const files: string[] = [];
  for (const m of manifest) {
    if (m.bytes > 400_000) continue; // the 2 MB grep would dominate everything
    copyFileSync(join(REPO, "test/fixtures/outputs", m.file), join(sb.project, "out", m.file));
    files.push(m.file);
  }
  symlinkSync(join(REPO, "src"), join(sb.project, "src"));
  return files;
}

/** 100 calls: cat of real outputs (small and large), greps, reads and globs, in a fixed order. */
function script(sb: Sandbox, files: string[], calls: number): Step[] {
  const kinds = [
    (i: number) => bash(`cat out/${files[i % files.length]}`, { id: `toolu_s${i}` }),
    (i: number) =>
      tool(
        "Grep",
        {
          pattern: ["error", "TODO", "function", "import"][i % 4],
          path: "src",
          output_mode: "content",
          "-n": true,
        },
        { id: `toolu_s${i}` },
      ),
    (i: number) => bash(`cat out/${files[(i * 7) % files.length]} | head -c 20000`, { id: `toolu_s${i}` }),
    (i: number) =>
      tool(
        "Read",
        {
          file_path: join(sb.project, "out", files.filter((f) => f.startsWith("read-"))[i % 6] ?? files[0]!),
        },
        { id: `toolu_s${i}` },
      ),
    (i: number) => tool("Glob", { pattern: "src/**/*.ts" }, { id: `toolu_s${i}` }),
  ];
  return [...Array.from({ length: calls }, (_, i) => kinds[i % kinds.length]!(i)), text("All done.")];
}

interface Result {
  readonly wallS: number;
  readonly requests: number;
  readonly inputTokens: number;
  readonly lastRequestTokens: number;
}

async function session(api: MockApi, withCairn: boolean, calls: number): Promise<Result> {
  const sb = makeSandbox({ prefix: withCairn ? "cairn-bench-with" : "cairn-bench-without" });
  try {
    sb.writeSettings({ permissions: { allow: ["Bash"] } });
    const files = project(sb);
    if (withCairn) await installCairn(sb);
    api.clearRequests();
    api.script(script(sb, files, calls));
    const run = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "Look through the outputs.",
      timeoutMs: 900_000,
    });
    if (run.exitCode !== 0) throw new Error(`claude exited ${run.exitCode}: ${run.stderr.slice(0, 300)}`);
    const main = api.mainRequests();
    const tokens = main.map((r) => Math.ceil(JSON.stringify(r.body).length / 4));
    return {
      wallS: run.durationMs / 1000,
      requests: main.length,
      inputTokens: tokens.reduce((a, b) => a + b, 0),
      lastRequestTokens: tokens.at(-1) ?? 0,
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
    const pct = (a: number, b: number) => `${Math.round((1 - a / b) * 100)}% less`;
    const markdown = [
      "## Whole session",
      "",
      `One scripted session of ${calls} tool calls (cat of real outputs from the corpus, greps over this repository's sources, reads, globs), through the real Claude Code CLI, without and with cairn installed (\`permissions.allow: ["Bash"]\`, so the runner wraps Bash). Input tokens are the request sizes / 4, as the scripted model reports them: estimates.`,
      "",
      table(
        ["", "without cairn", "with cairn", "difference"],
        [
          [
            "wall time",
            `${without.wallS.toFixed(1)} s`,
            `${withCairn.wallS.toFixed(1)} s`,
            `${(withCairn.wallS - without.wallS).toFixed(1)} s (${((withCairn.wallS / without.wallS - 1) * 100).toFixed(0)}%)`,
          ],
          ["model requests", String(without.requests), String(withCairn.requests), ""],
          [
            "input tokens, all requests (est.)",
            without.inputTokens.toLocaleString("en-US"),
            withCairn.inputTokens.toLocaleString("en-US"),
            pct(withCairn.inputTokens, without.inputTokens),
          ],
          [
            "context at the end (est. tokens)",
            without.lastRequestTokens.toLocaleString("en-US"),
            withCairn.lastRequestTokens.toLocaleString("en-US"),
            pct(withCairn.lastRequestTokens, without.lastRequestTokens),
          ],
        ],
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
      },
    };
  } finally {
    await api.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log((await benchSession()).markdown);
}
