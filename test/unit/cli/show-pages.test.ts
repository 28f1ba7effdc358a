/**
 * `cairn show N` where the model reads it: inside a Claude Code session, with stdout
 * and stderr in one regular file (as Claude Code 2.1.328 runs a Bash call), an original
 * over a page comes in pages that each stay under Bash's 30,000-character limit, and
 * the commands the footers print, run as printed, give back all of it. Piped into
 * another program, or in a terminal, it is printed whole.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASH_SPILL_CHARS } from "../../../src/claude/limits.ts";
import { cairnPaths } from "../../../src/core/paths.ts";
import { openStore } from "../../../src/store/db.ts";
import { CAIRN, REPO, runCairn, tempHome } from "../../helpers/cairn.ts";

const SID = "5a9e5a9e-0000-4000-8000-000000000001";
const LOG = readFileSync(join(REPO, "test/fixtures/outputs/log-npm-install-verbose.txt"), "utf8");
let h: ReturnType<typeof tempHome>;

beforeAll(async () => {
  h = tempHome("cairn-show-pages-");
  mkdirSync(h.project, { recursive: true });
  const store = await openStore(cairnPaths(join(h.home, ".cairn")).db);
  store.db
    .prepare("INSERT INTO sessions (id, project_dir, started_at, last_seen_at) VALUES (?, ?, 1, 1)")
    .run(SID, h.project);
  store.db
    .prepare(
      "INSERT INTO outputs (session_id, tool_name, label, original, original_bytes, original_lines, redactions, created_at) VALUES (?, 'Bash', 'npm i', ?, ?, 1, 2, 1)",
    )
    .run(SID, Buffer.from(LOG), Buffer.byteLength(LOG));
  store.close();
});
afterAll(() => h.cleanup());

/** Runs a shell command line as Claude Code runs a Bash call: stdout and stderr into one file. */
function asBashCall(command: string): string {
  const out = join(h.home, "task.output");
  const env = { ...process.env, ...h.env, NO_COLOR: "1", CLAUDECODE: "1", CLAUDE_CODE_SESSION_ID: SID };
  spawnSync(
    "/bin/sh",
    [
      "-c",
      `{ ${command}
} > '${out}' 2>&1`,
    ],
    { cwd: h.project, env },
  );
  return readFileSync(out, "utf8");
}

const first = `'${process.execPath}' '${CAIRN}' show 1`;

describe("cairn show N read by the model", () => {
  it("prints pages under Bash's limit; the footers' commands, run as printed, give back the whole", () => {
    let got = "";
    let command = first;
    const seen: string[] = [];
    for (let n = 0; n < 20 && command; n++) {
      const page = asBashCall(command);
      seen.push(page);
      expect(page.length).toBeLessThan(BASH_SPILL_CHARS);
      const footer = /\n\[cairn #1 · page (\d+) of (\d+) [^\n]*\]\n\[pages by line: [^\n]*\]\n$/.exec(page);
      expect(footer, page.slice(-400)).not.toBeNull();
      // The masked-secrets note comes first, on stderr, into the same file.
      got += page.slice(0, footer!.index + 1).replace(/^note: 2 secret\(s\) were masked[^\n]*\n/, "");
      const next = /next page: ([^\]]+)\]/.exec(page)?.[1];
      command = next ?? "";
    }
    expect(seen.length).toBeGreaterThan(4);
    // The last page's last line ends with the original's, so the footer's newline was its own.
    expect(got.replace(/\n$/, "") === LOG.replace(/\n$/, "")).toBe(true);
  });

  it("names every page's lines, and `--lines` of one of them fits too", () => {
    const page = asBashCall(first);
    const ranges = [...(/\[pages by line: ([^\]]+)\]/.exec(page)?.[1] ?? "").matchAll(/(\d+): (\d+)-(\d+)/g)];
    expect(ranges.length).toBeGreaterThan(4);
    const [, , a, b] = ranges[2]!;
    const part = asBashCall(`${first} --lines ${a}-${b}`);
    expect(part.length).toBeLessThan(BASH_SPILL_CHARS);
    expect(part).not.toContain("page 1 of");
  });

  it("piped into another program, or with --whole, prints the whole original", () => {
    const note = "note: 2 secret(s) were masked before this output was stored\n";
    expect(asBashCall(`${first} | cat`)).toBe(note + LOG);
    expect(asBashCall(`${first} --whole`)).toBe(note + LOG);
  });

  it("in a terminal (outside Claude Code), prints the whole original", async () => {
    const r = await runCairn(["show", "1"], { cwd: h.project, env: h.env });
    expect(r.stdout).toBe(LOG);
  });
});
