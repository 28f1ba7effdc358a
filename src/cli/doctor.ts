import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { INSTALLED_EVENTS } from "../claude/install-plan.ts";
import { claudeDir, type Scope, settingsPath } from "../claude/paths.ts";
import { type CommandHook, isCairnHook, isCairnStatusLine, parseSettings } from "../claude/settings.ts";
import { loadConfig } from "../config/load.ts";
import { type Check, verdict } from "../core/check.ts";
import { errorMessage, readJsonIfExists } from "../core/fs.ts";
import { type CairnPaths, cairnPaths } from "../core/paths.ts";
import { onPath as firstNode } from "../core/process.ts";
import { findProjectDir } from "../core/project.ts";
import { bundledLauncher, shellQuote } from "../core/self.ts";
import { isOff } from "../core/switches.ts";
import { checkCompression, lastCompressed, lastCompressionFailure } from "../doctor/compression.ts";
import { checkDisk } from "../doctor/disk.ts";
import { lastResult, lastRun } from "../retention/last-run.ts";
import { storeSize } from "../retention/size.ts";
import { checkExitTrap } from "../run/doctor-check.ts";
import { openStore, schemaVersion } from "../store/db.ts";
import { SCHEMA_VERSION } from "../store/migrations.ts";
import { parse } from "./args.ts";
import type { Command } from "./command.ts";
import { runsVersion } from "./doctor-self.ts";
import { color, json, out } from "./io.ts";

export type { Check, Status } from "../core/check.ts";

const MIN_NODE = [22, 13] as const;

export function nodeVersionOk(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  return major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
}

/**
 * The Node that runs cairn outside this process. The plugin's hooks and the `cairn`
 * command go through cairn's launcher (bin/cairn), which tries the recorded node, the
 * one npm installed cairn with, node on PATH and the clone's own before giving up; so
 * the question is whether the launcher finds one, in the user's environment. An old
 * node first on PATH is fine when another candidate runs cairn, and fails the check
 * when none does. Without the launcher (a bare bundle), node on PATH is what runs.
 */
export function checkNodeOnPath(env: NodeJS.ProcessEnv = process.env): Check {
  const fix =
    "install Node.js 22.13 or newer (`npm install --prefix ~/.cairn/node node@24`), or put one first on PATH";
  const onPath = firstNode("node", env);
  const pathVersion = onPath
    ? spawnSync(onPath, ["--version"], { encoding: "utf8", timeout: 10_000 }).stdout?.trim() || "not runnable"
    : "absent";
  const launcher = bundledLauncher();
  if (launcher && existsSync(launcher)) {
    const { ok, said } = runsVersion(`sh ${shellQuote(launcher)}`, env);
    if (ok)
      return {
        name: "node",
        status: "ok",
        detail: `${launcher} finds a node that runs cairn (node on PATH: ${pathVersion})`,
      };
    return {
      name: "node",
      status: "fail",
      detail: `no node that runs cairn: node on PATH is ${pathVersion}; ${launcher}: ${said}`,
      fix,
    };
  }
  if (!onPath)
    return {
      name: "node",
      status: "fail",
      detail: `no node on PATH (this doctor runs on ${process.execPath})`,
      fix,
    };
  const probe = spawnSync(
    onPath,
    [
      "-e",
      "const {DatabaseSync}=require('node:sqlite');new DatabaseSync(':memory:').exec('CREATE VIRTUAL TABLE t USING fts5(x)');process.stdout.write(process.version)",
    ],
    { encoding: "utf8", timeout: 10_000, env: { ...env, NODE_NO_WARNINGS: "1" } },
  );
  const version = probe.stdout?.trim() ?? "";
  if (probe.status !== 0 || !nodeVersionOk(version))
    return {
      name: "node",
      status: "fail",
      detail: `${onPath} is ${version || pathVersion}${probe.status === 0 ? "" : ", without node:sqlite (FTS5)"}: hooks it runs answer nothing, so cairn does nothing`,
      fix,
    };
  return { name: "node", status: "ok", detail: `${version} at ${onPath}, with node:sqlite and FTS5` };
}

