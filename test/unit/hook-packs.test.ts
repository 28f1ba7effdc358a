import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CAIRN, REPO, runCairn, tempHome } from "../helpers/cairn.ts";

// A PostToolUse hook loads its lazy files from the packs scripts/build.mjs makes for it
// (src/chunk-loader.ts): one file for the event's parts, one for filing. Through the
// built hook, on a real 50 KB output: every lazy file the filing asks for is in a pack,
// and the answer is the same as through the lazy files' own files.

const captured = JSON.parse(
  readFileSync(join(REPO, "test/fixtures/hook-inputs/PostToolUse-Bash-small.json"), "utf8"),
);
const output = readFileSync(join(REPO, "test/fixtures/outputs/log-nginx-access.txt"), "utf8").slice(
  0,
  50 * 1024,
);

/** The entry's table of packs, per event (written by the build on its third line). */
function packsOf(event: string): Record<string, string> {
  const line = readFileSync(CAIRN, "utf8").split("\n")[2]!;
  const all = JSON.parse(/^globalThis\.__cairnChunkPacks=(\{.*\});$/.exec(line)![1]!) as Record<
    string,
    Record<string, string>
  >;
  return all[event] ?? {};
}

/** A preload that keeps the entry from setting its packs: the lazy files load from their own files. */
const NO_PACKS = `Object.defineProperty(globalThis, "__cairnChunkPacks", { get: () => undefined, set: () => {} });\n`;

describe("the PostToolUse packs", () => {
  let sb: ReturnType<typeof tempHome>;
  let calls = 0;
  beforeEach(() => {
    sb = tempHome();
    mkdirSync(sb.project, { recursive: true });
    mkdirSync(join(sb.home, ".cairn"), { recursive: true, mode: 0o700 });
    writeFileSync(join(sb.home, "no-packs.cjs"), NO_PACKS);
    calls = 0;
  });
  afterEach(() => sb.cleanup());

  /** Files the 50 KB output in a session of its own; returns the answer (ids masked) and the trace. */
  const file = async (env: NodeJS.ProcessEnv = {}) => {
    const r = await runCairn(["hook", "PostToolUse"], {
      input: JSON.stringify({
        ...captured,
        session_id: `pack-session-${++calls}`,
        tool_use_id: `toolu_pack_${calls}`,
        tool_input: { command: "cat /var/log/nginx/access.log" },
        tool_response: { ...captured.tool_response, stdout: output },
        cwd: sb.project,
      }),
      env: { ...sb.env, CAIRN_TRACE: "1", ...env },
      cwd: sb.project,
    });
    expect(r.code, r.stderr).toBe(0);
    const shown = JSON.parse(r.stdout).hookSpecificOutput.updatedToolOutput.stdout as string;
    const trace = JSON.parse(r.stderr.trim().split("\n").at(-1)!).trace as [string, number][];
    return { shown: shown.replace(/#\d+/g, "#N").replace(/ show \d+/g, " show N"), trace };
  };
  const asked = (trace: [string, number][]) =>
    trace.filter(([m]) => m.startsWith("loading ")).map(([m]) => m.slice("loading ".length));

  it("files a large output with lazy files from its packs only, and caches the packs", async () => {
    const packs = packsOf("PostToolUse");
    expect(new Set(Object.values(packs))).toEqual(new Set(["pack-post-tool-use", "pack-filing"]));
    await file(); // the first run makes the code caches
    const { shown, trace } = await file();
    expect(shown).toMatch(/^\[cairn #N · 50\.0 KB/);
    const loaded = asked(trace);
    expect(loaded).toContain("compress-index");
    expect(loaded.filter((c) => !(c in packs))).toEqual([]);
    const caches = readdirSync(join(sb.home, ".cairn", "cache", "v8"));
    expect(caches.map((n) => n.slice(0, n.indexOf("@"))).sort()).toEqual([
      "pack-filing",
      "pack-post-tool-use",
    ]);
  });

  it("answers the same through the packs as through the lazy files' own files", async () => {
    const packed = await file();
    const plain = await file({ NODE_OPTIONS: `--require ${join(sb.home, "no-packs.cjs")}` });
    expect(plain.shown).toBe(packed.shown);
    // Without packs, the lazy files' own caches are the ones made.
    const caches = readdirSync(join(sb.home, ".cairn", "cache", "v8"));
    expect(caches.some((n) => n.startsWith("compress-index@"))).toBe(true);
  });

  it("leaves other events to the lazy files' own files", async () => {
    expect(packsOf("UserPromptSubmit")).toEqual({});
    const input = readFileSync(join(REPO, "test/fixtures/hook-inputs/UserPromptSubmit-basic.json"), "utf8");
    const r = await runCairn(["hook", "UserPromptSubmit"], {
      input,
      env: { ...sb.env, CAIRN_TRACE: "1" },
      cwd: sb.project,
    });
    expect(r.code, r.stderr).toBe(0);
    const trace = JSON.parse(r.stderr.trim().split("\n").at(-1)!).trace as [string, number][];
    expect(asked(trace)).toContain("transports-command");
    const caches = readdirSync(join(sb.home, ".cairn", "cache", "v8"));
    expect(caches.some((n) => n.startsWith("pack-"))).toBe(false);
  });
});
