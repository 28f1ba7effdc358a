import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as v from "valibot";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, projectConfigPath } from "../../../src/config/load.ts";
import { resolveConfig } from "../../../src/config/resolve.ts";
import { checkSetting, defaults, SETTINGS, type SettingKey } from "../../../src/config/schema.ts";
import { int, setting, strings } from "../../../src/config/setting.ts";
import { type AnyTrust, lowerOnly, only, raiseOnly, userOnly } from "../../../src/config/trust.ts";
import { cairnPaths } from "../../../src/core/paths.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";

const KEYS = Object.keys(SETTINGS) as SettingKey[];
const DEFAULTS: Record<string, unknown> = defaults();

/** A schema's bounds, read from its pipe (int(min, max), fraction()). */
function bounds(schema: v.GenericSchema): { min: number; max: number } {
  const pipe = (schema as { pipe?: readonly { type: string; requirement?: unknown }[] }).pipe ?? [];
  const req = (type: string) => pipe.find((a) => a.type === type)?.requirement as number | undefined;
  return { min: req("min_value") ?? 0, max: req("max_value") ?? 1_000_000 };
}

/**
 * Every value worth trying for a setting, all valid for its schema: a number's bounds,
 * its default and the values around it; both booleans; every choice; strings a
 * repository would pick; lists empty, narrowed and with foreign entries.
 */
function candidates(key: SettingKey): unknown[] {
  return valuesFor(key, SETTINGS[key].schema as v.GenericSchema, DEFAULTS[key]).filter(
    (c) => checkSetting(key, c).ok,
  );
}

/** The values worth trying for one schema (a nullable one: null, and its inner schema's). */
function valuesFor(key: SettingKey, schema: v.GenericSchema, def: unknown): unknown[] {
  const type = (schema as { type: string }).type;
  if (type === "nullable") {
    const inner = (schema as unknown as { wrapped: v.GenericSchema }).wrapped;
    return [null, ...valuesFor(key, inner, def ?? innerDefault(inner))];
  }
  let out: unknown[];
  if (type === "number") {
    const { min, max } = bounds(schema);
    const d = def as number;
    const step = Number.isInteger(min) && Number.isInteger(max) && max - min > 1 ? 1 : 0.01;
    out = [min, max, d, d - step, d + step, Math.round((min + max) / 2)];
  } else if (type === "boolean") out = [true, false];
  else if (type === "picklist") out = [...(schema as unknown as { options: readonly unknown[] }).options];
  else if (type === "string") out = ["", "attacker", "postgres://evil.example/db", "claude-opus-4-1"];
  else if (type === "array") {
    const options = listOptions(schema);
    out = options
      ? [[], ...options.map((o) => [o]), [...options]]
      : [[], ["Bash"], ["Evil", "Bash"], [...(def as string[]), "Evil"], ["^make deploy"]];
  } else throw new Error(`${key}: no candidates for a ${type} schema; teach this test its type`);
  return out;
}

/** A list's choices, when its entries are a picklist (team.share's kinds). */
function listOptions(schema: v.GenericSchema): readonly unknown[] | undefined {
  const item = (schema as unknown as { item?: { type: string; options?: readonly unknown[] } }).item;
  return item?.type === "picklist" ? item.options : undefined;
}

/** A value in the middle of a number schema's bounds, for a setting whose default is "not set". */
function innerDefault(schema: v.GenericSchema): number {
  const { min, max } = bounds(schema);
  return Math.round((min + max) / 2);
}

/** What the user has in effect in the second scenario: every setting moved, so a repository has both ways to go. */
function userMoved(key: SettingKey): unknown {
  let schema = SETTINGS[key].schema as v.GenericSchema;
  const def = DEFAULTS[key];
  const trust = SETTINGS[key].trust;
  let type = (schema as { type: string }).type;
  // A nullable setting (an old name, unset by default): the user sets it.
  if (type === "nullable") {
    schema = (schema as unknown as { wrapped: v.GenericSchema }).wrapped;
    type = (schema as { type: string }).type;
    if (def === null) return innerDefault(schema);
  }
  if (type === "number") {
    const { min, max } = bounds(schema);
    const mid = Number.isInteger(def) ? Math.round((min + max) / 2) : (min + max) / 2;
    return mid === def ? (def as number) + 1 : mid;
  }
  // A switch the user set the way a repository may set it, so the other way is left to try.
  if (type === "boolean") return trust.kind === "only" ? trust.value : !def;
  if (type === "picklist") {
    const options = (schema as unknown as { options: readonly unknown[] }).options;
    return options.find((o) => o !== def && !(trust.kind === "only" && o === trust.value)) ?? def;
  }
  if (type === "string") return "the-users-own";
  const options = listOptions(schema);
  if (options) {
    const others = options.filter((o) => !(def as unknown[]).includes(o));
    return others.length ? others : options.slice(1);
  }
  return ["Bash", "Read"];
}

