/**
 * The facts of outputs made of records, each read by its own rule: records opening with one
 * key (keyed-records.ts: each one's name and the values that tell them apart), records led
 * by a run of numbers (number-runs.ts: a field's values far above the rest, with their
 * record), a schema's tables (schema-keys.ts: each table's opening and keys).
 */

import { keyedRecords } from "./keyed-records.ts";
import { numberRunOutliers } from "./number-runs.ts";
import { E } from "./priorities.ts";
import { schemaKeys } from "./schema-keys.ts";
import { fact, type Work } from "./work.ts";

export function rankRecords(w: Work): void {
  const records = keyedRecords(w.lines);
  if (records) {
    for (const i of records.openings) if (!w.facts.has(i)) fact(w, i, i, E.rare, "record-id");
    for (const i of records.differing) if (!w.facts.has(i)) fact(w, i, i, E.outlier, "outlier");
  }
  for (const o of numberRunOutliers(w.lines)) fact(w, o.from, o.to, E.outlier, "outlier");
  for (const i of schemaKeys(w.lines)) if (!w.facts.has(i)) fact(w, i, i, E.rare, "record-id");
}
