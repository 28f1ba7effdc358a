import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("the packages of a lockfile of text blocks", () => {
  it("keeps each package's name and version line in Cargo.lock (fresh27)", async () => {
    // The Read showed `name = "atty"` as one kind of many alike and no version of tokio or clap.
    const { e } = await capturedCase("fresh27", "read-cargo-lock-whole-f27");
    for (const fact of [
      'name = "tokio"',
      'version = "1.24.2"',
      'name = "clap"',
      'version = "4.0.32"',
      'name = "syn"',
      'version = "1.0.107"',
    ])
      expect(e.text).toContain(fact);
  });

  it("keeps each entry's key and version in yarn.lock (fresh27)", async () => {
    const { e, text } = await capturedCase("fresh27", "read-yarn-lock-whole-f27");
    for (const fact of [
      "debug@2.6.9:",
      "debug@^4.1.0, debug@^4.1.1, debug@^4.3.1, debug@^4.3.4:",
      'version "4.4.3"',
      "cookie@0.5.0:",
      "formidable@^2.1.2:",
    ])
      expect(e.text).toContain(fact);
    // No hashes.
    expect(e.text).not.toContain("integrity sha512-jWi7abTbYwajOytWCQc37VulmWiRae5RyTpaCyDcS5");
    expect(e.text.length).toBeLessThan(text.length * 0.3);
  });

  it("keeps the versions a build uses in go.sum, not the go.mod hashes of the others (fresh27)", async () => {
    const { e } = await capturedCase("fresh27", "read-go-sum-limit-f27");
    for (const fact of [
      "github.com/miekg/dns v1.1.41 h1:",
      "github.com/hashicorp/consul/api v1.12.0 h1:",
      "cloud.google.com/go v0.99.0 h1:",
    ])
      expect(e.text).toContain(fact);
  });

  it("keeps each package key of pnpm-lock.yaml and the project's own dependencies (fresh27)", async () => {
    const { e } = await capturedCase("fresh27", "read-pnpm-lock-whole-f27");
    for (const fact of [
      "/axios@1.6.2:",
      "/follow-redirects@1.16.3:",
      "/glob@7.2.3:",
      "/rollup@4.68.8:",
      "specifier: 5.0.10",
    ])
      expect(e.text).toContain(fact);
  });
});
