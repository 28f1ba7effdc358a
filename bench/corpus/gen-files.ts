/**
 * Listings (ls -la, ls -laR, find, Glob), Reads (.d.ts, bundled .js, .md, lockfiles,
 * whole logs), greps (Bash grep over logs, the Grep tool over sources) and logs. Names
 * come from a file-system walk, declarations from the TypeScript compiler API, log facts
 * from log levels.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import {
  bashEntry,
  type CorpusEntry,
  filenamesEntry,
  freshDir,
  grepContentEntry,
  must,
  pick,
  REPO,
  readEntry,
  readPart,
  rng,
  sh,
  TOOLS,
  WORK,
  write,
} from "./gen-support.ts";
import { type Fact, fact, levelLineFacts, markdownHeadingFacts, uniqueFacts } from "./oracle.ts";

const NM = join(REPO, "node_modules");

/** Every path under dir (relative), as a walk sees it. */
function walk(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).sort();
}

const base = (p: string) => p.slice(p.lastIndexOf("/") + 1);

export function listingEntries(): CorpusEntry[] {
  const entries: CorpusEntry[] = [];
  // Package folders and system folders (where long listings come from in real sessions).
  const dirs = [
    "node_modules",
    "node_modules/@types/node",
    "node_modules/vitest/dist/chunks",
    "node_modules/hono/dist/cjs",
    "/usr/bin",
    "/usr/share/doc",
    "/etc",
    "/usr/lib/x86_64-linux-gnu",
  ];
  dirs.forEach((d, i) => {
    const cmd = `ls -la ${d}`;
    const names = readdirSync(d.startsWith("/") ? d : join(REPO, d));
    entries.push(
      bashEntry(
        `listing/ls-${i}`,
        "listing",
        cmd,
        sh(cmd, REPO),
        names.map((n) => fact(n)),
      ),
    );
  });
  [
    "hono/dist/cjs/middleware",
    "yaml/dist",
    "vitest/dist",
    "valibot",
    "@types/node",
    "@hono/node-server",
  ].forEach((d, i) => {
    const cmd = `ls -laR node_modules/${d}`;
    const names = uniqueFacts(walk(join(NM, d)).map((p) => fact(base(p))));
    entries.push(bashEntry(`listing/lsR-${i}`, "listing", cmd, sh(cmd, REPO), names));
  });
  ["hono/dist", "yaml", "@types/node", "vitest/dist", "playwright-core/lib/server", "valibot"].forEach(
    (d, i) => {
      const cmd = `find node_modules/${d}${i % 2 ? " -type f" : ""}`;
      const facts = walk(join(NM, d))
        .filter((p) => i % 2 === 0 || statSync(join(NM, d, p)).isFile())
        .map((p) => fact(`node_modules/${d}/${p}`));
      entries.push(bashEntry(`listing/find-${i}`, "listing", cmd, sh(cmd, REPO), facts));
    },
  );
  [
    "hono/dist/types",
    "@types/node",
    "typescript/lib",
    "vitest/dist",
    "playwright-core/types",
    "yaml/dist",
  ].forEach((d, i) => {
    const pattern = i % 2 ? "**/*.d.ts" : "**/*.ts";
    const names = walk(join(NM, d))
      .filter((p) => p.endsWith(".ts") && (i % 2 === 0 || p.endsWith(".d.ts")))
      .map((p) => join(NM, d, p));
    const shown = names.slice(0, 100);
    entries.push(
      filenamesEntry(
        `listing/glob-${i}`,
        "listing",
        "Glob",
        { pattern, path: join(NM, d) },
        names,
        shown.map((n) => fact(n)),
      ),
    );
  });
  return entries;
}

// ---------------------------------------------------------------- reads of code: TypeScript compiler API

// biome-ignore lint/suspicious/noExplicitAny: the TypeScript 5 API is loaded from the generation tools
type TS = any;

function typescript(): TS {
  return createRequire(join(TOOLS, "package.json"))("typescript");
}

/** Declared and exported names of a source text: top-level declarations, namespace members, export specifiers. */
function declarationFacts(ts: TS, fileName: string, text: string): Fact[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  const visit = (statements: readonly TS[]) => {
    for (const s of statements) {
      if (s.name && ts.isIdentifier(s.name) && !ts.isVariableStatement(s)) names.push(s.name.text);
      if (ts.isVariableStatement(s))
        for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
      if (ts.isModuleDeclaration(s) && s.body && ts.isModuleBlock(s.body)) {
        if (ts.isStringLiteral(s.name)) names.push(s.name.text);
        visit(s.body.statements);
      }
      if (ts.isExportDeclaration(s) && s.exportClause && ts.isNamedExports(s.exportClause))
        for (const e of s.exportClause.elements) names.push(e.name.text);
    }
  };
  visit(sf.statements);
  return uniqueFacts(names.filter((n) => n.length > 1).map((n) => fact(n)));
}

