// Hook latency, side by side in one run: bare `node -e 0`, cairn's command transport,
// cairn's http transport, and the peers' hooks, on identical inputs (a SessionStart, a
// UserPromptSubmit, a PostToolUse with a 50 KB Bash output). Rounds interleave the
// variants so machine noise hits all of them alike; medians and p95 are reported.
// Run alone: npx node bench/hooks.ts   (BENCH_RUNS=N, default 30; CAIRN_BUNDLE_BEFORE=<cairn.cjs>
// adds another build of cairn to the same rounds; BENCH_PEERS=0 leaves the peers out).
// The command transport is measured twice: node and the bundle (as `cairn install`
// registers it) and through the plugin's launcher (as the plugin's hooks.json runs it).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { benchColdPhases } from "./cold-phases.ts";
import { claudeMemHooks } from "./lib/claude-mem.ts";
import { installClaudeMem, installPeer, stopPeerProcesses } from "./lib/peers.ts";
import { median, ms, p95, ratio, table } from "./lib/stats.ts";
import { account, medianAccount, traceOf } from "./lib/trace-account.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BUNDLE = process.env.CAIRN_BUNDLE ?? join(REPO, "dist", "cairn.cjs");
const CAPTURE_ROOT = "/tmp/cairn-hook-capture";
type Event = "PostCompact" | "SessionStart" | "UserPromptSubmit" | "PostToolUse";
/** PostCompact first: no part of cairn acts on it, so it measures the dispatcher alone (a no-op event). */
const EVENTS: Event[] = ["PostCompact", "SessionStart", "UserPromptSubmit", "PostToolUse"];

/** The same real inputs for everyone, relocated into the variant's own sandbox. */
function inputsFor(root: string): Record<Event, string> {
  const fixture = (f: string) =>
    readFileSync(join(REPO, "test/fixtures/hook-inputs", f), "utf8").replaceAll(CAPTURE_ROOT, root);
  const post = JSON.parse(fixture("PostToolUse-Bash-small.json"));
  post.tool_input.command = "cat /var/log/nginx/access.log";
  post.tool_response.stdout = readFileSync(
    join(REPO, "test/fixtures/outputs/log-nginx-access.txt"),
    "utf8",
  ).slice(0, 50 * 1024);
  return {
    PostCompact: fixture("PostCompact-auto.json"),
    SessionStart: fixture("SessionStart-startup.json"),
    UserPromptSubmit: fixture("UserPromptSubmit-basic.json"),
    PostToolUse: JSON.stringify(post),
  };
}

/** The same lines, starting `by` lines later and wrapping round: another output of the same size. */
export function rotateLines(text: string, by: number): string {
  const lines = text.split("\n");
  const k = by % lines.length;
  return [...lines.slice(k), ...lines.slice(0, k)].join("\n");
}

interface Sandbox {
  root: string;
  env: NodeJS.ProcessEnv;
  /** The input for the next call of an event: each PostToolUse is a new tool call. */
  input(event: Event): string;
}

/** A HOME and project like the captures', with a real transcript so ledger reads happen. */
function sandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), "cairn-bench-"));
  const inputs = inputsFor(root);
  const transcript = JSON.parse(inputs.PostToolUse).transcript_path as string;
  mkdirSync(dirname(transcript), { recursive: true });
  copyFileSync(join(REPO, "test/fixtures/transcripts/tools-session.jsonl"), transcript);
  mkdirSync(join(root, "project"), { recursive: true });
  let calls = 0;
  return {
    root,
    input(event) {
      if (event !== "PostToolUse") return inputs[event];
      // A new tool call each time, as in a session: the same 50 KB output under the same
      // tool_use_id would be a retried hook, which cairn answers from the row it filed.
      const post = JSON.parse(inputs.PostToolUse) as {
        tool_use_id: string;
        tool_input: { command: string };
        tool_response: { stdout: string };
      };
      post.tool_use_id = `toolu_bench_${++calls}`;
      // And a new output: the same one again, still in context, would come back as a
      // one-line reference (compress/repeats.ts), which is not the filing measured here.
      post.tool_response.stdout = rotateLines(post.tool_response.stdout, calls);
      post.tool_input.command = `${post.tool_input.command}.${calls}`;
      // Claude Code has written the assistant entry that issued the tool before PostToolUse.
      appendFileSync(
        transcript,
        `${JSON.stringify({ type: "assistant", message: { id: `msg_bench_${calls}`, role: "assistant", content: [{ type: "tool_use", id: post.tool_use_id, name: "Bash", input: post.tool_input }], usage: { input_tokens: 52000, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 40 } }, isSidechain: false, uuid: `bench-uuid-${calls}`, timestamp: new Date().toISOString() })}\n`,
      );
      return JSON.stringify(post);
    },
    env: {
      ...process.env,
      HOME: join(root, "home"),
      CLAUDE_PROJECT_DIR: join(root, "project"),
      CAIRN_TRACE: "",
    },
  };
}

