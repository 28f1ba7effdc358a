import { PG_MISSING, pgBinDir } from "./postgres.ts";

/**
 * Global setup: says once, for the whole run, when the team tests will be skipped
 * because this machine has no PostgreSQL server binaries at all (CI installs them).
 */
export default function setup(): void {
  if (!pgBinDir()) process.stderr.write(`${PG_MISSING}\n`);
}
