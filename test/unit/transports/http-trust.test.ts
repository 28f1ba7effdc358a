import { execFileSync } from "node:child_process";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { judgeHttpRisk, type MachineFacts } from "../../../src/transports/http-risk.ts";
import { parseTcpTable, peerUid, portOwner, readTcpSockets } from "../../../src/transports/socket-owner.ts";

// Who owns a loopback socket decides whether cairn sends to it (the http transport's
// guard against another local user squatting its port). The table is the kernel's
// own: read it while a real listener and a real connection exist.

function listen(): Promise<{ port: number; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const s = createServer((c) => c.on("data", () => {}));
    s.listen(0, "127.0.0.1", () =>
      resolve({
        port: (s.address() as { port: number }).port,
        close: () => new Promise((r) => s.close(() => r())),
      }),
    );
  });
}

describe.skipIf(process.platform !== "linux")("socket owners from /proc/net/tcp", () => {
  it("a listener of ours is ours; a free port is free", async () => {
    const l = await listen();
    try {
      const owner = portOwner(l.port);
      expect(owner.kind).toBe("ours");
      if (owner.kind === "ours") expect(owner.inodes.length).toBeGreaterThan(0);
    } finally {
      await l.close();
    }
    expect(portOwner(l.port).kind).toBe("free");
  });

  it("the client end of a loopback connection is found by its port, with its uid", async () => {
    const l = await listen();
    const { connect } = await import("node:net");
    const c = connect(l.port, "127.0.0.1");
    await new Promise<void>((r) => c.on("connect", () => r()));
    try {
      expect(peerUid(c.localPort!, l.port)).toBe(process.getuid!());
      expect(peerUid(c.localPort! === 1 ? 2 : 1, l.port)).toBeUndefined();
    } finally {
      c.destroy();
      await l.close();
    }
  });

  it("parses the real table as the kernel writes it (the uid and inode columns)", () => {
    const raw = execFileSync("cat", ["/proc/net/tcp"], { encoding: "utf8" });
    const rows = parseTcpTable(raw);
    expect(rows.length).toBe(raw.trim().split("\n").length - 1);
    expect(readTcpSockets()!.length).toBeGreaterThanOrEqual(rows.length);
  });

  it("another user's listener is foreign", () => {
    const table = [
      "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
      "   0: 0100007F:4E21 00000000:0000 0A 00000000:00000000 00:00000000 00000000 65534        0 4242 1 0000000000000000 100 0 0 10 0",
    ].join("\n");
    expect(portOwner(0x4e21, 0, parseTcpTable(table))).toEqual({ kind: "foreign", uid: 65534 });
    expect(portOwner(0x4e21, 65534, parseTcpTable(table))).toEqual({ kind: "ours", inodes: [4242] });
  });
});

describe("judging the http transport's risk", () => {
  const safe: MachineFacts = {
    uid: 1000,
    owner: { kind: "free" },
    otherUsers: [],
    processesHidden: undefined,
    unprivilegedStart: 1024,
  };
  it("is safe alone on the machine", () => {
    expect(judgeHttpRisk(30000, safe)).toBeUndefined();
    expect(judgeHttpRisk(30000, { ...safe, owner: { kind: "ours", inodes: [1] } })).toBeUndefined();
  });
  it("refuses a port another user holds, whatever else is true", () => {
    const r = judgeHttpRisk(30000, {
      ...safe,
      owner: { kind: "foreign", uid: 65534 },
      unprivilegedStart: 65536,
    });
    expect(r).toEqual({ squatted: true, reason: expect.stringContaining("uid 65534") });
  });
  it("refuses when other users run processes and could bind the port while the server is down", () => {
    expect(judgeHttpRisk(30000, { ...safe, otherUsers: [101] })?.reason).toMatch(/uid 101/);
  });
  it("accepts a privileged port (only root can bind it) despite other users", () => {
    expect(judgeHttpRisk(600, { ...safe, uid: 0, otherUsers: [101] })).toBeUndefined();
  });
  it("refuses when socket owners cannot be seen", () => {
    expect(judgeHttpRisk(30000, { ...safe, owner: { kind: "unknown" } })?.reason).toMatch(/cannot see/);
  });
});
