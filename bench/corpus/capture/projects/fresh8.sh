#!/usr/bin/env bash
# The fresh8 set (bench/corpus/fresh8/): a seventh held-out round on tools and shapes no part
# had: Go (go test -v and -json, go build, go vet, the race detector, a panic with every
# goroutine), mypy, pylint and flake8 on a Python package, cppcheck, clang-tidy and clang
# -Weverything on C, a Ruby minitest suite, a PHP job dying on an uncaught exception, npm
# audit and outdated on an old lockfile; a Redis server (INFO, MONITOR), nginx -T, ss, a
# kernel ring buffer, a journal-style log, an Apache access log, git rebase and cherry-pick
# conflicts, and a Read of a large Go file. Each fixture hides a few real failures in noise.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$1"
bash "$HERE/fresh8-go.sh" "$ROOT/go"
bash "$HERE/fresh8-py.sh" "$ROOT/py"
bash "$HERE/fresh8-native.sh" "$ROOT/native"
bash "$HERE/fresh8-misc.sh" "$ROOT"
