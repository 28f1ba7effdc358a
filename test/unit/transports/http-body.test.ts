// The http transport's body limit counts bytes as they are read, for every transfer
// encoding: a chunked POST (no Content-Length) over hook.max_stdin_mb is answered with
// the no-op before the client has sent it all, and never held whole.

import { mkdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { EVENT_PARTS } from "../../../src/cli/event-parts.ts";
import { cairnPaths } from "../../../src/core/paths.ts";
import { type RunningServer, startHttpServer } from "../../../src/transports/http.ts";
import { SECRET_HEADER } from "../../../src/transports/http-config.ts";
import { type Sandbox, sandbox } from "../../reliability/lib.ts";

const SECRET = "s".repeat(43);
const MB = 1024 * 1024;
let s: Sandbox;
let server: RunningServer;
beforeAll(async () => {
  s = sandbox();
  mkdirSync(s.cairnHome, { recursive: true });
  server = await startHttpServer({
    paths: cairnPaths(s.cairnHome),
    port: 0,
    secret: SECRET,
    parts: EVENT_PARTS,
    env: s.env,
  });
});
afterAll(async () => {
  await server?.close();
  s?.cleanup();
});

/** POSTs `total` bytes in 1 MiB chunks (chunked encoding), one after another as the socket drains. */
function chunkedPost(total: number): Promise<{ status: number; body: string; sentWhenAnswered: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: "/cairn/hook/PostToolUse",
        method: "POST",
        headers: {
          [SECRET_HEADER]: SECRET,
          "content-type": "application/json",
          "transfer-encoding": "chunked",
        },
      },
      (res) => {
        answered = true;
        const at = sent;
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, sentWhenAnswered: at }));
        res.on("error", reject);
      },
    );
    // The server may close the connection on a body it refused before the client reads
    // the answer: the write then fails, which is the refusal as the client sees it.
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (answered) return;
      answered = true;
      if (err.code === "EPIPE" || err.code === "ECONNRESET")
        resolve({ status: 0, body: "", sentWhenAnswered: sent });
      else reject(err);
    });
    const chunk = Buffer.alloc(MB, "a");
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    req.write('{"hook_event_name":"PostToolUse","x":"');
    pump();
  });
}

it("a chunked body over hook.max_stdin_mb (16 MB) is refused while it is still arriving", async () => {
  const total = 96 * MB;
  const r = await chunkedPost(total);
  if (r.status !== 0) {
    expect(r.status).toBe(200);
    expect(r.body).toBe("{}");
  }
  // Answered (or cut off) before the client got to the end of its body: the server did not wait for it all.
  expect(r.sentWhenAnswered).toBeLessThan(total);
  const log = readFileSync(cairnPaths(s.cairnHome).log, "utf8");
  expect(log).toContain("exceeds hook.max_stdin_mb");
});

it("a chunked body under the limit is read whole and dispatched", async () => {
  const r = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: "/cairn/hook/Stop",
        method: "POST",
        headers: { [SECRET_HEADER]: SECRET, "transfer-encoding": "chunked" },
      },
      (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.write("{");
    req.end("}");
  });
  expect(r.status).toBe(200);
  expect(r.body).toBe("{}");
  const log = readFileSync(cairnPaths(s.cairnHome).log, "utf8");
  // It reached the dispatcher, which found it did not match the contract (not the size limit).
  expect(log).toContain("does not match the contract");
});
