import { close, connect, describeError } from "./client.ts";
import { PG_SCHEMA_VERSION, serverSchemaVersion } from "./pg-schema.ts";

export interface ServerCheck {
  readonly ok: boolean;
  /** One line, password masked. */
  readonly line: string;
  /** Unreachable is a passing state (records wait in the outbox); the others need the user. */
  readonly unreachable: boolean;
  readonly schema?: number;
}

/** Connects, reads the schema version, disconnects: what status and doctor show. */
export async function checkServer(url: string, connectTimeoutS = 3): Promise<ServerCheck> {
  let sql: Awaited<ReturnType<typeof connect>> | undefined;
  try {
    sql = await connect(url, { connectTimeoutS });
    const v = await serverSchemaVersion(sql);
    if (v > PG_SCHEMA_VERSION)
      return {
        ok: false,
        unreachable: false,
        schema: v,
        line: `the team store's schema (version ${v}) is newer than this cairn knows (${PG_SCHEMA_VERSION}); upgrade cairn`,
      };
    return {
      ok: true,
      unreachable: false,
      schema: v,
      line: v ? `reachable, schema version ${v}` : "reachable (the first sync creates the schema)",
    };
  } catch (e) {
    const line = describeError(e, url);
    return { ok: false, unreachable: line.includes("cannot reach"), line };
  } finally {
    await close(sql);
  }
}
