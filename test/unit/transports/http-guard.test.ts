/**
 * Security review 2026-11-28, finding 3: the http transport on a host that hides other
 * users' processes, and a listener of another user on the port after a start or in the
 * middle of a session. The system is injected at its edges here (the /proc view, the
 * port's owner, the spawn): a hidepid mount and a second uid need root, which the
 * e2e and the root-only tests below use for real.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { httpPlan } from "../../../src/claude/install-plan.ts";
import { writeRecord } from "../../../src/claude/install-record.ts";
import { parseSettings, stringifySettings, withCairn } from "../../../src/claude/settings.ts";
import { type CairnPaths, cairnPaths } from "../../../src/core/paths.ts";
import { selfInvocation } from "../../../src/core/self.ts";
import { ensureServer, type ServerProbe } from "../../../src/transports/http-client.ts";
import { type HttpInstall, httpInstallPath } from "../../../src/transports/http-config.ts";
import {
  hidepidOption,
  judgeHttpRisk,
  type MachineFacts,
  processesHidden,
} from "../../../src/transports/http-risk.ts";
import { tendHttpServer } from "../../../src/transports/revive.ts";
import type { PortOwner } from "../../../src/transports/socket-owner.ts";
import { CAIRN } from "../../helpers/cairn.ts";

/** Real lines of /proc/self/mountinfo, as Linux 6.x writes them. */
const PROC_PLAIN = "22 27 0:21 / /proc rw,relatime - proc proc rw";
const PROC_HIDDEN = "63 45 0:39 / /proc rw,relatime - proc proc rw,hidepid=invisible";
const SYS = "21 27 0:20 / /sys rw,nosuid,nodev,noexec,relatime shared:7 - sysfs sysfs rw";

describe("seeing other users' processes (hidepid)", () => {
  const view = (mountinfo: string | undefined, visible = true) => ({
    mountinfo: () => mountinfo,
    visible: () => visible,
  });

  it("reads the hidepid option of the /proc mount in effect (the last one there)", () => {
    expect(hidepidOption(`${SYS}\n${PROC_PLAIN}\n`)).toBeUndefined();
    expect(hidepidOption(`${SYS}\n${PROC_PLAIN}\n${PROC_HIDDEN}\n`)).toBe("hidepid=invisible");
    expect(hidepidOption(PROC_PLAIN.replace(/rw$/, "rw,hidepid=2"))).toBe("hidepid=2");
    expect(hidepidOption(PROC_PLAIN.replace(/rw$/, "rw,hidepid=0"))).toBeUndefined();
    expect(hidepidOption(PROC_PLAIN.replace(/rw$/, "rw,hidepid=off"))).toBeUndefined();
    // A proc mounted elsewhere (a container's) is not the one this process looks at.
    expect(hidepidOption(PROC_HIDDEN.replace(" /proc ", " /mnt/proc "))).toBeUndefined();
    expect(hidepidOption(undefined)).toBeUndefined();
    // This machine's own table parses (whatever it holds).
    const own = readFileSync("/proc/self/mountinfo", "utf8");
    expect(() => hidepidOption(own)).not.toThrow();
  });

  it("an unprivileged user behind hidepid, or who cannot see pid 1, sees nobody else: a risk", () => {
    expect(processesHidden(1000, view(PROC_HIDDEN))).toBe("/proc is mounted hidepid=invisible");
    expect(processesHidden(1000, view(PROC_PLAIN, false))).toBe("/proc/1 is invisible to this user");
    expect(processesHidden(1000, view(PROC_PLAIN))).toBeUndefined();
    // Root sees every process whatever the mount says.
    expect(processesHidden(0, view(PROC_HIDDEN, false))).toBeUndefined();
  });

  it("judges hidden processes like other users: refused above the privileged ports", () => {
    const facts: MachineFacts = {
      uid: 1000,
      owner: { kind: "free" },
      otherUsers: [],
      processesHidden: "/proc is mounted hidepid=invisible",
      unprivilegedStart: 1024,
    };
    const risk = judgeHttpRisk(30_000, facts);
    expect(risk?.squatted).toBe(false);
    expect(risk?.reason).toMatch(
      /^cannot see other users' processes \(\/proc is mounted hidepid=invisible\)/,
    );
    expect(judgeHttpRisk(600, facts)).toBeUndefined();
    expect(judgeHttpRisk(30_000, { ...facts, processesHidden: undefined })).toBeUndefined();
  });
});

