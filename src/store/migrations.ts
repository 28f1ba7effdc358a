import { CONTEXT_SCHEMA } from "../context/schema.ts";
import { MEMORY_SCHEMA } from "../memory/schema.ts";
import { CORE_SCHEMA } from "./schema.ts";

/**
 * Versioned schema. Each entry moves the database from version i to i+1 and runs in
 * one transaction; PRAGMA user_version records where a database is. Features keep
 * their tables in <feature>/schema.ts. Never edit a shipped migration: add a new one.
 */
export const MIGRATIONS: readonly string[] = [CORE_SCHEMA, CONTEXT_SCHEMA, MEMORY_SCHEMA];

export const SCHEMA_VERSION = MIGRATIONS.length;
