import { describe, expect, it } from "vitest";
import { modeOf } from "../../../../../src/compress/kinds/grep/detect.ts";
import { capturedCase } from "../../corpus.ts";

describe("grep's match lines", () => {
  it("are not lines whose `path` with spaces ends in a clock's hour (fresh6 capture)", async () => {
    // A real `git blame -w -C`: with -C each line names its file, `9ca849e74 holmes/config.py
    // (moshemorad 2025-09-10 14:38:03 +0300 8) …`, and everything before `:38:` was taken for
    // a path with a line number. Read as grep output, its excerpt listed 43 such "files" and
    // lost two of the lines -C had found in another file.
    const { e } = await capturedCase("fresh6", "git-blame-w-C-config");
    expect(e.compressor).not.toBe("grep");
    for (const fact of [
      "6f887208a server.py                   (Robert Szefler     2024-05-30 15:48:14 +0200  34) from holmes.core.supabase_dal import SupabaseDal",
      "e747b5b24 holmes/core/supabase_dal.py (Arik Alon          2024-06-06 16:49:16 +0300 214)         if not os.path.exists(config_file_path):",
      "c93ed7897 holmes/core/supabase_dal.py (arik               2024-09-29 19:51:50 +0300 213)",
    ])
      expect(e.text).toContain(fact);
  });

  it("still are when the path has spaces and the line number follows it", () => {
    const lines = Array.from({ length: 10 }, (_, i) => `My Documents/notes ${i}.txt:${i + 3}:a TODO here`);
    expect(modeOf(lines)).toBe("content");
    const nginx = Array.from(
      { length: 10 },
      (_, i) => `2026/11/22 00:2${i}:51 [error] 31087#31087: *22 open() failed`,
    );
    expect(modeOf(nginx)).toBeUndefined();
  });
});
