import { existsSync, statSync } from "node:fs";
import { loadConfig } from "../config/load.ts";
import type { Check } from "../core/check.ts";
import { formatMegabytes } from "../core/format.ts";
import { errorMessage } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import { printedCli } from "../core/self.ts";
import { lastResult, lastRun } from "../retention/last-run.ts";
import { storeSize } from "../retention/size.ts";
import { openStore, schemaVersion } from "../store/db.ts";
import { SCHEMA_VERSION } from "../store/migrations.ts";
import { checkCompression, lastCompressed, lastCompressionFailure } from "./compression.ts";
import { readLog } from "./log.ts";

/** doctor's checks of the database, read-only: its schema and mode, its size against the retention policy. */

/**
 * The database, read-only: a check never creates or changes what it checks. Write
 * access and space are the disk check's; a schema behind this cairn's is brought up by
 * the next hook.
 */
export async function checkStore(paths: CairnPaths): Promise<Check[]> {
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
export async function checkRetention(paths: CairnPaths, projectDir: string): Promise<Check[]> {
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
    const detail = `${formatMegabytes(size.usedBytes)} of data, cap ${formatMegabytes(cap)}, keep ${config["retention.days"]} days; last run ${last ? new Date(last).toISOString() : "never"}${config["retention.auto"] ? "" : " (automatic runs off)"}`;
    if (result && !result.ok)
      return [
        {
          name: "retention",
          status: "fail",
          detail: `${detail}; the last run failed (${new Date(result.at).toISOString()}): ${result.err}`,
          fix: `run \`${printedCli()} gc\` (it rebuilds a search index that is out of step); if it fails too, see the log`,
        },
        compression,
      ];
    if (size.usedBytes > cap)
      return [
        {
          name: "retention",
          status: "warn",
          detail,
          fix: `run \`${printedCli()} gc\` (and see the log for why it did not run)`,
        },
        compression,
      ];
    if (!size.incremental && size.freeBytes > size.fileBytes / 4)
      return [
        {
          name: "retention",
          status: "warn",
          detail: `${detail}; ${formatMegabytes(size.freeBytes)} of the file is free space`,
          fix: `\`${printedCli()} gc --vacuum\` gives it back to the disk (once; later runs do it by themselves)`,
        },
        compression,
      ];
    return [{ name: "retention", status: "ok", detail }, compression];
  } catch (err) {
    return [{ name: "retention", status: "warn", detail: errorMessage(err) }];
  }
}
