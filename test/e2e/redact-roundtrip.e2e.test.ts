/**
 * Masking never changes ordinary code (issue 29), end to end on the real Claude Code
 * CLI. A source file over the Read threshold holds lines whose value is code under a
 * secret-looking key (eslint's `getFirstToken: "getFirstToken"` and its kin). The
 * scripted model Reads it, gets the outline excerpt, takes the lines exactly as it was
 * sent them, and Edits them: the Edits apply. Before, the excerpt showed
 * `getFirstToken: "[REDACTED:assignment]"` and the Edit failed ("String to replace not
 * found"). A real secret in the same file is still masked in what the model is sent.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installCairn } from "./harness/cairn.ts";
import { makeSandbox, type RunClaudeResult, runClaude, type Sandbox } from "./harness/claude.ts";
import { findToolResult, type MockApi, startMockApi, text, tool } from "./harness/mock-api.ts";

/** A real secret's shape (a GitHub token), assembled so no scanner takes this file for one. */
const TOKEN = ["ghp", "_", "Zq8Lm3Kp7Vx2Nw5Rt9Yb4Hc6Jd1Fg0SaUe"].join("");

/** The lines the model will edit, as they are in the file. */
const CODE_LINES = [
  '  getFirstToken: "getFirstToken";',
  'export const someToken = "someToken";',
  "export const password = process.env.DB_PASSWORD;",
];

const SOURCE = [
  "// Token queries: the method each one maps to (after eslint's lib/linter/linter.js).",
  "export interface TokenMethods {",
  CODE_LINES[0],
  '  getLastToken: "getLastToken";',
  "}",
  CODE_LINES[1],
  CODE_LINES[2],
  'export const apiKey: string = process.env.API_KEY ?? "<your-api-key>";',
  `export const deployToken = "${TOKEN}";`,
  ...Array.from({ length: 600 }, (_, i) =>
    i % 40 === 0
      ? `export function handler${i}(input: string): string {\n  return input.trim(); // step ${i}\n}`
      : `// filler line ${i} with some words so that the file is read as an outline`,
  ),
].join("\n");

describe("Read → Edit round trip on a file with code under secret-looking keys", () => {
  let api: MockApi;
  let sb: Sandbox;
  let run: RunClaudeResult;
  let file: string;

  const result = (id: string) => {
    const req = api.mainRequests().find((r) => findToolResult(r, id));
    const block = req ? findToolResult(req, id) : undefined;
    const content = block?.content;
    const shown =
      typeof content === "string"
        ? content
        : (content ?? []).map((b: { text?: string }) => b.text ?? "").join("");
    return { text: shown, isError: block?.is_error === true };
  };

  /** The line of the Read's excerpt that holds `needle`, as the model was sent it (without `L<n>: `). */
  const sentLine = (needle: string) => {
    const row = result("toolu_read")
      .text.split("\n")
      .map((l) => l.replace(/^\s*\d+\t/, ""))
      .find((l) => /^L\d+: /.test(l) && l.includes(needle));
    return row?.replace(/^L\d+: /, "");
  };

  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox({ prefix: "cairn-redact-roundtrip" });
    sb.writeFile("src/tokens.ts", `${SOURCE}\n`);
    file = join(sb.project, "src/tokens.ts");
    await installCairn(sb);
    const edit = (id: string, needle: string, change: (line: string) => string) => () => {
      const line = sentLine(needle) ?? `(not in the excerpt: ${needle})`;
      return tool("Edit", { file_path: file, old_string: line, new_string: change(line) }, { id });
    };
    api.script([
      tool("Read", { file_path: file }, { id: "toolu_read" }),
      edit("toolu_edit_member", "getFirstToken:", (l) => l.replace('"getFirstToken"', '"firstToken"')),
      edit("toolu_edit_const", "someToken =", (l) => l.replace('"someToken"', '"anyToken"')),
      edit("toolu_edit_env", "DB_PASSWORD", (l) => l.replace("DB_PASSWORD", "PGPASSWORD")),
      text("Finished."),
    ]);
    run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "rename the tokens", timeoutMs: 150_000 });
  }, 180_000);

  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it("the session completes, and the Read came back as cairn's excerpt", () => {
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.resultText).toContain("Finished.");
    expect(result("toolu_read").text).toMatch(/\[cairn #\d+ · /);
  });

  it("the excerpt shows each code line exactly as it is in the file", () => {
    for (const line of CODE_LINES) expect(sentLine(line.trim().slice(0, 14))).toBe(line);
  });

  it("each Edit built from what the model was sent applies", () => {
    for (const id of ["toolu_edit_member", "toolu_edit_const", "toolu_edit_env"]) {
      const r = result(id);
      expect(r.isError, `${id}: ${r.text}`).toBe(false);
      expect(r.text).not.toMatch(/String to replace not found/);
    }
    const now = readFileSync(file, "utf8");
    expect(now).toContain('  getFirstToken: "firstToken";');
    expect(now).toContain('export const someToken = "anyToken";');
    expect(now).toContain("export const password = process.env.PGPASSWORD;");
  });

  it("while a real secret in the same file is masked in what the model was sent", () => {
    const shown = result("toolu_read").text;
    expect(shown).not.toContain(TOKEN);
    expect(sentLine("deployToken")).toMatch(/^export const deployToken = "\[REDACTED:[a-z-]+\]";$/);
  });
});
