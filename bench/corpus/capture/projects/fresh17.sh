#!/usr/bin/env bash
# The fresh17 set (bench/corpus/fresh17/): a seventeenth held-out round on docs, data, JS build
# and less common language tools no earlier set holds (sphinx-build, doxygen, pandoc, miller,
# datamash, sass, vite, vitest, c8, tsc --build, gfortran, shfmt, bats). Projects of a harbour
# authority's web team (Harbourmaster): Sphinx docs of Debian's PyYAML, Doxygen over zlib's and
# CPython's headers, the IEEE OUI registry CSV of Debian's ieee-data, a web app on Bootstrap's
# SCSS and js-yaml / ajv from npm, numpy's f2py Fortran test sources, and Debian's own shell
# scripts from /usr/bin.
set -euo pipefail
ROOT="$1"
REPO="$(cd "$(dirname "$0")/../../../.." && pwd)"
PYINC=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])')

# --- docs: Sphinx over PyYAML (nitpicky references, a missing toctree entry), Doxygen, pandoc
rm -rf "$ROOT/docs" && mkdir -p "$ROOT/docs/source" && cd "$ROOT/docs"
cat > source/conf.py <<'PY'
project = "Harbourmaster manifests"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon"]
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}
html_theme = "alabaster"
PY
{ printf 'Harbourmaster manifests\n=======================\n\n.. toctree::\n   :maxdepth: 2\n\n   loader\n   berths\n   tides\n\nSee :ref:`manifest-format` and :doc:`changelog`.\n'; } > source/index.rst
{ printf 'Loader\n======\n\n'; for m in constructor scanner parser composer reader resolver representer emitter serializer; do printf '.. automodule:: yaml.%s\n\n' $m; done; printf '.. automodule:: yaml.berths\n'; } > source/loader.rst
printf 'Berths\n======\n\nBerth ids are read by :func:`yaml.safe_load` and :class:`yaml.BerthLoader`.\n\n.. code-block:: yaml\n\n   berth: B012\n    pilot: [Ines\n' > source/berths.rst
# the template engine's API, nitpicky: its type hints name classes no inventory holds
mkdir -p source-api && cp source/conf.py source-api/
{ printf 'Templates\n=========\n\n'; for m in environment loaders runtime filters; do printf '.. automodule:: jinja2.%s\n\n' $m; done; } > source-api/index.rst
cp /usr/include/zlib.h /usr/include/zconf.h . 2>/dev/null || true
mkdir -p cpython && cp "$PYINC"/cpython/*.h cpython/
cat > Doxyfile <<'DX'
PROJECT_NAME = harbour-native
INPUT = cpython
FILE_PATTERNS = *.h
QUIET = YES
EXTRACT_ALL = NO
WARN_IF_UNDOCUMENTED = YES
GENERATE_LATEX = NO
OUTPUT_DIRECTORY = build/doxygen
DX
sed -e 's/^INPUT = cpython/INPUT = zlib.h zconf.h/' -e '$a WARN_NO_PARAMDOC = YES' Doxyfile > Doxyfile.zlib
for p in ajv js-yaml vite; do cp "$REPO/node_modules/$p/README.md" "$p.md" 2>/dev/null || true; done

# --- data: the IEEE OUI registry, and an export with a hand-edited row
rm -rf "$ROOT/data" && mkdir -p "$ROOT/data" && cd "$ROOT/data"
cp /usr/share/ieee-data/oui.csv /usr/share/ieee-data/mam.csv /usr/share/ieee-data/iab.csv .
python3 - <<'PY'
import csv
rows = list(csv.reader(open("oui.csv", newline="", encoding="utf-8")))
with open("vendors-export.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    for i, r in enumerate(rows[:4000]):
        if i == 2871: r = r + ["reviewed"]  # someone added a column to one row
        w.writerow(r)
PY

# --- web: Bootstrap's SCSS with a theme, a vite app, vitest and c8 over js-yaml
mkdir -p "$ROOT/web" && cd "$ROOT/web"
if [ ! -x node_modules/.bin/vite ]; then
  printf '{"name":"harbour-web","version":"2.3.0","private":true,"type":"module"}\n' > package.json
  npm install --no-audit --no-fund --loglevel=error sass@1.77.8 bootstrap@5.3.3 vite@5.4.10 vitest@2.1.4 c8@10.1.2 js-yaml@4.1.0 ajv@8.17.1 typescript@5.6.3 >/dev/null
fi
rm -rf scss src test dist app packages && mkdir -p scss src test
cat > scss/theme.scss <<'S'
$primary: #0b3d91;
$harbour-sea: #1f6f8b;
@import "bootstrap/scss/bootstrap";
.berth-card { border-color: $harbour-sea; background: tint-color($harbour-sea, 80%); }
.tide-high { color: $harbour-tide; }
S
sed -e '/harbour-tide/d' scss/theme.scss > scss/print.scss
# the app: js-yaml and ajv in the browser, one import that does not exist
mkdir -p app && cat > app/index.html <<'H'
<!doctype html><html><head><title>Harbourmaster</title></head><body><div id="app"></div><script type="module" src="./main.js"></script></body></html>
H
cat > app/main.js <<'J'
import { load, safeLoad } from "js-yaml";
import Ajv from "ajv";
import "bootstrap/dist/css/bootstrap.css";
import * as bootstrap from "bootstrap";
const ajv = new Ajv();
const manifest = (safeLoad ?? load)(document.querySelector("#manifest")?.textContent ?? "berths: []");
document.querySelector("#app").textContent = JSON.stringify({ ok: ajv.validate({ type: "object" }, manifest), bootstrap: !!bootstrap });
J
# js-yaml's own sources, tested with vitest and covered by c8
cp -r node_modules/js-yaml src/js-yaml
cat > test/manifest.test.js <<'J'
import { describe, expect, it } from "vitest";
import yaml from "../src/js-yaml/index.js";
describe("manifest loading", () => {
  it("reads berth ids as strings", () => expect(yaml.load("berth: B012").berth).toBe("B012"));
  it("keeps leading zeros", () => expect(yaml.load("berth: 012").berth).toBe("012"));
  it("reads octal-looking pilot numbers", () => expect(yaml.load("pilot: 0o17").pilot).toBe(15));
  it("reads tide times", () => expect(yaml.load("high: 12:30").high).toBe("12:30"));
  it("rejects tabs", () => expect(() => yaml.load("a:\n\tb: 1")).toThrow(/tab/));
  it("dumps berths in order", () => expect(yaml.dump({ b: 1, a: 2 })).toBe("a: 2\nb: 1\n"));
  it("loads anchors", () => expect(yaml.load("a: &x 1\nb: *x").b).toBe(1));
  it("loads the vessel list", () => expect(yaml.load("- Aurora\n- Boreas").length).toBe(2));
});
describe("schedule dates", () => {
  it("reads dates as Date", () => expect(yaml.load("d: 2026-04-01").d).toBeInstanceOf(Date));
  it("reads times in UTC", () => expect(yaml.load("d: 2026-04-01T10:00:00+02:00").d.getUTCHours()).toBe(10));
  it("keeps null berths", () => expect(yaml.load("berth: ~").berth).toBeNull());
});
J
cat > test/roundtrip.node.js <<'J'
import { test } from "node:test";
import assert from "node:assert/strict";
import yaml from "../src/js-yaml/index.js";
test("load and dump round trip", () => assert.deepEqual(yaml.load(yaml.dump({ a: [1, 2], b: "x" })), { a: [1, 2], b: "x" }));
test("json schema", () => assert.equal(yaml.load("a: yes", { schema: yaml.JSON_SCHEMA }).a, "yes"));
J
# a second page whose import names a file that is not there
mkdir -p app-tides && cp app/index.html app-tides/ && cat > app-tides/main.js <<'J'
import { load } from "js-yaml";
import { tideTable } from "./tides.js";
import Tooltip from "bootstrap/js/dist/tooltip";
document.querySelector("#app").textContent = JSON.stringify(load(tideTable), null, 1) + String(!!Tooltip);
J
# tsc --build over ajv's TypeScript sources as a referenced project, with a stricter client
mkdir -p packages/validator packages/client/src
cp -r "$REPO/node_modules/ajv/lib" packages/validator/lib
cat > packages/validator/tsconfig.json <<'T'
{ "compilerOptions": { "composite": true, "target": "es2018", "module": "commonjs", "moduleResolution": "node", "strict": true,
  "noUncheckedIndexedAccess": true, "exactOptionalPropertyTypes": true, "noImplicitOverride": true, "resolveJsonModule": true,
  "outDir": "dist", "rootDir": "lib", "types": [], "typeRoots": ["../../node_modules/@types"] }, "include": ["lib"] }
T
cat > packages/client/tsconfig.json <<'T'
{ "compilerOptions": { "composite": true, "target": "es2018", "module": "commonjs", "strict": true, "outDir": "dist", "rootDir": "src" },
  "references": [{ "path": "../validator" }], "include": ["src"] }
T
cat > packages/client/src/index.ts <<'T'
import Ajv from "../../validator/lib/ajv"
export const validateBerth = new Ajv().compile({ type: "string", pattern: "^B[0-9]{3}$" })
T
printf '{ "files": [], "references": [{ "path": "packages/validator" }, { "path": "packages/client" }] }\n' > tsconfig.json

# --- lang: numpy's f2py Fortran test sources; Debian's shell scripts; bats tests of them
rm -rf "$ROOT/lang" && mkdir -p "$ROOT/lang/fortran" "$ROOT/lang/scripts" && cd "$ROOT/lang"
F2PY=$(python3 -c 'import numpy.f2py, os; print(os.path.dirname(numpy.f2py.__file__))')/tests/src
find "$F2PY" -name '*.f90' | sort | while read -r f; do cp "$f" "fortran/$(echo "${f#$F2PY/}" | tr / _)"; done
for f in /usr/bin/*; do
  case "$(file -b "$f")" in *"shell script"*) [ "$(wc -c < "$f")" -lt 20000 ] && cp "$f" scripts/ ;; esac
done
mkdir -p test && cat > test/scripts.bats <<'B'
setup() { cd "$BATS_TEST_DIRNAME/.."; }
@test "which finds sh" { run scripts/which sh; [ "$status" -eq 0 ]; [[ "$output" == */sh ]]; }
@test "which fails on a missing tool" { run scripts/which harbour-no-such-tool; [ "$status" -eq 1 ]; }
@test "zcat reads a gzip file" { printf 'berth B012\n' | gzip > "$BATS_TMPDIR/b.gz"; run scripts/zcat "$BATS_TMPDIR/b.gz"; [ "$output" = "berth B012" ]; }
@test "zgrep finds a berth" { run scripts/zgrep B012 "$BATS_TMPDIR/b.gz"; [ "$status" -eq 0 ]; }
@test "zgrep counts two berths" { run scripts/zgrep -c B0 "$BATS_TMPDIR/b.gz"; [ "$output" = "2" ]; }
@test "gunzip -t passes" { run scripts/gunzip -t "$BATS_TMPDIR/b.gz"; [ "$status" -eq 0 ]; }
@test "zdiff of equal files is empty" { run scripts/zdiff "$BATS_TMPDIR/b.gz" "$BATS_TMPDIR/b.gz"; [ -z "$output" ]; }
@test "zmore prints the berth" { run scripts/zmore "$BATS_TMPDIR/b.gz"; [[ "$output" == *"B013"* ]]; }
@test "uncompress of a plain file fails" { echo x > "$BATS_TMPDIR/plain"; run scripts/uncompress "$BATS_TMPDIR/plain"; [ "$status" -eq 0 ]; }
@test "znew is executable" { [ -x scripts/znew ]; }
@test "savelog keeps versions" { skip "needs a log directory"; }
B
