/**
 * A schema's keys: in SQL that defines tables (mariadb-dump or pg_dump of the schema, SHOW
 * CREATE TABLE, sqlite's .schema), what a table is indexed and constrained by is what the
 * schema was read for, and each such line is one of a kind many tables hold (`KEY … (…),`
 * in each), told by its first and last among dozens of `SET` lines the dump repeats around
 * every table. Each table's opening line, each of its key lines, and each statement that
 * makes an index, a constraint, a trigger, a procedure, a function or a view are facts;
 * but a primary key on the column most tables key by (`PRIMARY KEY (`id`)` in ten of twelve)
 * is what its kind's first line and count tell. Pure; the engine (engine.ts) ranks by it.
 */

/** `CREATE TABLE `tickets` (`, behind a version comment or not; a table's columns follow. */
const TABLE =
  /^\s*(?:\/\*!\d+\s*)?CREATE\s+(?:OR\s+REPLACE\s+)?(?:(?:GLOBAL\s+|LOCAL\s+)?TEMP(?:ORARY)?\s+|UNLOGGED\s+)?TABLE\b.*\(\s*$/i;
/** A line of a table's body that keys it: a primary, unique or plain key or index, a constraint. */
const KEY =
  /^\s+(?:PRIMARY\s+KEY|UNIQUE\b|KEY\b|INDEX\b|CONSTRAINT\b|FOREIGN\s+KEY\b|FULLTEXT\b|SPATIAL\b|CHECK\s*\()/i;
/** A table's closing line: `) ENGINE=…;`, `);`. */
const CLOSE = /^\s*\)/;
/**
 * A statement (version comments aside) that makes a key or an object other than a table:
 * `CREATE UNIQUE INDEX …`, `ALTER TABLE ONLY t ADD CONSTRAINT …`, `… TRIGGER trg AFTER …`,
 * `CREATE DEFINER=… PROCEDURE p(…)`, a view's `VIEW v AS select …` on a line of its own.
 */
const OBJECT =
  /^(?:CREATE\b.*?\b(?:INDEX|TRIGGER|PROCEDURE|FUNCTION|VIEW)\s+\S|(?:TRIGGER|VIEW)\s+`?\w+`?\s+(?:AS|AFTER|BEFORE|INSTEAD)\b|ADD\s+CONSTRAINT\s)/i;
/** A primary key's columns, as the line names them. */
const PRIMARY = /PRIMARY\s+KEY\s*(\([^)]*\))/i;
/** A primary key on columns this many keys name is the usual one, no fact. */
const USUAL = 3;
/** Tables a schema defines at least: one table is a statement shown, not a schema dumped. */
const TABLES = 2;
/** A table's body runs this many lines at most (a table of 400 columns is no schema to outline). */
const BODY = 400;

/** The lines of a schema's tables' openings and keys and of its other objects' definitions, or none. */
export function schemaKeys(lines: readonly string[]): number[] {
  const out: number[] = [];
  let tables = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (TABLE.test(line)) {
      const keys: number[] = [];
      let end = -1;
      for (let k = i + 1; k < lines.length && k - i <= BODY; k++) {
        if (CLOSE.test(lines[k]!)) {
          end = k;
          break;
        }
        if (KEY.test(lines[k]!)) keys.push(k);
      }
      if (end < 0) continue;
      tables++;
      out.push(i, ...keys);
      i = end;
      continue;
    }
    if (OBJECT.test(sqlOf(line))) out.push(i);
  }
  if (tables < TABLES) return [];
  const primary = (i: number) => PRIMARY.exec(lines[i]!)?.[1];
  const said = new Map<string, number>();
  for (const i of out) {
    const key = primary(i);
    if (key !== undefined) said.set(key, (said.get(key) ?? 0) + 1);
  }
  return out.filter((i) => (said.get(primary(i) ?? "") ?? 0) < USUAL);
}

/** A line with mysqldump's version comments (`/*!50003 CREATE*\/ /*!50017 DEFINER=…*\/`) read as the SQL they hold. */
function sqlOf(line: string): string {
  return line
    .replace(/\/\*!\d+\s?/g, "")
    .replace(/\*\//g, "")
    .trim();
}
