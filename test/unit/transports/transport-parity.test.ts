import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO, runCairn, tempHome } from "../../helpers/cairn.ts";
import { freePort, type ServedCairn, startServe } from "../../helpers/serve.ts";

// The shared suite: every real hook input captured from Claude Code goes through the
// command transport (`cairn hook`) and the http transport (`cairn serve`), each in its
// own fresh HOME, in the same order; the answers must be the same.

const dir = join(REPO, "test/fixtures/hook-inputs");
const EVENTS = new Set([
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "Stop",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "SessionEnd",
]);
const inputs = readdirSync(dir)
  .filter((f) => f.endsWith(".json") && EVENTS.has(f.split("-")[0]!))
  .sort()
  .map((f) => ({ file: f, event: f.split("-")[0]!, body: readFileSync(join(dir, f), "utf8") }));

describe("command and http transports answer alike", () => {
  const viaCommand = tempHome("cairn-cmdA-");
  const viaHttp = tempHome("cairn-htpB-");
  let served: ServedCairn;

  beforeAll(async () => {
    served = await startServe(viaHttp.env, await freePort());
  });
  afterAll(async () => {
    await served.stop();
    viaCommand.cleanup();
    viaHttp.cleanup();
  });

  it(`covers every event cairn installs (${inputs.length} real inputs)`, () => {
    expect(new Set(inputs.map((i) => i.event))).toEqual(EVENTS);
  });

  // The captured paths point at the capture's temp folder; each transport gets the same
  // inputs relocated into its own sandbox, so neither sees the other's files.
  const relocate = (body: string, root: string) => body.replaceAll("/tmp/cairn-hook-capture", root);

  for (const input of inputs) {
    it(input.file, async () => {
      const cmd = await runCairn(["hook", input.event], {
        input: relocate(input.body, viaCommand.home),
        env: viaCommand.env,
        cwd: viaCommand.home,
      });
      const http = await served.post(input.event, relocate(input.body, viaHttp.home));
      expect(cmd.code).toBe(0);
      expect(http.status).toBe(200);
      expect(http.body.replaceAll(viaHttp.home, "<root>")).toBe(
        cmd.stdout.replaceAll(viaCommand.home, "<root>"),
      );
    });
  }

  it("refuses requests without the secret, and serves only loopback", async () => {
    expect((await served.post("Stop", "{}", "wrong")).status).toBe(403);
    expect((await served.post("Stop", "{}", "")).status).toBe(403);
    const { networkInterfaces } = await import("node:os");
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === "IPv4" && !a.internal);
    if (external) {
      const { request } = await import("node:http");
      const refused = await new Promise<boolean>((resolve) => {
        const req = request({ host: external.address, port: served.port, path: "/cairn/health" }, () =>
          resolve(false),
        );
        req.on("error", () => resolve(true));
        req.end();
      });
      expect(refused).toBe(true);
    }
  });
});
