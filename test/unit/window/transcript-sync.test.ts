import { appendFileSync, copyFileSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toolUseLine, waitForTranscript } from "../../../src/window/transcript-sync.ts";
import { REPO } from "../../helpers/cairn.ts";

/**
 * The wait looks at the last 16 KiB first and then at the last 256 KiB: the answer
 * must be the one a read of the whole 256 KiB gives, wherever the entry lies.
 */
let dir: string;
let transcript: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "cairn-sync-"));
  transcript = join(dir, "t.jsonl");
  copyFileSync(join(REPO, "test/fixtures/transcripts/tools-session.jsonl"), transcript);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const entry = (id: string, pad = 0) =>
  `${JSON.stringify({ type: "assistant", message: { role: "assistant", content: [{ type: "tool_use", id, name: "Bash", input: { command: "x".repeat(pad) } }] } })}\n`;
/** A real-looking line of `bytes` bytes that holds no tool_use. */
const filler = (bytes: number) =>
  `${JSON.stringify({ type: "user", pad: "y".repeat(Math.max(0, bytes - 25)) })}\n`;

describe("waitForTranscript finds the entry anywhere in the last 256 KiB, and only there", () => {
  it("finds it as the last line", async () => {
    appendFileSync(transcript, entry("toolu_last"));
    expect(await waitForTranscript(transcript, toolUseLine("toolu_last"), 0)).toBe(true);
  });

  it("finds it 100 KiB before the end, past the first look", async () => {
    appendFileSync(transcript, entry("toolu_mid") + filler(100 * 1024));
    expect(await waitForTranscript(transcript, toolUseLine("toolu_mid"), 0)).toBe(true);
  });

  it("finds a long entry cut by the first look's window", async () => {
    appendFileSync(transcript, entry("toolu_cut", 20 * 1024) + filler(4 * 1024));
    expect(await waitForTranscript(transcript, toolUseLine("toolu_cut"), 0)).toBe(true);
  });

  it("does not find it further back than 256 KiB, nor one that is not there", async () => {
    appendFileSync(transcript, entry("toolu_old") + filler(300 * 1024));
    expect(statSync(transcript).size).toBeGreaterThan(300 * 1024);
    expect(await waitForTranscript(transcript, toolUseLine("toolu_old"), 0)).toBe(false);
    expect(await waitForTranscript(transcript, toolUseLine("toolu_never"), 0)).toBe(false);
  });
});
