import type { IncomingMessage, Server } from "node:http";
import { isEventName, noopAnswer } from "../claude/events.ts";
import { loadConfig } from "../config/load.ts";
import { resolveConfig } from "../config/resolve.ts";
import { createLogger, type Logger } from "../core/log.ts";
import { type CairnPaths, isUsableDir } from "../core/paths.ts";
import { projectOf as projectFrom } from "../core/project.ts";
import { sameSecret } from "../core/secrets/same-secret.ts";
import { selfInvocation } from "../core/self.ts";
import type { EventParts } from "../hooks/context.ts";
import { dispatch } from "../hooks/dispatch.ts";
import { openStore, type Store } from "../store/db.ts";
import { readBounded } from "./body.ts";
import { heapKeeper } from "./heap.ts";
import { SECRET_HEADER } from "./http-config.ts";
import { peerOfConnection } from "./socket-owner.ts";

/**
 * The http transport: the same dispatcher behind a loopback server, so a hook costs
 * a request instead of a process start. Claude Code POSTs the event JSON to
 * /cairn/hook/<Event> and reads the JSON answer. Bound to 127.0.0.1 only; every
 * request must come from a process of our own user and carry the install's secret;
 * bodies over hook.max_stdin_mb (counted as read, chunked ones too) are refused with
 * the no-op answer, like oversize stdin.
 */
export interface ServeOptions {
  readonly paths: CairnPaths;
  readonly port: number;
  readonly secret: string;
  /** What runs on each event (src/cli/event-parts.ts). */
  readonly parts: EventParts;
  readonly env?: NodeJS.ProcessEnv;
  readonly log?: Logger;
}

export interface RunningServer {
  readonly port: number;
  readonly server: Server;
  close(): Promise<void>;
}

/**
 * Whether the process at the other end of a connection runs as our user. The secret
 * alone is not enough: it is in settings.json, which other users may be able to read,
 * and Claude Code sends it to whoever listens on the port. Asked once per connection;
 * where it cannot be told (no socket table), the answer is no.
 */
const peerOf = peerOfConnection();

export async function startHttpServer(opts: ServeOptions): Promise<RunningServer> {
  const { Hono } = await import("hono");
  const { serve } = await import("@hono/node-server");
  const env = opts.env ?? process.env;
  const log = opts.log ?? createLogger(opts.paths);
  const maxBytes = resolveConfig([]).config["hook.max_stdin_mb"] * 1024 * 1024;
  const app = new Hono();
  // One connection for the server's life: node:sqlite is synchronous, so requests never
  // interleave inside a transaction.
  let store: Promise<Store> | undefined;
  const sharedStore = () => {
    store ??= openStore(opts.paths.db).catch((err) => {
      store = undefined;
      throw err;
    });
    return store;
  };

  app.use("*", async (c, next) => {
    const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
    if (!socket || peerOf(socket) !== "ours") {
      log.warn("refused a request from a process of another user (or of an unknown one)", {
        port: socket?.remotePort,
      });
      return c.json({ error: "forbidden" }, 403);
    }
    if (!sameSecret(c.req.header(SECRET_HEADER), opts.secret)) return c.json({ error: "forbidden" }, 403);
    await next();
  });
  app.get("/cairn/health", (c) => c.json({ ok: true, pid: process.pid, port: opts.port }));
  const afterRequest = heapKeeper();
  app.use("/cairn/hook/*", async (_c, next) => {
    await next();
    afterRequest();
  });
  const answerHook = hookAnswerer(opts, env, sharedStore);
  app.post("/cairn/hook/:event", async (c) => {
    const name = c.req.param("event");
    const noop = isEventName(name) ? noopAnswer(name) : "{}";
    const tooLarge = (bytes: string) => {
      log.warn("hook request exceeds hook.max_stdin_mb; answering no-op", { event: name, bytes });
      // The rest of the body is never read: the connection goes with it.
      return c.body(noop, 200, { "content-type": "application/json", connection: "close" });
    };
    const length = Number(c.req.header("content-length") ?? 0);
    if (length > maxBytes) return tooLarge(String(length));
    // Counted as read: a chunked body has no length to check first.
    const raw = await readBounded(c.req.raw.body, maxBytes);
    if (raw === undefined) return tooLarge(`over ${maxBytes}`);
    return c.body(await answerHook(name, raw), 200, { "content-type": "application/json" });
  });
  app.notFound((c) => c.json({ error: "not found" }, 404));

  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: opts.port, hostname: "127.0.0.1" }, (info) => {
      resolve({
        port: info.port,
        server: server as Server,
        close: () =>
          new Promise<void>((r) => (server as Server).close(() => r())).then(async () => {
            if (store) (await store.catch(() => undefined))?.close();
          }),
      });
    }) as Server;
    server.on("error", reject);
    server.requestTimeout = 60_000;
  });
}

/** One event through the dispatcher, with the config of the event's project: the answer to print. */
function hookAnswerer(
  opts: ServeOptions,
  env: NodeJS.ProcessEnv,
  sharedStore: () => Promise<Store>,
): (name: string, raw: string) => Promise<string> {
  return async (name, raw) => {
    const projectDir = projectOf(raw);
    let resolved = resolveConfig([]);
    try {
      resolved = await loadConfig(opts.paths, projectDir);
    } catch {
      // Defaults.
    }
    const result = await dispatch(name, raw, {
      paths: opts.paths,
      resolved,
      log: createLogger(opts.paths, resolved.config["log.level"]),
      env,
      self: selfInvocation(),
      openStore: sharedStore,
      parts: opts.parts,
      ...(projectDir ? { projectDir } : {}),
    });
    return result.output;
  };
}

/**
 * The project of an event by the rule every hook follows (core/project.ts): http hooks
 * get no CLAUDE_PROJECT_DIR, so it is the session's directory, read from the event.
 */
function projectOf(raw: string): string | undefined {
  try {
    const { cwd, transcript_path } = JSON.parse(raw) as { cwd?: unknown; transcript_path?: unknown };
    // A relative cwd would be resolved against the server's own directory: not the event's project.
    if (typeof cwd !== "string" || !isUsableDir(cwd)) return undefined;
    const transcriptPath = typeof transcript_path === "string" ? transcript_path : undefined;
    return projectFrom({ session: { cwd, transcriptPath } });
  } catch {
    return undefined;
  }
}
