import { printedCli } from "../core/self.ts";
import { color, err } from "./io.ts";

/** What every `cairn team` subcommand works with: memory's environment, the team setup, refused settings. */
export async function teamEnv() {
  const [{ memoryEnv }, { loadConfig }, { teamSetup }] = await Promise.all([
    import("../memory/command-env.ts"),
    import("../config/load.ts"),
    import("../team/setup.ts"),
  ]);
  const m = await memoryEnv();
  const resolved = await loadConfig(m.paths, m.projectDir);
  // A repository that tries to choose the server (or what is shared) is reported.
  const refused = resolved.issues.filter((i) => i.refused && i.key?.startsWith("team."));
  const setup = teamSetup(m.config, m.env, m.paths, m.projectDir);
  const notice = (await import("../team/url.ts")).teamUrlNotice(m.env);
  if (notice) err(color.yellow(notice));
  return { m, setup, refused };
}

export type TeamEnv = Awaited<ReturnType<typeof teamEnv>>;

/** Collects the project (unless pull-only), then one round with the server, then retention. */
export async function syncNow(env: TeamEnv, o: { pullOnly: boolean }) {
  const { m, setup } = env;
  if (!setup.on) throw new Error(setup.why);
  const [{ collectProject }, { syncOnce }, { outboxPending }] = await Promise.all([
    import("../team/gather.ts"),
    import("../team/sync.ts"),
    import("../team/pending.ts"),
  ]);
  const store = await m.store();
  const collected =
    setup.project && !o.pullOnly
      ? await collectProject(store, {
          projectDir: m.projectDir,
          project: setup.project.id,
          machine: setup.machine,
          config: m.config,
          now: m.now(),
        })
      : undefined;
  const r = await syncOnce(store, {
    url: setup.url,
    project: setup.project?.id,
    push: !o.pullOnly,
    home: m.paths,
    config: m.config,
    machine: setup.machine,
  });
  if (r.ok) (await import("../team/prune.ts")).pruneTeam(store, m.config["retention.days"], m.now());
  return { ...r, collected: collected?.added ?? 0, waiting: outboxPending(store) };
}

/** What a sync did, in one line. */
export function syncLine(r: Awaited<ReturnType<typeof syncNow>>, project: string | undefined): string {
  const cli = printedCli();
  const pushed =
    r.consent === "enabled"
      ? `${r.sent} pushed (${r.added} new on the server)`
      : r.consent === "disabled"
        ? "nothing pushed (sharing is off on this machine)"
        : `nothing pushed: ${r.waiting === 1 ? "1 record waits" : `${r.waiting} records wait`} until you agree (\`${cli} team outbox\`, then \`${cli} team enable\`)`;
  const extra = [
    ...(r.dropped ? [`${r.dropped} withheld by the share settings`] : []),
    ...(r.forgotten ? [`${r.forgotten} forgotten on the server`] : []),
    ...(r.droppedCopies
      ? [
          `${r.droppedCopies} ${r.droppedCopies === 1 ? "copy" : "copies"} dropped (forgotten by their machine)`,
        ]
      : []),
  ];
  return `Synced${project ? ` ${project}` : ""}: ${pushed}, ${r.pulled} pulled${extra.length ? `; ${extra.join("; ")}` : ""}.`;
}
