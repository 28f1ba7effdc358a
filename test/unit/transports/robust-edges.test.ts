import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAIRN, REPO, runCairn, tempHome } from "../../helpers/cairn.ts";
import { capturedHookInputs } from "../../helpers/captures.ts";

// The hook's stdin and cairn's own files at the edges: a hook whose stdin never ends
// or never closes still answers (its hard timer is not starved by a read), and files
// cairn owns that exist with loose modes are tightened when cairn opens them.

const start = capturedHookInputs().find((e) => e.hook_event_name === "SessionStart")!;

/** Runs `cairn hook PostToolUse` with the given stdin; resolves when the process ends. */
function hookWithStdin(stdin: "dev-zero" | "never-closes", env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }>(
    (resolve, reject) => {
      const input = stdin === "dev-zero" ? openSync("/dev/zero", "r") : "pipe";
      const child = spawn(process.execPath, [CAIRN, "hook", "PostToolUse"], {
        cwd: REPO,
        env: { ...process.env, CLAUDECODE: "", CLAUDE_CODE_SESSION_ID: "", ...env },
        stdio: [input, "pipe", "ignore"],
      });
      // The pipe case: stdin stays open (never written, never ended) for the child's life.
      let out = "";
      child.stdout?.on("data", (c: Buffer) => (out += c.toString("utf8")));
      child.on("error", reject);
      child.on("close", (code, signal) => resolve({ code, signal, stdout: out }));
    },
  );
}

describe("hook stdin deadline", () => {
  const sandbox = tempHome("cairn-stdin-");
  beforeAll(() => {
    mkdirSync(join(sandbox.home, ".cairn"), { recursive: true, mode: 0o700 });
    writeFileSync(join(sandbox.home, ".cairn", "config.yaml"), "hook:\n  budget_ms: 300\n");
  });
  afterAll(() => sandbox.cleanup());

  for (const kind of ["dev-zero", "never-closes"] as const) {
    it(`${kind}: the hook ends with the no-op answer and says why in the log`, async () => {
      // No wall-time assertion: the test's own timeout is the only clock; before the
      // fix the /dev/zero case looped in a synchronous read and the pipe case blocked
      // in one, so neither process ever ended.
      const r = await hookWithStdin(kind, sandbox.env);
      // A read still waiting on stdin would hold a normal exit: the hook ends by
      // SIGKILL once its answer is out.
      expect(r.code === 0 || r.signal === "SIGKILL", `${r.code} ${r.signal}`).toBe(true);
      expect(JSON.parse(r.stdout)).toEqual({});
      const log = readFileSync(join(sandbox.home, ".cairn", "logs", "cairn.log"), "utf8");
      expect(log).toMatch(/hook did not finish within \d+ ms; answering no-op/);
    });
  }
});

function listAll(dir: string): { path: string; dir: boolean }[] {
  const out: { path: string; dir: boolean }[] = [{ path: dir, dir: true }];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...listAll(p));
    else out.push({ path: p, dir: false });
  }
  return out;
}

describe("modes of files cairn owns", () => {
  it("existing database, -wal, -shm, logs and directories with loose modes are tightened on open", async () => {
    const sb = tempHome("cairn-modes-");
    try {
      const root = join(sb.home, ".cairn");
      const input = JSON.stringify({ ...start, cwd: sb.home });
      // A first run makes the database (with its WAL) and a log line (the bad event).
      await runCairn(["hook", "SessionStart"], { input, env: sb.env });
      await runCairn(["hook", "PostToolUse"], { input: "{", env: sb.env });
      const made = listAll(root);
      const names = made.map((f) => f.path.slice(root.length));
      expect(names).toEqual(expect.arrayContaining(["/cairn.db", "/logs", "/logs/cairn.log"]));
      // Loosen everything, as an older cairn, a copy or a umask of 022 leaves it, and
      // make sure the -wal and -shm exist to be tightened.
      for (const f of made) chmodSync(f.path, f.dir ? 0o755 : 0o644);
      for (const f of ["cairn.db-wal", "cairn.db-shm"])
        writeFileSync(join(root, f), "", { flag: "a", mode: 0o644 });
      chmodSync(join(root, "cairn.db-wal"), 0o644);
      chmodSync(join(root, "cairn.db-shm"), 0o644);

      await runCairn(["hook", "SessionStart"], { input, env: sb.env });
      await runCairn(["hook", "PostToolUse"], { input: "{", env: sb.env });

      const modes = Object.fromEntries(
        ["", "/cairn.db", "/cairn.db-wal", "/cairn.db-shm", "/logs", "/logs/cairn.log"].map((n) => [
          n || "/",
          (statSync(join(root, n)).mode & 0o777).toString(8),
        ]),
      );
      expect(modes).toEqual({
        "/": "700",
        "/cairn.db": "600",
        "/cairn.db-wal": "600",
        "/cairn.db-shm": "600",
        "/logs": "700",
        "/logs/cairn.log": "600",
      });
    } finally {
      sb.cleanup();
    }
  });
});
