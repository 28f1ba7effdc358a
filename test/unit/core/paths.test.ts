import { userInfo } from "node:os";
import { isAbsolute, join } from "node:path";
import { describe, expect, it } from "vitest";
import { cairnHome, homeDir, isUsableDir, projectKey, safeId } from "../../../src/core/paths.ts";

describe("paths", () => {
  it("an empty or relative HOME falls back to the account's home, never the current directory", () => {
    for (const HOME of ["", "relative/home", undefined]) {
      expect(homeDir({ HOME })).toBe(userInfo().homedir);
      expect(isAbsolute(cairnHome({ HOME }))).toBe(true);
    }
    expect(cairnHome({ HOME: "/h" })).toBe(join("/h", ".cairn"));
    expect(cairnHome({ HOME: "/h", CAIRN_HOME: "/c" })).toBe("/c");
    expect(cairnHome({ HOME: "/h", CAIRN_HOME: "rel" })).toBe(join("/h", ".cairn"));
  });

  it("safeId keeps safe ids and turns others into one safe, distinct segment", () => {
    expect(safeId("c0ffee00-0000-4000-8000-000000000001")).toBe("c0ffee00-0000-4000-8000-000000000001");
    for (const raw of ["../../etc", "/etc/passwd", "a/b", "..", "\u0000x", "x".repeat(300)]) {
      const id = safeId(raw);
      expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]*$/);
      expect(id.length).toBeLessThanOrEqual(80);
    }
    expect(safeId("a/b")).not.toBe(safeId("a\\b"));
  });

  it("safeId never yields a device name Windows reserves, nor a name that reads as a flag", () => {
    for (const raw of ["CON", "con", "NUL", "COM1", "LPT9", "-rf", "--help", "_x", "-"]) {
      const id = safeId(raw);
      expect(id, raw).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]*$/);
      expect(id, raw).not.toMatch(/^(?:CON|PRN|AUX|NUL|COM\d|LPT\d)$/i);
    }
    expect(safeId("CONSOLE")).toBe("CONSOLE");
  });

  it("isUsableDir accepts only absolute paths without NUL, of a sane length", () => {
    expect(isUsableDir("/work/p")).toBe(true);
    for (const bad of ["", ".", "..", "../..", "relative/dir", "/a\u0000b", `/${"d".repeat(5000)}`])
      expect(isUsableDir(bad), bad).toBe(false);
  });

  it("projectKey is readable and tells apart folders of the same name", () => {
    expect(projectKey("/work/app")).toMatch(/^app-[0-9a-f]{8}$/);
    expect(projectKey("/work/app")).not.toBe(projectKey("/other/app"));
  });
});
