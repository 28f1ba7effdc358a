import { describe, expect, it } from "vitest";
import { schemaKeys } from "../../../../src/compress/excerpt/schema-keys.ts";
import { capturedCase } from "../corpus.ts";

describe("a schema's keys", () => {
  it("keeps each table's keys and the trigger of a schema dump (mariadb-dump --no-data, fresh32)", async () => {
    // The real `mariadb-dump --no-data --routines --triggers` (13 KB at a 1.2 KB budget), read
    // for the indexes: each `KEY …` line was one of a kind twelve tables hold, shown by its
    // first and last among the dump's dozens of `SET` lines, and tickets' keys were lost.
    const { e } = await capturedCase("fresh32", "mariadb-dump-schema-f32");
    for (const line of [
      "CREATE TABLE `tickets` (",
      "  UNIQUE KEY `uq_ticket_seat` (`event_id`,`seat_id`),",
      "  KEY `fk_tickets_seat` (`seat_id`),",
      "  KEY `fk_orders_promo` (`promo_code_id`),",
      "CREATE TABLE `payments` (",
    ])
      expect(e.text.split("\n")).toContain(line);
    expect(e.text).toContain("TRIGGER trg_orders_paid AFTER UPDATE ON orders FOR EACH ROW");
  });

  it("reads the tables' openings and keys, not their columns", () => {
    const table = (name: string) => [
      `CREATE TABLE ${name} (`,
      "  id integer NOT NULL,",
      "  owner_id integer NOT NULL,",
      "  PRIMARY KEY (id),",
      `  CONSTRAINT fk_${name}_owner FOREIGN KEY (owner_id) REFERENCES owners (id)`,
      ");",
    ];
    const lines = [
      ...table("a"),
      "SET x = 1;",
      ...table("b"),
      "CREATE UNIQUE INDEX b_owner ON b (owner_id);",
    ];
    expect(schemaKeys(lines)).toEqual([0, 3, 4, 7, 10, 11, 13]);
    // The key most tables hold is the usual one: its kind tells it.
    const three = [...lines, ...table("c")];
    expect(schemaKeys(three)).toEqual([0, 4, 7, 11, 13, 14, 18]);
    // One table is a statement shown, not a schema.
    expect(schemaKeys(table("a"))).toEqual([]);
  });
});
