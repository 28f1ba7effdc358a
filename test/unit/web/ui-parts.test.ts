/**
 * The dashboard's pure rules, alone: who is let in, how prices and token estimates are
 * made, how a tool input is shortened. (The e2e test drives all of them through the
 * real page; these pin the edge cases a page cannot easily reach.)
 */
import { describe, expect, it } from "vitest";
import { shortInput } from "../../../src/web/api/sessions.ts";
import {
  access,
  hostAllowed,
  linkWithCode,
  newToken,
  OneTimeCodes,
  SESSION_PATH,
} from "../../../src/web/auth.ts";
import { dayStart } from "../../../src/web/client/format.ts";
import { CSP } from "../../../src/web/page.ts";
import { estTokens, estUsd, inputPrice } from "../../../src/web/pricing.ts";

describe("dashboard access", () => {
  const token = newToken();
  const port = 43210;
  const host = `127.0.0.1:${port}`;
  const api = { path: "/api/sessions", host, token: undefined };

  it("makes 32-byte tokens, different each time", () => {
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(newToken()).not.toBe(token);
  });

  it("serves the data to the token in its header only: no cookie, no URL carries it", () => {
    expect(access({ ...api, token }, port, token)).toBe("ok");
    expect(access(api, port, token)).toBe("refused");
    expect(access({ ...api, token: token.slice(1) }, port, token)).toBe("refused");
    expect(access({ ...api, token: `${token}x` }, port, token)).toBe("refused");
    expect(access({ ...api, path: "/api/outputs/1/read" }, port, token)).toBe("refused");
  });

  it("serves the page shell, which holds no data, without the token; the code exchange is its own route", () => {
    for (const path of ["/", "/app.js", "/app.css"])
      expect(access({ ...api, path }, port, token)).toBe("public");
    expect(access({ ...api, path: SESSION_PATH }, port, token)).toBe("exchange");
  });

  it("refuses foreign host names (DNS rebinding) before anything else", () => {
    for (const h of [
      `evil.example:${port}`,
      "127.0.0.1",
      `127.0.0.1:${port + 1}`,
      `[::1]:${port}`,
      undefined,
    ]) {
      expect(access({ ...api, host: h, token }, port, token), String(h)).toBe("refused");
      expect(access({ ...api, host: h, path: "/" }, port, token), String(h)).toBe("refused");
    }
    expect(hostAllowed(`localhost:${port}`, port)).toBe(true);
  });

  it("links carry a one-time code in the fragment; a code is spent by its first presentation", () => {
    const codes = new OneTimeCodes();
    const a = codes.issue();
    const b = codes.issue();
    expect(a).not.toBe(b);
    expect(linkWithCode(port, a)).toBe(`http://127.0.0.1:${port}/#code=${a}`);
    expect(codes.redeem(a)).toBe("ok");
    expect(codes.redeem(a)).toBe("spent");
    expect(codes.redeem(b)).toBe("ok");
    expect(codes.redeem(`${b}x`)).toBe("unknown");
    expect(codes.redeem(token)).toBe("unknown");
    expect(codes.redeem(undefined)).toBe("unknown");
  });

  it("allows nothing from outside the dashboard", () => {
    expect(CSP).toContain("default-src 'none'");
    expect(CSP).toContain("connect-src 'self'");
    expect(CSP).not.toMatch(/https?:|\*|unsafe/);
  });
});

describe("estimates", () => {
  it("prices each model family at its input price", () => {
    expect(inputPrice("claude-opus-5-5").usdPerMTok).toBe(5);
    expect(inputPrice("claude-opus-4-5-20251101").usdPerMTok).toBe(5);
    expect(inputPrice("claude-opus-4-1-20250805").usdPerMTok).toBe(15);
    expect(inputPrice("claude-sonnet-4-5[1m]").usdPerMTok).toBe(3);
    expect(inputPrice("claude-haiku-4-5").usdPerMTok).toBe(1);
    expect(inputPrice("claude-3-5-haiku-20241022").usdPerMTok).toBe(0.8);
    expect(inputPrice("claude-3-haiku-20240307").usdPerMTok).toBe(0.25);
    expect(inputPrice(null)).toEqual({ family: "unknown model (priced as Sonnet)", usdPerMTok: 3 });
  });

  it("counts 4 bytes a token, and a million tokens at the list price", () => {
    expect(estTokens(74_631)).toBe(18_658);
    expect(estUsd(1_000_000, "claude-sonnet-4-5")).toBe(3);
  });
});

describe("presentation", () => {
  it("shortens a tool input to the part a person recognises", () => {
    expect(shortInput('{"command":"cat app.log","description":"run command"}')).toBe("cat app.log");
    expect(shortInput('{"pattern":"needle","path":"src","output_mode":"content"}')).toBe("needle in src");
    expect(shortInput('{"file_path":"/p/a.ts","content":"x"}')).toBe("/p/a.ts");
    expect(shortInput("not json\n  at all")).toBe("not json at all");
    // A secret in a command is masked wherever the command is shown (report, dashboard).
    const key = ["sk", "live", "HSx5JJl8UYjhrx9Iba9VvYwo"].join("_");
    const shown = shortInput(
      JSON.stringify({ command: `curl -u ${key}: https://api.stripe.com/v1/charges` }),
    );
    expect(shown).not.toContain(key);
    expect(shown).toMatch(/^curl -u \[REDACTED:[^\]]+\]: https:\/\/api\.stripe\.com\/v1\/charges$/);
    expect(shortInput(JSON.stringify({ command: "x".repeat(500) }))).toHaveLength(201);
  });

  it("turns a date input into the local midnights that bound it", () => {
    expect(dayStart("2026-03-01")).toBe(new Date(2026, 2, 1).getTime());
    expect(dayStart("2026-02-28", true)).toBe(new Date(2026, 2, 1).getTime());
    expect(dayStart("yesterday")).toBeUndefined();
  });
});
