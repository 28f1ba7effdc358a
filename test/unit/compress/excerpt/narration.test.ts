import { describe, expect, it } from "vitest";
import { docOf } from "../../../../src/compress/excerpt/lines.ts";
import { narration } from "../../../../src/compress/excerpt/narration.ts";
import { templatesOf } from "../../../../src/compress/excerpt/templates.ts";
import { capturedCase } from "../corpus.ts";

const narrated = (lines: string[]) =>
  narration(
    lines,
    templatesOf(docOf(lines.join("\n")), () => false),
  );

describe("what a tool narrates between blocks of indented detail", () => {
  it("keeps cmake's `-- Found` lines among 2,000 lines of CMAKE_FIND_DEBUG_MODE (fresh21)", async () => {
    const { e } = await capturedCase("fresh21", "cmake-find-debug-spilled-f21");
    for (const said of [
      '-- Found ZLIB: /usr/lib/x86_64-linux-gnu/libz.so (found version "1.2.13")',
      '-- Found LibXml2: /usr/lib/x86_64-linux-gnu/libxml2.so (found version "2.9.14")',
      "-- Checking for module 'sndfile>=1.0.28'",
    ])
      expect(e.text).toContain(said);
  });

  it("reads the left edge only beside headings said over and over, over indented detail", () => {
    const lines: string[] = [];
    for (let k = 0; k < 30; k++) {
      lines.push(`Debug Log at f.cmake:${k} (find_path):`);
      for (const dir of ["opt", "usr", "srv", "home", "var", "etc", "mnt", "nix", "snap", "app"])
        lines.push(`  searched /${dir}/p${k}/include`);
      lines.push("");
      if (k === 10) lines.push("-- Found Thing: /usr/lib/libthing.so");
    }
    expect(narrated(lines).map((i) => lines[i])).toEqual(["-- Found Thing: /usr/lib/libthing.so"]);
    // No heading said over and over (a class's opening and closing lines): nothing.
    const javap = [
      'Compiled from "Map.java"',
      "public class Map {",
      ...lines.filter((l) => l.startsWith(" ")),
      "}",
    ];
    expect(narrated(javap)).toEqual([]);
  });
});