function timeSpawn(cmd: string, args: string[], input: string, env: NodeJS.ProcessEnv, cwd: string): number {
  const t = performance.now();
  const r = spawnSync(cmd, args, { input, env, cwd, stdio: ["pipe", "ignore", "ignore"] });
  const took = performance.now() - t;
  if (r.status !== 0 && r.status !== null) throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}`);
  return took;
}

interface Variant {
  readonly name: string;
  /** Undefined for events the variant has no hook for. */
  run(event: Event): (() => Promise<number>) | undefined;
  close?(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => res(p));
    });
  });
}

async function httpVariant(): Promise<Variant> {
  const sb = sandbox();
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [BUNDLE, "serve", "--port", String(port)], {
    env: sb.env,
    stdio: "ignore",
  });
  const secret = await (async () => {
    for (let i = 0; i < 100; i++) {
      try {
        return JSON.parse(readFileSync(join(sb.env.HOME!, ".cairn", "install", "http.json"), "utf8"))
          .secret as string;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    throw new Error("cairn serve did not start");
  })();
  const agent = new Agent({ keepAlive: true });
  // A keep-alive socket the server closed meanwhile fails once; the retry gets a new one.
  const post = (event: Event): Promise<number> => postOnce(event).catch(() => postOnce(event));
  const postOnce = (event: Event) =>
    new Promise<number>((res, rej) => {
      const t = performance.now();
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path: `/cairn/hook/${event}`,
          method: "POST",
          agent,
          headers: { "x-cairn-secret": secret },
        },
        (r) => {
          r.resume();
          r.on("end", () => res(performance.now() - t));
        },
      );
      req.on("error", rej);
      req.end(sb.input(event));
    });
  for (let i = 0; i < 100; i++) {
    try {
      await post("UserPromptSubmit");
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    name: "cairn (http transport)",
    run: (event) => () => post(event),
    async close() {
      agent.destroy();
      // The server writes into the sandbox until it has exited: remove it only then.
      const exited = new Promise((done) => child.once("exit", done));
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(sb.root, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

function spawnVariant(
  name: string,
  scripts: Partial<Record<Event, string[]>>,
  node = true,
  extraEnv: NodeJS.ProcessEnv = {},
): Variant {
  const sb = sandbox();
  Object.assign(sb.env, extraEnv);
  return {
    name,
    run(event) {
      const argv = scripts[event];
      if (!argv) return undefined;
      return async () => {
        const input = sb.input(event);
        return node
          ? timeSpawn(process.execPath, argv, input, sb.env, join(sb.root, "project"))
          : timeSpawn(argv[0]!, argv.slice(1), input, sb.env, join(sb.root, "project"));
      };
    },
    close: async () => rmSync(sb.root, { recursive: true, force: true }),
  };
}

/** Bare node writing the two marks cairn's trace starts and ends with: the same yardstick for its start and end. */
const BARE_TRACED = `const t=performance.now();process.on("exit",()=>process.stderr.write(JSON.stringify({trace:[["node-ready",t],["exit",performance.now()]]})+"\\n"))`;

/**
 * Where cairn's PostToolUse filing spends its time: the same calls as in the rounds, run
 * again with CAIRN_TRACE=1 (which costs them a little), each step's median over `runs`,
 * beside bare node traced the same way in the same rounds.
 */
export function postToolUseAccount(runs: number): string {
  const sb = sandbox();
  sb.env.CAIRN_TRACE = "1";
  const run = (args: string[], input: string) => {
    const t = performance.now();
    const r = spawnSync(process.execPath, args, {
      input,
      env: sb.env,
      cwd: join(sb.root, "project"),
      encoding: "utf8",
      stdio: ["pipe", "ignore", "pipe"],
    });
    const wall = performance.now() - t;
    const trace = traceOf(r.stderr);
    return trace ? account(trace, wall) : undefined;
  };
  const cairn = () => run([BUNDLE, "hook", "PostToolUse"], sb.input("PostToolUse"));
  const bare = () => run(["-e", BARE_TRACED], "");
  cairn(); // the first run files into a new store and writes the code caches
  const cairnRuns: Map<string, number>[] = [];
  const bareRuns: Map<string, number>[] = [];
  for (let i = 0; i < runs; i++) {
    const c = cairn();
    const b = bare();
    if (c) cairnRuns.push(c);
    if (b) bareRuns.push(b);
  }
  rmSync(sb.root, { recursive: true, force: true });
  const steps = medianAccount(cairnRuns);
  const bareSteps = medianAccount(bareRuns);
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return [
    "### Where the PostToolUse filing spends its time (command transport)",
    "",
    `${cairnRuns.length} more calls with \`CAIRN_TRACE=1\` (which costs them a little), interleaved with bare node writing the same first and last mark; the median of each step. A step is named by the mark that ends it and holds the time since the mark before (src/core/trace.ts), less the time spent loading cairn's lazy files, which is a step of its own (src/chunk-loader.ts marks it). The medians add up to ${ms(sum(steps))} ms for cairn and ${ms(sum(bareSteps))} ms for bare node.`,
    "",
    table(
      ["step", "cairn median ms", "bare node median ms"],
      [...steps].map(([step, t]) => [step, ms(t), bareSteps.has(step) ? ms(bareSteps.get(step)!) : ""]),
    ),
  ].join("\n");
}