async function checkNode(): Promise<Check[]> {
  const checks: Check[] = [checkNodeOnPath()];
  try {
    const { DatabaseSync } = await import("node:sqlite");
    const db = new DatabaseSync(":memory:");
    db.exec("CREATE VIRTUAL TABLE t USING fts5(x)");
    db.close();
    checks.push({ name: "node:sqlite", status: "ok", detail: `${process.version}: available, with FTS5` });
  } catch (err) {
    checks.push({
      name: "node:sqlite",
      status: "fail",
      detail: errorMessage(err),
      fix: "use Node.js 22.13+ built with SQLite",
    });
  }
  return checks;
}

interface Registration {
  readonly where: string;
  readonly events: Set<string>;
  readonly commands: CommandHook[];
  readonly statusLine: boolean;
}

function registrationIn(path: string): Registration | { where: string; problem: string } | undefined {
  if (!existsSync(path)) return undefined;
  const parsed = parseSettings(readFileSync(path, "utf8"));
  if (!parsed.ok) return { where: path, problem: parsed.problem };
  const events = new Set<string>();
  const commands: CommandHook[] = [];
  for (const [event, groups] of Object.entries(parsed.settings.hooks ?? {})) {
    for (const g of Array.isArray(groups) ? groups : []) {
      for (const h of Array.isArray(g?.hooks) ? g.hooks : []) {
        if (!isCairnHook(h)) continue;
        events.add(event);
        if (h.type === "command") commands.push(h as CommandHook);
      }
    }
  }
  if (events.size === 0 && !isCairnStatusLine(parsed.settings.statusLine)) return undefined;
  return { where: path, events, commands, statusLine: isCairnStatusLine(parsed.settings.statusLine) };
}

function pluginInstalled(): string | undefined {
  const file = join(claudeDir(), "plugins", "installed_plugins.json");
  const data = readJsonIfExists<{ plugins?: Record<string, unknown> }>(file);
  const name = Object.keys(data?.plugins ?? {}).find((k) => k === "cairn" || k.startsWith("cairn@"));
  return name ? `${name} (${file})` : undefined;
}

function checkRegistration(projectDir: string): Check[] {
  const checks: Check[] = [];
  const found: Registration[] = [];
  for (const scope of ["user", "project"] as Scope[]) {
    const path = settingsPath(scope, projectDir);
    const reg = registrationIn(path);
    if (!reg) continue;
    if ("problem" in reg) {
      checks.push({
        name: `hooks (${scope})`,
        status: "warn",
        detail: `${path}: ${reg.problem}`,
        fix: "make it strict JSON so Claude Code and cairn can read it",
      });
      continue;
    }
    found.push(reg);
    const missing = INSTALLED_EVENTS.filter((e) => !reg.events.has(e));
    checks.push({
      name: `hooks (${scope})`,
      status: missing.length === 0 ? "ok" : "warn",
      detail: `${reg.events.size} events in ${path}${reg.statusLine ? ", statusline wrapped" : ""}${missing.length ? `; missing: ${missing.join(", ")}` : ""}`,
      ...(missing.length ? { fix: `cairn install${scope === "project" ? " --project" : ""}` } : {}),
    });
  }
  const plugin = pluginInstalled();
  if (plugin) checks.push({ name: "hooks (plugin)", status: "ok", detail: plugin });
  if (found.length === 0 && !plugin) {
    checks.push({
      name: "hooks",
      status: "fail",
      detail: "cairn is not registered with Claude Code",
      fix: "cairn install   (or load the plugin: claude --plugin-dir <cairn>)",
    });
  }
  if (found.length > 1) {
    checks.push({
      name: "hooks",
      status: "warn",
      detail: "installed in both user and project settings: every hook runs twice",
      fix: "cairn uninstall --project",
    });
  }
  const seen = new Set<string>();
  for (const reg of found) {
    for (const h of reg.commands) {
      const key = `${h.command} ${h.args?.[0] ?? ""}`;
      if (seen.has(key)) continue;
      seen.add(key);
      checks.push(checkCommand(h));
    }
  }
  return checks;
}

