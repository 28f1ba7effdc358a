import { execSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { labelIn } from "../../../../src/compress/hook/repeats.ts";
import { REPO, runCairn, tempHome } from "../../../helpers/cairn.ts";

// Repeated outputs through the built hook, on real captured inputs carrying a real
// test-run output: an identical output still in the live context comes back as one line
// naming the earlier one, which `cairn show` returns; after a compaction, in another
// session or in a subagent's own context it is shown as usual.

const capture = (name: string) =>
  JSON.parse(readFileSync(join(REPO, "test/fixtures/hook-inputs", `${name}.json`), "utf8")) as Record<
    string,
    unknown
  >;
const bashCall = capture("PostToolUse-Bash-small");
const readCall = capture("PostToolUse-Read-large");
const vitest = readFileSync(join(REPO, "test/fixtures/outputs/test-vitest-failing.txt"), "utf8");
const gitStatus = readFileSync(join(REPO, "test/fixtures/outputs/git-status.txt"), "utf8");

/** The one line standing for a repeated output. */
const REFERENCE = /^\[cairn #\d+, .*shown earlier(?: · full output: .*)?\]$/;

describe("outputs already in context are not sent twice", () => {
  let sb: ReturnType<typeof tempHome>;
  const hook = async (name: string, event: Record<string, unknown>) => {
    const r = await runCairn(["hook", name], {
      input: JSON.stringify({ ...event, cwd: sb.project }),
      env: sb.env,
      cwd: sb.home,
    });
    expect(r.code, r.stderr).toBe(0);
    // PreCompact answers with plain instructions for the summary, the others with JSON.
    return r.stdout.trim().startsWith("{") ? JSON.parse(r.stdout) : {};
  };
  /** What the model is shown of `npx vitest run` printing `stdout` (the real run by default). */
  const shownFor = async (
    toolUseId: string,
    extra: Record<string, unknown> = {},
    stdout = vitest,
  ): Promise<string> => {
    const out = await hook("PostToolUse", {
      ...bashCall,
      ...extra,
      tool_use_id: toolUseId,
      tool_input: { command: "npx vitest run" },
      tool_response: { ...(bashCall.tool_response as object), stdout },
    });
    return out.hookSpecificOutput.updatedToolOutput.stdout;
  };

  beforeEach(() => {
    sb = tempHome();
    mkdirSync(sb.project, { recursive: true });
  });
  afterEach(() => sb.cleanup());

  it("replaces an identical second output with one line naming the first, and cairn show returns it", async () => {
    const first = await shownFor("toolu_rep_1");
    expect(first).toMatch(/^\[cairn #1 · /);
    expect(first).toContain("Tests  3 failed | 176 passed");
    const second = await shownFor("toolu_rep_2");
    // The line follows the very call it answers: the same call is not named again. Nor is
    // the retrieval command printed again: the first output's header, in context, printed
    // it for the number the line names (the form that runs in this shell), and it runs as printed.
    // Nor its size: the first output's header, in context, said it.
    expect(second).toBe("[cairn #1, as shown earlier]");
    const command = /^\[full output: (.+?)(?: · |\]$)/m.exec(first)?.[1];
    expect(command).toMatch(/ show 1$/);
    expect(execSync(command!, { env: sb.env, cwd: sb.project, encoding: "utf8", shell: "/bin/sh" })).toBe(
      vitest,
    );
    // A third repeat names the same original.
    expect(await shownFor("toolu_rep_3")).toBe(second);
  });

  it("names the earlier call when the same output came from another one", async () => {
    await shownFor("toolu_o_1");
    const out = await hook("PostToolUse", {
      ...bashCall,
      tool_use_id: "toolu_o_2",
      tool_input: { command: "cat vitest.log" },
      tool_response: { ...(bashCall.tool_response as object), stdout: vitest },
    });
    const line = out.hookSpecificOutput.updatedToolOutput.stdout as string;
    expect(line).toBe("[cairn #1, identical to `npx vitest run` shown earlier]");
  });

  it("shows a smaller output whole the first time and refers to it the second, stored then for cairn show", async () => {
    const status = async (id: string) =>
      (
        await hook("PostToolUse", {
          ...bashCall,
          tool_use_id: id,
          tool_input: { command: "git status" },
          tool_response: { ...(bashCall.tool_response as object), stdout: gitStatus },
        })
      ).hookSpecificOutput?.updatedToolOutput?.stdout;
    expect(gitStatus.length).toBeGreaterThan(1024);
    expect(gitStatus.length).toBeLessThan(4096);
    expect(await status("toolu_st_1")).toBeUndefined();
    const again = await status("toolu_st_2");
    expect(again).toMatch(/^\[cairn #1, as shown earlier · full output: .* show 1\]$/);
    expect((await runCairn(["show", "1"], { env: sb.env, cwd: sb.project })).stdout).toBe(gitStatus);
    // The command is printed once for a number: the third names it without.
    expect(await status("toolu_st_3")).toBe(again.replace(/ · full output: .*\]$/, "]"));
  });

  it("shows a near repeat of the same command as the lines that changed", async () => {
    const run = async (id: string, text: string) =>
      (
        await hook("PostToolUse", {
          ...bashCall,
          tool_use_id: id,
          tool_input: { command: "git status" },
          tool_response: { ...(bashCall.tool_response as object), stdout: text },
        })
      ).hookSpecificOutput?.updatedToolOutput?.stdout;
    expect(await run("toolu_nr_1", gitStatus)).toBeUndefined();
    const more = gitStatus.replace(
      "\tmodified:   src/fill.js\n",
      "\tmodified:   src/fill.js\n\tmodified:   src/extra.js\n",
    );
    const delta = await run("toolu_nr_2", more);
    const [head, ...rest] = delta.split("\n");
    // The output shown whole and the line give it back exactly: no retrieval command.
    // Nor its size: the model has the output whole.
    expect(head).toBe("[cairn #1, as last shown whole with 1 line changed]");
    expect(rest.join("\n")).toMatch(/^@@ after L\d+ → L\d+\n\+\tmodified: {3}src\/extra\.js$/);
    expect((await runCairn(["show", "1"], { env: sb.env, cwd: sb.project })).stdout).toBe(more);
    // Told against the version the model read whole (the first), never against the
    // delta before: one step turns what it read into the output now.
    const other = more.replace("\tmodified:   src/micromatch.js\n", "");
    const third = await run("toolu_nr_3", other);
    expect(third).toMatch(/^\[cairn #2, as last shown whole with 2 lines changed\]\n/);
    const lines = third.split("\n").slice(1);
    expect(lines).toContain("+\tmodified:   src/extra.js");
    expect(lines).toContain("-\tmodified:   src/micromatch.js");
    expect(third).not.toContain("#1");
  });

  it("a near repeat of an excerpt names that excerpt's number, the same for every later one", async () => {
    const run = (id: string, text: string) => shownFor(id, {}, text);
    const first = await run("toolu_b_1", vitest);
    expect(first).toMatch(/^\[cairn #1 · .*→ excerpt/);
    const second = await run(
      "toolu_b_2",
      vitest.replace("Tests  3 failed | 176 passed", "Tests  2 failed | 177 passed"),
    );
    // #1's header printed the call's retrieval command: the line names its number alone.
    expect(second).toMatch(
      /^\[cairn #2 · .*, as shown earlier \(#1\) with 2 lines of its excerpt changed\]\n/,
    );
    const third = await run(
      "toolu_b_3",
      vitest.replace("Tests  3 failed | 176 passed", "Tests  1 failed | 178 passed"),
    );
    expect(third).toMatch(
      /^\[cairn #3 · .*, as shown earlier \(#1\) with 2 lines of its excerpt changed\]\n/,
    );
    expect(third).toContain("-      Tests  3 failed | 176 passed (179)");
    expect(third).toContain("+      Tests  1 failed | 178 passed (179)");
  });

  it("a re-run whose excerpt differs only in its start time and duration is as shown earlier but for timings", async () => {
    const rerun = vitest
      .replace("Start at  00:22:56", "Start at  00:31:07")
      .replace("Duration  1.46s", "Duration  1.52s");
    const first = await shownFor("toolu_t_1");
    expect(first).toContain("Start at  00:22:56");
    const delta = await shownFor("toolu_t_2", {}, rerun);
    // The header of #1 printed `cairn show 1`: the same command with this number gives it back.
    // Its size is the showing's, in context: not said again.
    expect(delta).toBe("[cairn #2, as shown earlier (#1) but for timings]");
    expect((await runCairn(["show", "2"], { env: sb.env, cwd: sb.project })).stdout).toBe(rerun);
  });

  it("a re-run whose excerpt is unchanged but a line it leaves out changed is not said to differ only in timings", async () => {
    const first = await shownFor("toolu_o_1");
    // A passing test's line the excerpt leaves out, renamed: the excerpt stays the same.
    const omitted = vitest.split("\n").find((l) => l.includes("✓") && !first.includes(l.trim()));
    expect(omitted).toBeDefined();
    const rerun = vitest.replace(omitted!, omitted!.replace("✓", "✓ renamed"));
    const delta = await shownFor("toolu_o_2", {}, rerun);
    expect(delta).toMatch(/^\[cairn #2 · .*shown earlier \(#1\) but for lines its excerpt leaves out\]$/);
    expect((await runCairn(["show", "2"], { env: sb.env, cwd: sb.project })).stdout).toBe(rerun);
  });

  it("a re-run shown as it came prints its retrieval command once, later re-runs name their number", async () => {
    // The end of a real vitest run, shown as it came: re-run three times, only its start
    // time and duration change. A session's eight re-runs printed the same command eight times.
    const tail = `${vitest.split("\n").slice(-40).join("\n")}`;
    const at = (start: string, took: string) =>
      tail
        .replace("Start at  00:22:56", `Start at  ${start}`)
        .replace("Duration  1.46s", `Duration  ${took}`);
    const run = async (id: string, text: string) =>
      (
        await hook("PostToolUse", {
          ...bashCall,
          tool_use_id: id,
          tool_input: { command: "npx vitest run" },
          tool_response: { ...(bashCall.tool_response as object), stdout: text },
        })
      ).hookSpecificOutput?.updatedToolOutput?.stdout as string | undefined;
    expect(await run("toolu_c_1", tail)).toBeUndefined();
    const second = await run("toolu_c_2", at("00:31:07", "1.52s"));
    expect(second).toMatch(/^\[cairn #1, as last shown whole but for timings · full output: (.+ show 1)\]$/);
    const third = at("00:40:12", "1.61s");
    const line = await run("toolu_c_3", third);
    expect(line).toBe("[cairn #2, as last shown whole but for timings]");
    expect((await runCairn(["show", "2"], { env: sb.env, cwd: sb.project })).stdout).toBe(third);
  });

  it("a re-run with a changed count shows that line, not the timings that changed beside it", async () => {
    const rerun = vitest
      .replace("Start at  00:22:56", "Start at  00:31:07")
      .replace("Tests  3 failed | 176 passed", "Tests  2 failed | 177 passed");
    expect(rerun).not.toBe(vitest);
    const first = await shownFor("toolu_u_1");
    const delta = await shownFor("toolu_u_2", {}, rerun);
    expect(delta).toMatch(/^\[cairn #\d+ · .*shown earlier \(#\d+\) with 2 lines of its excerpt changed\]\n/);
    expect(delta).toContain("+      Tests  2 failed | 177 passed");
    expect(delta).not.toContain("Start at");
    expect(delta.length).toBeLessThan(first.length / 4);
  });

  it("a short output printed again (a real slice of git status, under 1 KB) becomes a reference half its size or less", async () => {
    const short = `${gitStatus.split("\n").slice(0, 14).join("\n")}\n`;
    expect(short.length).toBeGreaterThan(300);
    expect(short.length).toBeLessThan(1024);
    const run = async (id: string) =>
      (
        await hook("PostToolUse", {
          ...bashCall,
          tool_use_id: id,
          tool_input: { command: "git status" },
          tool_response: { ...(bashCall.tool_response as object), stdout: short },
        })
      ).hookSpecificOutput?.updatedToolOutput?.stdout as string | undefined;
    expect(await run("toolu_sh_1")).toBeUndefined();
    const again = await run("toolu_sh_2");
    expect(again).toMatch(/^\[cairn #1, as shown earlier · full output: .* show 1\]$/);
    expect(again!.length).toBeLessThanOrEqual(short.length / 2);
    expect((await runCairn(["show", "1"], { env: sb.env, cwd: sb.project })).stdout).toBe(short);
  });

  it("a reference names a path or a search without the session's working directory", () => {
    expect(labelIn("/home/dev/p/src/doc/Document.js", "/home/dev/p")).toBe("src/doc/Document.js");
    expect(labelIn("grep throw new in /home/dev/p/src", "/home/dev/p/")).toBe("grep throw new in src");
    expect(labelIn("/home/dev/other/x.js", "/home/dev/p")).toBe("/home/dev/other/x.js");
    expect(labelIn("/etc/hosts", "/")).toBe("/etc/hosts");
  });

  it("keeps Read's own shape for a repeated Read", async () => {
    const again = async (id: string) =>
      (await hook("PostToolUse", { ...readCall, tool_use_id: id })).hookSpecificOutput.updatedToolOutput;
    const first = await again("toolu_read_1");
    const second = await again("toolu_read_2");
    expect(Object.keys(second)).toEqual(Object.keys(first));
    expect(Object.keys(second.file).sort()).toEqual(Object.keys(first.file).sort());
    expect(second.file.content).toBe("[cairn #1, as shown earlier]");
  });

  it("shows the output again after a compaction (PreCompact, or SessionStart from a compaction)", async () => {
    await shownFor("toolu_c_1");
    expect(await shownFor("toolu_c_2")).toMatch(REFERENCE);
    await hook("PreCompact", { ...capture("PreCompact-auto"), session_id: bashCall.session_id });
    const afterPre = await shownFor("toolu_c_3");
    expect(afterPre).not.toMatch(REFERENCE);
    expect(afterPre).toContain("Tests  3 failed | 176 passed");
    expect(await shownFor("toolu_c_4")).toMatch(REFERENCE);
    await hook("SessionStart", { ...capture("SessionStart-compact"), session_id: bashCall.session_id });
    expect(await shownFor("toolu_c_5")).not.toMatch(REFERENCE);
  });

  it("does not refer across sessions or from a subagent's context to the main one", async () => {
    await shownFor("toolu_s_1");
    const other = await shownFor("toolu_s_2", { session_id: "c0ffee00-0000-4000-8000-0000000000ff" });
    expect(other).not.toMatch(REFERENCE);
    const sub = await shownFor("toolu_s_3", { agent_id: "a8af6be07cba1eb8c", agent_type: "general-purpose" });
    expect(sub).not.toMatch(REFERENCE);
    expect(await shownFor("toolu_s_4", { agent_id: "a8af6be07cba1eb8c" })).toMatch(REFERENCE);
  });
});
