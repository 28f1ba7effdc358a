/**
 * A dated line is no match of grep's: grep and rg print `path:12:text` (`path-12-text` for
 * a context line, `path:12` for a count), and a line that begins with a date and a time
 * reads as one where its date is taken for the path and its time's first colon for the one
 * after the path:
 *
 *   `127.0.0.1 - - [30/Nov/2026:19:50:51 +0000] "GET /pool/ …"` (an access log, over one
 *   file, where grep prints no path): the "file" `127.0.0.1 - - [30/Nov/2026`, line 19;
 *   `pay_0002dqf4|…|cus_380|2026-11-02T15:51:52.731Z` (ISO 8601): `…T15`, line 51;
 *   `9ca849e74 holmes/config.py (moshemorad 2025-09-10 14:38:03 …` (git blame -C): `… 14`.
 *
 * A path that ends where a time of day begins (its hour, after a blank, an ISO `T` or an
 * access log's `dd/Mon/yyyy:`) is a date cut at its time's first colon, not a path; a
 * "path" that ends in a year before `-mm-dd` is a date cut at its first dash. Each is a
 * lookbehind (or lookahead) set right after the path of grep/detect.ts's and bare.ts's
 * regexes; so is a URL's scheme (bare.ts, where the path is all before the first colon). A path grep printed may still hold blanks (`My Documents/notes 3.txt:12:`) or
 * end in digits (`app.log.1:25:12:30:01 ERROR …`: the time is the line's, after the number).
 */

/** Not after a time's hour: ` 14`, `2026-11-02T15`, `30/Nov/2026` (the hour follows the colon). */
export const NOT_AT_HOUR = String.raw`(?<!\s\d{1,2}|\d{4}-\d\d-\d\dT\d\d|\d{1,2}\/[A-Z][a-z]{2}\/\d{4})`;

/** Not a year before `-mm-dd` (`…|BoA|2026-10-18`): set where the path ends, before its dash. */
export const NOT_AT_DATE = String.raw`(?:(?<!\D\d{4})|(?!-\d\d-\d\d(?!\d)))`;

/**
 * Not a URL's scheme (`…,"MIT","https` before `://github.com/…`, a CSV row): a word after a
 * character no path holds, before `://`. A path's own `://` is a comment's start after it
 * (`cJSON_Utils.h://        cJSON_Delete(…)`, rg without numbers): its last word follows a dot.
 */
export const NOT_A_SCHEME = String.raw`(?!(?<=[^\w.\/-][A-Za-z][\w+.-]*):\/\/)`;
