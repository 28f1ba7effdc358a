/**
 * A turn that ends while the push after the last one is on the network sees that push
 * pending and starts none (no-wait.test.ts): its records are that push's to send. They
 * are in memory, not yet in the outbox, when the push finishes its round; it collects
 * them before it decides it is done. Seen as a flaky e2e (team-env): the session's last
 * words, ingested by SessionEnd after the Stop push had collected, waited for the next
 * session to reach the server.
 *
 * The push's connection is held at a gate in front of a real PostgreSQL, so the turn
 * ends while it is in flight whatever the machine's speed; nothing here waits on time.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { ingestSource } from "../../../src/memory/ingest.ts";
import { openStore } from "../../../src/store/db.ts";
import { pushPending } from "../../../src/team/background.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";
import { type PgServer, pgBinDir, startPostgres } from "../../helpers/postgres.ts";
import { until } from "../../helpers/wait.ts";
import { repeatSession, TOOLS_SESSION } from "../memory/helpers.ts";

/**
 * A TCP relay to `port`. While held, each new connection waits (and `connected` resolves
 * on the first) until open().
 */
async function gate(port: number) {
  let held = false;
  const waiting: Array<() => void> = [];
  const sockets: Socket[] = [];
  let sawOne: () => void = () => {};
  let connected = Promise.resolve();
  const server: Server = createServer((client) => {
    sockets.push(client);
    client.pause();
    const relay = () => {
      const upstream = connect(port, "127.0.0.1");
      sockets.push(upstream);
      client.pipe(upstream).pipe(client);
      client.resume();
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
    };
    if (held) {
      waiting.push(relay);
      sawOne();
    } else relay();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as { port: number }).port,
    /** Holds the connections made from now on; resolves once one is waiting. */
    hold(): Promise<void> {
      held = true;
      connected = new Promise<void>((r) => {
        sawOne = r;
      });
      return connected;
    },
    open() {
      held = false;
      for (const go of waiting.splice(0)) go();
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

describe.skipIf(!pgBinDir())("a turn that ends while a push is on the network", () => {
  const t = tempHome("cairn-team-late-");
  const paths = cairnPaths(join(t.home, ".cairn"));
  let pg: PgServer;
  let relay: Awaited<ReturnType<typeof gate>>;

  beforeAll(async () => {
    pg = await startPostgres();
    relay = await gate(pg.port);
    mkdirSync(join(t.home, ".cairn"), { recursive: true });
    execFileSync("git", ["init", "-q", t.project]);
    execFileSync("git", ["-C", t.project, "remote", "add", "origin", "git@example.org:team/late.git"]);
    const url = pg.url().replace(`:${pg.port}/`, `:${relay.port}/`);
    expect(url).toContain(`:${relay.port}/`);
    writeFileSync(join(t.home, ".cairn", "config.yaml"), `team:\n  url: "${url}"\n  push_delay_s: 0\n`, {
      mode: 0o600,
    });
  }, 120_000);
  afterAll(async () => {
    await relay?.close();
    pg?.destroy();
    t.cleanup();
  });

  const cli = (args: string[]) =>
    runCairn(args, { cwd: t.project, env: { ...t.env, USER: "erin", CAIRN_TEAM_URL: "" } });

  /** A real session's transcript (the fixture, its last words marked) ingested as a Stop hook would. */
  async function turn(sid: string, marker: string): Promise<void> {
    const store = await openStore(paths.db);
    try {
      const transcript = join(t.home, `${sid}.jsonl`);
      const tag = sid.slice(-4);
      let text = repeatSession(TOOLS_SESSION, 2, sid)
        .replace(/"([0-9a-f]{8})-[0-9a-f]{4}-/g, `"$1-${tag}-`)
        .replace(/"sessionId":"[^"]+"/g, `"sessionId":"${sid}"`)
        .replace(/toolu_t/g, `toolu_${tag}t`);
      for (const n of [1, 2]) text = text.replace(`conclusion${n}y.`, `${marker} turn ${n}.`);
      writeFileSync(transcript, text);
      ingestSource(store, { path: transcript, sessionId: sid, projectDir: t.project }, { now: Date.now() });
    } finally {
      store.close();
    }
  }

  const onServer = (marker: string): number =>
    Number(
      pg.psql(`SELECT count(*) FROM cairn_team_records WHERE text LIKE '%${marker}%'`, "cairn_team").trim(),
    );

  it("the push in flight collects the late turn's records and sends them before it ends", async () => {
    const agreed = await cli(["team", "enable", "--yes"]);
    expect(agreed.code, agreed.stderr).toBe(0);
    await turn("sess-early-0001", "EARLY-MARK");

    // The push after the first turn: it takes the lock, collects, and connects (held at the gate).
    const held = relay.hold();
    const push = cli(["team", "sync", "--background"]);
    await held;
    // The next turn ends now: it finds the push pending (so its Stop hook starts none) and
    // its records land in memory only.
    await until(() => (pushPending(paths, Date.now()) ? true : undefined), "the push never took its lock");
    await turn("sess-late-0002", "LATE-MARK");

    relay.open();
    const done = await push;
    expect(done.code, done.stderr).toBe(0);
    expect(onServer("EARLY-MARK")).toBeGreaterThan(0);
    // Without the collection after the round, the late turn waited in memory for the next push.
    expect(onServer("LATE-MARK")).toBeGreaterThan(0);
    expect(pushPending(paths, Date.now())).toBe(false);
  });
});
