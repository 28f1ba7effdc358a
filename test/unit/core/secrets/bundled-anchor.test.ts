import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { redact } from "../../../../src/core/secrets/redact.ts";
import { tokenAnchor } from "../../../../src/core/secrets/tokens.ts";
import { CAIRN } from "../../../helpers/cairn.ts";

// The provider tokens' anchor is built by scripts/build.mjs, not at every hook's start
// (tokens.ts, __CAIRN_TOKEN_ANCHOR__): the bundle's masker must hold exactly the anchor
// the source builds, and mask as the source does.

const chunk = join(dirname(CAIRN), "core-secrets-redact.cjs");

describe("the bundled masker's token anchor", () => {
  it("is written into the bundle, not built when the file loads", () => {
    const code = readFileSync(chunk, "utf8");
    expect(code).toContain(JSON.stringify(tokenAnchor()));
    expect(code).not.toMatch(/function tree\(/);
  });

  it("masks every provider format as the source does", () => {
    const bundled = createRequire(import.meta.url)(chunk) as { redact: typeof redact };
    const lines = [
      `export GITHUB_TOKEN_X=ghp_${"a1B2c3D4e5".repeat(4)}`,
      `anthropic sk-ant-api03-${"Zx9_yW8-vU7t".repeat(4)} here`,
      "creds AKIAIOSFODNN7EXAMPL3 in a log",
      `npm npm_${"k3Y".repeat(12)} and hf_${"aBc1".repeat(9)}`,
      `slack xoxb-1234567890-${"Ab12".repeat(5)} glpat-${"x1Y2z3".repeat(4)}`,
      "nothing secret on this line at all",
    ];
    const text = lines.join("\n");
    const source = redact(text);
    expect(source.count).toBeGreaterThanOrEqual(5);
    expect(bundled.redact(text)).toEqual(source);
  });
});
