// Every command writes its whole output to a pipe whatever the reader's speed, and ends
// quietly when the reader goes away: the real built CLI behind real pipes.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../../src/store/db.ts";
import { insertOutput } from "../../../src/store/outputs.ts";
import { CAIRN } from "../../helpers/cairn.ts";
import { realOutputs } from "../../reliability/drivers/corpus.ts";
import { type Sandbox, sandbox } from "../../reliability/lib.ts";

let s: Sandbox;
let size: number;
beforeAll(async () => {
  s = sandbox();
  mkdirSync(s.cairnHome, { recursive: true });
  // About 1 MB of real output (many copies of real tool outputs, each line numbered so
  // a lost piece shows).
  const corpus = realOutputs(1000, 60_000);
  const lines: string[] = [];
  for (let i = 0, total = 0; total < 1_000_000; i++) {
    const line = `${i} ${corpus[i % corpus.length]!.split("\n")[i % 7] ?? ""} ${randomBytes(4).toString("hex")}`;
    lines.push(line);
    total += line.length + 1;
  }
  const original = Buffer.from(`${lines.join("\n")}\n`);
  size = original.byteLength;
  const store = await openStore(join(s.cairnHome, "cairn.db"));
  store.db
    .prepare("INSERT INTO sessions (id, project_dir, started_at, last_seen_at) VALUES ('s', ?, 1, 1)")
    .run(s.project);
  store.tx(() =>
    insertOutput(store, {
      sessionId: "s",
      toolName: "Bash",
      label: "big",
      original,
      originalLines: lines.length,
      redactions: 0,
      at: Date.now(),
    }),
  );
  store.close();
});
afterAll(() => s?.cleanup());

/** A shell pipeline with `cairn` standing for the built CLI; cairn's own exit status is reported. */
function pipeline(line: string): { stdout: string; stderr: string; cairnStatus: number } {
  const r = spawnSync("bash", ["-c", `${line}; echo "status=\${PIPESTATUS[0]}" >&2`], {
    env: {
      ...process.env,
      ...s.env,
      CAIRN: CAIRN,
      NODE: process.execPath,
      CLAUDECODE: "",
      CLAUDE_CODE_SESSION_ID: "",
    },
    cwd: s.project,
    encoding: "utf8",
  });
  const status = Number(r.stderr.match(/status=(\d+)\s*$/)?.[1]);
  return { stdout: r.stdout, stderr: r.stderr.replace(/status=\d+\s*$/, ""), cairnStatus: status };
}

describe("stdout to a pipe", () => {
  it("a reader slower than cairn gets every byte of `cairn show N`", () => {
    const r = pipeline(`"$NODE" "$CAIRN" show 1 | (sleep 1; wc -c)`);
    expect(r.stderr).toBe("");
    expect(r.cairnStatus).toBe(0);
    expect(Number(r.stdout.trim())).toBe(size);
    const lines = pipeline(`"$NODE" "$CAIRN" show 1 --lines 1- | (sleep 1; wc -c)`);
    expect(lines.stderr).toBe("");
    expect(Number(lines.stdout.trim())).toBe(size);
  });

  it("`cairn show N | head -1` ends quietly: first line, nothing on stderr, exit 0", () => {
    const r = pipeline(`"$NODE" "$CAIRN" show 1 | head -1`);
    expect(r.stdout).toMatch(/^0 /);
    expect(r.stderr).toBe("");
    expect(r.cairnStatus).toBe(0);
  });

  // A reader that is gone before cairn writes a byte: every write meets EPIPE.
  it.each([
    ["install", "--dry-run", "--transport", "http"],
    ["show", "--json"],
    ["doctor", "--json"],
    ["gc", "--dry-run"],
    ["--help"],
  ])("`cairn %s …` to a closed pipe: no trace on stderr", async (...args) => {
    const child = spawn(process.execPath, [CAIRN, ...args], {
      env: { ...process.env, ...s.env, CLAUDECODE: "", CLAUDE_CODE_SESSION_ID: "" },
      cwd: s.project,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.destroy();
    const err: Buffer[] = [];
    child.stderr.on("data", (c: Buffer) => err.push(c));
    const code = await new Promise<number | null>((done) => child.on("close", (c) => done(c)));
    const stderr = Buffer.concat(err).toString();
    expect(stderr).not.toMatch(/EPIPE|Error|at /);
    expect(code === 0 || code === 1, `exit ${code}`).toBe(true);
  });
});
