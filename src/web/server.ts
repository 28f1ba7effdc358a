import { existsSync } from "node:fs";
import type { IncomingMessage, Server } from "node:http";
import type { Context, Hono, MiddlewareHandler } from "hono";
import type { Config } from "../config/schema.ts";
import type { Logger } from "../core/log.ts";
import type { CairnPaths } from "../core/paths.ts";
import { isQuerySyntaxError } from "../memory/search.ts";
import { openStore, type Store } from "../store/db.ts";
import { teammateSessions } from "../team/dashboard.ts";
import { type Peer, peerOfConnection } from "../transports/socket-owner.ts";
import { changeVersion } from "./api/changes.ts";
import { memoryOf, projects, searchAll, turnDetail } from "./api/memory.ts";
import { outputExists, outputView, readPart, toolView } from "./api/outputs.ts";
import { optional, optionalInt, type Reader } from "./api/reader.ts";
import { savings } from "./api/savings.ts";
import { listSessions, sessionDetail } from "./api/sessions.ts";
import { access, CODE_HEADER, linkWithCode, OneTimeCodes, TOKEN_HEADER } from "./auth.ts";
import { PAGE, SECURITY_HEADERS } from "./page.ts";

/** The client, built for the browser and embedded as text (see scripts/build.mjs). */
interface Assets {
  readonly js: string;
  readonly css: string;
}

interface UiOptions {
  readonly paths: CairnPaths;
  readonly config: Config;
  /** 0 picks a free port. */
  readonly port: number;
  readonly token: string;
  readonly assets: Assets;
  readonly log?: Logger;
  /** How the user runs this cairn (core/self printedCli), for the commands the page prints. */
  readonly cli: string;
  /** Who is at the other end of a connection: the socket table unless a test gives one. */
  readonly peer?: (clientPort: number, serverPort: number) => Peer;
  /** A one-time link came back after it was used: someone else may have opened it first. */
  readonly onSpentCode?: () => void;
}

export interface RunningUi {
  readonly port: number;
  /** A new one-time link for a browser (the page trades its code for the token). */
  link(): string;
  readonly server: Server;
  close(): Promise<void>;
}

class NoDatabase extends Error {}

const FORBIDDEN =
  "forbidden: open the dashboard with a link `cairn ui` printed or opened (each works once)\n";

/**
 * Every request: the security headers, GET and HEAD only, a peer of our own user (one
 * look per connection: another user's process gets nothing, not even the page), then
 * the rules of auth.ts. Where the system has no socket table (not Linux) the peer cannot
 * be told and the token is the only guard.
 */
function guard(o: UiOptions, port: () => number, codes: OneTimeCodes): MiddlewareHandler {
  const peerOf = peerOfConnection(o.peer);
  return async (c, next) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.header(k, v);
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return c.text("method not allowed\n", 405);
    const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
    if (!socket || peerOf(socket) === "other") {
      o.log?.warn("dashboard refused a connection from another user's process (or an unknown one)", {
        port: socket?.remotePort,
      });
      return c.text("forbidden\n", 403);
    }
    const verdict = access(
      { path: c.req.path, host: c.req.header("host"), token: c.req.header(TOKEN_HEADER) },
      port(),
      o.token,
    );
    if (verdict === "refused") return c.text(FORBIDDEN, 403);
    if (verdict === "exchange") {
      const code = codes.redeem(c.req.header(CODE_HEADER));
      if (code === "ok") return c.json({ token: o.token });
      if (code === "spent") {
        o.log?.warn("a one-time dashboard link was presented again after it was used");
        o.onSpentCode?.();
      }
      return c.json({ error: "this link was already used, or is not one of this dashboard's" }, 403);
    }
    await next();
  };
}

