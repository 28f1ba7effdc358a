import { describe, expect, it } from "vitest";
import { distinctPlaces, PLACE } from "../../../../src/compress/excerpt/around.ts";
import { docOf } from "../../../../src/compress/excerpt/lines.ts";
import { isProblem } from "../../../../src/compress/excerpt/signals.ts";
import { loadCorpus, readText } from "../corpus.ts";

/**
 * distinctPlaces masks what a place's line says only once a second place names its file
 * (most files are named once): the same places as when it masked each. Here it stands as
 * it was.
 */
const EXTENSION_AT = /\.[A-Za-z]\w{0,7}[:(]\d/;
const ARROW = /^\s*--> \S/;

function distinctPlacesWas(lines: readonly string[], members: readonly number[]): [number, number][] {
  const places = new Set<string>();
  const said = new Set<string>();
  const out: [number, number][] = [];
  let named = 0;
  let again = 0;
  for (let t = 0; t < members.length; t++) {
    if ((named + members.length - t) * 2 < members.length) return [];
    const i = members[t]!;
    const body = lines[i]!;
    let found = EXTENSION_AT.test(body) ? PLACE.exec(body) : null;
    const under = found === null && i + 1 < lines.length && ARROW.test(lines[i + 1]!);
    if (under) found = PLACE.exec(lines[i + 1]!);
    if (found === null) continue;
    named++;
    if (places.has(found[0])) {
      again++;
      continue;
    }
    places.add(found[0]);
    if (!under) {
      const message = `${found[1]}\0${body.slice(found.index + found[0].length).replace(/\d+/g, "#")}`;
      if (said.has(message)) continue;
      said.add(message);
    }
    out.push([i, under ? i + 1 : i]);
  }
  return named * 2 >= members.length && again * 2 < named ? out : [];
}

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
        expect(places, e.file).toEqual(distinctPlacesWas(lines, members));
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
    expect(distinctPlaces(lines, members)).toEqual(distinctPlacesWas(lines, members));
  });
});
