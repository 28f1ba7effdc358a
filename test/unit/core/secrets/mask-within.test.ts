import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BudgetSpent, type Deadline, deadlineAt, NO_DEADLINE } from "../../../../src/core/deadline.ts";
import { redactWithin } from "../../../../src/core/secrets/mask-within.ts";
import { redact } from "../../../../src/core/secrets/redact.ts";
import { REPO } from "../../../helpers/cairn.ts";

// Finding 8 of the 2026-11-28 review: masking a large output was one synchronous call
// that no budget timer could interrupt. redactWithin masks a chunk at a time and checks
// the deadline in between; chunked, it must mask exactly what one pass masks.

const corpus = readFileSync(join(REPO, "test/fixtures/secrets/corpus.jsonl"), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { text: string }).text);

/** A clock that moves `step` ms each time it is read, and how often it was read. */
function steppingClock(step: number): { clock: () => number; reads: () => number } {
  let t = 0;
  let n = 0;
  return {
    clock: () => {
      n += 1;
      t += step;
      return t;
    },
    reads: () => n,
  };
}

/** No deadline, but each chunk seems to take long: chunks stay at their smallest, so cuts fall everywhere. */
const slowChunks = (): Deadline => {
  const { clock } = steppingClock(1000);
  return { remaining: () => 1e15 - clock(), check() {} };
};

describe("masking in chunks", () => {
  it("masks the real secrets corpus exactly as one pass does, with chunk cuts falling across every kind of secret", () => {
    const all = corpus.join("\n\n");
    // Shift the corpus against the cuts: with 16 KB chunks, secrets land on both sides of many of them.
    for (const shift of [0, 1, 97, 4093, 8191, 12_289]) {
      const text = `${"x".repeat(shift)}\n${all}\n${all}`;
      expect(text.length).toBeGreaterThan(128 * 1024);
      const whole = redact(text);
      const chunked = redactWithin(text, slowChunks());
      expect(chunked.count).toBe(whole.count);
      expect(chunked.text).toBe(whole.text);
      expect(new Set(chunked.kinds)).toEqual(new Set(whole.kinds));
    }
  });

  it("a private key block longer than the text scanned around a chunk is masked whole", () => {
    const pem = corpus.find((t) => t.includes("-----BEGIN RSA PRIVATE KEY-----"));
    expect(pem).toBeDefined();
    const body =
      /-----BEGIN RSA PRIVATE KEY-----[\s\S]*?-----END RSA PRIVATE KEY-----/.exec(pem ?? "")?.[0] ?? "";
    // The same key with a body padded to 20 KB of base64 lines.
    const lines = body.split("\n");
    const line = lines[1] ?? "";
    const long = [
      lines[0],
      ...Array.from({ length: Math.ceil(20_000 / line.length) }, () => line),
      lines.at(-1),
    ].join("\n");
    for (const at of [16_000, 70_000, 100_000]) {
      const text = `${"log line\n".repeat(Math.floor(at / 9))}${long}\n${"tail line\n".repeat(8000)}`;
      expect(redactWithin(text, slowChunks()).text).toBe(redact(text).text);
      expect(redactWithin(text, slowChunks()).text).not.toContain(line);
    }
  });

  it("stops with BudgetSpent once the deadline passes, between chunks, reading only the injected clock", () => {
    const text = "://".repeat(2_000_000);
    const { clock, reads } = steppingClock(100);
    const deadline = deadlineAt(3000, clock);
    let thrown: unknown;
    try {
      redactWithin(text, deadline);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(BudgetSpent);
    expect((thrown as BudgetSpent).doing).toMatch(/^masking secrets \(\d+% of 6000000 characters done\)$/);
    // Some chunks ran (the first check passed), far from all of them.
    expect(reads()).toBeGreaterThan(3);
    expect(reads()).toBeLessThan(40);
  });

  it("a small text is masked in one call; a spent deadline stops even that", () => {
    const text = corpus[0] ?? "";
    expect(redactWithin(text, NO_DEADLINE)).toEqual(redact(text));
    expect(() =>
      redactWithin(
        text,
        deadlineAt(0, () => 1),
      ),
    ).toThrow(BudgetSpent);
  });
});
