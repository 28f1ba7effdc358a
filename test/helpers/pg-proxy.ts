/**
 * A loopback TCP proxy in front of a test PostgreSQL that breaks one connection at a
 * chosen moment: when the client sends a message holding `when` (a statement's text),
 * that message is not forwarded and the client's connection is
 * - "reset": closed with a TCP reset (the client reads ECONNRESET), or
 * - "terminate": sent what a backend sends when the server shuts down fast (FATAL
 *   57P01, "terminating connection due to administrator command") and closed.
 * Only the first such connection once armed (at once, or when `arm()` is called: the
 * fleet arms it when it restarts the server); every other byte and connection passes
 * untouched.
 */
import { createServer, type Server, type Socket, connect as tcp } from "node:net";

export type Break = "reset" | "terminate";

export interface PgProxy {
  /** The server's URL, through the proxy. */
  readonly url: string;
  /** Connections broken so far (0 or 1). */
  broken(): number;
  arm(): void;
  close(): Promise<void>;
}

/** The ErrorResponse of a backend stopped by a fast shutdown. */
function adminShutdown(): Buffer {
  const fields = ["SFATAL", "VFATAL", "C57P01", "Mterminating connection due to administrator command"];
  const body = Buffer.from(`${fields.join("\0")}\0\0`);
  const head = Buffer.alloc(5);
  head.write("E", 0);
  head.writeUInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

export async function startPgProxy(o: {
  url: string;
  port: number;
  when: string;
  how: Break;
  armed?: boolean;
}): Promise<PgProxy> {
  let broken = 0;
  let armed = o.armed ?? true;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = tcp(o.port, "127.0.0.1");
    sockets.add(client).add(upstream);
    const done = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("data", (d: Buffer) => {
      if (armed && broken === 0 && d.includes(o.when)) {
        broken++;
        upstream.destroy();
        if (o.how === "reset") client.resetAndDestroy();
        else client.end(adminShutdown());
        return;
      }
      if (upstream.writable) upstream.write(d);
    });
    upstream.on("data", (d: Buffer) => {
      if (client.writable) client.write(d);
    });
    for (const s of [client, upstream]) {
      s.on("error", done);
      s.on("close", () => {
        sockets.delete(s);
        done();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: o.url.replace(`:${o.port}/`, `:${port}/`),
    broken: () => broken,
    arm: () => {
      armed = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
