/**
 * Spilled Bash outputs in the fact corpus (bench/corpus/facts): Claude Code gives the hook
 * only the first 30,000 bytes and the path of a file with the whole output, which the
 * capture machine alone has. A set stores the whole output (spilled/<case>.txt.gz) where
 * it could still be read; the benches then score what the hook reads in a real session
 * on any machine, through the hook (the file written into its HOME where Claude Code
 * keeps spills) and in-process alike.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hookCommand, inProcess } from "../../../bench/corpus/facts/answers.ts";
import {
  CORPUS_DIR,
  type FactCase,
  loadSet,
  OPEN_SETS,
  REPO,
  spillPreview,
  visibleText,
  wholeOutput,
} from "../../../bench/corpus/facts/sets.ts";

type Obj = Record<string, unknown>;
const response = (c: FactCase) => c.input.tool_response as Obj;
const byName = (set: "fresh9" | "fresh11", name: string) => {
  const c = loadSet(set).find((x) => x.name === name);
  if (!c) throw new Error(`no case ${set}/${name}`);
  return c;
};

describe("the corpus loader and spilled outputs", () => {
  it("gives the whole output of a spill the set stores, Claude Code's prefix of it in the input", () => {
    const c = byName("fresh11", "du-usr-share-spilled-f11");
    const stdout = String(response(c).stdout);
    expect(typeof response(c).persistedOutputPath).toBe("string");
    expect(c.spilled?.length).toBe(40_845);
    expect(wholeOutput(c)).toBe(c.spilled);
    expect(c.spilled!.startsWith(stdout)).toBe(true);
    expect(spillPreview(c.spilled!)).toBe(stdout);
  });

  it("gives the prefix of a spill of an older round, whose whole output is gone", () => {
    const c = byName("fresh9", "kubectl-logs-backend-spilled");
    expect(typeof response(c).persistedOutputPath).toBe("string");
    expect(c.spilled).toBeUndefined();
    expect(wholeOutput(c)).toBe(visibleText("Bash", response(c)));
  });

  it("stores a whole output only for a spilled case of its set, whose input is its prefix", () => {
    for (const set of OPEN_SETS) {
      const dir = join(CORPUS_DIR, set, "spilled");
      if (set === "shared" || !existsSync(dir)) continue;
      const cases = new Map(loadSet(set).map((c) => [c.name, c]));
      for (const f of readdirSync(dir)) {
        const c = cases.get(f.replace(/\.txt\.gz$/, ""));
        expect(c?.spilled, `${set}/spilled/${f}`).toBeDefined();
        expect(spillPreview(c!.spilled!), `${set}/${c!.name}`).toBe(response(c!).stdout);
      }
    }
  });
});

/** The case as a clean clone has it: the capture machine's paths lead nowhere. */
function elsewhere(c: FactCase, keep: { spilled: boolean }): FactCase {
  const { spilled, ...rest } = c;
  const session = String(c.input.session_id);
  const nowhere = join("/nonexistent-capture", ".claude", "projects", "-p");
  return {
    ...rest,
    ...(keep.spilled && spilled !== undefined ? { spilled } : {}),
    input: {
      ...c.input,
      transcript_path: join(nowhere, `${session}.jsonl`),
      tool_response: {
        ...response(c),
        persistedOutputPath: join(nowhere, session, "tool-results", "b1.txt"),
      },
    },
  };
}

/** The text the model reads from a hook answer, and the case's facts missing from it. */
function missed(c: FactCase, stdout: string): string[] {
  // No answer: the model reads what the input holds.
  const shown = stdout.trim()
    ? visibleText(
        "Bash",
        (JSON.parse(stdout) as { hookSpecificOutput: { updatedToolOutput: unknown } }).hookSpecificOutput
          .updatedToolOutput,
      )
    : visibleText("Bash", response(c));
  return c.must_keep.filter((f) => !shown.includes(f));
}

describe("a spilled case scored on its whole output away from the capture machine", () => {
  const c = byName("fresh11", "du-usr-share-spilled-f11");
  const pastPrefix = c.must_keep.filter((f) => !String(response(c).stdout).includes(f));
  // Past hook.budget_ms the hook cuts its work short: the figures are the excerpts' own.
  const cmd = `umask 077; mkdir -p "$HOME/.cairn"; printf 'hook:\\n  budget_ms: 60000\\n' > "$HOME/.cairn/config.yaml"; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO, "dist", "cairn.cjs"))} hook PostToolUse`;
  // One HOME each: a hook answers a call it already answered (same tool_use_id) from its store.
  const hook = hookCommand(cmd);
  const bare = hookCommand(cmd);
  afterAll(() => {
    hook.close();
    bare.close();
  });

  it("has facts only past the prefix the input holds", () => {
    expect(pastPrefix.length).toBeGreaterThan(0);
    expect(pastPrefix.every((f) => c.spilled!.includes(f))).toBe(true);
  });

  it("through the built hook, keeps the facts past the prefix from the stored spill", async () => {
    const a = await hook.answer(elsewhere(c, { spilled: true }));
    expect(a.code).toBe(0);
    expect(missed(c, a.stdout)).toEqual([]);
    // Without the stored spill the hook refuses the capture's path and has only the prefix.
    const prefixOnly = await bare.answer(elsewhere(c, { spilled: false }));
    expect(missed(c, prefixOnly.stdout)).toEqual(expect.arrayContaining(pastPrefix));
  }, 120_000);

  it("in-process, compresses the stored whole output", async () => {
    const answer = await inProcess(join(REPO, "src"));
    expect(missed(c, (await answer(elsewhere(c, { spilled: true }))).stdout)).toEqual([]);
    expect(missed(c, (await answer(elsewhere(c, { spilled: false }))).stdout)).toEqual(
      expect.arrayContaining(pastPrefix),
    );
  }, 120_000);
});
