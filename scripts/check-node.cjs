// npm's preinstall: an installed cairn needs Node.js 22.13+ (node:sqlite; the number's
// home is src/core/node-min.ts, which test/unit/core/node-min.test.ts holds this to). One
// line and a failed install on an older node, instead of a CLI that cannot run; not
// package.json's engines, which would print npm's EBADENGINE block ahead of it. Plain
// CommonJS and old syntax, so any node can run it; a clone's own `npm ci` (not under
// node_modules/) is let through, since its devDependencies bring Node 24.
var MIN = [22, 13];
var v = process.versions.node.split(".").map(Number);
var installed = /[\\/]node_modules[\\/]/.test(process.cwd());
if (installed && (v[0] < MIN[0] || (v[0] === MIN[0] && v[1] < MIN[1]))) {
  console.error(
    "cairn needs Node.js " +
      MIN.join(".") +
      " or newer; this is Node " +
      process.version +
      ". Install a newer Node (https://nodejs.org), then install cairn again.",
  );
  process.exit(1);
}
