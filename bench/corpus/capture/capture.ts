/**
 * Captures the widened corpus (issue 24): real tools run on fixture projects through the
 * real Claude Code CLI (pinned in devDependencies) against the scripted Messages API, with
 * a logging hook that records each PostToolUse stdin exactly as Claude Code sends it. Only
 * the assistant turns are scripted; every output is the tool's own.
 *
 *   node bench/corpus/capture/capture.ts [--only SESSION,...] [--list]
 *
 * Needs what the sessions run: cargo (offline, std only), a JDK with Maven and a local
 * repository holding JUnit 5 and surefire 3.2.5, gcc/g++, cmake, ninja, valgrind, gdb,
 * strace, python3, sqlite3, PostgreSQL server binaries, tree, shellcheck, yamllint, xmllint, jq,
 * unshare, and the npm registry for the web project's tools (fresh16's sessions need Mercurial,
 * tcpdump, nftables, iproute2 with `ip netns`, sysstat, hyperfine, root, and the npm registry
 * for markdownlint-cli, cspell, license-checker and madge; fresh17's need Debian's
 * python3-sphinx, doxygen, pandoc, gfortran, shfmt, miller, datamash, bats and ieee-data,
 * numpy in python3, and the npm registry for sass, bootstrap, vite, vitest, c8 and
 * typescript; fresh18's need Debian's rubocop, gdc, nim, fpc with fpc-source-3.2.2, gnat, clojure,
 * scons, tox, pydocstyle and vulture, and the npm registry for pnpm, yarn and knip; fresh19's
 * need Debian's mariadb-server, linux-perf, binutils' gprof, sysstat, logrotate, nmap, csvkit
 * and xmlstarlet, and the npm registry for better-sqlite3's SQLite sources; fresh20's need
 * Debian's python3-django, alembic, texlive-latex-base/-recommended, latexmk, pandoc, gcovr, lcov,
 * protobuf-compiler with libprotobuf-dev, graphviz and zlib1g-dev, and the npm registry for deno,
 * bun, ava and zod; fresh21's need tree, Debian's agate (python3-agate) and
 * python3.11 at /usr/bin, and the npm registry for prettier, pyright, semver, yaml and date-fns;
 * fresh22's need Debian's golang (1.19), mypy and python3-isodate, -babel, -jinja2, -pytz and
 * -markupsafe, curl, and the npm registry for rollup, webpack, eslint 8, typescript, d3 and lodash); fresh23's
 * need clang 14 with clang-tidy, ninja, ripgrep, Debian's pylint, python3-pytest-cov and python3-yaml, Go 1.19,
 * openssl, and the npm registry for typescript, zod and date-fns; fresh24's need Debian's mariadb-server,
 * python3-django, python3-flask, alembic, python3-isort, radon and bandit, Flask in python3, apt's package
 * lists, and the npm registry for webpack, webpack-cli, esbuild, d3, lodash-es and date-fns; fresh25's need
 * valgrind with ms_print and callgrind_annotate, ltrace, strace, gdb, lsof, ansible-core, systemd-analyze,
 * nginx, jq, yq, xmllint, Miller, PHP's CLI with Debian's php-nikic-php-parser, podchecker and Debian 12's
 * /usr/bin/python3; fresh26's need Debian's ruby with ruby-rspec and rake, php-cli, elixir with erlang-nox,
 * ghc, ocaml-nox, r-base-core with r-cran-testthat, lua5.4 with lua-busted, mono-mcs with mono-runtime,
 * golang-go and scala. fresh27's need Debian's golang-go (1.19 sources), openjdk-17-source, ruby with bundler,
 * lua-penlight and lua-argparse (Lua 5.1 modules), liblua5.4-dev, protobuf-compiler with libprotobuf-dev, gettext,
 * golang-github-spf13-viper-dev's sources, the librust-*-dev crates of tokio, clap, serde_json and regex (Debian's
 * crate registry), PyYAML, and the npm registry for yarn 1 and pnpm 8.
 * fresh28's need git and the npm registry for turbo, tsup, tailwindcss, next 14 with
 * eslint-config-next, vite 5 with Vue and Svelte, vue-tsc, svelte-check, @changesets/cli, size-limit, depcheck,
 * publint and tsx (captured with CORPUS_CAPTURE_ROOT=/home/dev/work-fresh28).
 * fresh29's need Debian's gcc 12 and clang 14 with libclang-rt-14-dev (sanitizers), lldb, clang-tools (scan-build),
 * iwyu, ffmpeg, imagemagick, mkdocs, apache2-utils (ab), wrk and iproute2 (captured with
 * CORPUS_CAPTURE_ROOT=/home/dev/work-fresh29).
 * fresh30's need PostgreSQL server binaries and the npm registry for pg, knex, sequelize with sequelize-cli,
 * typeorm, kysely, drizzle-orm with drizzle-kit, graphql with @graphql-codegen/cli, @stoplight/spectral-cli,
 * @redocly/cli, ajv-cli, zod, fastify with pino-pretty, NestJS, aws-cdk with aws-cdk-lib and cdk-nag, and tsx
 * (captured with CORPUS_CAPTURE_ROOT=/home/dev/work-fresh30).
 * fresh32's need Debian's mariadb-server with mariadb-client, redis-server with redis-tools and chromium, and the
 * npm registry for mysql2, ioredis, @playwright/test, karma with karma-jasmine, jasmine-core and
 * karma-chrome-launcher, and lighthouse (captured with CORPUS_CAPTURE_ROOT=/home/dev/work-fresh32). Three public repositories are
 * read from mirrors given as git directories: $HOLMES_REPO (robusta-dev/holmesgpt),
 * $LOGHUB_REPO (logpai/loghub) and $CJSON_REPO (DaveGamble/cJSON).
 *
 * fresh34's need Debian's gcc 12, clang 14, cmake, ninja, ccache, gcc-arm-none-eabi with libnewlib-arm-none-eabi,
 * gcc-avr with avr-libc, zlib1g-dev and python3 (captured with CORPUS_CAPTURE_ROOT=/home/dev/work-fresh34).
 *
 * fresh31's need Debian's python3-pandas, python3-numpy, python3-scipy, python3-matplotlib,
 * jupyter-nbconvert, python3-nbformat, python3-ipykernel, python3-hypothesis, python3-sqlalchemy,
 * python3-openpyxl, python3-pytest, python3-venv and sqlite3 (captured with
 * CORPUS_CAPTURE_ROOT=/home/dev/work-fresh31).
 *
 * fresh33's need OpenJDK 17 (java, javac, jar, jstack, jcmd, jmap, jstat, jfr, javap, jdeps, keytool, jshell) and
 * Debian's ant with ant-optional, junit4, libhamcrest-java and checkstyle (captured with
 * CORPUS_CAPTURE_ROOT=/home/dev/work-fresh33).
 *
 * Each case is written to the case file of that name wherever it already is
 * (bench/corpus/dev/, bench/corpus/blind/), replacing only its `input`, so annotations
 * survive a re-capture; a case with no file yet goes to bench/corpus/captured/ with empty
 * facts. Must-keep strings the new input no longer holds are reported, since clock
 * times, pids and durations change between runs.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { runClaude, writeClaudeJson } from "../../../test/e2e/harness/claude.ts";
import { makeLoggingHook } from "../../../test/e2e/harness/hooks.ts";
import { startMockApi, tool } from "../../../test/e2e/harness/mock-api.ts";
import { PG_PASSWORD, PG_USER, startPostgres } from "../../../test/helpers/postgres.ts";
import { OPEN_SETS } from "../facts/sets.ts";
import { repeatedCases, type Session, sessions } from "./sessions.ts";

const HERE = dirname(fileURLToPath(import.meta.url));
const CORPUS = resolve(HERE, "..");
const PROJECTS = join(HERE, "projects");
/** Fixed so the paths in the inputs are stable between captures. */
const ROOT = process.env.CORPUS_CAPTURE_ROOT ?? "/home/dev/work";
const HOME = join(ROOT, "home");
const FX = join(ROOT, "fx");

