import { readFileSync } from "node:fs";

/**
 * Who owns a TCP socket on this machine, from Linux's /proc/net/tcp and tcp6. Loopback
 * ports are open to every local user: whoever binds the http transport's port first
 * receives what is sent there, so cairn looks at the owner of the listening socket
 * before it sends anything, and its server looks at the owner of the connecting socket
 * before it answers.
 */
export interface TcpSocket {
  readonly localPort: number;
  readonly remotePort: number;
  /** The kernel's state code: 0x0A is LISTEN, 0x01 ESTABLISHED. */
  readonly state: number;
  readonly uid: number;
  readonly inode: number;
}

const LISTEN = 0x0a;
const ESTABLISHED = 0x01;

/** Rows of /proc/net/tcp or tcp6: `sl local rem st tx:rx tr:when retr uid timeout inode ...`. */
export function parseTcpTable(text: string): TcpSocket[] {
  const out: TcpSocket[] = [];
  for (const line of text.split("\n").slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 10) continue;
    const local = f[1]!.split(":");
    const remote = f[2]!.split(":");
    const row = {
      localPort: Number.parseInt(local[1] ?? "", 16),
      remotePort: Number.parseInt(remote[1] ?? "", 16),
      state: Number.parseInt(f[3]!, 16),
      uid: Number(f[7]),
      inode: Number(f[9]),
    };
    if (Object.values(row).every(Number.isInteger)) out.push(row);
  }
  return out;
}

/** Every TCP socket this process can see; undefined where there is no /proc (not Linux). */
export function readTcpSockets(): TcpSocket[] | undefined {
  let any = false;
  const out: TcpSocket[] = [];
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    try {
      out.push(...parseTcpTable(readFileSync(file, "utf8")));
      any = true;
    } catch {
      // No IPv6, or no /proc at all.
    }
  }
  return any ? out : undefined;
}

export type PortOwner =
  | { readonly kind: "free" }
  | { readonly kind: "ours"; readonly inodes: readonly number[] }
  | { readonly kind: "foreign"; readonly uid: number }
  | { readonly kind: "unknown" };

/**
 * Who listens on a port, any address (a listener on 0.0.0.0 or :: takes 127.0.0.1's
 * connections too): cairn's own user, another user, nobody, or unknown (no /proc).
 */
export function portOwner(
  port: number,
  uid: number | undefined = process.getuid?.(),
  sockets = readTcpSockets(),
): PortOwner {
  if (!sockets || uid === undefined) return { kind: "unknown" };
  const listeners = sockets.filter((s) => s.state === LISTEN && s.localPort === port);
  if (listeners.length === 0) return { kind: "free" };
  const foreign = listeners.find((s) => s.uid !== uid);
  if (foreign) return { kind: "foreign", uid: foreign.uid };
  return { kind: "ours", inodes: listeners.map((s) => s.inode) };
}

/**
 * The owner of the client end of a loopback connection to `serverPort` from
 * `clientPort`; undefined when it cannot be told (no /proc, no such row, or rows that
 * disagree).
 */
export function peerUid(
  clientPort: number,
  serverPort: number,
  sockets = readTcpSockets(),
): number | undefined {
  if (!sockets) return undefined;
  const rows = sockets.filter(
    (s) => s.state === ESTABLISHED && s.localPort === clientPort && s.remotePort === serverPort,
  );
  const uids = new Set(rows.map((s) => s.uid));
  return uids.size === 1 ? rows[0]!.uid : undefined;
}

/**
 * Who is at the other end of a connection to one of cairn's loopback servers: our own
 * user, another (or one that cannot be told: no row, rows that disagree), or a system
 * with no socket table at all (not Linux), where nothing can be told.
 */
export type Peer = "ours" | "other" | "unsupported";

export function connectionPeer(
  clientPort: number,
  serverPort: number,
  uid: number | undefined = process.getuid?.(),
  sockets = readTcpSockets(),
): Peer {
  if (!sockets || uid === undefined) return "unsupported";
  return peerUid(clientPort, serverPort, sockets) === uid ? "ours" : "other";
}

/** The ends of a connection as node:net gives them. */
interface Connection {
  readonly remotePort?: number | undefined;
  readonly localPort?: number | undefined;
}

/**
 * A connection's peer, looked up once per connection (a browser or Claude Code keeps
 * one open for many requests). `lookup` is the system's table unless a test gives one.
 */
export function peerOfConnection(
  lookup: (clientPort: number, serverPort: number) => Peer = connectionPeer,
): (socket: Connection) => Peer {
  const known = new WeakMap<Connection, Peer>();
  return (socket) => {
    const seen = known.get(socket);
    if (seen !== undefined) return seen;
    const { remotePort, localPort } = socket;
    const peer =
      remotePort !== undefined && localPort !== undefined ? lookup(remotePort, localPort) : "other";
    known.set(socket, peer);
    return peer;
  };
}