describe("ensureServer looks at who listens after it starts the server", () => {
  const install: HttpInstall = { port: 41_234, secret: "s".repeat(32) };
  const CHILD = 777;

  /** A scripted system: the owner of the port at each look, and what was asked of it. */
  function probe(owners: PortOwner[], opts: { answers?: boolean; holds?: boolean } = {}) {
    const asked = { spawned: 0, health: 0, slept: 0 };
    let look = 0;
    const p: ServerProbe = {
      owner: () => owners[Math.min(look++, owners.length - 1)]!,
      holds: (pid) => opts.holds !== false && pid === CHILD,
      health: async () => {
        asked.health++;
        return opts.answers ? { ok: true, pid: 1 } : undefined;
      },
      spawn: () => {
        asked.spawned++;
        return CHILD;
      },
      sleep: async () => {
        asked.slept++;
      },
    };
    return { p, asked };
  }
  const free: PortOwner = { kind: "free" };
  const ours: PortOwner = { kind: "ours", inodes: [99] };
  const foreign: PortOwner = { kind: "foreign", uid: 4242 };

  it("another user who binds the port between the check and the child's bind is found: nothing sent", async () => {
    const { p, asked } = probe([free, free, foreign]);
    expect(await ensureServer(install, { probe: p, waitMs: 1000 })).toEqual({ state: "foreign", uid: 4242 });
    expect(asked.spawned).toBe(1);
    expect(asked.health).toBe(0);
  });

  it("the child that holds the listening socket is the server started", async () => {
    const { p, asked } = probe([free, free, ours]);
    expect(await ensureServer(install, { probe: p })).toEqual({ state: "started", pid: CHILD });
    expect(asked.health).toBe(0);
  });

  it("a listener of ours that is not the child is trusted only when it answers as cairn serve", async () => {
    const silent = probe([free, ours], { holds: false });
    expect(await ensureServer(install, { probe: silent.p, waitMs: 100 })).toEqual({ state: "unverified" });
    const answering = probe([free, ours], { holds: false, answers: true });
    expect(await ensureServer(install, { probe: answering.p })).toEqual({ state: "running" });
  });

  it("a port held by another user before the start gets nothing and starts nothing", async () => {
    const { p, asked } = probe([foreign]);
    expect(await ensureServer(install, { probe: p })).toEqual({ state: "foreign", uid: 4242 });
    expect(asked).toEqual({ spawned: 0, health: 0, slept: 0 });
    const blind = probe([{ kind: "unknown" }]);
    expect(await ensureServer(install, { probe: blind.p })).toEqual({ state: "refused" });
    expect(blind.asked.spawned).toBe(0);
  });

  it("our running server is asked, not restarted", async () => {
    const { p, asked } = probe([ours], { answers: true });
    expect(await ensureServer(install, { probe: p })).toEqual({ state: "running" });
    expect(asked.spawned).toBe(0);
  });

  it("waits for the listener a bounded number of looks (no wall clock), then says unverified", async () => {
    const { p, asked } = probe([free]);
    expect(await ensureServer(install, { probe: p, waitMs: 500 })).toEqual({ state: "unverified" });
    expect(asked.slept).toBe(10);
  });
});