const args = process.argv.slice(2);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1]!.split(",") : undefined;
const nested = args.includes("--nested");

if (args.includes("--list")) {
  for (const s of sessions) console.log(`${s.name}: ${s.steps.map((st) => st.case ?? "(setup)").join(" ")}`);
  process.exit(0);
}

function sh(cmd: string, cwd: string, env: NodeJS.ProcessEnv = {}): void {
  const r = spawnSync("bash", ["-c", cmd], { cwd, env: { ...process.env, ...env }, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`failed (${r.status}): ${cmd}`);
}

/** Where a case may stand already: each set's folder (shared lives in ../shared), then new captures'. */
const CASE_DIRS = [...OPEN_SETS.filter((s) => s !== "shared"), "blind", "captured"];

function caseFile(name: string): string {
  for (const dir of CASE_DIRS) {
    const f = join(CORPUS, dir, `${name}.json`);
    if (existsSync(f)) return f;
  }
  mkdirSync(join(CORPUS, "captured"), { recursive: true });
  return join(CORPUS, "captured", `${name}.json`);
}

function saveCase(name: string, input: Record<string, unknown>, s: Session, provenance: string): void {
  const file = caseFile(name);
  const old = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
  const next = {
    kind: old.kind ?? s.steps.find((st) => st.case === name)?.kind ?? "",
    notes: old.notes ?? "",
    must_keep: old.must_keep ?? [],
    should_keep: old.should_keep ?? [],
    provenance,
    input,
  };
  writeFileSync(file, `${JSON.stringify(next, null, 1)}\n`);
  const spill = saveSpill(file, name, input);
  const text = JSON.stringify(input.tool_response) + (spill === undefined ? "" : JSON.stringify(spill));
  const lost = (next.must_keep as string[]).filter((m) => !text.includes(JSON.stringify(m).slice(1, -1)));
  if (lost.length)
    process.stderr.write(`  ${name}: must_keep no longer in the output: ${JSON.stringify(lost)}\n`);
}

/**
 * Claude Code's spill file of a case's output (over 30,000 characters; the input holds its
 * first 30,000 bytes), stored whole beside the case as `spilled/<name>.txt.gz`, where the
 * benches read it (facts/sets.ts): the capture folder does not outlive the machine. Its
 * text, or undefined when the output was not spilled.
 */
function saveSpill(file: string, name: string, input: Record<string, unknown>): string | undefined {
  const path = (input.tool_response as Record<string, unknown> | undefined)?.persistedOutputPath;
  if (typeof path !== "string" || !existsSync(path)) return undefined;
  const raw = readFileSync(path);
  mkdirSync(join(dirname(file), "spilled"), { recursive: true });
  writeFileSync(join(dirname(file), "spilled", `${name}.txt.gz`), gzipSync(raw, { level: 9 }));
  return raw.toString("utf8");
}

/** Serves the data project's API files on loopback, as the service the curl case asks. */
async function startFileServer(dirs: string[]): Promise<{ port: number; close(): void }> {
  const srv = createServer((req, res) => {
    const name = (req.url ?? "/").split("?")[0]!.replace(/\.\.+/g, "");
    const f = dirs.map((d) => join(d, name)).find((x) => existsSync(x));
    if (!f) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(readFileSync(f));
  });
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  return { port: (srv.address() as AddressInfo).port, close: () => srv.close() };
}

async function captureSession(s: Session, env: Record<string, string>): Promise<void> {
  const api = await startMockApi();
  const cwd = join(FX, s.cwd);
  const hookRoot = join(ROOT, "hooks", s.name);
  mkdirSync(hookRoot, { recursive: true });
  const sandbox = {
    root: hookRoot,
    home: HOME,
    project: cwd,
    writeSettings: (settings: unknown) => {
      writeFileSync(join(HOME, ".claude", "settings.json"), `${JSON.stringify(settings, null, 2)}\n`);
      return join(HOME, ".claude", "settings.json");
    },
    writeFile: () => "",
    cleanup: () => {},
  };
  const hook = makeLoggingHook(sandbox, "posttooluse");
  hook.install(["PostToolUse"]);
  writeClaudeJson(HOME, [cwd]);
  const id = (i: number, name?: string) => `toolu_corpus_${String(i).padStart(2, "0")}_${name ?? "setup"}`;
  const fill = (x: unknown): unknown =>
    typeof x === "string"
      ? Object.entries(env)
          .reduce((t, [k, v]) => t.replaceAll(`{{${k}}}`, v), x)
          .replaceAll("{{CWD}}", cwd)
      : Array.isArray(x)
        ? x.map(fill)
        : x && typeof x === "object"
          ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, fill(v)]))
          : x;
  api.script([
    ...s.steps.map((st, i) =>
      tool(st.tool, fill(st.input) as Record<string, unknown>, { id: id(i, st.case?.replace(/-/g, "_")) }),
    ),
    "done.",
  ]);
  const r = await runClaude({
    apiUrl: api.url,
    home: HOME,
    cwd,
    prompt: s.prompt,
    timeoutMs: 20 * 60_000,
    env: {
      ...env,
      ...(s.maxOutput ? { BASH_MAX_OUTPUT_LENGTH: String(s.maxOutput) } : {}),
      ...(s.path ? { PATH: `${join(cwd, s.path)}:${process.env.PATH}` } : {}),
    },
  });
  process.stderr.write(`${s.name}: claude exit ${r.exitCode} in ${r.durationMs} ms\n`);
  const calls = hook.callsOf("PostToolUse");
  s.steps.forEach((st, i) => {
    if (!st.case) return;
    const call = calls.find((c) => c.input.tool_use_id === id(i, st.case!.replace(/-/g, "_")));
    if (!call) {
      process.stderr.write(`  ${st.case}: no PostToolUse (did the command fail?)\n`);
      return;
    }
    saveCase(st.case, call.input, s, st.provenance ?? s.provenance);
  });
  await api.close();
}