function checkCommand(h: CommandHook): Check {
  const entry = h.args?.[0];
  if (!existsSync(h.command)) {
    return {
      name: "hook command",
      status: "fail",
      detail: `${h.command} does not exist`,
      fix: "run `cairn install` again from the cairn you use",
    };
  }
  if (entry && !existsSync(entry)) {
    return {
      name: "hook command",
      status: "fail",
      detail: `${entry} does not exist`,
      fix: "run `cairn install` again (cairn moved?)",
    };
  }
  const v = spawnSync(h.command, ["--version"], { encoding: "utf8", timeout: 5000 });
  const version = v.stdout?.trim() ?? "";
  if (v.status !== 0 || !nodeVersionOk(version)) {
    return {
      name: "hook command",
      status: "fail",
      detail: `${h.command} reports "${version || v.error?.message}"`,
      fix: "point the hooks at Node.js 22.13+: rerun `cairn install` with that node",
    };
  }
  return { name: "hook command", status: "ok", detail: `${h.command} (${version}) ${entry ?? ""}` };
}

/**
 * The database, read-only: a check never creates or changes what it checks. Write
 * access and space are the disk check's; a schema behind this cairn's is brought up by
 * the next hook.
 */
async function checkStore(paths: CairnPaths): Promise<Check[]> {
  if (!existsSync(paths.db))
    return [
      { name: "database", status: "ok", detail: `${paths.db}: not made yet (the first hook makes it)` },
    ];
  try {
    const store = await openStore(paths.db, { busyTimeoutMs: 2000, readOnly: true });
    let version: number;
    try {
      version = schemaVersion(store.db);
      store.db.prepare("SELECT count(*) AS n FROM sessions").get();
    } finally {
      store.close();
    }
    const mode = statSync(paths.db).mode & 0o777;
    const checks: Check[] = [
      {
        name: "database",
        status: "ok",
        detail: `${paths.db} (schema ${version}/${SCHEMA_VERSION}${version < SCHEMA_VERSION ? ", upgraded at the next hook" : ""})`,
      },
    ];
    if (mode & 0o077) {
      checks.push({
        name: "permissions",
        status: "warn",
        detail: `${paths.db} is mode ${mode.toString(8)}`,
        fix: `chmod 600 ${paths.db}*`,
      });
    }
    return checks;
  } catch (err) {
    return [
      {
        name: "database",
        status: "fail",
        detail: `${paths.db}: ${errorMessage(err)}`,
        fix: "check the disk and permissions of ~/.cairn; a locked database clears when other cairn processes end",
      },
    ];
  }
}

/**
 * The database against the retention policy: data under the cap, space handed back,
 * and how the last retention run ended. Then whether compression works: its last
 * success in the database against its last failure in the log.
 */
async function checkRetention(paths: CairnPaths, projectDir: string): Promise<Check[]> {
  if (!existsSync(paths.db)) return [];
  try {
    const config = (await loadConfig(paths, projectDir)).config;
    const store = await openStore(paths.db, { busyTimeoutMs: 2000, readOnly: true });
    let size: ReturnType<typeof storeSize>;
    let last: number;
    let result: ReturnType<typeof lastResult>;
    let compressed = 0;
    try {
      size = storeSize(store.db);
      last = lastRun(store);
      result = lastResult(store);
      compressed = lastCompressed(store.db);
    } finally {
      store.close();
    }
    const compression = checkCompression(compressed, lastCompressionFailure(readLog(paths)));
    const cap = config["retention.max_mb"] * 1024 * 1024;
    const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
    const detail = `${mb(size.usedBytes)} of data, cap ${mb(cap)}, keep ${config["retention.days"]} days; last run ${last ? new Date(last).toISOString() : "never"}${config["retention.auto"] ? "" : " (automatic runs off)"}`;
    if (result && !result.ok)
      return [
        {
          name: "retention",
          status: "fail",
          detail: `${detail}; the last run failed (${new Date(result.at).toISOString()}): ${result.err}`,
          fix: "run `cairn gc` (it rebuilds a search index that is out of step); if it fails too, see the log",
        },
        compression,
      ];
    if (size.usedBytes > cap)
      return [
        {
          name: "retention",
          status: "warn",
          detail,
          fix: "run `cairn gc` (and see the log for why it did not run)",
        },
        compression,
      ];
    if (!size.incremental && size.freeBytes > size.fileBytes / 4)
      return [
        {
          name: "retention",
          status: "warn",
          detail: `${detail}; ${mb(size.freeBytes)} of the file is free space`,
          fix: "`cairn gc --vacuum` gives it back to the disk (once; later runs do it by themselves)",
        },
        compression,
      ];
    return [{ name: "retention", status: "ok", detail }, compression];
  } catch (err) {
    return [{ name: "retention", status: "warn", detail: errorMessage(err) }];
  }
}

