import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a source file's outline", () => {
  it("names the methods a file defines by assigning functions to properties (fresh6 capture)", async () => {
    // A real Read of mocha's lib/runner.js (1,268 lines): its API is `Runner.prototype.X =
    // function (…) {` at the top level, which no declaration rule knew; the outline showed
    // its `var` lines and the `next` helpers nested in those methods, none of the methods.
    const { text, e } = await capturedCase("fresh6", "read-mocha-runner-js");
    expect(e.compressor).toBe("read");
    for (const fact of [
      "class Runner extends EventEmitter {",
      "Runner.prototype.runTests = function (suite, fn) {",
      "Runner.prototype._uncaught = function (err) {",
      "Runner.prototype.run = function (fn, opts = {}) {",
      "Runner.prototype.abort = function () {",
      "Runner.prototype.runAsync = async function runAsync(opts = {}) {",
    ])
      expect(e.text).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });
});
