import { readFileSync } from "node:fs";
import { loadConfig } from "../config/load.ts";
import { resolveConfig } from "../config/resolve.ts";
import { createLogger } from "../core/log.ts";
import { cairnPaths } from "../core/paths.ts";
import { writeStdout } from "../core/stdout.ts";
import { observerFor } from "../observe/observer.ts";
import { openStore } from "../store/db.ts";
import { readMeta, removeRunFiles, runFiles } from "./spool.ts";

/**
 * `cairn run --id ID EXIT_STATUS`, called by the wrapper that PreToolUse installed,
 * after the command finished. It prints the command's output as it was when small,
 * else files the original and prints the excerpt. Whatever fails, the output itself
 * is printed: the runner may shorten output, never lose it.
 */
export async function runRunner(argv: string[]): Promise<number> {
  const idAt = argv.indexOf("--id");
  const id = idAt >= 0 ? argv[idAt + 1] : undefined;
  const status = argv.find((a, i) => i !== idAt + 1 && /^\d+$/.test(a));
  if (!id) {
    process.stderr.write("Usage: cairn run --id ID [EXIT_STATUS]   (used by cairn's Bash wrapper)\n");
    return 2;
  }
  const paths = cairnPaths();
  const files = runFiles(paths, id);
  let output: Buffer;
  try {
    output = readFileSync(files.spoolFile);
  } catch {
    return 0; // nothing was captured (the spool could not be created): nothing to print
  }
  const meta = readMeta(files);
  const projectDir = meta?.projectDir ?? process.env.CLAUDE_PROJECT_DIR ?? process.cwd();
  let resolved = resolveConfig([]);
  try {
    resolved = await loadConfig(paths, projectDir);
  } catch {
    // Defaults it is.
  }
  const config = resolved.config;
  const log = createLogger(paths, config["log.level"]);
  try {
    if (!meta || output.length < config["compress.min_bytes"]) {
      writeStdout(output);
      return 0;
    }
    const text = output.toString("utf8");
    const [{ fileOutput }, { compressText }] = await Promise.all([
      import("../compress/filing.ts"),
      import("../compress/index.ts"),
    ]);
    const store = await openStore(paths.db);
    try {
      const filed = await fileOutput(
        store,
        config,
        {
          text,
          hints: {
            tool: "Bash",
            command: meta.command,
            ...(status !== undefined ? { exitCode: Number(status) } : {}),
          },
          label: meta.command,
          sessionId: meta.sessionId,
          toolUseId: meta.toolUseId,
          onObserverError: (err) =>
            log.warn("observer failed; showing the excerpt", { session: meta.sessionId, err }),
        },
        compressText,
        Date.now(),
        observerFor(config, process.env),
      );
      writeStdout(Buffer.from(`${filed.shown}\n`));
    } finally {
      store.close();
    }
    return 0;
  } catch (err) {
    log.error("runner could not file the output; printed it whole", { session: meta?.sessionId, err });
    writeStdout(output);
    return 0;
  } finally {
    removeRunFiles(files);
  }
}
