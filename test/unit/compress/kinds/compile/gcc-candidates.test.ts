import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

/** A note naming a candidate the compiler tried in a system header, or a reason indented under one. */
const SYSTEM_CANDIDATE = /^\/usr\/\S+:\d+:\d+: note: candidate/;

describe("g++'s candidate lists from the system's headers", () => {
  it("are no facts: a template error in a make -k build keeps its errors, not libstdc++'s candidates", async () => {
    // A real `make -k` of a C++ library (74 KB): four template errors in the project's files,
    // each followed by dozens of `/usr/include/c++/12/...: note: candidate: …` notes with the
    // reasons each candidate failed, indented under it.
    const { text, e, must } = await capturedCase("fresh3", "cmake-make-k-gxx");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    const candidates = text.split("\n").filter((l) => SYSTEM_CANDIDATE.test(l));
    expect(candidates.length).toBeGreaterThan(40);
    const kept = e.text.split("\n").filter((l) => SYSTEM_CANDIDATE.test(l));
    expect(kept).toEqual([]);
    // Indented reasons under those candidates, in the project's own file, go with them.
    expect(e.text).not.toContain("index.cpp:15:79: note:   cannot convert");
  });

  it("keeps a system header's note that says why a constraint failed (no candidate)", async () => {
    // g++ -std=c++20 on concepts: ranges::sort of a map fails because a map's iterator is
    // not random access, said by a note in <concepts>, after the candidates.
    const { e, must } = await capturedCase("fresh4", "gxx-concepts-errors");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    expect(e.text.split("\n").filter((l) => SYSTEM_CANDIDATE.test(l))).toEqual([]);
  });
});
