import { describe, expect, it } from "vitest";
import { docOf } from "../../../../src/compress/excerpt/doc.ts";
import { templatesOf } from "../../../../src/compress/excerpt/templates.ts";
import { wordApart } from "../../../../src/compress/excerpt/word-apart.ts";
import { capturedCase } from "../corpus.ts";

const apartIn = (lines: string[]) => {
  const doc = docOf(lines.join("\n"));
  const t = templatesOf(doc, () => false);
  return wordApart(t.list, t.list, () => false);
};

describe("lines one word apart from a frequent kind", () => {
  it("keeps a schema dump's one MyISAM table among eight InnoDB ones (mariadb-dump --no-data, fresh32)", async () => {
    // The real `mariadb-dump --no-data --routines --triggers` (13 KB shown in 1.2 KB): each
    // table closes with `) ENGINE=… AUTO_INCREMENT=…`; audit_log's ENGINE=MyISAM, its second
    // token, made a kind of its own, and among the dump's one-off statements it was dropped.
    const { e } = await capturedCase("fresh32", "mariadb-dump-schema-f32");
    expect(e.text).toContain(
      ") ENGINE=MyISAM AUTO_INCREMENT=20001 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;",
    );
  });

  it("finds the one line whose category word differs, not lines of other words", () => {
    const lines = [
      ...Array.from(
        { length: 10 },
        (_, k) => `) ENGINE=InnoDB AUTO_INCREMENT=${k * 7 + 3} DEFAULT CHARSET=utf8mb4`,
      ),
      ") ENGINE=MyISAM AUTO_INCREMENT=20001 DEFAULT CHARSET=utf8mb4",
      "-- Dump completed on 2026-12-01",
      "DELIMITER ;;",
    ];
    expect(apartIn(lines)).toEqual([10]);
    // Fewer than eight alike: no kind to stand apart from.
    expect(apartIn(lines.slice(4))).toEqual([]);
  });
});