describe("the statusline finds another user's listener mid-session", () => {
  let root: string;
  let paths: CairnPaths;
  let settingsPath: string;
  const install: HttpInstall = { port: 41_235, secret: "t".repeat(32) };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "cairn-guard-"));
    paths = cairnPaths(join(root, ".cairn"));
    mkdirSync(paths.install, { recursive: true, mode: 0o700 });
    writeFileSync(httpInstallPath(paths), JSON.stringify(install), { mode: 0o600 });
    settingsPath = join(root, ".claude", "settings.json");
    mkdirSync(join(root, ".claude"), { recursive: true });
    const parsed = parseSettings(undefined);
    if (!parsed.ok) throw new Error("empty settings do not parse");
    const text = stringifySettings(
      withCairn(parsed.settings, httpPlan(selfInvocation(), install)),
      "  ",
      true,
    );
    writeFileSync(settingsPath, text);
    writeRecord(paths, "user", {
      version: 1,
      scope: "user",
      settingsPath,
      originalPath: null,
      pristine: true,
      writtenSha256: "",
      userStatusLine: undefined,
      transport: "http",
      installedAt: new Date(0).toISOString(),
    });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const hookTypes = () => {
    const s = JSON.parse(readFileSync(settingsPath, "utf8")) as {
      hooks: Record<string, { hooks: { type: string; url?: string }[] }[]>;
    };
    return Object.values(s.hooks).flatMap((groups) => groups.flatMap((g) => g.hooks.map((h) => h.type)));
  };
  const errors = () =>
    readFileSync(paths.log, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { level: string; msg: string })
      .filter((l) => l.level === "error");

  it("switches every http install to command hooks, logs it at error level and keeps the reason for doctor", async () => {
    expect(hookTypes()).toContain("http");
    const foreign = () => ({ kind: "foreign", uid: 4242 }) as const;
    expect(await tendHttpServer(paths, {}, 0, foreign)).toBe("foreign");
    expect(new Set(hookTypes())).toEqual(new Set(["command"]));
    expect(readFileSync(settingsPath, "utf8")).not.toContain(install.secret);
    expect(JSON.parse(readFileSync(join(paths.install, "user.json"), "utf8")).transport).toBe("command");
    const note = JSON.parse(readFileSync(join(paths.install, "http-refused.json"), "utf8"));
    expect(note).toMatchObject({ where: "the statusline", reason: expect.stringContaining("uid 4242") });
    expect(errors().map((e) => e.msg)).toEqual([
      expect.stringMatching(
        /^http transport unsafe here: port 41235 is held by another user's process \(uid 4242\)/,
      ),
    ]);
    expect(JSON.parse(readFileSync(paths.lastError, "utf8")).msg).toMatch(/http transport unsafe here/);
    // Every later refresh sees the same listener: nothing left to switch, nothing said twice.
    expect(await tendHttpServer(paths, {}, 0, foreign)).toBe("foreign");
    expect(errors()).toHaveLength(1);
  });

  it("leaves an install alone while the port is free or ours", async () => {
    expect(await tendHttpServer(paths, {}, 0, () => ({ kind: "free" }))).toBe("none");
    expect(await tendHttpServer(paths, {}, 0, () => ({ kind: "ours", inodes: [1] }))).toBe("none");
    expect(hookTypes()).toContain("http");
  });
});

/** Why hidepid cannot be mounted for real here, or undefined when it can. */
function cannotMountHidepid(): string | undefined {
  if (process.platform !== "linux") return "needs Linux";
  if (process.getuid?.() !== 0) return "needs root (a mount namespace and a second user)";
  const r = spawnSync("unshare", [
    "-m",
    "--propagation",
    "private",
    "sh",
    "-c",
    "mount -t proc -o hidepid=2 proc /proc",
  ]);
  if (r.status !== 0) return `cannot mount /proc with hidepid here: ${String(r.stderr).trim()}`;
  return undefined;
}
const noHidepid = cannotMountHidepid();

describe.skipIf(noHidepid !== undefined)(
  "a real hidepid=2 /proc (root only: a mount namespace, uid nobody)",
  () => {
    const NOBODY = 65_534;
    let home: string;
    let other: ReturnType<typeof spawn> | undefined;
    beforeEach(() => {
      home = mkdtempSync(join(tmpdir(), "cairn-hidepid-"));
      chmodSync(home, 0o755);
      chownSync(home, NOBODY, NOBODY);
      // Another account with a process: visible without hidepid, invisible behind it.
      other = spawn("setpriv", ["--reuid=1", "--regid=1", "--clear-groups", "sleep", "120"], {
        stdio: "ignore",
      });
    });
    afterEach(() => {
      other?.kill("SIGKILL");
      asNobody(`${process.execPath} ${CAIRN} serve --stop; ${process.execPath} ${CAIRN} uninstall`);
      rmSync(home, { recursive: true, force: true });
    });

    function asNobody(command: string, hidepid = false): string {
      const script = `${hidepid ? "mount -t proc -o hidepid=2 proc /proc && " : ""}exec setpriv --reuid=${NOBODY} --regid=${NOBODY} --clear-groups env -i PATH=/usr/bin:/bin HOME=${home} NO_COLOR=1 sh -c '${command} 2>&1'`;
      return execFileSync("unshare", ["-m", "--propagation", "private", "sh", "-c", script], {
        encoding: "utf8",
        cwd: home,
      });
    }

    it("install refuses the http transport, says why, and installs command hooks", () => {
      const out = asNobody(`${process.execPath} ${CAIRN} install --transport http`, true);
      expect(out).toMatch(
        /http transport refused: cannot see other users' processes \(\/proc is mounted hidepid=/,
      );
      const settings = readFileSync(join(home, ".claude", "settings.json"), "utf8");
      expect(settings).not.toContain('"type": "http"');
      expect(settings).toContain('"type": "command"');
    });
  },
);
