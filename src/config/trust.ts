/**
 * A repository's .claude/cairn.yaml is someone else's content: a cloned project may
 * ask cairn for anything. So it may only tighten cairn: turn things off, mask more,
 * compress and wrap less, keep less. It cannot turn masking off, turn on model calls
 * (observations, summaries), change where data goes, or widen what is compressed or
 * wrapped; such values are refused (reported by `cairn config` and `cairn doctor`) and
 * the user's value stays. One table says, per setting, which way is tighter.
 */
type Rule =
  /** Only the user's config may set it. */
  | { readonly kind: "user-only"; readonly why: string }
  /** A repository may set it only to this value. */
  | { readonly kind: "only"; readonly value: unknown; readonly why: string }
  /** Numbers: a repository may lower it / raise it, never the other way. */
  | { readonly kind: "at-most" | "at-least"; readonly why: string }
  /** Lists: a repository may keep only entries already in effect. */
  | { readonly kind: "subset"; readonly why: string }
  /** Lists: a repository's entries are added to the ones in effect, never replace them. */
  | { readonly kind: "union" };

const SENDS = "where data is sent and which model is called are the user's choice";
const MODEL = "a repository cannot turn on model calls";
const WIDER = "a repository cannot widen what cairn compresses or wraps";
const KEEP = "a repository cannot make cairn keep more";

const RULES: Readonly<Record<string, Rule>> = {
  enabled: { kind: "only", value: false, why: "a repository may turn cairn off, not on" },
  "hook.budget_ms": { kind: "at-most", why: "a repository cannot give hooks more time" },
  "hook.max_stdin_mb": { kind: "at-most", why: "a repository cannot make hooks read more" },
  "compress.enabled": { kind: "only", value: false, why: WIDER },
  "compress.redact": { kind: "only", value: true, why: "a repository cannot turn masking off" },
  "compress.tools": { kind: "subset", why: WIDER },
  "compress.min_bytes": { kind: "at-least", why: WIDER },
  "compress.read_min_bytes": { kind: "at-least", why: WIDER },
  "compress.read_code_min_bytes": { kind: "at-least", why: WIDER },
  "compress.never": { kind: "union" },
  "run.enabled": { kind: "only", value: false, why: WIDER },
  "run.never": { kind: "union" },
  "observe.enabled": { kind: "only", value: false, why: MODEL },
  "memory.enabled": { kind: "only", value: false, why: KEEP },
  "memory.summarizer": { kind: "only", value: "extractive", why: MODEL },
  "retention.days": { kind: "at-most", why: KEEP },
  "retention.max_mb": { kind: "at-most", why: KEEP },
  "retention.auto": { kind: "only", value: true, why: KEEP },
};

/** Whole families that only the user sets: model calls, transports, team sync. */
const USER_ONLY_PREFIXES: readonly (readonly [string, string])[] = [
  ["observe.", SENDS],
  ["memory.summarizer_", SENDS],
  ["http.", SENDS],
  ["transport.", SENDS],
  ["team.", SENDS],
  ["summarize.", SENDS],
];

function ruleFor(key: string): Rule | undefined {
  const exact = RULES[key];
  if (exact) return exact;
  const prefix = USER_ONLY_PREFIXES.find(([p]) => key.startsWith(p));
  return prefix ? { kind: "user-only", why: prefix[1] } : undefined;
}

type ProjectValue =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly why: string };

/**
 * What a repository's value for `key` becomes, given the value in effect below it
 * (the user's or the default): accepted, merged (lists that only narrow), or refused.
 */
export function projectValue(key: string, value: unknown, current: unknown): ProjectValue {
  const rule = ruleFor(key);
  // Saying again what is in effect changes nothing, so it loosens nothing.
  if (!rule || JSON.stringify(value) === JSON.stringify(current)) return { ok: true, value };
  switch (rule.kind) {
    case "user-only":
      return { ok: false, why: rule.why };
    case "only":
      return Object.is(value, rule.value) ? { ok: true, value } : { ok: false, why: rule.why };
    case "at-most":
      return typeof value === "number" && typeof current === "number" && value <= current
        ? { ok: true, value }
        : { ok: false, why: `${rule.why} (above ${JSON.stringify(current)})` };
    case "at-least":
      return typeof value === "number" && typeof current === "number" && value >= current
        ? { ok: true, value }
        : { ok: false, why: `${rule.why} (below ${JSON.stringify(current)})` };
    case "subset": {
      const have = new Set(Array.isArray(current) ? current : []);
      const extra = Array.isArray(value) ? value.filter((v) => !have.has(v)) : [];
      return extra.length === 0
        ? { ok: true, value }
        : { ok: false, why: `${rule.why} (${extra.join(", ")})` };
    }
    case "union": {
      const before = Array.isArray(current) ? current : [];
      const add = Array.isArray(value) ? value : [];
      return { ok: true, value: [...before, ...add.filter((v) => !before.includes(v))] };
    }
  }
}
