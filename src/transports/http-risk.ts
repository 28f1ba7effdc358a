import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import { type PortOwner, portOwner } from "./socket-owner.ts";

/**
 * Whether Claude Code's http hooks are safe here. Claude Code POSTs each event (tool
 * outputs, the secret header) to whatever listens on the port and acts on its answer;
 * it cannot check who that is. So the http transport is safe only while no other user
 * can be listening there: the port is not held by another user now, and no other user
 * could bind it while cairn's server is down (a port below the unprivileged range, or
 * no other account running processes). Anything else is a risk, and cairn uses
 * command hooks instead.
 */
export interface HttpRisk {
  readonly reason: string;
  /** The port is held by another user's process right now. */
  readonly squatted: boolean;
}

export interface MachineFacts {
  readonly uid: number | undefined;
  readonly owner: PortOwner;
  /** Other accounts that run processes now (root and our own left out). */
  readonly otherUsers: readonly number[];
  /**
   * Why other users' processes cannot be seen (/proc mounted hidepid), or undefined
   * when they can: then an empty `otherUsers` means nobody, not "nobody visible".
   */
  readonly processesHidden: string | undefined;
  /** Ports below this need privilege to bind (Linux: ip_unprivileged_port_start). */
  readonly unprivilegedStart: number;
}

/** The judgement on the facts: pure, so each case is testable. */
export function judgeHttpRisk(port: number, facts: MachineFacts): HttpRisk | undefined {
  const { owner } = facts;
  if (owner.kind === "unknown" || facts.uid === undefined)
    return {
      reason: "cannot see who owns loopback sockets on this system (no /proc/net/tcp)",
      squatted: false,
    };
  if (owner.kind === "foreign") return squattedRisk(port, owner.uid);
  if (port < facts.unprivilegedStart) return undefined;
  if (facts.processesHidden)
    return {
      reason: `cannot see other users' processes (${facts.processesHidden}): any of them could bind port ${port} whenever cairn serve is not running, and Claude Code would send them every event`,
      squatted: false,
    };
  if (facts.otherUsers.length > 0)
    return {
      reason: `other users on this machine (uid ${facts.otherUsers.slice(0, 5).join(", ")}${facts.otherUsers.length > 5 ? ", ..." : ""}) can bind port ${port} whenever cairn serve is not running, and Claude Code would send them every event`,
      squatted: false,
    };
  return undefined;
}

/** The port is held by another user's process now. */
export function squattedRisk(port: number, uid: number): HttpRisk {
  return {
    reason: `port ${port} is held by another user's process (uid ${uid}), not by cairn serve`,
    squatted: true,
  };
}

/**
 * `allowOtherUsers`: the user's own http.allow_other_users (never a repository's), which
 * accepts other accounts on the machine, seen or hidden; never a port one of them holds.
 */
export function httpRisk(port: number, allowOtherUsers = false): HttpRisk | undefined {
  const uid = process.getuid?.();
  const accept = uid === undefined || allowOtherUsers;
  return judgeHttpRisk(port, {
    uid,
    owner: portOwner(port, uid),
    otherUsers: accept ? [] : otherUsers(uid),
    processesHidden: accept ? undefined : processesHidden(uid, PROC),
    unprivilegedStart: unprivilegedPortStart(),
  });
}

/** What the hidden-process check reads of /proc: injected in tests (a hidepid mount needs root). */
export interface ProcView {
  /** /proc/self/mountinfo, or undefined when it cannot be read. */
  mountinfo(): string | undefined;
  /** Whether a /proc entry can be seen (stat succeeds). */
  visible(path: string): boolean;
}

const PROC: ProcView = {
  mountinfo: () => {
    try {
      return readFileSync("/proc/self/mountinfo", "utf8");
    } catch {
      return undefined;
    }
  },
  visible: (path) => {
    try {
      statSync(path);
      return true;
    } catch {
      return false;
    }
  },
};

/**
 * Why this user cannot see other users' processes, or undefined when it can. With /proc
 * mounted `hidepid=1|2` (or `noaccess`, `invisible`, `ptraceable`) an unprivileged user
 * sees only its own processes, so "no other user runs anything" would be read from a
 * blind list. Root sees everything. Two signs, either enough: the mount option on the
 * /proc this process sees (the last mount there wins), or pid 1, which always exists
 * and is not ours, being invisible.
 */
export function processesHidden(uid: number, proc: ProcView): string | undefined {
  if (uid === 0) return undefined;
  const option = hidepidOption(proc.mountinfo());
  if (option) return `/proc is mounted ${option}`;
  if (!proc.visible("/proc/1")) return "/proc/1 is invisible to this user";
  return undefined;
}

/** The `hidepid=` option of the last proc mount on /proc, when it hides anything. */
export function hidepidOption(mountinfo: string | undefined): string | undefined {
  let found: string | undefined;
  for (const line of (mountinfo ?? "").split("\n")) {
    // `id parent maj:min root mountpoint options [optional...] - fstype source superoptions`
    const [left, right] = line.split(" - ");
    const mountPoint = left?.split(" ")[4];
    const [fstype, , superOptions] = right?.split(" ") ?? [];
    if (mountPoint !== "/proc" || fstype !== "proc") continue;
    const hidepid = superOptions?.split(",").find((o) => o.startsWith("hidepid="));
    found = hidepid && !["hidepid=0", "hidepid=off"].includes(hidepid) ? hidepid : undefined;
  }
  return found;
}

/**
 * uids other than root and our own that run a process now. (An account that runs
 * nothing now but logs in later is not seen; the SessionStart check then finds the
 * port held by it, or cairn's server already holds it.)
 */
function otherUsers(uid: number): number[] {
  const found = new Set<number>();
  try {
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      try {
        found.add(statSync(`/proc/${name}`).uid);
      } catch {
        // The process ended while we looked.
      }
    }
  } catch {
    // No /proc: the socket check already reports that.
  }
  found.delete(0);
  found.delete(uid);
  return [...found].filter(Number.isInteger).sort((a, b) => a - b);
}

function unprivilegedPortStart(): number {
  try {
    const n = Number(readFileSync("/proc/sys/net/ipv4/ip_unprivileged_port_start", "utf8").trim());
    return Number.isInteger(n) ? n : 1024;
  } catch {
    return 1024;
  }
}

/** Where the last refusal is kept, for doctor: `{ t, reason, where }`. */
export function httpRiskNotePath(paths: CairnPaths): string {
  return join(paths.install, "http-refused.json");
}

/** `where`: which check found it (install, SessionStart, the statusline, cairn serve). */
export function noteHttpRisk(paths: CairnPaths, risk: HttpRisk, where?: string): void {
  try {
    writeFileAtomic(
      httpRiskNotePath(paths),
      JSON.stringify({ t: new Date().toISOString(), reason: risk.reason, ...(where ? { where } : {}) }),
    );
  } catch {
    // The log line carries it too.
  }
}
