/**
 * A package-lock.json read with Read on the real Claude Code CLI. A 12 KB lockfile used
 * to reach the model whole (Reads under 24 KB are never compressed); nobody edits a
 * lockfile, so it is compressed from compress.min_bytes like a command's output. What
 * the model reads keeps each package's path whole after its version, written once for
 * the packages that share it (`1.2.3 dev: node_modules/a node_modules/b`); what does not
 * fit is counted, and the --grep the note names, run as printed through the header's
 * command, returns it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockEntries } from "../../src/compress/kinds/read/lockfile.ts";
import { REPO } from "../helpers/cairn.ts";
import { installCairn } from "./harness/cairn.ts";
import { makeSandbox, type RunClaudeResult, runClaude, type Sandbox } from "./harness/claude.ts";
import { bash, type MockApi, startMockApi, text, tool } from "./harness/mock-api.ts";
import { e2eTimeout } from "./harness/work.ts";

/** The project's own lockfile cut to its head and first `n` packages: a real npm lockfile. */
function lockfile(n: number): string {
  const lock = JSON.parse(readFileSync(join(REPO, "package-lock.json"), "utf8")) as {
    packages: Record<string, unknown>;
  };
  const packages = Object.fromEntries(Object.entries(lock.packages).slice(0, n + 1));
  return `${JSON.stringify({ ...lock, packages }, null, 2)}\n`;
}

/** What the model read, without Claude Code's own line numbers. */
const unnumbered = (shown: string) =>
  shown
    .split("\n")
    .map((l) => l.replace(/^\s*\d+\t/, ""))
    .join("\n");

const headerCommand = (shown: string) => /^\[full output: (.+?)(?: · |\]$)/m.exec(shown)?.[1];
const moreGrep = (shown: string) =>
  /\[(\d+) more packages: the header's command with --grep '([^']+)'\]/.exec(shown);

describe("a lockfile Read", () => {
  const LOCK = lockfile(50);
  let api: MockApi;
  let sb: Sandbox;
  let run: RunClaudeResult;
  let file: string;

  // The session: two tool calls; cairn install.
  const WORK = e2eTimeout({ sessions: 1, tools: 2, commands: 1 });
  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox({ prefix: "cairn-lockfile" });
    file = sb.writeFile("package-lock.json", LOCK);
    sb.writeSettings({ permissions: { allow: ["Bash"] } });
    await installCairn(sb);
    api.script([
      tool("Read", { file_path: file }, { id: "toolu_lock" }),
      // The packages that did not fit, as the note says to get them.
      () => {
        const shown = unnumbered(api.toolResult("toolu_lock") ?? "");
        const grep = moreGrep(shown);
        const command = headerCommand(shown) ?? "echo no header";
        return bash(`${command} --grep '${grep?.[2] ?? '"version": '}'`, { id: "toolu_grep" });
      },
      text("Finished."),
    ]);
    run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "read the lockfile" });
  }, WORK);

  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it("the session completes", () => {
    expect(LOCK.length).toBeGreaterThan(8000);
    expect(LOCK.length).toBeLessThan(24_000);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.resultText).toContain("Finished.");
  });

  it("the model reads each package whole after its version, or counted with the --grep that finds it", () => {
    const shown = unnumbered(api.toolResult("toolu_lock") ?? "");
    expect(shown).toMatch(/^\[cairn #\d+ · /);
    expect(shown.length).toBeLessThan(LOCK.length * 0.2);
    const entries = lockEntries(LOCK.split("\n"));
    const version = new Map(entries.map((e) => [e.path, e.version]));
    const seen = new Set<string>();
    for (const line of shown.split("\n")) {
      const m = /^(\S+)(?: [a-z-]+)*: (node_modules\/.*)$/.exec(line);
      if (!m) continue;
      // Each path written is an entry of the file at that version.
      for (const w of m[2]!.split(" ")) {
        expect(version.get(w), w).toBe(m[1]);
        seen.add(w);
      }
    }
    const grep = moreGrep(shown);
    expect(seen.size + Number(grep?.[1] ?? 0)).toBe(entries.length);
    expect(seen.size).toBeGreaterThan(entries.length / 2);
  });

  it("the note's --grep, run through the header's command as printed, returns the file's lines and every package", () => {
    const out = api.toolResult("toolu_grep") ?? "";
    const lines = LOCK.split("\n");
    // `cairn show --grep` prints each line with its number: "N: " a match, "N- " context.
    const got = out.split("\n").flatMap((l) => {
      const m = /^\s*(\d+)([:-]) (.*)$/.exec(l);
      return m ? [{ n: Number(m[1]), match: m[2] === ":", text: m[3]! }] : [];
    });
    expect(got.filter((g) => g.match).length).toBeGreaterThan(0);
    for (const g of got) expect(g.text, `line ${g.n}`).toBe(lines[g.n - 1]);
    // Every package the excerpt only counted is among the matches.
    const shown = unnumbered(api.toolResult("toolu_lock") ?? "");
    const matched = new Set(got.filter((g) => g.match).map((g) => g.n - 1));
    if (moreGrep(shown)) for (const e of lockEntries(lines)) expect(matched.has(e.line), e.path).toBe(true);
  });
});