/** The JSON API: each route reads the store through `reader` (404 when there is nothing). */
function apiRoutes(app: Hono, reader: () => Promise<Reader>): void {
  const api = <T>(c: Context, read: (r: Reader) => T | undefined, what = "not found") =>
    reader().then((r) => {
      const value = read(r);
      return value === undefined ? c.json({ error: what }, 404) : c.json(value as object);
    });

  app.get("/api/sessions", (c) =>
    api(c, (r) =>
      listSessions(r, {
        project: optional(c.req.query("project")),
        from: optionalInt(c.req.query("from")),
        to: optionalInt(c.req.query("to")),
        limit: optionalInt(c.req.query("limit")),
      }),
    ),
  );
  app.get("/api/sessions/:id", (c) => api(c, (r) => sessionDetail(r, c.req.param("id")), "no such session"));
  app.get("/api/sessions/:id/tools/:tool", (c) =>
    api(c, (r) => toolView(r, c.req.param("id"), c.req.param("tool")), "no such tool call"),
  );
  app.get("/api/outputs/:id", (c) => {
    const id = optionalInt(c.req.param("id"));
    return api(c, (r) => (id === undefined ? undefined : outputView(r, id)), "no such output");
  });
  app.get("/api/outputs/:id/read", (c) => {
    const id = optionalInt(c.req.param("id"));
    const q = (k: string) => optional(c.req.query(k));
    return reader().then((r) => {
      if (id === undefined || !outputExists(r, id)) return c.json({ error: "no such output" }, 404);
      const read = readPart(r, id, {
        lines: q("lines"),
        grep: q("grep"),
        ignoreCase: q("i") === "1",
        context: optionalInt(c.req.query("context")),
        shown: q("shown") === "1",
        page: optionalInt(c.req.query("page")),
      });
      return c.json(read, read.ok ? 200 : read.why === "bad-request" ? 400 : 404);
    });
  });
  app.get("/api/projects", (c) => api(c, (r) => projects(r)));
  app.get("/api/team/sessions", (c) =>
    api(c, (r) => ({ sessions: teammateSessions(r.store, r.paths), cli: r.cli })),
  );
  app.get("/api/changes", (c) => api(c, (r) => changeVersion(r)));
  app.get("/api/memory", (c) => {
    const project = optional(c.req.query("project"));
    return api(c, (r) => (project ? memoryOf(r, project) : undefined), "no such project");
  });
  app.get("/api/search", (c) => {
    const query = (c.req.query("q") ?? "").trim();
    return api(c, (r) => searchAll(r, { query, project: optional(c.req.query("project")) }));
  });
  app.get("/api/turn", (c) => {
    const session = optional(c.req.query("session"));
    const turn = optionalInt(c.req.query("turn"));
    return api(
      c,
      (r) => (session && turn !== undefined ? turnDetail(r, session, turn) : undefined),
      "no such turn",
    );
  });
  app.get("/api/savings", (c) =>
    api(c, (r) =>
      savings(r, {
        project: optional(c.req.query("project")),
        from: optionalInt(c.req.query("from")),
        to: optionalInt(c.req.query("to")),
      }),
    ),
  );
}

/**
 * The dashboard's server: the page, its script and style, and a JSON API that reads
 * the store through a read-only connection. Bound to 127.0.0.1 only; only our own
 * user's processes are answered, the data needs the token (see auth.ts); only GET and
 * HEAD exist.
 */
export async function startUiServer(o: UiOptions): Promise<RunningUi> {
  const { Hono } = await import("hono");
  const { serve } = await import("@hono/node-server");
  let port = o.port;
  let store: Store | undefined;
  const reader = async (): Promise<Reader> => {
    if (!store) {
      if (!existsSync(o.paths.db)) throw new NoDatabase(`no cairn database yet (${o.paths.db})`);
      // A read-only connection cannot migrate: bring a database from an older cairn up
      // to date first, so every query sees the schema it was written for.
      (await openStore(o.paths.db, { busyTimeoutMs: 3000 })).close();
      store = await openStore(o.paths.db, { readOnly: true, busyTimeoutMs: 3000 });
    }
    return { store, paths: o.paths, config: o.config, now: Date.now(), cli: o.cli };
  };

  const app = new Hono();
  const codes = new OneTimeCodes();
  app.use(
    "*",
    guard(o, () => port, codes),
  );

  app.get("/", (c) => c.html(PAGE));
  app.get("/app.js", (c) => c.body(o.assets.js, 200, { "content-type": "text/javascript; charset=utf-8" }));
  app.get("/app.css", (c) => c.body(o.assets.css, 200, { "content-type": "text/css; charset=utf-8" }));

  apiRoutes(app, reader);

  app.notFound((c) => c.json({ error: "not found" }, 404));
  app.onError((err, c) => {
    // A query FTS5 cannot read is the asker's to fix: the same one-line reason the CLI gives.
    if (isQuerySyntaxError(err)) return c.json({ error: err.message }, 400);
    if (err instanceof NoDatabase)
      return c.json(
        { error: "No sessions recorded yet: they appear once Claude Code runs with cairn installed." },
        503,
      );
    o.log?.error("dashboard request failed", { path: c.req.path, err });
    return c.json({ error: `the dashboard could not read this: ${err.message}` }, 500);
  });

  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: o.port, hostname: "127.0.0.1" }, (info) => {
      port = info.port;
      resolve({
        port,
        link: () => linkWithCode(port, codes.issue()),
        server,
        close: () =>
          new Promise<void>((done) => {
            // A browser keeps its connections open: end them, or close() waits for them.
            server.close(() => done());
            server.closeAllConnections();
          }).then(() => store?.close()),
      });
    }) as Server;
    server.on("error", reject);
  });
}