function bundle(entry: string, out: string): string {
  must(
    `node_modules/.bin/esbuild '${entry}' --bundle --format=esm --platform=node --log-level=error --outfile='${out}'`,
    REPO,
  );
  return readFileSync(out, "utf8");
}

export function readEntries(): CorpusEntry[] {
  const ts = typescript();
  const entries: CorpusEntry[] = [];
  const dts = [
    "@types/node/fs.d.ts",
    "@types/node/http.d.ts",
    "@types/node/child_process.d.ts",
    "@types/node/crypto.d.ts",
    "@types/node/stream.d.ts",
    "@types/node/util.d.ts",
    "hono/dist/types/hono-base.d.ts",
    "yaml/dist/index.d.ts",
    "valibot/dist/index.d.mts",
    "@types/node/events.d.ts",
    "vitest/dist/index.d.ts",
  ];
  dts.forEach((f, i) => {
    const path = join(NM, f);
    const text = readFileSync(path, "utf8");
    entries.push(readEntry(`read-dts/${i}`, "read-dts", path, text, declarationFacts(ts, f, readPart(text))));
  });
  const bundles = ["yaml", "valibot", "hono", "picocolors", "uplot", "@hono/node-server"];
  const dir = freshDir("bundles");
  bundles.forEach((pkg, i) => {
    const out = join(dir, `${pkg.replace(/\W/g, "_")}.bundle.js`);
    const entry = createRequire(join(REPO, "package.json")).resolve(pkg);
    const text = bundle(entry, out);
    entries.push(readEntry(`read-js/${i}`, "read-js", out, text, declarationFacts(ts, out, readPart(text))));
  });
  const mds = [
    "@anthropic-ai/sdk/CHANGELOG.md",
    "qs/CHANGELOG.md",
    "ip-address/README.md",
    "fast-check/README.md",
    "expect-type/README.md",
    "zod-to-json-schema/README.md",
    "qs/README.md",
    "picomatch/README.md",
    "json-schema-to-ts/README.md",
    "yaml/README.md",
  ];
  mds.forEach((f, i) => {
    const path = join(NM, f);
    try {
      const text = readFileSync(path, "utf8");
      entries.push(readEntry(`read-md/${i}`, "read-md", path, text, markdownHeadingFacts(readPart(text))));
    } catch {
      // a package without a README in this install
    }
  });
  return entries;
}

// ---------------------------------------------------------------- lockfiles

/** Lockfiles of small projects resolved by npm here; facts are the locked package paths and versions. */
export function lockfileEntries(): CorpusEntry[] {
  const sets = [
    ["express@4"],
    ["jest@29"],
    ["eslint@8"],
    ["webpack@5"],
    ["typescript@5", "ts-node@10"],
    ["request@2"],
  ];
  return sets.flatMap((deps, i) => {
    const dir = freshDir("locks", String(i));
    write(join(dir, "package.json"), JSON.stringify({ name: `lock-${i}`, version: "1.0.0", private: true }));
    const r = sh(`npm install --package-lock-only --no-audit --no-fund ${deps.join(" ")}`, dir);
    if (r.code !== 0) return [];
    const path = join(dir, "package-lock.json");
    const text = readFileSync(path, "utf8");
    const part = readPart(text);
    const lock = JSON.parse(text) as { packages: Record<string, { version?: string }> };
    const facts: Fact[] = [];
    for (const [key, p] of Object.entries(lock.packages)) {
      if (!key || !part.includes(`"${key}"`)) continue;
      facts.push(fact(key));
      if (p.version) facts.push(fact(`"version": "${p.version}"`));
    }
    return [readEntry(`lockfile/${i}`, "lockfile", path, text, uniqueFacts(facts))];
  });
}

// ---------------------------------------------------------------- logs

const SERVICES = ["api", "worker", "billing", "auth", "scheduler"];
const INFO = [
  "request completed method=GET path=/v1/items status=200 duration_ms=%d",
  "request completed method=POST path=/v1/orders status=201 duration_ms=%d",
  "cache hit key=user:%d",
  "job finished queue=emails id=%d",
  "heartbeat ok uptime_s=%d",
  "connection pool stats active=%d idle=4",
];
const RARE = [
  ["WARN", "slow query table=invoices duration_ms=%d threshold_ms=500"],
  ["WARN", "retrying upstream call to payments-gateway attempt=%d"],
  ["ERROR", "payment declined for order ord_%d: card_expired"],
  ["ERROR", "failed to send email id=%d: ECONNREFUSED 10.0.3.7:587"],
  [
    "ERROR",
    "unhandled exception in job id=%d: TypeError: Cannot read properties of undefined (reading 'total')",
  ],
  ["FATAL", "database connection lost after %d retries, shutting down"],
] as const;

