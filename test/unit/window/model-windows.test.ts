import { closeSync, fstatSync, openSync, readFileSync, readSync, realpathSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { MODEL_WINDOWS, registryWindow } from "../../../src/window/model-windows.ts";
import { windowForModel } from "../../../src/window/usage.ts";
import { REPO } from "../../helpers/cairn.ts";

/**
 * cairn's table of context windows must equal the model registry of the Claude Code
 * it is pinned to. The registry is a literal inside the CLI's executable
 * (`models:[{id:"claude-…",…,context:{window:…},…},…]`); this reads it from there,
 * so an upgrade of the pinned CLI that changes a window fails here until the table
 * is copied again.
 */

interface RegistryModel {
  readonly id: string;
  readonly provider_ids?: Record<string, string | null>;
  readonly context?: { readonly window?: number };
}

const PACKAGE = join(REPO, "node_modules", "@anthropic-ai", "claude-code");
/** Claude Code's window for a registry entry without one (its built-in default). */
const DEFAULT_WINDOW = 200_000;

/** The registry's `models` array, found in the executable by its opening and read to its closing bracket. */
function readRegistry(): RegistryModel[] {
  const exe = realpathSync(join(PACKAGE, "bin", "claude.exe"));
  const marker = Buffer.from('models:[{id:"claude-');
  const fd = openSync(exe, "r");
  try {
    const size = fstatSync(fd).size;
    const chunk = Buffer.alloc(16 << 20);
    let at = -1;
    // Chunks overlap by the marker's length, so a marker across a boundary is found.
    for (let off = 0; off < size && at < 0; off += chunk.length - marker.length) {
      const n = readSync(fd, chunk, 0, chunk.length, off);
      const i = chunk.subarray(0, n).indexOf(marker);
      if (i >= 0) at = off + i + "models:".length;
    }
    expect(at, `no model registry found in ${exe}`).toBeGreaterThan(0);
    const text = Buffer.alloc(512 * 1024);
    const n = readSync(fd, text, 0, text.length, at);
    const literal = arrayLiteral(text.subarray(0, n).toString("latin1"));
    // A JavaScript literal (unquoted keys, `!0`, `1e6`): evaluated with nothing in scope.
    return vm.runInNewContext(`(${literal})`, Object.create(null), { timeout: 1000 }) as RegistryModel[];
  } finally {
    closeSync(fd);
  }
}

/** The text of the array literal that starts `s`, up to its closing bracket (strings skipped). */
function arrayLiteral(s: string): string {
  let depth = 0;
  let quote = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "[" || c === "{") depth++;
    else if ((c === "]" || c === "}") && --depth === 0) return s.slice(0, i + 1);
  }
  throw new Error("the registry's array does not close");
}

describe("context windows equal the pinned Claude Code's model registry", () => {
  const version = JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8")).version as string;
  const registry = readRegistry();

  it(`lists every model of Claude Code ${version} with its window, and nothing else`, () => {
    expect(registry.length).toBeGreaterThan(10);
    const fromRegistry = registry.map((m) => [
      m.id,
      m.provider_ids?.first_party ?? m.id,
      m.context?.window ?? DEFAULT_WINDOW,
    ]);
    expect(MODEL_WINDOWS).toEqual(fromRegistry);
  });

  it("knows the 1M models the issue names, and Claude Code's default model", () => {
    const byId = new Map(registry.map((m) => [m.id, m.context?.window]));
    for (const id of ["claude-sonnet-5", "claude-sonnet-5-5", "claude-haiku-5-5", "claude-opus-5-5"]) {
      expect(byId.get(id), id).toBe(1_000_000);
      expect(windowForModel(id), id).toEqual({ tokens: 1_000_000, basis: "registry" });
    }
  });

  it("finds each model under every id Claude Code or a provider gives it", () => {
    for (const m of registry) {
      const window = m.context?.window ?? DEFAULT_WINDOW;
      const ids = [m.id, ...Object.values(m.provider_ids ?? {}).filter((x): x is string => !!x)];
      for (const id of ids) expect(registryWindow(id), `${m.id} as ${id}`).toBe(window);
    }
  });

  it("assumes 200,000 tokens for a model it does not know, and says so", () => {
    expect(windowForModel("claude-mock")).toEqual({ tokens: 200_000, basis: "assumed" });
    expect(windowForModel("acme-large-2")).toEqual({ tokens: 200_000, basis: "assumed" });
    expect(windowForModel(undefined)).toEqual({ tokens: 200_000, basis: "assumed" });
    // Not another model's window through a longer version: claude-opus-5 is not claude-opus-5-9.
    expect(windowForModel("claude-opus-5-9").basis).toBe("assumed");
    expect(windowForModel("claude-opus-5-20260101")).toEqual({ tokens: 1_000_000, basis: "registry" });
  });
});
