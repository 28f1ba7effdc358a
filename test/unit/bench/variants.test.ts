/**
 * The robustness variants (bench/corpus/facts/variants.ts) stand for a real bigger, smaller
 * or reordered run of the same tool: what such a run keeps together stays together, what
 * it prints once stays once, and what it adds are new entries, not the same ones again.
 */
import { describe, expect, it } from "vitest";
import { loadSet, type OpenSet, wholeOutput } from "../../../bench/corpus/facts/sets.ts";
import { makeVariant, type VariantKind } from "../../../bench/corpus/facts/variants.ts";

function variantOf(set: OpenSet, name: string, kind: VariantKind) {
  const c = loadSet(set).find((x) => x.name === name);
  if (!c) throw new Error(`no case ${set}/${name}`);
  const text = wholeOutput(c);
  const made = makeVariant(text, c.must_keep, kind);
  if (!("text" in made)) throw new Error(`${kind} of ${name} skipped: ${made.skip}`);
  return { text, variant: made.text };
}

const CARET = /^[\s|│]*\^[\^~-]*(\s.*)?$/;
/** Each caret line with the line it points into (the line above it). */
const pointed = (text: string) => {
  const lines = text.split("\n");
  return lines.flatMap((l, i) => (i > 0 && CARET.test(l) ? [`${lines[i - 1]}\n${l}`] : []));
};

describe("robustness variants", () => {
  it("keeps a caret line under the line it points into, both at indent 0 (RuboCop, fresh18)", () => {
    const { text, variant } = variantOf("fresh18", "rubocop-lib-spilled-f18", "shrunk");
    const had = new Set(pointed(text));
    // Half the findings dropped: each caret left still points into its own line (`#` / `^`).
    expect(pointed(variant).length).toBeGreaterThan(100);
    expect(pointed(variant).filter((p) => !had.has(p))).toEqual([]);
  });

  it("keeps bandit's closing summary last and once when the issues move or grow (fresh14)", () => {
    for (const kind of ["shifted", "grown2x"] as const) {
      const { text, variant } = variantOf("fresh14", "bandit-netcommon-f14", kind);
      const summary = text.slice(text.indexOf("\nCode scanned:"));
      expect(variant.endsWith(summary), kind).toBe(true);
      expect(variant.split("Run metrics:").length, kind).toBe(2);
    }
  });

  it("grows a file list with new files, not the same ones again (find *.d.ts, shared)", () => {
    const { text, variant } = variantOf("shared", "019-find-dts-files", "grown2x");
    const repeats = (t: string) => {
      const lines = t.split("\n").filter((l) => l.trim());
      return lines.length - new Set(lines).size;
    };
    expect(repeats(text)).toBe(0);
    expect(variant.length).toBeGreaterThan(1.8 * text.length);
    // A few copies may meet again (a renamed `full` in two years' libs); not the whole list.
    expect(repeats(variant)).toBeLessThan(0.02 * variant.split("\n").length);
  });

  it("grows redis INFO with new keys, none twice (fresh8)", () => {
    const { variant } = variantOf("fresh8", "redis-cli-info-everything", "grown2x");
    const keys = variant.split("\n").flatMap((l) => /^(\w+):/.exec(l)?.[1] ?? []);
    expect(keys.length).toBeGreaterThan(150);
    expect(keys.length - new Set(keys).size).toBe(0);
  });

  it("grows a kubectl describe without saying a field said once again (fresh9)", () => {
    const { text, variant } = variantOf("fresh9", "kubectl-describe-payment-processor", "grown4x");
    const times = (t: string, field: string) => t.split("\n").filter((l) => l.startsWith(field)).length;
    for (const field of ["Annotations:", "Status:", "Node-Selectors:"]) {
      expect(times(text, field), field).toBe(1);
      expect(times(variant, field), field).toBe(1);
    }
    expect(variant.length).toBeGreaterThan(3 * text.length);
  });

  it("grows a kubectl describe under its own block headings, none made up (fresh9)", () => {
    const { text, variant } = variantOf("fresh9", "kubectl-describe-payment-processor", "grown4x");
    const headings = (t: string) => new Set(t.split("\n").filter((l) => /^\s*[A-Za-z][\w -]*:$/.test(l)));
    const had = headings(text);
    // `    Requests:` heads a container's block: a larger run prints it again, never renamed.
    expect(had.has("    Requests:")).toBe(true);
    expect([...headings(variant)].filter((h) => !had.has(h))).toEqual([]);
  });

  it("grows gcc's warnings with new variables, the message's words kept (fresh3 cmake make -k)", () => {
    const { variant } = variantOf("fresh3", "cmake-make-k-gxx", "grown2x");
    const warned = variant
      .split("\n")
      .filter((l) => /: warning: unused variable ‘unused_\d+’ \[-Wunused-variable\]$/.test(l));
    expect(warned.length).toBeGreaterThan(50);
    expect(warned.length - new Set(warned).size).toBeLessThan(0.1 * warned.length);
  });
});
