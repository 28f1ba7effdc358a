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
  if (owner.kind === "foreign")
    return {
      reason: `port ${port} is held by another user's process (uid ${owner.uid}), not by cairn serve`,
      squatted: true,
    };
  if (port < facts.unprivilegedStart) return undefined;
  if (facts.otherUsers.length > 0)
    return {
      reason: `other users on this machine (uid ${facts.otherUsers.slice(0, 5).join(", ")}${facts.otherUsers.length > 5 ? ", ..." : ""}) can bind port ${port} whenever cairn serve is not running, and Claude Code would send them every event`,
      squatted: false,
    };
  return undefined;
}

/** `allowOtherUsers`: the user's own http.allow_other_users (never a repository's). */
export function httpRisk(port: number, allowOtherUsers = false): HttpRisk | undefined {
  const uid = process.getuid?.();
  return judgeHttpRisk(port, {
    uid,
    owner: portOwner(port, uid),
    otherUsers: uid === undefined || allowOtherUsers ? [] : otherUsers(uid),
    unprivilegedStart: unprivilegedPortStart(),
  });
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

/** Where the last refusal is kept, for doctor: `{ t, reason }`. */
export function httpRiskNotePath(paths: CairnPaths): string {
  return join(paths.install, "http-refused.json");
}

export function noteHttpRisk(paths: CairnPaths, risk: HttpRisk): void {
  try {
    writeFileAtomic(
      httpRiskNotePath(paths),
      JSON.stringify({ t: new Date().toISOString(), reason: risk.reason }),
    );
  } catch {
    // The log line carries it too.
  }
}
