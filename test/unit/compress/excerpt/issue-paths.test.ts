import { describe, expect, it } from "vitest";
import { issuePaths } from "../../../../src/compress/excerpt/issue-paths.ts";
import { capturedCase } from "../corpus.ts";

describe("where each issue of a validation error stands", () => {
  it("keeps the path of each of a ZodError's 22 issues (fresh30 settings loaded with zod)", async () => {
    // The messages were kept (`Invalid input`, `Expected boolean, received string`) and the
    // 22 path lines were one kind, its first and last shown: which settings to fix was lost.
    const { e } = await capturedCase("fresh30", "zod-settings-staging-f30");
    for (const path of [
      "path: [ 'http', 'trustProxy' ],",
      "path: [ 'database', 'poolMax' ]",
      "path: [ 'clinics', 3, 'id' ]",
      "path: [ 'reminders', 'quietHours', 'to' ]",
      "path: [ 'payments', 'refundLimitPence' ]",
    ])
      expect(e.text).toContain(path);
  });

  it("reads one-line paths of Node's inspect, JSON and Python's repr, each once", () => {
    const lines = [
      "  {",
      "    path: [ 'env' ],",
      "    message: 'Invalid'",
      "    instancePath: '/rooms/3/kind',",
      '    "instancePath": "/booking",',
      "    'loc': ('body', 'email'),",
      "    path: [ 'env' ],",
      "    path: /healthz",
      '    "path": [',
    ];
    expect(issuePaths(lines)).toEqual([1, 3, 4, 5]);
    expect(issuePaths(lines.slice(0, 4))).toEqual([]);
  });
});
