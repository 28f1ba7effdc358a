import { describe, expect, it } from "vitest";
import { membersNamed, namedByFacts } from "../../../../../src/compress/excerpt/referenced.ts";
import { capturedCase } from "../../corpus.ts";

describe("of statements alike, the ones a fact names", () => {
  it("keeps the table a foreign key references and the column a note names (fresh2 capture, a Read of a schema)", async () => {
    // 24 CREATE TABLEs: the first and last stood for all, payments among the lost.
    const { e } = await capturedCase("fresh2", "read-sql-schema");
    expect(e.text).toContain("CREATE TABLE public.payments (");
    expect(e.text).toContain("CREATE TABLE public.refunds (");
    // `-- payments.order_id has no foreign key`: the column it names.
    expect(e.text).toContain("    order_id bigint,");
  });

  it("names a member by what no other of its kind holds, and a block's line by both names", () => {
    const texts = [
      "CREATE TABLE app.users (",
      "CREATE TABLE app.teams (",
      "CREATE TABLE app.posts (",
      "CREATE VIEW app.active AS SELECT * FROM app.teams WHERE archived IS NULL;",
    ];
    // `app`, `CREATE`, `TABLE` are shared: only `app.teams` names one.
    expect(namedByFacts(texts, [3], [[0, 1, 2]])).toEqual([1]);
    expect(namedByFacts(texts, [], [[0, 1, 2]])).toEqual([]);
    const lines = ["CREATE TABLE app.users (", "    id bigint,", "    team_id bigint", ");"];
    expect(membersNamed(lines, ["-- users.team_id is not checked"], [0], [[1, 3]])).toEqual([2]);
    expect(membersNamed(lines, ["-- users.team is not checked"], [0], [[1, 3]])).toEqual([]);
  });
});
