// npm's preinstall: an installed cairn needs the Node.js package.json's engines names
// (node:sqlite; src/core/node-min.ts is the number's home). One line and a failed install
// on an older node, instead of a CLI that cannot run. Plain CommonJS and old syntax, so
// any node can run it; a clone's own `npm ci` (not under node_modules/) is let through,
// since its devDependencies bring Node 24.
var min = require("../package.json").engines.node.replace(/^>=/, "");
var want = min.split(".").map(Number);
var v = process.versions.node.split(".").map(Number);
var installed = /[\\/]node_modules[\\/]/.test(process.cwd());
if (installed && (v[0] < want[0] || (v[0] === want[0] && v[1] < want[1]))) {
  console.error(
    "cairn needs Node.js " +
      min +
      " or newer; this is Node " +
      process.version +
      ". Install a newer Node (https://nodejs.org), then install cairn again.",
  );
  process.exit(1);
}
