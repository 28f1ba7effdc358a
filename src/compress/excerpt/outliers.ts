/**
 * Lines of a frequent kind that stand out by a value: in a field of categories (a status,
 * a level, a state) the value few lines hold, in a field of numbers (a size, a duration)
 * the few far above the rest. Pure; the engine (engine.ts) makes them facts.
 */

import { tokensOf } from "./mask.ts";
import { farAbove } from "./signals.ts";
import type { Template } from "./templates.ts";

/**
 * Lines of a frequent template whose value in some field is rare among its lines: the
 * field holds few values (a status, a level, a state) and one of them holds most lines.
 */
export function outliers(
  lines: readonly string[],
  tpl: Template,
  out: Map<string, number[]>,
  bodyAt: (i: number) => number,
): void {
  const add = (key: string, i: number) => {
    const list = out.get(key);
    if (list) list.push(i);
    else out.set(key, [i]);
  };
  const n = tpl.members.length;
  if (n < 8) return;
  const width = tpl.tokens.length;
  const counts: Map<string, number>[] = [];
  const numbers: number[][] = [];
  for (let k = 0; k < width; k++) {
    counts.push(new Map());
    numbers.push([]);
  }
  const categorical = new Uint8Array(width).fill(1);
  const numeric = new Uint8Array(width).fill(1);
  // Each member's tokens, split once: the fields are read again for each rare value's column.
  const tokensOfMember = tpl.members.map((i) => tokensOf(lines[i]!.slice(bodyAt(i))));
  for (const tokens of tokensOfMember) {
    for (let k = 0; k < width; k++) {
      const v = tokens[k] ?? "";
      if (categorical[k]) {
        const c = counts[k]!;
        c.set(v, (c.get(v) ?? 0) + 1);
        if (c.size > 12) categorical[k] = 0;
      }
      if (numeric[k]) {
        const m = NUMBER.exec(v);
        if (m) numbers[k]!.push(Number(m[1]));
        else numeric[k] = 0;
      }
    }
  }
  // A value is rare when few lines hold it; a field whose other values are common is no category of exceptions.
  const rareAt = Math.max(2, Math.floor(n * 0.05));
  for (let k = 0; k < width; k++) {
    if (numeric[k] && !categorical[k]) {
      // A field of numbers (a size, a duration): the few far above the rest.
      for (const j of farAbove(numbers[k]!)) add(`${tpl.members[0]}:${k}:${j}`, tpl.members[j]!);
      continue;
    }
    const c = counts[k]!;
    if (!categorical[k] || c.size < 2) continue;
    let top = 0;
    for (const v of c.values()) top = Math.max(top, v);
    if (top < n * 0.5) continue;
    const rare = new Set([...c].filter(([, v]) => v <= rareAt).map(([value]) => value));
    if (rare.size === 0) continue;
    tpl.members.forEach((i, j) => {
      const v = tokensOfMember[j]![k] ?? "";
      if (rare.has(v)) add(`${tpl.members[0]}:${k}:${v}`, i);
    });
  }
}

/** A number with a unit or in brackets: `123`, `12ms`, `1.5s`, `(30`, `4.2KB,`. */
const NUMBER = /^[([]?(\d+(?:\.\d+)?)(?:[a-zA-Z%]{0,3})[)\],;:]?$/;
