import { formatBytes } from "../core/format.ts";
import { printedCli } from "../core/self.ts";
import { memoryEnv } from "../memory/command-env.ts";
import { collectGarbage, type GcReport } from "../retention/gc.ts";
import { markRun, recorded } from "../retention/last-run.ts";
import type { RemaskReport } from "../retention/remask.ts";
import { storeSize } from "../retention/size.ts";
import { intFlag, parse } from "./args.ts";
import type { Command } from "./command.ts";
import { color, formatInt, json, out } from "./io.ts";

const USAGE = `Usage: cairn gc [--days N] [--max-mb N] [--dry-run] [--vacuum] [--redact] [--json]

Applies the retention policy now (cairn also applies it by itself at the end of turns):

  - sessions not seen for retention.days (30) go, with everything stored for them;
  - past retention.max_mb (1024) of data, the oldest stored originals are pruned
    (\`cairn show\` then says when), then the oldest sessions, until the data is at
    80% of the cap; if the sessions in use alone are over it, their oldest details
    (tool I/O in memory, then records of pruned originals) are removed. The most recently active session is never
    removed whole.

Aged per-session files, compaction snapshots, slim backups and temp files left by
killed writers go too. Config, switches and the install record are never touched.

  --days N     override retention.days for this run
  --max-mb N   override retention.max_mb for this run
  --dry-run    say what would go, change nothing (the run is done and rolled back,
               so its figures are the ones \`cairn gc\` then has)
  --vacuum     rewrite the database file afterwards so it shrinks to its data (takes
               a while on a large database; hooks wait for it). A database created
               since retention arrived (schema 4) hands space back
               by itself.
  --redact     also mask secrets in everything already stored, with today's rules
               (originals, excerpts, memory, previews, snapshots, handoffs), and
               zero the pages the old text leaves; for data stored by an older
               cairn or with compress.redact off
  --json       print the report as JSON`;

export const gc: Command = {
  usage: USAGE,
  async run(argv) {
    const { values } = parse(argv, {
      days: { type: "string" },
      "max-mb": { type: "string" },
      "dry-run": { type: "boolean" },
      vacuum: { type: "boolean" },
      redact: { type: "boolean" },
      json: { type: "boolean" },
    });
    const m = await memoryEnv();
    try {
      const days = intFlag(values.days, "days", 1) ?? m.config["retention.days"];
      const maxMb = intFlag(values["max-mb"], "max-mb", 1) ?? m.config["retention.max_mb"];
      const store = await m.store();
      const now = m.now();
      const dryRun = Boolean(values["dry-run"]);
      const policy = { days, maxBytes: maxMb * 1024 * 1024 };
      const report = dryRun
        ? collectGarbage(store, m.paths, policy, { now, dryRun })
        : recorded(store, now, policy.maxBytes, () => collectGarbage(store, m.paths, policy, { now }));
      let remasked: RemaskReport | undefined;
      if (values.redact && !dryRun) {
        const { remaskStored } = await import("../retention/remask.ts");
        const progress = process.stderr.isTTY
          ? (done: number, total: number) =>
              process.stderr.write(`\r  masking stored text: ${formatInt(done)} / ${formatInt(total)} rows`)
          : undefined;
        remasked = remaskStored(store, m.paths, progress);
        if (progress) process.stderr.write("\n");
      }
      let vacuumed: number | undefined;
      if (values.vacuum && !dryRun) {
        // VACUUM is also the one way to switch an older database to incremental auto_vacuum.
        store.db.exec("PRAGMA auto_vacuum = INCREMENTAL; VACUUM; PRAGMA wal_checkpoint(TRUNCATE);");
        vacuumed = storeSize(store.db).fileBytes;
      }
      if (!dryRun) {
        markRun(store, now);
        // Hand the zeroed pages to the file now, and empty the WAL of the old ones.
        store.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      }
      if (values.json) json({ dryRun, days, maxMb, ...report, vacuumedFileBytes: vacuumed, remasked });
      else {
        printReport(report, { dryRun, days, maxMb, vacuumed });
        if (remasked)
          out(
            `  secrets masked:     ${formatInt(remasked.secrets)} (in ${formatInt(remasked.outputs)} outputs, ${formatInt(remasked.items)} memory rows, ${formatInt(remasked.files)} files)`,
          );
      }
      return 0;
    } finally {
      m.close();
    }
  },
};

function printReport(
  r: GcReport,
  o: { dryRun: boolean; days: number; maxMb: number; vacuumed: number | undefined },
): void {
  const verb = o.dryRun ? "would go" : "removed";
  const line = (label: string, value: string) => out(`  ${label.padEnd(19)} ${value}`);
  out(
    `${color.bold("cairn gc")}${o.dryRun ? " (dry run)" : ""}: keep ${o.days} days, at most ${formatInt(o.maxMb)} MB`,
  );
  line(`sessions ${verb}:`, formatInt(r.sessionsRemoved));
  line(
    `originals ${o.dryRun ? "to prune" : "pruned"}:`,
    // A dry run is the real run rolled back: these are the figures `cairn gc` then has.
    `${formatInt(r.originalsPruned)} (${formatBytes(r.originalBytesPruned)})`,
  );
  if (r.detailsDropped > 0) line("details removed:", formatInt(r.detailsDropped));
  line(`files ${verb}:`, `${formatInt(r.files.files)} (${formatBytes(r.files.bytes)})`);
  line(
    "database data:",
    `${formatBytes(r.before.usedBytes)} → ${formatBytes(r.after.usedBytes)}  (file ${formatBytes(o.vacuumed ?? r.after.fileBytes)})`,
  );
  if (!r.done) out(color.yellow("  stopped early; run it again to finish"));
  if (!o.vacuumed && !r.after.incremental && r.after.freeBytes > r.after.fileBytes / 4)
    out(
      color.dim(
        `  ${formatBytes(r.after.freeBytes)} of the file is free space; \`${printedCli()} gc --vacuum\` gives it back to the disk`,
      ),
    );
}
