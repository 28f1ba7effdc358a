import { holds, type Sign, scoreSigns, where } from "../../excerpt/signs.ts";
import type { Detector, Hints } from "../../excerpt/types.ts";

const CARGO_TEST_SIGNS: readonly Sign[] = [
  [where(["test result: "], /^test result: (?:ok|FAILED)\. \d+ passed/m), 0.7],
  [where(["running "], /^running \d+ tests?$/m), 0.2],
  [where([" ... "], /^test \S+ \.\.\. (?:ok|FAILED|ignored)$/m), 0.2],
];

const GO_TEST_SIGNS: readonly Sign[] = [
  [where(["--- FAIL: ", "--- PASS: "], /^--- (?:FAIL|PASS): \S+ \([\d.]+s\)$/m), 0.6],
  [where(["FAIL", "ok"], /^(?:FAIL|ok)\s+\S+\s+[\d.]+s$/m), 0.4],
  [where(["=== RUN"], /^=== RUN\s+\S+$/m), 0.2],
];

const PYTEST_SIGNS: readonly Sign[] = [
  [where(["test session starts"], /^=+ test session starts =+$/m), 0.6],
  [where(["passed", "failed"], /^=+ .*\b(?:passed|failed)\b.* in [\d.]+s.* =+$/m), 0.4],
  [where(["::"], /^(?:FAILED|ERROR) \S+::/m), 0.2],
  // -q prints neither banner: its failures' header and its bare summary line say pytest.
  [where(["FAILURES"], /^=+ FAILURES =+$/m), 0.3],
  [where([" in "], /^\d+ (?:failed|passed|errors?)(?:, \d+ \w+)* in [\d.]+s\b/m), 0.2],
];

export const cargoTest: Detector = {
  name: "cargo-test",
  detect(text: string, hints: Hints): number {
    if (!holds(text, "test ")) return 0;
    return scoreSigns(text, hints, CARGO_TEST_SIGNS, /\bcargo\s+(?:\+\S+\s+)?(?:test|nextest)\b/);
  },
};

export const goTest: Detector = {
  name: "go-test",
  detect(text: string, hints: Hints): number {
    if (!holds(text, "--- ") && !holds(text, "FAIL") && !holds(text, "ok ")) return 0;
    return scoreSigns(text, hints, GO_TEST_SIGNS, /\bgo\s+test\b/);
  },
};

export const jest: Detector = {
  name: "jest",
  detect(text: string, hints: Hints): number {
    if (!holds(text, "Tests:") && !holds(text, "●") && !(hints.command && /\bjest\b/.test(hints.command)))
      return 0;
    const signs = [
      [/^Tests:\s+(?:\d+ failed, )?\d+ (?:passed|failed|total)/m, 0.6],
      [/^Test Suites:\s+\d+/m, 0.2],
      [/^(?:PASS|FAIL) \S+\.(?:test|spec)\.[cm]?[jt]sx?|^\s+● .+ › /m, 0.2],
    ] as const;
    return scoreSigns(text, hints, signs, /\bjest\b/);
  },
};

const NODE_TEST_SIGNS: readonly Sign[] = [
  [/^ℹ (?:tests|pass|fail) \d+$/m, 0.7],
  [(t) => /^# (?:tests|pass|fail) \d+$/m.test(t) && /^TAP version \d+|^\s*# Subtest: /m.test(t), 0.7],
  [/^✖ failing tests:/m, 0.2],
];

export const nodeTest: Detector = {
  name: "node-test",
  detect(text: string, hints: Hints): number {
    if (!holds(text, "ℹ ") && !holds(text, "# tests") && !holds(text, "✖")) return 0;
    return scoreSigns(text, hints, NODE_TEST_SIGNS, /\bnode\b.*--test\b/);
  },
};

export const pytest: Detector = {
  name: "pytest",
  detect(text: string, hints: Hints): number {
    if (!holds(text, "==") && !holds(text, "FAILED ") && !(hints.command && /pytest/.test(hints.command)))
      return 0;
    return scoreSigns(text, hints, PYTEST_SIGNS, /\bpytest\b|\bpy\.test\b/);
  },
};

export const vitest: Detector = {
  name: "vitest",
  detect(text: string, hints: Hints): number {
    const named = hints.command !== undefined && /\bvitest\b/.test(hints.command);
    if (!named && !holds(text, "Test Files") && !holds(text, " RUN ") && !holds(text, "⎯")) return 0;
    const signs = [
      [/^\s*Test Files\s+\d+ (?:failed|passed)/m, 0.6],
      // "RUN  v3.2.4 /path" opens every vitest run (the summary may be past a sample).
      [/^\s*RUN\s+v\d+\.\d+/m, 0.5],
      [/⎯ Failed Tests \d+ ⎯|^\s*(?:✓|×|❯) \S+\.(?:test|spec)\.[cm]?[jt]sx?/m, 0.2],
    ] as const;
    return scoreSigns(text, hints, signs, /\bvitest\b/);
  },
};

const PLAYWRIGHT_SIGNS: readonly Sign[] = [
  [where([" › "], /^\s+\d+\) (?:\[[^\]\n]+\] › )?\S+:\d+:\d+ › .*─{3,}\s*$/m), 0.5],
  [where(["Running "], /^Running \d+ tests? using \d+ workers?\b/m), 0.3],
  [where([" passed (", " failed"], /^\s+\d+ (?:passed \([\d.]+m?s\)|failed)\s*$/m), 0.2],
];

/** Playwright Test's list, line and dot reporters (its JSON reporter is JSON). */
export const playwright: Detector = {
  name: "playwright",
  detect(text: string, hints: Hints): number {
    if (!holds(text, " › ")) return 0;
    return scoreSigns(text, hints, PLAYWRIGHT_SIGNS, /\bplaywright\s+test\b/);
  },
};

const ANT_JUNIT_SIGNS: readonly Sign[] = [
  [where(["Testcase: "], /^\s*(?:\[junit\] )?Testcase: \S+ took [\d.]+ sec\s*$/m), 0.5],
  [where(["Testsuite: "], /^\s*(?:\[junit\] )?Testsuite: \S+\s*$/m), 0.3],
  [where(["Tests run: "], /^\s*(?:\[junit\] )?Tests run: \d+, Failures: \d+, Errors: \d+/m), 0.2],
];

/** JUnit's plain formatter, through ant's junit task or in a suite's TEST-*.txt. */
export const antJunit: Detector = {
  name: "ant-junit",
  detect(text: string, hints: Hints): number {
    if (!holds(text, "Testcase: ")) return 0;
    return scoreSigns(text, hints, ANT_JUNIT_SIGNS, /\bant\b/);
  },
};
