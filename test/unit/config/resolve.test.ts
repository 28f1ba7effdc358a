import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { flatten, resolveConfig } from "../../../src/config/resolve.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";

describe("resolveConfig (pure)", () => {
  it("applies user then project, each value on its own, with provenance", () => {
    const r = resolveConfig([
      {
        source: "user",
        path: "u.yaml",
        data: { compress: { min_bytes: 8000, budget_fraction: 2 }, log: { level: "debug" } },
      },
      { source: "project", path: "p.yaml", data: { "compress.min_bytes": 12000, bogus: 1 } },
    ]);
    // A project may raise min_bytes (compress less), which tightens.
    expect(r.config["compress.min_bytes"]).toBe(12000);
    expect(r.origin["compress.min_bytes"]).toBe("project");
    expect(r.config["log.level"]).toBe("debug");
    expect(r.origin["log.level"]).toBe("user");
    // The invalid value keeps its default; the rest of the file still applies.
    expect(r.config["compress.budget_fraction"]).toBe(0.08);
    expect(r.issues.map((i) => i.key)).toEqual(["compress.budget_fraction", "bogus"]);
  });
  it("takes from a project only what tightens, and reports the rest as refused", () => {
    const r = resolveConfig([
      { source: "user", path: "u.yaml", data: { compress: { min_bytes: 8000, never: ["^cat "] } } },
      {
        source: "project",
        path: "p.yaml",
        data: { compress: { min_bytes: 1000, redact: false, never: ["^ls ", "(a+)+$"] }, enabled: false },
      },
    ]);
    expect(r.config["compress.min_bytes"]).toBe(8000);
    expect(r.config["compress.redact"]).toBe(true);
    expect(r.config.enabled).toBe(false);
    // never-lists only grow: the user's stay, the project's bounded ones are added.
    expect(r.config["compress.never"]).toEqual(["^cat ", "^ls "]);
    expect(r.issues.filter((i) => i.refused).map((i) => i.key)).toEqual([
      "compress.min_bytes",
      "compress.redact",
      "compress.never",
    ]);
  });
  it("refuses unbounded patterns from the user's own config too", () => {
    const r = resolveConfig([
      { source: "user", path: "u.yaml", data: { compress: { never: ["(x+x+)+y", "^make"] } } },
    ]);
    expect(r.config["compress.never"]).toEqual(["^make"]);
    expect(r.issues[0]?.problem).toMatch(/nested quantifier/);
  });
  it("reports a file that is not a mapping", () => {
    expect(resolveConfig([{ source: "user", path: "u", data: [1, 2] }]).issues[0]?.problem).toMatch(
      /mapping/,
    );
  });
  it("flattens nested keys but keeps list values whole", () => {
    expect(flatten({ a: { b: 1 }, "compress.tools": ["Bash"] })).toEqual({
      "a.b": 1,
      "compress.tools": ["Bash"],
    });
  });
});

describe("cairn config through the built bundle", () => {
  let sb: ReturnType<typeof tempHome>;
  beforeEach(() => {
    sb = tempHome();
    mkdirSync(join(sb.project, ".claude"), { recursive: true });
    mkdirSync(join(sb.home, ".cairn"), { recursive: true });
  });
  afterEach(() => sb.cleanup());

  it("reads YAML from both files and says where each value came from", async () => {
    writeFileSync(
      join(sb.home, ".cairn", "config.yaml"),
      "compress:\n  min_bytes: 9000\nobserve:\n  enabled: true\n",
    );
    writeFileSync(
      join(sb.project, ".claude", "cairn.yaml"),
      "compress.min_bytes: 15000\nmonitor:\n  warn_remaining_pct: 500\n",
    );
    const r = await runCairn(["config", "--json"], { env: sb.env, cwd: sb.project });
    const out = JSON.parse(r.stdout);
    expect(out.settings["compress.min_bytes"]).toEqual({ value: 15000, source: "project" });
    expect(out.settings["observe.enabled"]).toEqual({ value: true, source: "user" });
    expect(out.settings["monitor.warn_remaining_pct"]).toEqual({ value: 35, source: "default" });
    expect(out.issues).toHaveLength(1);
    expect(out.issues[0].key).toBe("monitor.warn_remaining_pct");
    expect(r.code).toBe(1);
    // Served from the cache the second time: same answer.
    const again = await runCairn(["config", "--json"], { env: sb.env, cwd: sb.project });
    expect(JSON.parse(again.stdout).settings).toEqual(out.settings);
  });

  it("reports a YAML syntax error and keeps the defaults", async () => {
    writeFileSync(join(sb.project, ".claude", "cairn.yaml"), "compress: [unclosed\n");
    const r = await runCairn(["config", "--json"], { env: sb.env, cwd: sb.project });
    const out = JSON.parse(r.stdout);
    expect(out.issues[0].problem).toMatch(/cannot parse/);
    expect(out.settings["compress.enabled"]).toEqual({ value: true, source: "default" });
  });
  it("reports a regular expression that does not compile, in cairn config and cairn doctor", async () => {
    writeFileSync(
      join(sb.home, ".cairn", "config.yaml"),
      "compress:\n  never:\n    - '^make( |$)'\n    - 'npm run (build'\n",
    );
    const r = await runCairn(["config", "--json"], { env: sb.env, cwd: sb.project });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    const problems = Object.fromEntries(
      out.issues.map((i: { key: string; problem: string }) => [i.key, i.problem]),
    );
    expect(problems["compress.never"]).toMatch(
      /"npm run \(build" is not a valid regular expression \(.*Unterminated group/,
    );
    // The person sees it too, and doctor does not call the config valid.
    const text = await runCairn(["config"], { env: sb.env, cwd: sb.project });
    expect(text.stdout).toMatch(
      /invalid \S+config\.yaml compress\.never: "npm run \(build" is not a valid regular expression/,
    );
    const doctor = await runCairn(["doctor", "--json"], { env: sb.env, cwd: sb.project });
    const checks = JSON.parse(doctor.stdout).checks as { name: string; status: string; detail: string }[];
    const config = checks.filter((c) => c.name === "config");
    expect(config.some((c) => c.status !== "ok" && /not a valid regular expression/.test(c.detail))).toBe(
      true,
    );
    expect(config.some((c) => c.detail === "valid")).toBe(false);
  });
});