function readLog(paths: CairnPaths): string {
  try {
    return readFileSync(paths.log, "utf8");
  } catch {
    return "";
  }
}

async function checkConfig(paths: CairnPaths, projectDir: string): Promise<Check[]> {
  const resolved = await loadConfig(paths, projectDir);
  if (resolved.issues.length === 0) return [{ name: "config", status: "ok", detail: "valid" }];
  return resolved.issues.map((i) => ({
    name: "config",
    status: "warn" as Check["status"],
    detail: `${i.path}${i.key ? ` ${i.key}` : ""}: ${i.problem}`,
    fix: i.refused
      ? "nothing to do unless you want it: a repository's config may only tighten cairn (set it in ~/.cairn/config.yaml to loosen)"
      : "fix the value (see `cairn config --docs`); the default is used meanwhile",
  }));
}

export interface LogSummary {
  readonly errors: number;
  readonly last?: { t: string; msg: string; err?: string; event?: string };
}

/** Errors logged in the last `hours`, from the current log generation. */
export function recentLogErrors(paths: CairnPaths, hours = 24, now = Date.now()): LogSummary {
  let text = "";
  try {
    text = readFileSync(paths.log, "utf8");
  } catch {
    return { errors: 0 };
  }
  const since = now - hours * 3600_000;
  let errors = 0;
  let last: LogSummary["last"];
  for (const line of text.split("\n")) {
    if (!line.includes('"level":"error"')) continue;
    try {
      const rec = JSON.parse(line) as { t: string; msg: string; err?: string; event?: string };
      if (Date.parse(rec.t) < since) continue;
      errors += 1;
      last = rec;
    } catch {
      // A torn line from a crash is not an error of its own.
    }
  }
  return last ? { errors, last } : { errors };
}

function checkLog(paths: CairnPaths): Check {
  const s = recentLogErrors(paths);
  if (s.errors === 0)
    return { name: "log", status: "ok", detail: `no errors in the last 24 h (${paths.log})` };
  const l = s.last!;
  return {
    name: "log",
    status: "warn",
    detail: `${s.errors} error(s) in the last 24 h; latest ${l.t}${l.event ? ` [${l.event}]` : ""}: ${l.msg}${l.err ? `: ${l.err}` : ""}`,
    fix: `read ${paths.log}; hooks answered with no-ops, so sessions were not affected`,
  };
}

function checkSwitches(paths: CairnPaths, projectDir: string): Check {
  const off = isOff(paths, projectDir);
  if (!off) return { name: "switch", status: "ok", detail: "on" };
  return {
    name: "switch",
    status: "warn",
    detail: `off (${off})`,
    fix: off === "global" ? "cairn on" : "cairn on --project",
  };
}

/** The http transport: installed, and is its server answering? */
async function checkHttp(paths: CairnPaths, projectDir: string): Promise<Check[]> {
  const usesHttp = (["user", "project"] as Scope[]).some((scope) => {
    const path = settingsPath(scope, projectDir);
    return existsSync(path) && readFileSync(path, "utf8").includes("/cairn/hook/");
  });
  const { httpRisk, httpRiskNotePath } = await import("../transports/http-risk.ts");
  if (!usesHttp) {
    // An http install that was refused (and got command hooks instead) says why.
    const note = readJsonIfExists<{ t?: unknown; reason?: unknown }>(httpRiskNotePath(paths));
    if (typeof note?.reason !== "string") return [];
    return [
      {
        name: "http transport",
        status: "warn",
        detail: `refused ${typeof note.t === "string" ? note.t : ""}: ${note.reason}; command hooks are used`,
      },
    ];
  }
  const { readHttpInstall } = await import("../transports/http-config.ts");
  const { health, readServerState } = await import("../transports/http-client.ts");
  const install = readHttpInstall(paths);
  if (!install) {
    return [
      {
        name: "http transport",
        status: "fail",
        detail: "http hooks are registered but ~/.cairn/install/http.json is missing",
        fix: "cairn install --transport http",
      },
    ];
  }
  const allow = (await loadConfig(paths, projectDir)).config["http.allow_other_users"];
  const risk = httpRisk(install.port, allow);
  if (risk)
    return [
      {
        name: "http transport",
        status: "fail",
        detail: `unsafe: ${risk.reason}. Claude Code sends each event (tool outputs, the secret header) to whoever listens on the port and acts on its answer`,
        fix: "cairn install --transport command",
      },
    ];
  const h = await health(install, 1000);
  if (h)
    return [
      {
        name: "http transport",
        status: "ok",
        detail: `cairn serve answers on 127.0.0.1:${install.port} (pid ${h.pid})`,
      },
    ];
  const state = readServerState(paths);
  const what = state
    ? `cairn serve (pid ${state.pid}, started ${state.startedAt}) is not answering on 127.0.0.1:${install.port}: it stopped without shutting down (killed or crashed)`
    : `cairn serve is not running on 127.0.0.1:${install.port}`;
  return [
    {
      name: "http transport",
      status: "fail",
      detail: `${what}; meanwhile Claude Code skips cairn's http hooks (on_failure: continue), so sessions go on without cairn`,
      fix: "cairn serve --detach   (the statusline restarts a killed server within seconds; the next SessionStart also starts it)",
    },
  ];
}

