// npm's preinstall: an installed cairn needs Node.js 22.13+ (node:sqlite). One line and a
// failed install on an older node, instead of a CLI that cannot run. Plain CommonJS and
// old syntax, so any node can run it; a clone's own `npm ci` (not under node_modules/)
// is let through, since its devDependencies bring Node 24.
var v = process.versions.node.split(".").map(Number);
var installed = /[\\/]node_modules[\\/]/.test(process.cwd());
if (installed && (v[0] < 22 || (v[0] === 22 && v[1] < 13))) {
  console.error(
    "cairn needs Node.js 22.13 or newer; this is Node " +
      process.version +
      ". Install a newer Node (https://nodejs.org), then install cairn again.",
  );
  process.exit(1);
}
