import { printedCli } from "../core/self.ts";
import { visibleLine } from "../core/terminal-text.ts";
import type { Store } from "../store/db.ts";
import type { OutboxView } from "../team/outbox.ts";
import type { Withheld } from "../team/policy.ts";
import { UsageError } from "./args.ts";
import { color, err, json, out, storedForStdout } from "./io.ts";
import { page } from "./pager.ts";
import { syncLine, syncNow, type TeamEnv } from "./team-env.ts";

/**
 * The user's control over what this machine shares: see it (`outbox`), agree or
 * refuse (`enable`, `disable`), choose (`share`), and take it back (`forget`). The
 * rules themselves are in src/team/policy.ts, consent.ts and forget.ts.
 */

type On = Extract<TeamEnv["setup"], { on: true }>;

function requireOn(env: TeamEnv, sub: string): On {
  for (const i of env.refused) err(color.yellow(`ignored: ${i.path} sets ${i.key} (${i.problem})`));
  if (!env.setup.on) throw new Error(`${sub}: team memory is off: ${env.setup.why}`);
  return env.setup;
}

/** Fills the outbox with what this project has learnt (local), then judges it as the push will. */
async function currentOutbox(env: TeamEnv, setup: On): Promise<{ store: Store; view: OutboxView }> {
  const [{ collectProject }, { outboxView }, { loadPolicy }] = await Promise.all([
    import("../team/gather.ts"),
    import("../team/outbox.ts"),
    import("../team/policy.ts"),
  ]);
  const store = await env.m.store();
  if (setup.project)
    await collectProject(store, {
      projectDir: env.m.projectDir,
      project: setup.project.id,
      machine: setup.machine,
      config: env.m.config,
      now: env.m.now(),
    });
  return { store, view: outboxView(store, loadPolicy(store, env.m.config)) };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 handoffs, 12 summaries" */
function byKind(records: readonly { kind: string }[]): string {
  const n = new Map<string, number>();
  for (const r of records) n.set(r.kind, (n.get(r.kind) ?? 0) + 1);
  return [...n].map(([k, c]) => `${c} ${k}${c === 1 ? "" : "s"}`).join(", ");
}

function withheldLine(w: OutboxView["withheld"]): string | undefined {
  if (w.length === 0) return undefined;
  const n = new Map<Withheld, number>();
  for (const x of w) n.set(x.why, (n.get(x.why) ?? 0) + 1);
  return `${plural(w.length, "queued record")} will be dropped instead (${[...n].map(([why, c]) => `${c} by ${why}`).join(", ")}).`;
}

export async function outbox(env: TeamEnv, asJson: boolean): Promise<number> {
  try {
    const setup = requireOn(env, "outbox");
    const [{ describeRecord }, { readConsent }, { maskUrl }] = await Promise.all([
      import("../team/outbox.ts"),
      import("../team/consent.ts"),
      import("../team/url.ts"),
    ]);
    const { view } = await currentOutbox(env, setup);
    const consent = readConsent(env.m.paths).state;
    if (asJson) {
      json({
        server: maskUrl(setup.url),
        consent: consent ?? null,
        going: view.going,
        withheld: view.withheld,
      });
      return 0;
    }
    const cli = printedCli();
    const when =
      consent === "enabled"
        ? "at the next sync"
        : consent === "disabled"
          ? `if you run \`${cli} team enable\` (sharing is off on this machine)`
          : `once you run \`${cli} team enable\` (nothing is sent until then)`;
    const lines: string[] = [];
    lines.push(
      view.going.length
        ? `${plural(view.going.length, "record")} (${byKind(view.going)}) would go to ${maskUrl(setup.url)} ${when}, each as below:`
        : `Nothing waits to go to ${maskUrl(setup.url)}.`,
    );
    const dropped = withheldLine(view.withheld);
    if (dropped) lines.push(dropped);
    for (const r of view.going) {
      const d = describeRecord(r);
      // Plain text: on a terminal the whole listing has its controls shown as marks.
      lines.push("", `── ${visibleLine(`${d.head} · ${r.user}@${r.machine} · project ${r.project}`)}`);
      lines.push(d.body);
    }
    const text = lines.join("\n");
    // Every word of every record: on a terminal through the pager, like `cairn detail`.
    if (!(process.stdout.isTTY && view.going.length > 3 && page(text, env.m.env))) out(storedForStdout(text));
    return 0;
  } finally {
    env.m.close();
  }
}

export async function enable(env: TeamEnv, yes: boolean, asJson: boolean): Promise<number> {
  try {
    const setup = requireOn(env, "enable");
    const [{ answerConsent, readConsent }, { maskUrl }] = await Promise.all([
      import("../team/consent.ts"),
      import("../team/url.ts"),
    ]);
    const cli = printedCli();
    const { view } = await currentOutbox(env, setup);
    if (!yes && readConsent(env.m.paths).state !== "enabled") {
      if (!process.stdin.isTTY || asJson)
        throw new UsageError(
          `review what would go with \`${cli} team outbox\`, then run \`${cli} team enable --yes\``,
        );
      out(
        `This machine will share with ${maskUrl(setup.url)}${setup.project ? ` (project ${setup.project.id})` : ""}: ${view.going.length ? `${plural(view.going.length, "record")} now (${byKind(view.going)}; \`${cli} team outbox\` shows every word)` : "nothing yet"}, and from now on what team.share chooses: ${env.m.config["team.share"].join(", ") || "nothing"}.`,
      );
      if (!(await confirm("Share? [y/N] "))) {
        out("Nothing was shared. The records wait in the outbox.");
        return 1;
      }
    }
    answerConsent(env.m.paths, "enabled", env.m.now());
    const r = await syncNow(env, { pullOnly: false });
    if (asJson) json({ enabled: true, ...r });
    else {
      out("Sharing is on for this machine.");
      if (r.ok) out(syncLine(r, setup.project?.id));
      else out(color.yellow(`The records wait in the outbox: ${r.error}`));
    }
    return 0;
  } finally {
    env.m.close();
  }
}

async function confirm(question: string): Promise<boolean> {
  const { createInterface } = await import("node:readline/promises");
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

export async function disable(env: TeamEnv, asJson: boolean): Promise<number> {
  try {
    requireOn(env, "disable");
    const { answerConsent } = await import("../team/consent.ts");
    const store = await env.m.store();
    const now = env.m.now();
    answerConsent(env.m.paths, "disabled", now);
    const dropped = Number(
      store.db
        .prepare(
          "UPDATE team_outbox SET dropped_at = ?, dropped_why = 'team disable', record = '' WHERE pushed_at IS NULL AND dropped_at IS NULL",
        )
        .run(now).changes,
    );
    // One pull, so the statusline and doctor stop asking at once.
    const r = await syncNow(env, { pullOnly: true });
    if (asJson) json({ ...r, enabled: false, droppedWaiting: dropped });
    else {
      out(
        `Sharing is off for this machine: nothing more is sent${dropped ? ` (${plural(dropped, "waiting record")} dropped)` : ""}; teammates' records are still pulled. \`${printedCli()} team enable\` turns it back on.`,
      );
      if (!r.ok) out(color.yellow(`(pull: ${r.error})`));
    }
    return 0;
  } finally {
    env.m.close();
  }
}

export async function share(
  env: TeamEnv,
  o: { turn: "on" | "off" | undefined; session: string | undefined; project: boolean; asJson: boolean },
): Promise<number> {
  try {
    const setup = requireOn(env, "share");
    const { loadPolicy, setShareOff } = await import("../team/policy.ts");
    const store = await env.m.store();
    if (o.turn) {
      const what = o.project ? "project" : "session";
      const id = o.project ? setup.project?.id : (o.session ?? env.m.env.CLAUDE_CODE_SESSION_ID);
      if (o.project && o.session !== undefined)
        throw new UsageError("say --session ID or --project, not both");
      if (!id)
        throw new UsageError(
          o.project
            ? "this project has no origin remote or team.project: it is not shared anyway"
            : "say which: --session ID (or run it inside the Claude Code session), or --project",
        );
      const now = env.m.now();
      const dropped = store.tx(() => {
        setShareOff(store, what, id, o.turn === "off", now);
        if (o.turn === "on") return 0;
        return Number(
          store.db
            .prepare(
              `UPDATE team_outbox SET dropped_at = ?, dropped_why = 'share off', record = ''
               WHERE pushed_at IS NULL AND dropped_at IS NULL AND ${what === "project" ? "project" : "session_id"} = ?`,
            )
            .run(now, id).changes,
        );
      });
      const name = what === "project" ? `project ${id}` : `session ${id}`;
      if (o.asJson) json({ [what]: id, shared: o.turn === "on", dropped });
      else
        out(
          o.turn === "off"
            ? `Not sharing ${visibleLine(name)} from this machine${dropped ? ` (${plural(dropped, "waiting record")} dropped)` : ""}; what it already shared stays until \`${printedCli()} team forget\`.`
            : `Sharing ${visibleLine(name)} again, from what it records now on.`,
        );
      return 0;
    }
    const p = loadPolicy(store, env.m.config);
    const report = {
      share: env.m.config["team.share"],
      exclude: env.m.config["team.exclude"],
      offSessions: [...p.offSessions],
      offProjects: [...p.offProjects],
      forgets: p.forgets.length,
    };
    if (o.asJson) json(report);
    else {
      out(`shared     ${report.share.join(", ") || "nothing"} (team.share)`);
      out(
        `excluded   ${report.exclude.length ? report.exclude.map((x) => visibleLine(JSON.stringify(x))).join(" ") : "none"} (team.exclude)`,
      );
      out(
        `off        ${[...report.offProjects.map((x) => `project ${x}`), ...report.offSessions.map((x) => `session ${x}`)].map((x) => visibleLine(x)).join(", ") || "nothing"}`,
      );
      out(`forgotten  ${plural(report.forgets, "forget")}`);
    }
    return 0;
  } finally {
    env.m.close();
  }
}

export async function forget(
  env: TeamEnv,
  o: { record: string | undefined; session: string | undefined; since: string | undefined; asJson: boolean },
): Promise<number> {
  try {
    const setup = requireOn(env, "forget");
    const [{ forgetLocally }, { parseWhen }] = await Promise.all([
      import("../team/forget.ts"),
      import("../memory/when.ts"),
    ]);
    const store = await env.m.store();
    const now = env.m.now();
    let what: import("../team/forget.ts").ForgetWhat;
    if (o.record !== undefined) what = { record: await ownRecord(setup, store, o.record) };
    else if (o.session !== undefined) what = { session: ownSession(store, setup.machine.id, o.session) };
    else {
      const since = parseWhen(o.since ?? "", now);
      if (since === null || since > now)
        throw new UsageError(`cannot read --since "${o.since}" (say 2h, 30m, 3d, HH:MM or an ISO date)`);
      what = { since, until: now };
    }
    const local = forgetLocally(store, setup.machine.id, what, now);
    const r = await syncNow(env, { pullOnly: true });
    const result = {
      forget: local.forget,
      outbox: local.outbox,
      pulledCopies: local.pulled,
      server: r.ok ? { removed: r.forgotten } : { pending: true, error: r.error },
    };
    if (o.asJson) json(result);
    else {
      const subject =
        "record" in what
          ? `record ${what.record}`
          : "session" in what
            ? `session ${visibleLine(what.session)}`
            : `everything since ${new Date(what.since).toISOString().replace("T", " ").slice(0, 16)} UTC`;
      out(
        `Forgot ${subject} from this machine: ${plural(local.outbox, "waiting record")} dropped, ${plural(local.pulled, "copy", "copies")} removed here, and nothing it covers is shared again.`,
      );
      out(
        r.ok
          ? `The server deleted ${plural(r.forgotten, "record")}; every other machine drops its copies at its next sync.`
          : color.yellow(`The server deletes them at the next sync (it cannot be reached now: ${r.error}).`),
      );
    }
    return 0;
  } finally {
    env.m.close();
  }
}

const HEX_ID = /^[0-9a-f]{8,32}$/;

/** A record id (or its first 8+ characters) of this machine's: from its outbox, its pulled copies, or the server. */
async function ownRecord(setup: On, store: Store, given: string): Promise<string> {
  const prefix = given.trim().toLowerCase();
  if (!HEX_ID.test(prefix))
    throw new UsageError(`"${visibleLine(given)}" is not a record id (8 to 32 hexadecimal characters)`);
  const like = `${prefix}%`;
  const local = store.db
    .prepare(
      `SELECT id, NULL AS machine_id, NULL AS who FROM team_outbox WHERE id LIKE ?
       UNION SELECT id, machine_id, user_name || '@' || machine FROM team_records WHERE id LIKE ?`,
    )
    .all(like, like) as { id: string; machine_id: string | null; who: string | null }[];
  let found = local;
  if (found.length === 0) {
    const { close, connect } = await import("../team/client.ts");
    const sql = await connect(setup.url);
    try {
      found = await sql<{ id: string; machine_id: string; who: string }[]>`
        SELECT id, machine_id, user_name || '@' || machine AS who FROM cairn_team_records
        WHERE id LIKE ${like} LIMIT 5`;
    } finally {
      await close(sql);
    }
  }
  const ids = [...new Set(found.map((f) => f.id))];
  if (ids.length === 0) throw new UsageError(`no record ${prefix} on this machine or the server`);
  if (ids.length > 1) throw new UsageError(`${prefix} names ${ids.length} records; give more of the id`);
  const other = found.find((f) => f.machine_id !== null && f.machine_id !== setup.machine.id);
  const mine = found.some((f) => f.machine_id === null || f.machine_id === setup.machine.id);
  if (other && !mine)
    throw new UsageError(
      `record ${ids[0]} was shared by ${visibleLine(other.who ?? "another machine")}: only the machine that shared a record can forget it`,
    );
  return ids[0]!;
}

/** A session this machine shared from (its full id, or a prefix of one it has records of). */
function ownSession(store: Store, machineId: string, given: string): string {
  const id = given.trim();
  if (!id) throw new UsageError("--session needs an id");
  const rows = store.db
    .prepare(
      `SELECT DISTINCT session_id AS s FROM team_outbox WHERE session_id LIKE ?
       UNION SELECT DISTINCT session_id FROM team_records WHERE machine_id = ? AND session_id LIKE ?`,
    )
    .all(`${id}%`, machineId, `${id}%`) as { s: string }[];
  const ids = [...new Set(rows.map((r) => r.s))];
  if (ids.length === 1) return ids[0]!;
  if (ids.length > 1)
    throw new UsageError(`${visibleLine(id)} names ${ids.length} sessions; give more of the id`);
  // A session this machine has no record of here may still be on the server (the outbox was pruned).
  return id;
}