/** An application log: mostly INFO/DEBUG, a few WARN/ERROR lines with stack traces. */
export function makeLog(lines: number, seed: number, rareRate: number): string {
  const r = rng(seed);
  const out: string[] = [];
  let t = Date.UTC(2026, 10, 20, 8, 0, 0);
  while (out.length < lines) {
    t += Math.floor(r() * 900);
    const ts = new Date(t).toISOString();
    const svc = pick(r, SERVICES);
    const n = Math.floor(r() * 100000);
    if (r() < rareRate) {
      const [level, msg] = pick(r, RARE);
      out.push(`${ts} ${level} [${svc}] ${msg.replace("%d", String(n))}`);
      if (level === "ERROR" && r() < 0.4)
        out.push(
          `    at processJob (/srv/app/dist/jobs/${svc}.js:${Math.floor(r() * 400)}:13)`,
          "    at async Worker.run (/srv/app/dist/worker.js:88:7)",
        );
    } else {
      const level = r() < 0.3 ? "DEBUG" : "INFO";
      out.push(`${ts} ${level} [${svc}] ${pick(r, INFO).replace("%d", String(n))}`);
    }
  }
  return `${out.join("\n")}\n`;
}

export function logEntries(): CorpusEntry[] {
  const dir = freshDir("logs");
  const entries: CorpusEntry[] = [];
  const specs = [
    [400, 0.02],
    [1200, 0.01],
    [1900, 0.005],
    [1900, 0.02],
    [800, 0.04],
    [1500, 0.003],
    [3000, 0.01],
    [6000, 0.004],
  ] as const;
  specs.forEach(([lines, rate], i) => {
    const name = `app-${i}.log`;
    const text = makeLog(lines, 500 + i, rate);
    write(join(dir, name), text);
    if (lines <= 2000)
      entries.push(readEntry(`log-read/${i}`, "log-read", join(dir, name), text, levelLineFacts(text)));
    // As a session greps a log: for a topic (orders), which brings its problems along.
    const grep = `grep -n -E '${i % 2 ? "ERROR|WARN|FATAL|timeout|declined" : "orders|ERROR|WARN"}' ${name}`;
    const g = sh(grep, dir);
    entries.push(bashEntry(`log-grep/${i}`, "log-grep", grep, g, levelLineFacts(g.stdout)));
    if (i % 2 === 0) {
      const cat = i % 4 === 0 ? `cat ${name}` : `tail -n 1000 ${name}`;
      const c = sh(cat, dir);
      entries.push(bashEntry(`log-cat/${i}`, "log-read", cat, c, levelLineFacts(c.stdout)));
    }
  });
  // The Grep tool over the logs (content mode), as Claude Code runs it.
  [0, 3, 6].forEach((i, k) => {
    const pattern = ["ERROR|WARN", "declined|ECONNREFUSED|FATAL", "ERROR"][k]!;
    const out = sh(`grep -rn -E '${pattern}' .`, dir).stdout.replace(/^\.\//gm, `${dir}/`);
    entries.push(
      grepContentEntry(`log-grep/tool-${i}`, "log-grep", { pattern, path: dir }, out, levelLineFacts(out)),
    );
  });
  return entries;
}

// ---------------------------------------------------------------- Grep over sources

/** The Grep tool over real package sources: content and files modes. Facts: every file that matched. */
export function grepEntries(): CorpusEntry[] {
  const entries: CorpusEntry[] = [];
  const searches = [
    ["export function", "hono/dist"],
    ["throw new (Type)?Error", "yaml/dist"],
    ["TODO|FIXME|XXX", "typescript/lib"],
    ["process\\.env\\.", "vitest/dist"],
    ["async function", "@anthropic-ai/sdk"],
    ["deprecated", "@types/node"],
    ["class \\w+ extends", "playwright-core/lib"],
    ["import\\(", "valibot/dist"],
  ] as const;
  searches.forEach(([pattern, d], i) => {
    const path = join(NM, d);
    const out = sh(`grep -rn -E '${pattern}' '${path}' | cut -c1-400`, WORK).stdout;
    const files = [
      ...new Set(
        out
          .split("\n")
          .filter(Boolean)
          .map((l) => l.slice(0, l.indexOf(":"))),
      ),
    ];
    const facts = files.map((f) => fact(f));
    if (i % 2 === 0 || files.length < 30)
      entries.push(grepContentEntry(`grep/content-${i}`, "grep", { pattern, path }, out, facts));
    else entries.push(filenamesEntry(`grep/files-${i}`, "grep", "Grep", { pattern, path }, files, facts));
  });
  return entries;
}