/**
 * The values of `candidates` that loosen `user` under a trust: any other value of a
 * user-only setting, any other than the one allowed, a higher number where it may
 * only go lower and the reverse, a list with an entry the user did not allow. A list
 * that only grows is tried with what would drop the user's entries.
 */
function loosenings(trust: AnyTrust, user: unknown, tries: readonly unknown[]): unknown[] {
  const same = (a: unknown) => JSON.stringify(a) === JSON.stringify(user);
  switch (trust.kind) {
    case "user-only":
      return tries.filter((c) => !same(c));
    case "only":
      return tries.filter((c) => !same(c) && !Object.is(c, trust.value));
    // Over a setting the user left unset (null), any value a repository gives it moves it.
    case "at-most":
      return tries.filter((c) => c !== null && (user === null || (c as number) > (user as number)));
    case "at-least":
      return tries.filter((c) => c !== null && (user === null || (c as number) < (user as number)));
    case "subset":
      return tries.filter((c) => (c as unknown[]).some((e) => !(user as unknown[]).includes(e)));
    case "union":
      return tries.filter((c) => (user as unknown[]).some((e) => !(c as unknown[]).includes(e)));
  }
}

/** The value in effect may differ from the user's only where the trust lets a repository add (lists that grow). */
function staysTheUsers(trust: AnyTrust, user: unknown, effective: unknown): boolean {
  if (trust.kind === "union") return (user as unknown[]).every((e) => (effective as unknown[]).includes(e));
  return JSON.stringify(effective) === JSON.stringify(user);
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A user's config and a repository's .claude/cairn.yaml on disk, loaded as a hook loads them. */
async function loadFromFiles(user: Record<string, unknown>, project: Record<string, unknown>) {
  const home = mkdtempSync(join(tmpdir(), "cairn-trust-"));
  dirs.push(home);
  const paths = cairnPaths(join(home, ".cairn"));
  const repo = join(home, "repo");
  mkdirSync(join(repo, ".claude"), { recursive: true });
  mkdirSync(paths.root, { recursive: true });
  writeFileSync(paths.config, JSON.stringify(user));
  // JSON is YAML: every value is written exactly as tried.
  writeFileSync(projectConfigPath(repo), JSON.stringify(project));
  return loadConfig(paths, repo);
}

describe("a repository's .claude/cairn.yaml cannot loosen any setting", () => {
  const scenarios: [string, (k: SettingKey) => unknown][] = [
    ["the defaults", (k) => DEFAULTS[k]],
    ["a user who moved every setting", userMoved],
  ];
  for (const [name, userValue] of scenarios) {
    it(`tries every loosening of every setting over ${name}; the value in effect stays the user's`, async () => {
      const user = Object.fromEntries(KEYS.map((k) => [k, userValue(k)]));
      const tries = new Map(
        KEYS.map((k) => [k, loosenings(SETTINGS[k].trust, user[k], candidates(k))] as const),
      );
      // Every setting but a list that only grows has something to loosen here.
      const rounds = Math.max(...[...tries.values()].map((t) => t.length));
      let tried = 0;
      for (let round = 0; round < rounds; round++) {
        const project = Object.fromEntries(
          [...tries].filter(([, t]) => round < t.length).map(([k, t]) => [k, t[round]]),
        );
        tried += Object.keys(project).length;
        const r = await loadFromFiles(user, project);
        expect(r.issues.filter((i) => !i.refused)).toEqual([]);
        for (const [key, value] of Object.entries(project)) {
          const k = key as SettingKey;
          const effective = r.config[k];
          expect(
            staysTheUsers(SETTINGS[k].trust, user[k], effective),
            `${key}: repository ${JSON.stringify(value)} over the user's ${JSON.stringify(user[k])} gave ${JSON.stringify(effective)}`,
          ).toBe(true);
          if (SETTINGS[k].trust.kind !== "union")
            expect(
              r.issues.some((i) => i.key === key && i.refused),
              `${key} refused and reported`,
            ).toBe(true);
        }
      }
      expect(tried).toBeGreaterThan(KEYS.length);
    });
  }

  it("every setting has something a repository could loosen, and a trust that refuses it", () => {
    for (const key of KEYS) {
      const trust = SETTINGS[key].trust;
      const some = [DEFAULTS[key], userMoved(key)].some(
        (u) => loosenings(trust, u, candidates(key)).length > 0,
      );
      expect(some, `${key}: no value could loosen it, so the walk above tried nothing`).toBe(true);
    }
  });

  it("through the product: cairn config keeps the user's values and reports every refusal", async () => {
    const sb = tempHome();
    try {
      const project = Object.fromEntries(
        KEYS.map((k) => [k, loosenings(SETTINGS[k].trust, DEFAULTS[k], candidates(k))[0]] as const).filter(
          ([, c]) => c !== undefined,
        ),
      );
      mkdirSync(join(sb.project, ".claude"), { recursive: true });
      writeFileSync(join(sb.project, ".claude", "cairn.yaml"), JSON.stringify(project));
      const r = await runCairn(["config", "--json"], {
        env: { ...sb.env, CLAUDE_PROJECT_DIR: sb.project },
        cwd: sb.project,
      });
      const cfg = JSON.parse(r.stdout) as {
        settings: Record<string, { value: unknown; source: string }>;
        issues: { key?: string; refused?: boolean }[];
      };
      const refused = new Set(cfg.issues.filter((i) => i.refused).map((i) => i.key));
      for (const key of Object.keys(project) as SettingKey[]) {
        expect(staysTheUsers(SETTINGS[key].trust, DEFAULTS[key], cfg.settings[key]?.value), key).toBe(true);
        if (SETTINGS[key].trust.kind !== "union") expect(refused, key).toContain(key);
      }
    } finally {
      sb.cleanup();
    }
  });
});

describe("the gaps the security review found (2026-11-28, findings 1, 2 and 14)", () => {
  /** [setting, what the user has, what a repository tries]: each one loosened cairn before. */
  const GAPS: [SettingKey, unknown, unknown][] = [
    // The anchor (Goal and Now) on every prompt.
    ["advisor.suggest_used_pct", 55, 1],
    ["advisor.urge_used_pct", 70, 1],
    ["anchor.max_tokens", 400, 2000],
    ["anchor.enabled", false, true],
    // Lowering the budget turned PostToolUse off while the exit trap stayed on.
    ["hook.budget_ms", 4000, 100],
    ["hook.budget_ms", 4000, 60_000],
    ["hook.max_stdin_mb", 16, 1],
    ["memory.ingest_ms", 1500, 30_000],
    ["retention.every_min", 60, 10_080],
    ["retention.days", 30, 1],
    ["precompact.keep_snapshots", 50, 10_000],
    ["memory.handoff_ttl_min", 60, 10_080],
    ["memory.recent_turns", 6, 200],
    ["notebook.restore_max_chars", 6000, 9000],
    ["memory.inject_chars", 9000, 9800],
    ["log.level", "info", "error"],
    ["log.level", "info", "debug"],
    ["compress.budget_fraction", 0.08, 0],
    ["compress.budget_min_chars", 1200, 200],
    ["compress.budget_max_chars", 6000, 500],
    ["monitor.warn_remaining_pct", 35, 99],
    ["monitor.critical_remaining_pct", 25, 99],
    ["monitor.debounce_tool_uses", 5, 0],
    ["monitor.enabled", false, true],
    ["nudge.read", false, true],
    ["nudge.read_min_bytes", 50_000, 1024],
    ["nudge.subagent_model", false, true],
  ];
  it.each(GAPS)("%s: the user's %j stays when a repository says %j", (key, user, repo) => {
    const r = resolveConfig([
      { source: "user", path: "config.yaml", data: { [key]: user } },
      { source: "project", path: ".claude/cairn.yaml", data: { [key]: repo } },
    ]);
    expect(r.config[key]).toEqual(user);
    expect(r.issues.some((i) => i.key === key && i.refused)).toBe(true);
  });
});

describe("trust is part of a setting's definition", () => {
  it("a setting cannot be declared without it, nor with one of another type (tsc checks this file)", () => {
    // @ts-expect-error a setting without a trust is not a setting
    setting(v.boolean(), true, "doc");
    // @ts-expect-error a boolean is not raised or lowered
    setting(v.boolean(), true, "doc", lowerOnly("why"));
    // @ts-expect-error a number is not held to a string
    setting(int(1, 9), 3, "doc", only("x", "why"));
    // @ts-expect-error a list is not raised
    setting(strings(), [], "doc", raiseOnly("why"));
    expect(setting(int(1, 9), 3, "doc", userOnly("why")).trust.kind).toBe("user-only");
  });

  it("a resolution cached under another table is not reused", async () => {
    const home = mkdtempSync(join(tmpdir(), "cairn-trust-cache-"));
    dirs.push(home);
    const paths = cairnPaths(join(home, ".cairn"));
    const repo = join(home, "repo");
    mkdirSync(join(repo, ".claude"), { recursive: true });
    writeFileSync(projectConfigPath(repo), "monitor:\n  suggest_remaining_pct: 99\n");
    // An older build whose table let the value through resolved the same files and cached it...
    const entry = SETTINGS["monitor.suggest_remaining_pct"] as { trust: AnyTrust };
    const real = entry.trust;
    entry.trust = raiseOnly("an older table");
    try {
      expect((await loadConfig(paths, repo)).config["monitor.suggest_remaining_pct"]).toBe(99);
    } finally {
      entry.trust = real;
    }
    // ...and this build, with the files unchanged, judges them again.
    expect((await loadConfig(paths, repo)).config["monitor.suggest_remaining_pct"]).toBe(45);
  });
});
