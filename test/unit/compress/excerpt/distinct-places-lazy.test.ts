import { describe, expect, it } from "vitest";
import { distinctPlaces } from "../../../../src/compress/excerpt/code-places.ts";
import { docOf } from "../../../../src/compress/excerpt/lines.ts";
import { isProblem } from "../../../../src/compress/excerpt/signals.ts";
import { loadCorpus, readText } from "../corpus.ts";
import { distinctPlacesAsItStood } from "./places-as-it-was.ts";

/**
 * distinctPlaces masks what a place's line says only once a second place names its file
 * (most files are named once), and reads only lines holding an extension before a line
 * number: the same places as when it read and masked each (places-as-it-was.ts).
 */
const EXTENSION_AT = /\.[A-Za-z]\w{0,7}[:(]\d/;

describe("distinct places, a file's messages masked once it is named again", () => {
  it("are the places it found masking each, for the lines of every captured output", () => {
    let found = 0;
    for (const e of loadCorpus()) {
      const { lines } = docOf(readText(e));
      // Its problem lines, and the lines naming a place (a listing, a grep of code).
      for (const members of [
        lines.flatMap((l, i) => (isProblem(l) ? [i] : [])),
        lines.flatMap((l, i) => (EXTENSION_AT.test(l) ? [i] : [])),
      ]) {
        const places = distinctPlaces(lines, members);
        if (places.length > 0) found++;
        expect(places, e.file).toEqual(distinctPlacesAsItStood(lines, members));
      }
    }
    expect(found).toBeGreaterThan(30);
  });

  it("leaves out a message said again in its file, but for its numbers, as before", () => {
    const lines = [
      "src/a.c:3:5: warning: unused variable 'x1'",
      "src/b.c:3:5: warning: unused variable 'x1'",
      "src/a.c:9:5: warning: unused variable 'x2'",
      "src/a.c:12:5: warning: unused parameter 'y'",
      "src/b.c:7:1: warning: unused variable 'x1'",
    ];
    const members = [0, 1, 2, 3, 4];
    expect(distinctPlaces(lines, members)).toEqual([
      [0, 0],
      [1, 1],
      [3, 3],
    ]);
    expect(distinctPlaces(lines, members)).toEqual(distinctPlacesAsItStood(lines, members));
  });
});
