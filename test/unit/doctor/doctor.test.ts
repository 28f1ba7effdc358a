// `cairn doctor` tells the truth: it never creates what it checks, each check can fail,
// and "healthy" only when every check passes. The built CLI, in a sandboxed HOME.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { verdict } from "../../../src/core/check.ts";
import { checkCompression, lastCompressionFailure } from "../../../src/doctor/compression.ts";
import { recordResult } from "../../../src/retention/last-run.ts";
import { openStore } from "../../../src/store/db.ts";
import { runCairn } from "../../helpers/cairn.ts";
import { type Sandbox, sandbox } from "../../reliability/lib.ts";

interface Report {
  ok: boolean;
  verdict: string;
  checks: { name: string; status: string; detail: string }[];
}

let s: Sandbox;
beforeEach(() => {
  s = sandbox();
});
afterEach(() => s.cleanup());

/** PATH with this test's Node first: the Node the plugin's hooks would run. */
const goodPath = () => `${dirname(process.execPath)}:/usr/bin:/bin`;

async function doctor(env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; report: Report }> {
  const r = await runCairn(["doctor", "--json"], {
    env: { ...s.env, PATH: goodPath(), ...env },
    cwd: s.project,
  });
  expect(r.stderr).toBe("");
  return { code: r.code, report: JSON.parse(r.stdout) as Report };
}
const check = (r: Report, name: string) => r.checks.find((c) => c.name === name);

describe("cairn doctor", () => {
  it("on a machine where cairn never ran, creates nothing (no ~/.cairn, no database)", async () => {
    const { report } = await doctor();
    expect(existsSync(join(s.cairnHome, "cairn.db"))).toBe(false);
    expect(existsSync(s.cairnHome)).toBe(false);
    expect(check(report, "database")?.detail).toMatch(/not made yet/);
    expect(check(report, "disk (cairn home)")?.status).toBe("ok");
  });

  it("a fix it prints runs as printed in the user's shell, with cairn not on PATH (as from a clone)", async () => {
    const r = await runCairn(["doctor", "--json"], { env: { ...s.env, PATH: goodPath() }, cwd: s.project });
    const report = JSON.parse(r.stdout) as { checks: { name: string; status: string; fix?: string }[] };
    const fix = report.checks.find((c) => c.fix?.includes(" install"))?.fix;
    expect(fix, JSON.stringify(report.checks)).toBeDefined();
    const command = fix!.split("   ")[0]!;
    expect(command).not.toMatch(/^cairn /);
    const ran = spawnSync("bash", ["-c", command], {
      cwd: s.project,
      env: { ...s.env, PATH: goodPath() },
      encoding: "utf8",
    });
    expect(ran.status, ran.stderr).toBe(0);
    const after = await doctor();
    expect(after.report.checks.find((c) => c.name === "hooks (user)")?.status).toBe("ok");
    expect(after.report.checks.some((c) => c.name === "hooks")).toBe(false);
  });

  it("the Node on PATH can fail the node check (too old for node:sqlite)", async () => {
    const bin = join(s.root, "oldnode");
    mkdirSync(bin);
    writeFileSync(
      join(bin, "node"),
      "#!/bin/sh\n[ \"$1\" = --version ] && echo v20.20.2 && exit 0\necho 'no such built-in module: node:sqlite' >&2\nexit 1\n",
    );
    chmodSync(join(bin, "node"), 0o755);
    const { code, report } = await doctor({ PATH: `${bin}:/usr/bin:/bin` });
    expect(check(report, "node")).toMatchObject({ status: "fail" });
    expect(check(report, "node")?.detail).toContain("v20.20.2");
    expect(report.ok).toBe(false);
    expect(code).toBe(1);
  });

  it("the last retention run's failure fails the retention check", async () => {
    mkdirSync(s.cairnHome, { recursive: true });
    const store = await openStore(join(s.cairnHome, "cairn.db"));
    recordResult(store, {
      at: Date.now(),
      ok: false,
      err: "database disk image is malformed",
      capBytes: 1 << 24,
    });
    store.close();
    const { code, report } = await doctor();
    expect(check(report, "retention")).toMatchObject({ status: "fail" });
    expect(check(report, "retention")?.detail).toContain("malformed");
    expect(code).toBe(1);
  });

  it("with a full file system under ~/.cairn: the disk check fails, not 'healthy' (a real 4 MB tmpfs)", async (ctx) => {
    mkdirSync(s.cairnHome, { recursive: true });
    const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=4m,mode=0700", "tmpfs", s.cairnHome]);
    if (mounted.status !== 0) {
      ctx.skip(); // needs root (CI and the dev machines run as root)
      return;
    }
    try {
      (await openStore(join(s.cairnHome, "cairn.db"))).close();
      // Fill what is left.
      spawnSync("dd", ["if=/dev/zero", `of=${join(s.cairnHome, "fill")}`, "bs=64k"], { stdio: "ignore" });
      const { code, report } = await doctor();
      const disk = check(report, "disk (cairn home)");
      expect(disk?.status).toBe("fail");
      expect(disk?.detail).toMatch(/full|free/);
      expect(report.verdict).toBe("failing");
      expect(code).toBe(1);
    } finally {
      spawnSync("umount", ["-l", s.cairnHome]);
    }
  });
});

describe("doctor's pure parts", () => {
  it("a warning is not healthy", () => {
    expect(verdict([{ name: "a", status: "ok", detail: "" }])).toBe("healthy");
    expect(verdict([{ name: "a", status: "warn", detail: "" }])).toBe("warnings");
    expect(verdict([{ name: "a", status: "fail", detail: "" }])).toBe("failing");
  });

  it("compression: a logged PostToolUse failure after the last compressed output fails; an older one does not", () => {
    const log = [
      JSON.stringify({
        t: "2026-11-25T10:00:00.000Z",
        level: "error",
        msg: "part compress failed; the other parts still answer",
        event: "PostToolUse",
        err: "SQLITE_FULL: database or disk is full",
      }),
      JSON.stringify({ t: "2026-11-25T11:00:00.000Z", level: "error", msg: "hook failed", event: "Stop" }),
    ].join("\n");
    const failure = lastCompressionFailure(log);
    expect(failure?.err).toContain("SQLITE_FULL");
    expect(checkCompression(Date.parse("2026-11-25T09:00:00Z"), failure).status).toBe("fail");
    expect(checkCompression(0, failure).status).toBe("fail");
    expect(checkCompression(Date.parse("2026-11-25T10:30:00Z"), failure).status).toBe("ok");
    expect(checkCompression(0, undefined).status).toBe("ok");
  });
});
