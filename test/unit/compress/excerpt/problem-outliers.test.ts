import { describe, expect, it } from "vitest";
import { capturedCase } from "../corpus.ts";

describe("a rare value among a frequent kind of problem", () => {
  it("keeps ffmpeg's decode error in the video stream among the audio stream's (fresh29)", async () => {
    // Most lines are not problems, so the kind was read for its first and last alone.
    const { e } = await capturedCase("fresh29", "ffmpeg-decode-damaged-clip-f29");
    expect(e.text).toContain("Error while decoding stream #0:0: Invalid data found when processing input");
    expect(e.text).toContain("Error while decoding stream #0:1: Invalid data found when processing input");
  });
});
