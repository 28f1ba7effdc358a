import type { Config } from "../../config/schema.ts";
import type { CairnPaths } from "../../core/paths.ts";
import type { Store } from "../../store/db.ts";

/** What the dashboard's read functions need: the store (opened read-only) and cairn's files. */
export interface Reader {
  readonly store: Store;
  readonly paths: CairnPaths;
  readonly config: Config;
  readonly now: number;
  /** How this cairn is run in the user's shell (`cairn`, or node and the bundle's path), for commands the page prints. */
  readonly cli: string;
}

/** A query parameter as an optional filter: empty means no filter. */
export function optional(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

/** A query parameter as an optional whole number; anything else is no filter. */
export function optionalInt(value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** At most `max` characters, with a mark where it was cut. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
