import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { openStore } from "../../../src/store/db.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";

// A usage error is one line on stderr that says what is wrong and where the options
// are, exit 2: no help dump, no text from Node's argument parser.

let h: ReturnType<typeof tempHome>;
const run = (args: string[]) =>
  runCairn(args, { cwd: h.project, env: { ...h.env, CLAUDE_PROJECT_DIR: h.project } });

beforeAll(async () => {
  h = tempHome("cairn-usage-");
  mkdirSync(h.project, { recursive: true });
  const store = await openStore(cairnPaths(join(h.home, ".cairn")).db);
  store.db
    .prepare("INSERT INTO sessions (id, project_dir, started_at, last_seen_at) VALUES ('s', ?, 1, 1)")
    .run(h.project);
  const lines = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join("\n");
  store.db
    .prepare(
      "INSERT INTO outputs (session_id, tool_name, label, original, original_bytes, original_lines, created_at) VALUES ('s', 'Bash', 'seq', ?, 1, 100, 1)",
    )
    .run(Buffer.from(`${lines}\n`));
  store.close();
});
afterAll(() => h.cleanup());

const CASES: { args: string[]; says: RegExp }[] = [
  { args: ["show", "--lines", "banana", "1"], says: /--lines expects a line range like 120-260.*"banana"/ },
  { args: ["show", "--lines", "90-10", "1"], says: /--lines 90-10 is reversed.*--lines 10-90/ },
  { args: ["show", "--bogus", "1"], says: /unknown option --bogus/ },
  { args: ["show", "1", "--lines"], says: /--lines needs a value/ },
  {
    args: ["show", "--grep", "(", "1"],
    says: /the pattern \/\(\/ is refused: invalid: Invalid regular expression/,
  },
  { args: ["detail", "--bogus"], says: /unknown option --bogus/ },
  { args: ["sessions", "stray"], says: /unexpected argument "stray": this command takes only options/ },
  { args: ["sessions", "--json=yes"], says: /--json takes no value/ },
  { args: ["report", "--sesion", "x"], says: /unknown option --sesion; did you mean --session\?/ },
  { args: ["search", "x", "--limit", "0"], says: /--limit expects a whole number >= 1/ },
  { args: ["gc", "--bogus"], says: /unknown option --bogus/ },
  { args: ["ui", "--port", "70000"], says: /--port expects a port number/ },
];

describe("usage errors: one line, what is wrong and how to fix it, exit 2", () => {
  for (const c of CASES) {
    it(`cairn ${c.args.join(" ")}`, async () => {
      const r = await run(c.args);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stdout).toBe("");
      const lines = r.stderr.trimEnd().split("\n");
      expect(lines, r.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^cairn ${c.args[0]}: `));
      expect(lines[0]).toMatch(c.says);
      expect(lines[0]).toContain(`(options: cairn ${c.args[0]} --help)`);
      // Nothing of Node's parser advice, nothing of the help text.
      expect(r.stderr).not.toMatch(/place it at the end|positional argument|Usage:/);
    });
  }

  it("an unknown command: one line with the commands it may have meant", async () => {
    const r = await run(["serch", "x"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'cairn: unknown command "serch"; did you mean sessions, search, serve? (commands: cairn --help)\n',
    );
  });

  it("a range in the right order still prints those lines", async () => {
    const r = await run(["show", "1", "--lines", "10-12"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("line 10\nline 11\nline 12\n");
  });
});
