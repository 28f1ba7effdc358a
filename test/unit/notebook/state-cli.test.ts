import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCairn, tempHome } from "../../helpers/cairn.ts";

describe("cairn state", () => {
  let sb: ReturnType<typeof tempHome>;
  const cli = (args: string[], opts: { env?: NodeJS.ProcessEnv; input?: string } = {}) =>
    runCairn(["state", ...args], {
      env: { ...sb.env, ...opts.env },
      cwd: join(sb.project, "src"),
      ...(opts.input !== undefined ? { input: opts.input } : {}),
    });
  const path = () => join(sb.project, ".cairn", "STATE.md");

  beforeEach(() => {
    sb = tempHome("cairn-state-cli-");
    mkdirSync(join(sb.project, ".git"), { recursive: true });
    mkdirSync(join(sb.project, "src"), { recursive: true });
  });
  afterEach(() => sb.cleanup());

  it("says clearly when there is no notebook yet", async () => {
    const r = await cli([]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`no notebook yet at ${path()}`);
    const j = await cli(["--json"]);
    expect(j.code).toBe(1);
    expect(JSON.parse(j.stdout)).toEqual({ path: path(), exists: false });
  });

  it("prints the notebook of the project around the current directory, and its sections as JSON", async () => {
    mkdirSync(join(sb.project, ".cairn"), { recursive: true });
    const text = "# STATE\n\n## Goal\n\nShip v2\n\n## Now\n\n- the CLI\n\n## Mine\n\nnotes\n";
    writeFileSync(path(), text);
    const r = await cli(["show"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${path()}\n${text}`);
    const j = JSON.parse((await cli(["--json"])).stdout);
    expect(j.sections).toEqual({
      goal: "Ship v2",
      now: "- the CLI",
      decisions: "",
      "dead-ends": "",
      "open-questions": "",
    });
    expect(j.other).toEqual([{ title: "Mine", body: "notes" }]);
    expect(Date.parse(j.updatedAt)).toBeGreaterThan(0);
    expect((await cli(["path"])).stdout).toBe(`${path()}\n`);
  });

  it("sets and adds to sections, creating the notebook from the template", async () => {
    expect((await cli(["set", "goal", "Make", "refunds", "idempotent"])).code).toBe(0);
    expect((await cli(["add", "decisions", "keys are (order_id, attempt)"])).code).toBe(0);
    expect((await cli(["add", "Dead ends", "row locks: deadlocks"])).code).toBe(0);
    expect((await cli(["set", "now", "-"], { input: "step 2\n- then step 3\n" })).code).toBe(0);
    const text = readFileSync(path(), "utf8");
    expect(text).toContain(
      "## Goal\n\nMake refunds idempotent\n\n## Now\n\nstep 2\n- then step 3\n\n## Decisions\n\n- keys are (order_id, attempt)\n\n## Dead-ends\n\n- row locks: deadlocks\n\n## Open questions\n",
    );
    expect(text).toContain("cairn's notebook for this project"); // the template's instructions stay
  });

  it("opens $EDITOR on the notebook (created first) and reports a failing editor", async () => {
    const editor = join(sb.home, "fake-editor.sh");
    writeFileSync(editor, '#!/bin/sh\nprintf "## Goal\\nfrom the editor\\n" > "$1"\n');
    chmodSync(editor, 0o755);
    const r = await cli(["edit"], { env: { EDITOR: editor, VISUAL: "" } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("created");
    expect(r.stderr).toContain("no Now heading found");
    expect(readFileSync(path(), "utf8")).toBe("## Goal\nfrom the editor\n");
    const bad = await cli(["edit"], { env: { EDITOR: "false", VISUAL: "" } });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('the editor "false" exited with 1');
  });

  it("rejects bad input with usage errors", async () => {
    for (const args of [
      ["frobnicate"],
      ["set", "colour", "x"],
      ["add", "goal"],
      ["set"],
      ["show", "extra"],
    ]) {
      const r = await cli(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/^cairn state: [^\n]* \(options: cairn state --help\)\n$/);
    }
    expect(existsSync(path())).toBe(false);
    expect((await cli(["--help"])).stdout).toContain("cairn state edit | path");
  });
});
