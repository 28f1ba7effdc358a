#!/usr/bin/env bash
# The fresh9 set (bench/corpus/fresh9/): an eighth held-out round on the blind part's tools,
# most outputs 8-30 KB and several over 30 KB. It builds the web shop again under fx/fresh9/
# (its script, run as it is) and adds: a Rust settlement workspace (tests with three kinds of
# failure among hundreds, a crate with warnings around two errors, a batch that panics with a
# backtrace); C for the analyzer, valgrind and gdb (threads); a Java importer crashing after
# progress lines; a Python package for unittest and a worker crashing after a log; deploy
# scripts for shellcheck and Helm-like values for yamllint; a web folder for eslint, biome,
# stylelint, mocha (spec) and jest; a telemetry API page (pretty JSON), a stock CSV, NDJSON
# and plain application logs, a YAML config, a syslog; PostgreSQL billing and an SQLite jobs
# database; a tree for du and find; holmesgpt's history for git; kubectl replays not used
# before.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$1"
mkdir -p "$ROOT/web-shop"; bash "$HERE/web-shop.sh" "$ROOT/web-shop"
bash "$HERE/fresh9-build.sh" "$ROOT"
bash "$HERE/fresh9-data.sh" "$ROOT"
