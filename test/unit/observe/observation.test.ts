import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observe, parseObservation, renderObservation } from "../../../src/observe/observation.ts";
import { type MockApi, startMockApi } from "../../e2e/harness/mock-api.ts";
import { REPO } from "../../helpers/cairn.ts";
import { HANG_MS } from "../../helpers/wait.ts";

// The observer talks to the scripted Messages API over real HTTP with the real
// @anthropic-ai/sdk (honouring ANTHROPIC_BASE_URL), on a real failing test run.

const vitestRun = readFileSync(join(REPO, "test/fixtures/outputs/test-vitest-failing.txt"), "utf8");
const good = {
  title: "vitest: 3 tests failed",
  subtitle: "176 passed",
  narrative: "Three assertions failed in the cart and tax modules.",
  facts: ["FAIL src/cart.test.ts > cart > applies discount", "Tests  3 failed | 176 passed (179)"],
  concepts: ["vitest", "failing tests"],
  type: "test-run",
};

describe("observation mode against the scripted API", () => {
  let api: MockApi;
  const env = (url: string) => ({ ANTHROPIC_API_KEY: "sk-test-dummy", ANTHROPIC_BASE_URL: url });
  // An answer that comes is waited for as long as any event (HANG_MS): a loaded machine
  // must not turn it into a timeout. The timeout test sets its own, and orders the answer after it.
  const opts = (timeoutMs = HANG_MS) => ({
    provider: "api" as const,
    model: "claude-haiku-4-5",
    timeoutMs,
    env: env(api.url),
  });

  beforeAll(async () => {
    // Observer requests carry no tools; classify them as main so the script answers them.
    api = await startMockApi({ classify: () => "main" });
  });
  afterAll(() => api.close());

  it("returns a structured observation and sends the output and command", async () => {
    api.script([{ text: `Here you go:\n${JSON.stringify(good)}` }]);
    const o = await observe(vitestRun, { tool: "Bash", command: "npx vitest run", exitCode: 1 }, opts());
    expect(o.title).toBe(good.title);
    expect(renderObservation(o)).toContain("- Tests  3 failed | 176 passed (179)");
    const sent = JSON.stringify(api.requests.at(-1)?.body);
    expect(sent).toContain("npx vitest run");
    expect(sent).toContain("Exit status: 1");
    expect(sent).toContain("cairn's observer");
  });

  it("rejects a malformed answer (so the caller falls back to the excerpt)", async () => {
    api.script([{ text: "I think the tests failed, mostly." }]);
    await expect(observe(vitestRun, { tool: "Bash" }, opts())).rejects.toThrow(/no JSON object/);
    api.script([{ text: '{"title": "x", "facts": "not a list"}' }]);
    await expect(observe(vitestRun, { tool: "Bash" }, opts())).rejects.toThrow(/wrong shape/);
  });

  it("gives up at the timeout", async () => {
    // Judged by order, not by the clock: it gave up before the (10 s late) answer came.
    let answered = false;
    api.script([
      async () =>
        new Promise((r) =>
          setTimeout(() => {
            answered = true;
            r({ text: JSON.stringify(good) });
          }, 10_000),
        ),
    ]);
    await expect(observe(vitestRun, { tool: "Bash" }, opts(300))).rejects.toThrow();
    expect(answered).toBe(false);
  });

  it("takes Claude Code's auth token where there is no API key, as the summariser does", async () => {
    api.script([{ text: JSON.stringify(good) }]);
    const env = { ANTHROPIC_AUTH_TOKEN: "tok-test-dummy", ANTHROPIC_BASE_URL: api.url };
    expect((await observe(vitestRun, { tool: "Bash" }, { ...opts(), env })).title).toBe(good.title);
    const headers = api.requests.at(-1)?.headers ?? {};
    expect([headers.authorization, headers["x-api-key"]]).toEqual(["<redacted>", undefined]); // sent as a bearer token
  });

  it("needs an API key", async () => {
    await expect(
      observe("x", { tool: "Bash" }, { ...opts(), env: { ANTHROPIC_BASE_URL: api.url } }),
    ).rejects.toThrow(/ANTHROPIC_API_KEY/);
  });

  it("parseObservation tolerates prose around the JSON but not missing fields", () => {
    expect(parseObservation(`\`\`\`json\n${JSON.stringify(good)}\n\`\`\``).facts).toHaveLength(2);
    expect(() => parseObservation('{"title":"t"}')).toThrow(/wrong shape/);
  });
});