/**
 * The median of the per-round ratios: round i's time over bare node's in round i (the
 * rounds interleave the variants, so each pair ran under the same load).
 */
export function pairedRatio(times: readonly number[], bareTimes: readonly number[]): number {
  const n = Math.min(times.length, bareTimes.length);
  return median(Array.from({ length: n }, (_, i) => times[i]! / bareTimes[i]!));
}

export async function benchHooks(): Promise<{ markdown: string; summary: Record<string, number> }> {
  const runs = Number(process.env.BENCH_RUNS ?? 30);
  const notes: string[] = [];
  const cleanups: (() => void)[] = [];
  const variants: Variant[] = [
    spawnVariant("bare `node -e 0`", Object.fromEntries(EVENTS.map((e) => [e, ["-e", "0"]]))),
    spawnVariant(
      "cairn (command transport)",
      Object.fromEntries(EVENTS.map((e) => [e, [BUNDLE, "hook", e]])),
    ),
  ];
  // As the plugin's hooks.json runs it: through the launcher (bin/cairn), which adds sh
  // and the hot paths' node flags; CAIRN_NODE names the same node as the others use.
  if (!process.env.CAIRN_BUNDLE)
    variants.push(
      spawnVariant(
        "cairn (command transport, plugin launcher)",
        Object.fromEntries(EVENTS.map((e) => [e, ["/bin/sh", join(REPO, "bin", "cairn"), "hook", e]])),
        false,
        { CAIRN_NODE: process.execPath },
      ),
    );
  // Another build of cairn in the same rounds (CAIRN_BUNDLE_BEFORE=path/to/cairn.cjs), so a
  // change is measured against what it changes under the same load.
  const before = process.env.CAIRN_BUNDLE_BEFORE;
  if (before)
    variants.push(
      spawnVariant(
        "cairn-before (command transport)",
        Object.fromEntries(EVENTS.map((e) => [e, [before, "hook", e]])),
      ),
    );
  const peersRoot = join(REPO, "bench", ".peers");
  const withPeers = process.env.BENCH_PEERS !== "0";
  if (!withPeers) notes.push("The peers were left out of this run (BENCH_PEERS=0).");
  const gsd = withPeers
    ? installPeer(peersRoot, "get-shit-done-cc", "1.42.3", 300_000)
    : { skipped: true as const };
  if ("dir" in gsd) {
    variants.push(
      spawnVariant("get-shit-done-cc 1.42.3", {
        SessionStart: [join(gsd.dir, "hooks", "gsd-check-update.js")],
        PostToolUse: [join(gsd.dir, "hooks", "gsd-context-monitor.js")],
      }),
    );
    notes.push(
      "get-shit-done-cc registers no UserPromptSubmit hook; its SessionStart is gsd-check-update.js, its PostToolUse gsd-context-monitor.js.",
    );
  } else if ("error" in gsd) notes.push(`get-shit-done-cc not measured: ${gsd.error}`);
  const mem = withPeers ? installClaudeMem(peersRoot, "13.25.3", 300_000) : { skipped: true as const };
  if ("plugin" in mem) {
    const commands = claudeMemHooks(mem.plugin);
    const sh = Object.fromEntries(Object.entries(commands).map(([e, c]) => [e, ["/bin/sh", "-c", c]]));
    variants.push(
      spawnVariant("claude-mem 13.25.3", sh, false, {
        CLAUDE_PLUGIN_ROOT: mem.plugin,
        PATH: `${mem.bin}:${process.env.PATH}`,
      }),
    );
    cleanups.push(() => stopPeerProcesses(mem.dir));
    notes.push(
      "claude-mem's hooks run exactly as its plugin manifest registers them (through /bin/sh, with Bun and zod from npm); its SessionStart starts its worker service, which then answers the other hooks.",
    );
  } else if ("error" in mem) notes.push(`claude-mem not measured: ${mem.error}`);
  // Started last: its keep-alive connection must not sit idle through the peer installs.
  try {
    variants.splice(2, 0, await httpVariant());
  } catch (err) {
    notes.push(`http transport not measured: ${(err as Error).message}`);
  }

  const times = new Map<string, number[]>();
  const key = (v: string, e: Event) => `${v}\u0000${e}`;
  // Warm-up: first runs fill compile caches and create databases.
  for (const v of variants) for (const e of EVENTS) await v.run(e)?.();
  for (let i = 0; i < runs; i++) {
    for (const e of EVENTS) {
      for (const v of variants) {
        const f = v.run(e);
        if (!f) continue;
        const t = await f();
        const k = key(v.name, e);
        times.set(k, [...(times.get(k) ?? []), t]);
      }
    }
  }
  for (const v of variants) await v.close?.();
  for (const c of cleanups) c();
  const where = postToolUseAccount(Math.min(runs, 20));
  // Not for another build (CAIRN_BUNDLE): it loads the bundle's files with this tree's chunk loader.
  const coldWarm = process.env.CAIRN_BUNDLE ? "" : benchColdPhases(Math.min(runs, 10));

  const bareTimes = (e: Event) => times.get(key(variants[0]!.name, e)) ?? [];
  const bare = (e: Event) => median(bareTimes(e));
  const rows: string[][] = [];
  const summary: Record<string, number> = {};
  for (const e of EVENTS) {
    for (const v of variants) {
      const t = times.get(key(v.name, e));
      if (!t) {
        rows.push([e, v.name, "–", "–", "no hook for this event", "–"]);
        continue;
      }
      rows.push([
        e,
        v.name,
        ms(median(t)),
        ms(p95(t)),
        ratio(median(t), bare(e)),
        `${pairedRatio(t, bareTimes(e)).toFixed(2)}x`,
      ]);
      const name = `${v.name.split(" ")[0]}.${v.name.includes("http") ? "http." : v.name.includes("launcher") ? "launcher." : ""}${e}`;
      summary[`${name}.median_ms`] = Math.round(median(t) * 10) / 10;
      summary[`${name}.paired_ratio`] = Math.round(pairedRatio(t, bareTimes(e)) * 100) / 100;
    }
  }
  const markdown = [
    "## Hook latency",
    "",
    `Median and p95 wall time per hook call, ${runs} interleaved rounds, same inputs for every variant (real captured inputs: a PostCompact, on which no part of cairn acts, so it measures the dispatcher alone; a SessionStart; a UserPromptSubmit; a PostToolUse carrying a 50 KB Bash output, which cairn files and compresses, each round a new tool call with its transcript entry written first, as Claude Code does). Ratios are against bare \`node -e 0\` on the same Node (${process.version}) in the same run: "vs bare node" divides the medians, "paired vs bare" is the median of each round's ratio to bare node's run of the same round (it holds when the machine's load drifts during the run). The http transport is a request to a running \`cairn serve\` (what Claude Code does for an http hook), so it has no process start.`,
    "",
    table(["event", "variant", "median ms", "p95 ms", "vs bare node", "paired vs bare"], rows),
    "",
    ...notes.map((n) => `- ${n}`),
    "",
    where,
    ...(coldWarm ? ["", coldWarm] : []),
  ].join("\n");
  return { markdown, summary };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchHooks();
  console.log(r.markdown);
}
