/**
 * npm install (with deprecation warnings, and at --loglevel=http) and npm ls on a real
 * installed tree, clean and with an invalid, an extraneous and a missing (UNMET)
 * dependency. Facts for npm ls come from `npm ls --json`; for npm install, from its log
 * levels and its summary line.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bashEntry, type CorpusEntry, freshDir, must, sh, TOOLS, write } from "./gen-support.ts";
import { levelLineFacts, npmLsFacts, summaryLineFacts } from "./oracle.ts";

export function npmEntries(): CorpusEntry[] {
  const entries: CorpusEntry[] = [];
  const installs = [
    ["request@2", ""],
    ["express@4", " --loglevel=http"],
    ["eslint@8", " --loglevel=http"],
    ["webpack@5", " --loglevel=http"],
  ] as const;
  installs.forEach(([pkg, flags], i) => {
    const dir = freshDir("npm-install", String(i));
    write(join(dir, "package.json"), JSON.stringify({ name: `inst-${i}`, version: "1.0.0", private: true }));
    const cmd = `npm install --no-audit --no-fund${flags} ${pkg}`;
    const ran = sh(cmd, dir);
    const text = `${ran.stdout}\n${ran.stderr}`;
    const facts = [
      ...levelLineFacts(text),
      ...summaryLineFacts(text, /^(added|removed|changed|up to date)\b/),
    ];
    entries.push(bashEntry(`npm-install/${i}`, "npm", cmd, ran, facts));
  });

  // npm ls on a copy of the generation tools' tree (typescript, jest and their dependencies).
  const dir = freshDir("npm-ls");
  must(`cp -r '${TOOLS}/node_modules' '${TOOLS}/package.json' '${TOOLS}/package-lock.json' .`, dir);
  const pkgPath = join(dir, "package.json");
  const pkg = JSON.parse(readFileSync(pkgPath, "utf8")) as { dependencies: Record<string, string> };
  const steps: [string, () => void][] = [
    ["clean", () => {}],
    [
      "invalid",
      () => {
        const p = join(dir, "node_modules/chalk/package.json");
        write(p, readFileSync(p, "utf8").replace(/"version": "[^"]+"/, '"version": "1.0.0"'));
      },
    ],
    [
      "extraneous",
      () =>
        write(
          join(dir, "node_modules/left-pad-legacy/package.json"),
          '{"name":"left-pad-legacy","version":"0.0.9"}',
        ),
    ],
    [
      "unmet",
      () => {
        pkg.dependencies["not-installed-pkg"] = "^1.2.0";
        write(pkgPath, JSON.stringify(pkg, null, 2));
      },
    ],
  ];
  for (const [name, tamper] of steps) {
    tamper();
    for (const all of [false, true]) {
      const cmd = `npm ls${all ? " --all" : ""}`;
      const ran = sh(cmd, dir);
      const tree = JSON.parse(sh(`npm ls --json${all ? " --all" : ""}`, dir).stdout);
      entries.push(bashEntry(`npm-ls/${name}${all ? "-all" : ""}`, "npm-ls", cmd, ran, npmLsFacts(tree)));
    }
  }
  return entries;
}
