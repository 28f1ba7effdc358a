import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCairn, tempHome } from "../helpers/cairn.ts";
import { filingInput } from "../helpers/filing-input.ts";

/**
 * What a hook process costs is mostly what it loads. Node's own modules are part of
 * that: node:crypto alone (with the stream machinery it pulls in) costs a hook about a
 * fifth of a bare node start, and the `performance` global loads perf_hooks. This
 * keeps the filing path to the public built-ins it needs: the ones bare node loads,
 * plus the database and node:module (for the compile cache); node:os only where HOME
 * is not set (core/paths.ts). ICU's locale data is
 * the same kind of cost: the first toLocaleString of a process loads it (10 ms and more).
 */
const NEEDED = new Set(["sqlite", "module"]);

let t: ReturnType<typeof tempHome>;
beforeEach(() => {
  t = tempHome();
  mkdirSync(t.project, { recursive: true });
});
afterEach(() => t.cleanup());

/** Node's own list of the built-in modules this process loaded, written at exit. */
function recorder(out: string): string {
  const file = `${out}.record.cjs`;
  writeFileSync(
    file,
    `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(out)}, process.moduleLoadList.join("\\n")));\n`,
  );
  return file;
}

function builtins(list: string): Set<string> {
  return new Set(
    readFileSync(list, "utf8")
      .split("\n")
      .filter((l) => l.startsWith("NativeModule "))
      .map((l) => l.slice("NativeModule ".length))
      // Node's internals follow from the public modules (and from the test runner's flags).
      .filter((m) => !m.startsWith("internal/")),
  );
}

describe("the PostToolUse filing path loads only the Node built-ins it needs", () => {
  it("files a 50 KB output without node:crypto, perf_hooks or streams", async () => {
    const bareList = join(t.home, "bare.txt");
    const empty = join(t.home, "empty.cjs");
    writeFileSync(empty, "");
    const bare = spawnSync(process.execPath, ["--require", recorder(bareList), empty]);
    expect(bare.status).toBe(0);

    const hookList = join(t.home, "hook.txt");
    const r = await runCairn(["hook", "PostToolUse"], {
      input: filingInput(t.home, t.project, "toolu_builtins_1"),
      cwd: t.project,
      env: { ...t.env, CLAUDE_PROJECT_DIR: t.project, NODE_OPTIONS: `--require ${recorder(hookList)}` },
    });
    expect(r.code).toBe(0);
    // It really filed the output: the model is shown an excerpt with its header.
    const shown = JSON.parse(r.stdout).hookSpecificOutput.updatedToolOutput.stdout as string;
    expect(shown).toMatch(/^\[cairn #1 · 50\.0 KB/);

    const before = builtins(bareList);
    const extra = [...builtins(hookList)].filter((m) => !before.has(m) && !NEEDED.has(m));
    expect(extra).toEqual([]);
  });
});

/** Records every call into ICU's locale formatting, written at exit. */
function icuRecorder(out: string): string {
  const file = `${out}.record.cjs`;
  writeFileSync(
    file,
    `const calls = [];
const wrap = (owner, key, name) => {
  const f = owner[key];
  owner[key] = function (...a) { calls.push(name); return new.target ? Reflect.construct(f, a, new.target) : f.apply(this, a); };
};
wrap(Number.prototype, "toLocaleString", "Number#toLocaleString");
wrap(Date.prototype, "toLocaleString", "Date#toLocaleString");
wrap(Date.prototype, "toLocaleDateString", "Date#toLocaleDateString");
wrap(Date.prototype, "toLocaleTimeString", "Date#toLocaleTimeString");
wrap(String.prototype, "localeCompare", "String#localeCompare");
for (const k of ["NumberFormat", "DateTimeFormat", "Collator", "PluralRules", "RelativeTimeFormat", "ListFormat", "Segmenter"]) wrap(Intl, k, "Intl." + k);
process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(out)}, JSON.stringify(calls)));
`,
  );
  return file;
}

describe("the PostToolUse filing path formats its numbers without ICU", () => {
  it("files a 50 KB output without a call into locale formatting", async () => {
    const calls = join(t.home, "icu.json");
    const r = await runCairn(["hook", "PostToolUse"], {
      input: filingInput(t.home, t.project, "toolu_icu_1"),
      cwd: t.project,
      env: { ...t.env, CLAUDE_PROJECT_DIR: t.project, NODE_OPTIONS: `--require ${icuRecorder(calls)}` },
    });
    expect(r.code).toBe(0);
    const shown = JSON.parse(r.stdout).hookSpecificOutput.updatedToolOutput.stdout as string;
    expect(shown).toMatch(/^\[cairn #1 · 50\.0 KB, 315 lines/);
    expect(JSON.parse(readFileSync(calls, "utf8"))).toEqual([]);
  });
});
