import { describe, expect, it } from "vitest";
import { loadCorpus as benchCorpus, modelView } from "../../../../bench/corpus/corpus.ts";
import { docOf, forgetDoc } from "../../../../src/compress/excerpt/doc.ts";
import { requestOutcomes } from "../../../../src/compress/excerpt/request-outcomes.ts";
import { capturedCase, loadCorpus, readText } from "../corpus.ts";

describe("each failed request's path and status in an access log", () => {
  it("keeps every path with every status it failed with (fresh25 4xx/5xx lines of a real nginx run)", async () => {
    // 309 lines of a few kinds: the templates showed the first and last of each and the
    // rare 502s, and which paths got 503, 404 and 403 was cut.
    const { e, must } = await capturedCase("fresh25", "nginx-access-4xx-5xx-f25");
    expect(must.length).toBe(16);
    for (const fact of must) expect(e.text).toContain(fact);
  });

  it("reads a log of requests, its failures only, and only while they are few", () => {
    const line = (path: string, status: number) =>
      `127.0.0.1 - - [30/Nov/2026:19:50:51 +0000] "GET ${path} HTTP/1.1" ${status} 153 "-" "curl/7.88.1"`;
    const log = Array.from({ length: 30 }, (_, i) =>
      line(i % 3 ? "/ok" : `/gone?id=${i}`, i % 3 ? 200 : 404),
    );
    // The served requests are none; the failures' one path with its status, once.
    expect(requestOutcomes(log)).toEqual([0]);
    // Too few requests, or requests a small part of the output: none.
    expect(requestOutcomes(log.slice(0, 10))).toEqual([]);
    expect(requestOutcomes([...log, ...Array.from({ length: 40 }, (_, i) => `step ${i}`)])).toEqual([]);
    // Past 40 paths, each its own: ids, none.
    expect(requestOutcomes(Array.from({ length: 50 }, (_, i) => line(`/item/${i}`, 404)))).toEqual([]);
  });

  it("finds the same lines with the protocol looked for in the text first, on every real output", () => {
    const outputs = [...benchCorpus().map((e) => modelView(e)), ...loadCorpus().map((e) => readText(e))];
    let read = 0;
    for (const text of outputs) {
      forgetDoc();
      const doc = docOf(text);
      if (doc.source === undefined) continue;
      read++;
      expect(requestOutcomes(doc.lines, doc.source)).toEqual(requestOutcomes(doc.lines));
    }
    expect(read).toBeGreaterThan(100);
  });

  it("counts a line holding the protocol twice as one request (the text's count only bounds the lines')", () => {
    const line = (i: number) =>
      `10.0.0.1 - - [30/Nov/2026:19:50:51 +0000] "GET /p${i % 2} HTTP/1.1" 404 0 "-" "via HTTP/1.1 proxy"`;
    // 20 lines, each holding " HTTP/" twice: 40 in the text, 20 lines of requests.
    const lines = Array.from({ length: 20 }, (_, i) => line(i));
    expect(requestOutcomes(lines, lines.join("\n"))).toEqual([0, 1]);
    // 19 such lines hold it 38 times, but are too few requests.
    expect(requestOutcomes(lines.slice(1), lines.slice(1).join("\n"))).toEqual([]);
    expect(requestOutcomes(lines.slice(1))).toEqual([]);
  });
});
