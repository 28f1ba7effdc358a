/**
 * firstPerFile and distinctPlaces as they stood before any gate: reading every line for a
 * file's place and masking every place's message. The equivalence tests of each later
 * gate (extension-gate.test.ts, distinct-places-lazy.test.ts) compare with these. A member's
 * place on the line above it (place-above.ts) is read as distinctPlaces reads it.
 */
import { placeAbove } from "../../../../src/compress/excerpt/place-above.ts";
import { FEW } from "../../../../src/compress/excerpt/work.ts";

const FILE_AT = /(?:^|[\s(])((?:[\w.@~+-]+\/)*[\w.@+-]+\.[A-Za-z]\w{0,7})(?=[:(]\d)/;
const PLACE = /(?<![\w.@~+/-])([\w.@~+/-]*\.[A-Za-z]\w{0,7})(?::\d+(?::\d+)?|\(\d+(?:,\d+)?\))/;
const ARROW = /^\s*--> \S/;

export function firstPerFileAsItStood(
  lines: readonly string[],
  members: readonly number[],
  bodyAt?: (i: number) => number,
  most = 16,
): number[] {
  const seen = new Map<string, number>();
  for (const i of members) {
    const file = FILE_AT.exec(bodyAt ? lines[i]!.slice(bodyAt(i)) : lines[i]!)?.[1];
    if (file === undefined || seen.has(file)) continue;
    seen.set(file, i);
    if (seen.size > most) break;
  }
  return seen.size >= 2 ? [...seen.values()] : [];
}

export function distinctPlacesAsItStood(
  lines: readonly string[],
  members: readonly number[],
  bodyAt?: (i: number) => number,
): [number, number][] {
  const places = new Set<string>();
  const said = new Set<string>();
  const out: [number, number][] = [];
  let named = 0;
  let again = 0;
  for (let t = 0; t < members.length; t++) {
    if ((named + members.length - t) * 2 < members.length) return [];
    const i = members[t]!;
    const line = lines[i]!;
    const body = bodyAt ? line.slice(bodyAt(i)) : line;
    let found = PLACE.exec(body);
    const under = found === null && i + 1 < lines.length && ARROW.test(lines[i + 1]!);
    if (under) found = PLACE.exec(lines[i + 1]!);
    const above = found === null && members.length <= FEW ? placeAbove(lines, i) : null;
    if (above) found = above;
    if (found === null) continue;
    named++;
    if (places.has(found[0])) {
      again++;
      continue;
    }
    places.add(found[0]);
    if (!under) {
      const from = above ? 0 : found.index + found[0].length;
      const message = `${found[1]}\0${body.slice(from).replace(/\d+/g, "#")}`;
      if (said.has(message)) continue;
      said.add(message);
    }
    out.push([above ? i - 1 : i, under ? i + 1 : i]);
  }
  return named * 2 >= members.length && again * 2 < named ? out : [];
}
