/**
 * The oldest Node.js cairn runs on: the first 22.x with node:sqlite unflagged. This is
 * the number's one home: src/main.ts refuses an older node, doctor checks for it and the
 * build targets it. What cannot import it carries it as text, held equal to it by
 * test/unit/core/node-min.test.ts: npm's preinstall (scripts/check-node.cjs, which any
 * old node must run), the launcher's message (bin/cairn) and the README. package.json
 * has no engines on purpose: npm would print its EBADENGINE block before the one line
 * the preinstall says.
 */
export const MIN_NODE = { major: 22, minor: 13 } as const;

/** "22.13", as messages print it. */
export const MIN_NODE_TEXT = `${MIN_NODE.major}.${MIN_NODE.minor}`;

/** Whether a version ("v24.1.0", "22.13.0") is new enough. */
export function nodeVersionOk(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  return major > MIN_NODE.major || (major === MIN_NODE.major && minor >= MIN_NODE.minor);
}
