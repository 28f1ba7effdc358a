// A loopback JSON API for the corpus: GET /<kind>?n=&seed= answers {data:[…]} pretty-printed,
// with &min=1 a minified bare array. Prints its port, then serves until killed.
import { createServer } from "node:http";
import { type Kind, makeRows } from "./rows.ts";

const server = createServer((req, res) => {
  const u = new URL(req.url ?? "/", "http://127.0.0.1");
  const rows = makeRows(
    u.pathname.slice(1) as Kind,
    Number(u.searchParams.get("n")),
    Number(u.searchParams.get("seed")),
  );
  const body = u.searchParams.get("min")
    ? JSON.stringify(rows)
    : JSON.stringify({ data: rows, has_more: false }, null, 2);
  res.writeHead(200, { "content-type": "application/json" }).end(body);
});
server.listen(0, "127.0.0.1", () => {
  const a = server.address();
  process.stdout.write(`${typeof a === "object" && a ? a.port : 0}\n`);
});
