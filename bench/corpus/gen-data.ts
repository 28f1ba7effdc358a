/**
 * Data outputs: JSON from a local HTTP server fetched with curl (pretty and minified),
 * CSV exports, sqlite3 tables. The rows are mostly common (paid, succeeded, active) with
 * a few rare ones (a declined card, an uncollectible invoice, a reversed payout). Facts:
 * the rare rows found by value counts over the parsed data (JSON.parse, a CSV parser,
 * `sqlite3 -json`), not over the text shown.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { bashEntry, type CorpusEntry, freshDir, must, readEntry, sh, write } from "./gen-support.ts";
import { parseCsv, type Row, rareRowFacts } from "./oracle.ts";
import { type Kind, makeRows } from "./rows.ts";

export async function dataEntries(): Promise<CorpusEntry[]> {
  const dir = freshDir("data");
  const entries: CorpusEntry[] = [];
  const server = spawn(process.execPath, [join(import.meta.dirname, "json-server.ts")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((res) =>
    server.stdout.once("data", (d: Buffer) => res(d.toString().trim())),
  );
  try {
    const kinds: Kind[] = ["payments", "invoices", "payouts", "users"];
    let i = 0;
    for (const kind of kinds) {
      for (const [n, min] of [
        [150, false],
        [400, false],
        [300, true],
        [900, true],
      ] as const) {
        const cmd = `curl -s 'http://127.0.0.1:${port}/${kind}?n=${n}&seed=${7 + i}${min ? "&min=1" : ""}'`;
        const ran = sh(cmd, dir);
        const parsed = JSON.parse(ran.stdout) as Row[] | { data: Row[] };
        const rows = Array.isArray(parsed) ? parsed : parsed.data;
        entries.push(
          bashEntry(`json/${kind}-${n}${min ? "-min" : ""}`, "json", cmd, ran, rareRowFacts(rows)),
        );
        i++;
      }
    }
  } finally {
    server.kill();
  }

  // CSV exports: cat and Read; sqlite3 tables in column and box modes.
  const kinds: Kind[] = ["payments", "invoices", "payouts", "users", "payments"];
  kinds.forEach((kind, k) => {
    const rows = makeRows(kind, [200, 600, 350, 1000, 1500][k]!, 40 + k);
    const cols = Object.keys(rows[0]!);
    const csv = `${cols.join(",")}\n${rows.map((r) => cols.map((c) => String(r[c])).join(",")).join("\n")}\n`;
    const file = `${kind}-${k}.csv`;
    write(join(dir, file), csv);
    const facts = rareRowFacts(parseCsv(csv));
    entries.push(bashEntry(`csv/cat-${k}`, "csv", `cat ${file}`, sh(`cat ${file}`, dir), facts));
    if (rows.length <= 1999) entries.push(readEntry(`csv/read-${k}`, "csv", join(dir, file), csv, facts));

    const db = `${kind}-${k}.db`;
    must(`sqlite3 ${db} '.mode csv' '.import ${file} ${kind}'`, dir);
    const modes = ["-header -column", "-box", "-header"];
    for (const [m, mode] of modes.entries()) {
      if (m === 2 && k % 2) continue;
      const query = k === 4 && m === 1 ? `SELECT * FROM ${kind} ORDER BY created` : `SELECT * FROM ${kind}`;
      const cmd = `sqlite3 ${mode} ${db} "${query}"`;
      const truth = JSON.parse(must(`sqlite3 -json ${db} "${query}"`, dir) || "[]") as Row[];
      entries.push(bashEntry(`sqlite/${k}-${m}`, "sqlite", cmd, sh(cmd, dir), rareRowFacts(truth)));
    }
  });
  return entries;
}
