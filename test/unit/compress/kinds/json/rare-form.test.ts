import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("JSON records whose field differs by its form", () => {
  it("shows the record whose name is of another form (fresh5 capture)", async () => {
    // A real `tree -J -s var/cache/app`: 24 folders `shard-00`…`shard-23` and one
    // `thumbnails` under one `contents`. Every name differs, so the name was no field of
    // categories and no record was rare: the excerpt showed the first shard only.
    const { text, e } = await capturedCase("fresh5", "tree-json-cache");
    expect(e.compressor).toBe("json");
    expect(e.text).toContain('{"type":"directory","name":"thumbnails","size":4096,"contents":[');
    expect(e.text).toContain('{"type":"report","directories":27,"files":181}');
    expect(e.text).not.toContain('"name":"shard-01"');
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });
});
