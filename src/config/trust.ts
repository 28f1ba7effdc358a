/**
 * A repository's .claude/cairn.yaml is someone else's content: a cloned project may
 * ask cairn for anything. So it may only tighten cairn: turn things off, mask more,
 * compress, inject and warn less, keep less. It cannot turn masking off, turn on model
 * calls, change where data goes, give hooks more or less room, or touch what applies to
 * every project (the whole store's retention); such values are refused (reported by
 * `cairn config` and `cairn doctor`) and the user's value stays.
 *
 * Which way is tighter is part of each setting's definition (`setting(…, trust)` in
 * config/setting.ts): a setting cannot be written without saying it, and the type of
 * the declaration follows the setting's value (a number is raised or lowered, a list
 * narrowed or extended, a boolean or a choice held to one value).
 */
export type Trust<T> =
  | UserOnly
  | { readonly kind: "only"; readonly value: T; readonly why: string }
  | (T extends number ? { readonly kind: "at-most" | "at-least"; readonly why: string } : never)
  | (T extends readonly unknown[] ? { readonly kind: "subset"; readonly why: string } | Union : never);

/** Any setting's trust, as the judge below reads it. */
export type AnyTrust =
  | UserOnly
  | { readonly kind: "only"; readonly value: unknown; readonly why: string }
  | { readonly kind: "at-most" | "at-least" | "subset"; readonly why: string }
  | Union;

/** Only the user's config may set it. */
interface UserOnly {
  readonly kind: "user-only";
  readonly why: string;
}
/** Lists: a repository's entries are added to the ones in effect, never replace them. */
interface Union {
  readonly kind: "union";
}

/** Only the user's own config may set it: no value from a repository is taken. */
export const userOnly = (why: string): UserOnly => ({ kind: "user-only", why });
/** A repository may set it only to `value` (a switch it may turn off, a choice it may make safe). */
export const only = <const T>(value: T, why: string) => ({ kind: "only", value, why }) as const;
/** Numbers: a repository may lower it, never raise it. */
export const lowerOnly = (why: string) => ({ kind: "at-most", why }) as const;
/** Numbers: a repository may raise it, never lower it. */
export const raiseOnly = (why: string) => ({ kind: "at-least", why }) as const;
/** Lists: a repository may keep only entries already in effect. */
export const narrowOnly = (why: string) => ({ kind: "subset", why }) as const;
/** Lists: a repository may add entries; the ones in effect stay. */
export const extendOnly = (): Union => ({ kind: "union" });

/** Why, in the words `cairn config` prints when it refuses a repository's value. */
export const WHY = {
  sends: "where data is sent and which model is called are the user's choice",
  model: "a repository cannot turn on model calls",
  wider: "a repository cannot widen what cairn compresses or wraps",
  keep: "a repository cannot make cairn keep more",
  inject: "a repository cannot make cairn put more into the session",
  warn: "a repository cannot make cairn warn or advise more often",
  hooks:
    "a hook's time and input limits are the user's: more lets a repository stall the session, less turns PostToolUse off while the exit trap stays on",
  store: "retention applies to cairn's whole store, every project's data: the user's choice",
  log: "the log is the user's record: a repository can neither hide warnings nor make it write more",
  view: "how cairn's own views show your sessions is your choice",
  masking: "a repository cannot turn masking off",
  shorter: "a repository cannot make excerpts smaller: the agent would see less of its own outputs",
  stale: "a repository cannot make cairn trust older statusline figures",
  time: "a repository cannot give a hook more time",
  block: "a repository cannot make cairn hold up compactions more often",
} as const;

/** What a repository may do with a setting, in the words of `cairn config --docs`. */
export function describeTrust(trust: AnyTrust): string {
  switch (trust.kind) {
    case "user-only":
      return "your config only";
    case "only":
      return `a repository may only set ${JSON.stringify(trust.value)}`;
    case "at-most":
      return "a repository may only lower it";
    case "at-least":
      return "a repository may only raise it";
    case "subset":
      return "a repository may only remove entries";
    case "union":
      return "a repository may only add entries";
  }
}

type ProjectValue =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly why: string };

/**
 * What a repository's value becomes under the setting's trust, given the value in
 * effect below it (the user's or the default): accepted, merged (lists that only
 * grow), or refused.
 */
export function projectValue(trust: AnyTrust, value: unknown, current: unknown): ProjectValue {
  // Saying again what is in effect changes nothing, so it loosens nothing.
  if (JSON.stringify(value) === JSON.stringify(current)) return { ok: true, value };
  switch (trust.kind) {
    case "user-only":
      return { ok: false, why: trust.why };
    case "only":
      return Object.is(value, trust.value) ? { ok: true, value } : { ok: false, why: trust.why };
    case "at-most":
      return typeof value === "number" && typeof current === "number" && value <= current
        ? { ok: true, value }
        : { ok: false, why: `${trust.why} (above ${JSON.stringify(current)})` };
    case "at-least":
      return typeof value === "number" && typeof current === "number" && value >= current
        ? { ok: true, value }
        : { ok: false, why: `${trust.why} (below ${JSON.stringify(current)})` };
    case "subset": {
      const have = new Set(Array.isArray(current) ? current : []);
      const extra = Array.isArray(value) ? value.filter((v) => !have.has(v)) : [];
      return Array.isArray(value) && extra.length === 0
        ? { ok: true, value }
        : { ok: false, why: `${trust.why} (${extra.join(", ")})` };
    }
    case "union": {
      const before = Array.isArray(current) ? current : [];
      const add = Array.isArray(value) ? value : [];
      return { ok: true, value: [...before, ...add.filter((v) => !before.includes(v))] };
    }
  }
}