/** The project's notebook, read as repository content: say when it is refused and why. */
async function checkNotebookFile(projectDir: string): Promise<Check[]> {
  const { notebookRefusal } = await import("../notebook/state-file.ts");
  const { notebookPath } = await import("../core/paths.ts");
  const refused = notebookRefusal(projectDir);
  if (!refused) return [];
  return [
    {
      name: "notebook",
      status: "warn",
      detail: `${notebookPath(projectDir)} is not read: ${refused}; sessions start without it`,
      fix: "make it a regular file inside the project (or remove it: cairn creates a fresh one)",
    },
  ];
}

/**
 * Every check, in the order printed. A check is a function of the paths and the
 * project that returns its lines; a new one is one more entry here (in a module of
 * its own under src/doctor/ when it is more than a few lines).
 */
export const CHECKS: readonly ((paths: CairnPaths, projectDir: string) => Check[] | Promise<Check[]>)[] = [
  () => checkNode(),
  (_paths, projectDir) => checkRegistration(projectDir),
  checkHttp,
  checkDisk,
  checkStore,
  checkRetention,
  checkConfig,
  checkExitTrap,
  (_paths, projectDir) => checkNotebookFile(projectDir),
  (paths, projectDir) => [checkSwitches(paths, projectDir)],
  (paths) => [checkLog(paths)],
  async () => {
    const m = await import("./doctor-self.ts");
    return [m.checkPrintedCommand(), ...m.checkPluginLauncher()];
  },
  async (paths, projectDir) => (await import("../team/doctor-check.ts")).checkTeam(paths, projectDir),
];

export async function runChecks(paths: CairnPaths, projectDir: string): Promise<Check[]> {
  const checks: Check[] = [];
  for (const check of CHECKS) checks.push(...(await check(paths, projectDir)));
  return checks;
}

const MARK: Record<Check["status"], string> = {
  ok: color.green("✓"),
  warn: color.yellow("!"),
  fail: color.red("✗"),
};

export const doctor: Command = {
  usage: `Usage: cairn doctor [--json]

Checks the Node on PATH and node:sqlite, hook registration (user, project, plugin) and
that the registered command runs, the http server when hooks use it, free space and
write access where cairn writes, the database (read-only: doctor never creates it),
its size against the retention policy and how the last retention run ended, whether
compression works, the config, the kill switches and the last errors in the log.
Prints how to fix each problem. "healthy" only when every check passes; exits 1 when
one fails.`,
  async run(argv) {
    const { values } = parse(argv, { json: { type: "boolean" } });
    const checks = await runChecks(cairnPaths(), findProjectDir());
    const v = verdict(checks);
    if (values.json) {
      json({ ok: v === "healthy", verdict: v, checks });
      return v === "failing" ? 1 : 0;
    }
    for (const c of checks) {
      out(`${MARK[c.status]} ${color.bold(c.name)}: ${c.detail}`);
      if (c.fix && c.status !== "ok") out(`    ${color.dim("fix:")} ${c.fix}`);
    }
    out("");
    const warned = checks.filter((c) => c.status === "warn").length;
    out(
      v === "failing"
        ? color.red("cairn needs attention")
        : v === "warnings"
          ? color.yellow(`cairn works, with ${warned} warning(s) above`)
          : color.green("cairn is healthy"),
    );
    return v === "failing" ? 1 : 0;
  },
};
