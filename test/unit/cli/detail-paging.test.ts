import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shellQuote } from "../../../src/claude/settings.ts";
import { cairnPaths } from "../../../src/core/paths.ts";
import { ingestSource } from "../../../src/memory/ingest.ts";
import { openStore } from "../../../src/store/db.ts";
import { CAIRN, runCairn, tempHome } from "../../helpers/cairn.ts";
import { TOOLS_SESSION } from "../memory/helpers.ts";

// `cairn detail` of a long turn (a real transcript with a 70 KB Read): on a terminal it
// opens in $PAGER (or less), piped it is capped with a note whose command prints all.

const A = "aaaaaaaa-0000-4000-8000-00000000dead";
let h: ReturnType<typeof tempHome>;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  h = tempHome("cairn-detail-page-");
  mkdirSync(h.project, { recursive: true });
  const path = join(h.home, "a.jsonl");
  writeFileSync(
    path,
    readFileSync(TOOLS_SESSION, "utf8").replaceAll(/"sessionId":"[^"]+"/g, `"sessionId":"${A}"`),
  );
  const store = await openStore(cairnPaths(join(h.home, ".cairn")).db);
  store.db
    .prepare(
      "INSERT INTO sessions (id, project_dir, transcript_path, started_at, last_seen_at) VALUES (?, ?, ?, 1, 1)",
    )
    .run(A, h.project, path);
  ingestSource(store, { path, sessionId: A, projectDir: h.project }, { now: 1 });
  store.close();
  env = { ...h.env, CLAUDE_PROJECT_DIR: h.project };
});
afterAll(() => h.cleanup());

/** Runs the built CLI on a pseudo-terminal (util-linux `script`), as a person would. */
function onTerminal(
  args: string[],
  extraEnv: NodeJS.ProcessEnv,
): Promise<{ code: number | null; out: string }> {
  const cmd = [process.execPath, CAIRN, ...args].map(shellQuote).join(" ");
  const all: NodeJS.ProcessEnv = {
    ...process.env,
    NO_COLOR: "1",
    CLAUDECODE: "",
    CLAUDE_CODE_SESSION_ID: "",
    ...env,
    ...extraEnv,
  };
  for (const [k, v] of Object.entries(all)) if (v === undefined) delete all[k];
  return new Promise((resolve) => {
    const child = spawn("script", ["-qec", cmd, "/dev/null"], {
      cwd: h.project,
      env: all,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString("utf8");
    });
    child.stdin.end();
    child.on("close", (code) => resolve({ code, out }));
  });
}

describe("cairn detail on a long turn", () => {
  it("piped: caps the output and says on stderr how to get all of it; that command prints it whole", async () => {
    const whole = await runCairn(["detail", "turn", "1", "--max-chars", "0"], { cwd: h.project, env });
    expect(whole.code, whole.stderr).toBe(0);
    expect(whole.stdout.length).toBeGreaterThan(60_000);

    const r = await runCairn(["detail", "turn", "1"], { cwd: h.project, env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.length).toBeLessThan(26_000);
    expect(r.stdout).toContain("cut at 25000 characters");
    const note = r.stderr.trim();
    expect(note).toMatch(/^cairn detail: cut at 25,000 characters because the output is piped; all of it: /);
    const command = note.slice(note.indexOf("all of it: ") + "all of it: ".length);
    // The command runs as printed, in a shell.
    const again = await new Promise<string>((resolve) => {
      const child = spawn("/bin/sh", ["-c", command], {
        cwd: h.project,
        env: { ...process.env, CLAUDECODE: "", CLAUDE_CODE_SESSION_ID: "", ...env },
      });
      let out = "";
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString("utf8");
      });
      child.on("close", () => resolve(out));
    });
    expect(again).toBe(whole.stdout);
  });

  it("on a terminal: opens in $PAGER, the whole turn, nothing flooding the screen", async () => {
    const got = join(h.home, "paged.txt");
    const r = await onTerminal(["detail", "turn", "1"], { PAGER: `cat > ${shellQuote(got)}` });
    expect(r.code).toBe(0);
    const paged = readFileSync(got, "utf8");
    expect(paged.length).toBeGreaterThan(60_000);
    expect(paged).not.toContain("cut at");
    expect(r.out.length).toBeLessThan(200);
  });

  it("on a terminal with a $PAGER that does not exist: prints the turn instead of nothing", async () => {
    // A short one (one small tool call): the pager's stdin is not cut short by its failure.
    const r = await onTerminal(["detail", "toolu_cap_small_bash"], { PAGER: "no-such-pager-cairn-test" });
    expect(r.code).toBe(0);
    expect(r.out).toContain("echo hello");
  });

  it("on a terminal without $PAGER: falls back to less -R (LESS=FRX unless the user set LESS)", async () => {
    const bin = join(h.home, "fake-bin");
    mkdirSync(bin, { recursive: true });
    const got = join(h.home, "less.txt");
    writeFileSync(
      join(bin, "less"),
      `#!/bin/sh\necho "LESS=$LESS" > ${shellQuote(got)}\ncat >> ${shellQuote(got)}\n`,
    );
    chmodSync(join(bin, "less"), 0o755);
    const r = await onTerminal(["detail", "turn", "1"], {
      PAGER: undefined,
      PATH: `${bin}:${process.env.PATH}`,
    });
    expect(r.code).toBe(0);
    const paged = readFileSync(got, "utf8");
    expect(paged.startsWith("LESS=FRX\n")).toBe(true);
    expect(paged.length).toBeGreaterThan(60_000);
  });
});