async function main(): Promise<void> {
  const repeated = repeatedCases(sessions);
  if (repeated.length > 0) throw new Error(`case names used by more than one step: ${repeated.join(", ")}`);
  const chosen = sessions.filter((s) => !only || only.includes(s.name));
  if (!nested) {
    rmSync(ROOT, { recursive: true, force: true });
    mkdirSync(join(HOME, ".claude"), { recursive: true });
    mkdirSync(FX, { recursive: true });
  }
  const env: Record<string, string> = {
    // Toolchains installed under root's home keep working under the session's HOME.
    RUSTUP_HOME: process.env.RUSTUP_HOME ?? "/root/.rustup",
    CARGO_HOME: process.env.CARGO_HOME ?? "/root/.cargo",
    PYENV_ROOT: process.env.PYENV_ROOT ?? "/root/.pyenv",
    MAVEN_OPTS: `-Dmaven.repo.local=${process.env.MAVEN_REPO ?? "/root/.m2/repository"}`,
    HOLMES_REPO: process.env.HOLMES_REPO ?? "/work/.mirror/robusta-dev+holmesgpt/repo",
    LOGHUB_REPO: process.env.LOGHUB_REPO ?? "/work/.mirror/logpai+loghub/repo",
    CJSON_REPO: process.env.CJSON_REPO ?? "/work/.mirror/DaveGamble+cJSON/repo",
  };
  const needsPg = chosen.some((s) => s.postgres);
  const pg = needsPg && !nested ? await startPostgres() : undefined;
  if (pg)
    Object.assign(env, {
      PGHOST: "127.0.0.1",
      PGPORT: String(pg.port),
      PGUSER: PG_USER,
      PGPASSWORD: PG_PASSWORD,
      PGDATABASE: "shop",
    });
  if (pg) pg.psql("CREATE DATABASE shop");
  const files = await startFileServer([
    join(FX, "data-api", "datasets", "api"),
    join(FX, "fresh5", "data", "api"),
    join(FX, "fresh6", "data", "api"),
    join(FX, "fresh7", "data", "api"),
    join(FX, "fresh9", "data", "api"),
    join(FX, "fresh10", "data", "api"),
  ]);
  env.API_PORT = String(files.port);
  try {
    if (!nested) {
      const setups = [...new Set(chosen.map((s) => s.setup))];
      for (const setup of setups) {
        const dir = join(FX, setup);
        mkdirSync(dir, { recursive: true });
        process.stderr.write(`setup ${setup}\n`);
        sh(`bash ${join(PROJECTS, `${setup}.sh`)} ${dir}`, dir, env);
      }
    }
    for (const s of chosen) {
      if (s.pidNamespace && !nested) {
        // A PID namespace of its own, so ps lists only this session's processes.
        const r = spawnSync(
          "unshare",
          [
            "--pid",
            "--fork",
            "--mount-proc",
            process.execPath,
            fileURLToPath(import.meta.url),
            "--nested",
            "--only",
            s.name,
          ],
          { stdio: "inherit", env: { ...process.env, ...env } },
        );
        if (r.status !== 0) throw new Error(`session ${s.name} failed in its PID namespace`);
        continue;
      }
      await captureSession(s, env);
    }
  } finally {
    files.close();
    pg?.destroy();
  }
}

await main();
