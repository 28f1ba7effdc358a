#!/usr/bin/env bash
# The fresh22 set (bench/corpus/fresh22/): everyday agent commands in shapes no earlier set holds
# (rollup with circular and missing imports, webpack's size warnings, eslint 8's unix and compact
# formats, ls -la of a big folder, pytest -v -rA over parametrized tests, mypy --pretty over several
# packages, pip install from a local wheelhouse that cannot resolve, go test -v -race -cover on
# copies of Go's own packages, go test -bench, git log --stat / --name-status, git status of a
# worktree in mid-change, git blame --porcelain, awk and grep over loghub's OpenSSH and Zookeeper
# logs, curl -v -L of a local server, make -k -j2 of a C and Go build). Projects of a public
# library's catalogue team (Shelfmark): a web part over npm's d3 and lodash-es; a Python part
# over Debian's isodate, babel and jinja2; Go copies of encoding/csv, text/tabwriter and
# container/list; a clone of holmesgpt for the git shapes; loghub logs.
set -euo pipefail
ROOT="$1"
PART="${2:-all}"
want() { [ "$PART" = all ] || [ "$PART" = "$1" ]; }

# --- web: the catalogue's charts (d3) and helpers (lodash-es), bundled by rollup and webpack
if want web; then
rm -rf "$ROOT/web" && mkdir -p "$ROOT/web" && cd "$ROOT/web"
cat > package.json <<'JSON'
{ "name": "shelfmark-web", "version": "3.1.0", "private": true, "type": "module" }
JSON
npm install --no-audit --no-fund --loglevel=error rollup@4.68.0 @rollup/plugin-node-resolve@16.0.3 \
  webpack@5.99.9 webpack-cli@6.0.1 eslint@8.57.1 typescript@5.9.3 d3@7.9.0 lodash-es@4.17.21 lodash@4.17.21 >/dev/null
mkdir -p src vendor
mkdir -p vendor/d3
for m in array scale shape time-format interpolate; do cp node_modules/d3-$m/dist/d3-$m.mjs vendor/d3/; done
cp -r node_modules/lodash-es vendor/lodash-es && rm -f vendor/lodash-es/package.json
cat > src/loans-chart.js <<'JS'
import { scaleLinear, scaleTime } from "d3-scale";
import { interpolateRgb } from "d3-interpolate";
import { select } from "d3-selection";
import { groupBy, sortBy } from "lodash-es";
import { branchColours } from "./branch-colours.js";
import { fetchLoans } from "@shelfmark/api-client";

export async function drawLoans(el, from, to) {
  const loans = await fetchLoans({ from, to });
  const byBranch = groupBy(sortBy(loans, "due"), "branch");
  const x = scaleTime().domain([from, to]).range([0, 640]);
  const y = scaleLinear().domain([0, 400]).range([240, 0]);
  const colour = interpolateRgb(branchColours.low, branchColours.high);
  const svg = select(el).append("svg");
  for (const [branch, rows] of Object.entries(byBranch)) {
    svg.append("path").attr("d", rows.map((r) => `${x(r.due)},${y(r.count)}`).join("L")).attr("stroke", colour(rows.length / 400));
  }
  return svg;
}
JS
cat > src/branch-colours.js <<'JS'
import { drawLoans } from "./loans-chart.js";

export const branchColours = { low: "#d8e2dc", high: "#2d6a4f" };
export const redraw = (el) => drawLoans(el, new Date(2026, 0, 1), new Date());
JS
cat > src/overdue.js <<'JS'
import { scaleLinear } from "d3-scale";
import { scaleLinearr, scaleQuantize } from "d3-scale";
import { debounce } from "lodash-es";

export const fine = scaleLinear().domain([0, 30]).range([0, 12]);
export const band = scaleQuantize().domain([0, 60]).range(["ok", "late", "very-late"]);
export const refresh = debounce(() => scaleLinearr(), 250);
JS
cat > rollup.config.js <<'JS'
import { nodeResolve } from "@rollup/plugin-node-resolve";

export default [
  { input: "src/loans-chart.js", output: { file: "dist/loans-chart.js", format: "es" }, plugins: [nodeResolve()] },
  { input: "src/overdue.js", output: { file: "dist/overdue.js", format: "es" }, plugins: [nodeResolve()] },
];
JS
cat > src/catalogue.js <<'JS'
import * as d3 from "d3";
import _ from "lodash";
import { renderShelf } from "./shelf-view";
import "./styles/catalogue.css";

export function summary(items) {
  const byFormat = _.countBy(items, "format");
  const years = d3.extent(items, (d) => d.year);
  return { byFormat, years, shelf: renderShelf(items) };
}
JS
cat > src/admin.js <<'JS'
import _ from "lodash";
import * as d3 from "d3";
import moment from "moment";

export const since = (d) => moment(d).fromNow();
export const stats = (xs) => ({ mean: d3.mean(xs), groups: _.chunk(xs, 10) });
JS
cat > webpack.config.cjs <<'JS'
const path = require("path");
module.exports = {
  mode: "production",
  entry: { catalogue: "./src/catalogue.js", admin: "./src/admin.js", chart: "./src/loans-chart.js" },
  output: { path: path.resolve(__dirname, "build"), filename: "[name].[contenthash:8].js" },
  resolve: { alias: { "@shelfmark/api-client": path.resolve(__dirname, "src/api-client.js") } },
};
JS
cat > .eslintrc.json <<'JSON'
{
  "root": true,
  "env": { "browser": true, "es2022": true },
  "parserOptions": { "ecmaVersion": 2022, "sourceType": "module" },
  "extends": "eslint:recommended",
  "rules": {
    "eqeqeq": "error", "curly": "error", "no-param-reassign": "warn", "prefer-const": "error",
    "no-var": "error", "no-nested-ternary": "warn", "max-params": ["warn", 3], "no-void": "error",
    "prefer-rest-params": "error", "no-plusplus": "warn", "no-sequences": "error"
  }
}
JSON
fi

# --- py: the catalogue's date and locale helpers over Debian's isodate, babel and jinja2
if want py; then
rm -rf "$ROOT/py" && mkdir -p "$ROOT/py" && cd "$ROOT/py"
mkdir -p vendor shelfmark tests wheelhouse
for p in isodate babel jinja2 pytz markupsafe; do cp -r /usr/lib/python3/dist-packages/$p vendor/$p; done
find vendor -name __pycache__ -prune -exec rm -rf {} + ; rm -rf vendor/isodate/tests
# someone "fixed" week dates and negative durations in the vendored isodate
python3 - <<'PY'
p = "vendor/isodate/isoduration.py"
s = open(p).read()
s = s.replace("if groups[\"sign\"] == '-':", "if groups[\"sign\"] == '+':", 1)
open(p, "w").write(s)
p = "vendor/isodate/isodates.py"
s = open(p).read()
assert "days = int(groups['day'] or 1)" in s
s = s.replace("days = int(groups['day'] or 1)", "days = int(groups['day'] or 1) % 7", 1)
open(p, "w").write(s)
PY
cat > pytest.ini <<'INI'
[pytest]
pythonpath = vendor .
testpaths = tests
INI
cat > shelfmark/__init__.py <<'PY'
PY
cat > shelfmark/loans.py <<'PY'
"""Loan periods and fines for the catalogue."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Iterable, Optional

import isodate
from babel.dates import format_date, format_timedelta
from jinja2 import Environment


@dataclass
class Loan:
    barcode: str
    borrowed: date
    period: str  # ISO 8601 duration, e.g. P3W
    renewals: int = 0


def due(loan: Loan) -> date:
    return loan.borrowed + isodate.parse_duration(loan.period) * (loan.renewals + 1)


def overdue_days(loan: Loan, today: date) -> int:
    return (today - due(loan)).days


def fine(loan: Loan, today: date, per_day: Decimal = Decimal("0.25"), cap: Decimal = "8.00") -> Decimal:
    days = max(0, overdue_days(loan, today))
    return min(per_day * days, cap)


def notice(loan: Loan, today: date, locale: str = "en_GB") -> str:
    env = Environment(autoescape=True)
    tpl = env.from_string("Item {{ barcode }} was due {{ due }} ({{ late }} ago). Fine: {{ fine }}")
    late: timedelta = today - due(loan)
    return tpl.render(barcode=loan.barcode, due=format_date(due(loan), locale=locale),
                      late=format_timedelta(late, locale=locale), fine=fine(loan, today))


def worst(loans: Iterable[Loan], today: date) -> Optional[Loan]:
    return max(loans, key=lambda l: overdue_days(l, today), default=None)


def parse_stamp(s: str) -> datetime:
    d: date = isodate.parse_date(s)
    return d
PY
cat > tests/test_periods.py <<'PY'
from datetime import date, timedelta

import isodate
import pytest

from shelfmark.loans import Loan, due, fine, overdue_days


@pytest.mark.parametrize(
    "period, expected",
    [
        ("P3W", timedelta(weeks=3)),
        ("P14D", timedelta(days=14)),
        ("PT36H", timedelta(hours=36)),
        ("-P7D", timedelta(days=-7)),
        ("-PT90M", timedelta(minutes=-90)),
        ("P1DT12H", timedelta(days=1, hours=12)),
        ("+P2D", timedelta(days=2)),
        ("P0.5D", timedelta(hours=12)),
    ],
)
def test_loan_period(period, expected):
    assert isodate.parse_duration(period) == expected


@pytest.mark.parametrize(
    "stamp, expected",
    [
        ("2026-W01-1", date(2025, 12, 29)),
        ("2026-W10-5", date(2026, 3, 6)),
        ("2026-W53-7", date(2027, 1, 3)),
        ("2026-11-30", date(2026, 11, 30)),
        ("2026-334", date(2026, 11, 30)),
        ("2026W482", date(2026, 11, 24)),
    ],
)
def test_week_dates(stamp, expected):
    assert isodate.parse_date(stamp) == expected


@pytest.mark.parametrize(
    "borrowed, period, renewals, today, days",
    [
        (date(2026, 11, 1), "P3W", 0, date(2026, 11, 30), 8),
        (date(2026, 11, 1), "P3W", 1, date(2026, 11, 30), -13),
        (date(2026, 10, 1), "P1M", 0, date(2026, 11, 30), 30),
        (date(2026, 1, 31), "P1M", 0, date(2026, 3, 1), 1),
        (date(2026, 11, 20), "P14D", 2, date(2026, 11, 30), -32),
    ],
    ids=["three-weeks", "renewed-once", "one-month", "end-of-january", "renewed-twice"],
)
def test_overdue_days(borrowed, period, renewals, today, days):
    assert overdue_days(Loan("31234000123456", borrowed, period, renewals), today) == days


@pytest.mark.parametrize("days_late, expected", [(0, "0"), (4, "1.00"), (40, "8.00"), (-3, "0")])
def test_fine_is_capped(days_late, expected):
    from decimal import Decimal

    loan = Loan("31234000999999", date(2026, 11, 1), "P14D")
    today = due(loan) + timedelta(days=days_late)
    assert fine(loan, today) == Decimal(expected)


def test_duration_round_trip():
    d = isodate.parse_duration("P1Y2M3DT4H5M6S")
    assert isodate.duration_isoformat(d) == "P1Y2M3DT4H5M6S"


def test_negative_duration_formats():
    assert isodate.duration_isoformat(timedelta(days=-3)) == "-P3D"
PY
cat > tests/test_notices.py <<'PY'
from datetime import date

import pytest

from shelfmark.loans import Loan, notice


@pytest.mark.parametrize("locale", ["en_GB", "de_DE", "fr_FR", "cy_GB"])
def test_notice_mentions_barcode(locale):
    loan = Loan("31234000123456", date(2026, 11, 1), "P14D")
    text = notice(loan, date(2026, 11, 30), locale=locale)
    assert "31234000123456" in text
    assert "Fine: 3.75" in text
PY
cat > mypy.ini <<'INI'
[mypy]
python_version = 3.11
mypy_path = vendor
check_untyped_defs = True
warn_unused_ignores = True
warn_return_any = True
INI
# the wheelhouse the deploy box installs from, offline: isodate and babel as Debian ships them,
# the team's packages pinning what they were tested with
python3 - <<'PY'
import base64, hashlib, os, zipfile

def wheel(name, version, files, requires=(), python=None):
    dist = f"{name.replace('-', '_')}-{version}"
    meta = [f"Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    if python:
        meta.append(f"Requires-Python: {python}")
    meta += [f"Requires-Dist: {r}" for r in requires]
    entries = dict(files)
    entries[f"{dist}.dist-info/METADATA"] = "\n".join(meta) + "\n"
    entries[f"{dist}.dist-info/WHEEL"] = "Wheel-Version: 1.0\nGenerator: shelfmark-release\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = []
    for path, text in entries.items():
        data = text.encode()
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{dist}.dist-info/RECORD,,")
    entries[f"{dist}.dist-info/RECORD"] = "\n".join(record) + "\n"
    with zipfile.ZipFile(f"wheelhouse/{dist}-py3-none-any.whl", "w") as z:
        for path, text in entries.items():
            z.writestr(path, text)

def tree(pkg):
    out = {}
    for d, _, fs in os.walk(f"vendor/{pkg}"):
        for f in fs:
            if f.endswith(".py"):
                p = os.path.join(d, f)
                out[p[len("vendor/"):]] = open(p).read()
    return out

iso = tree("isodate")
wheel("isodate", "0.6.1", iso, ["six"])
wheel("Jinja2", "3.1.2", tree("jinja2"), ["MarkupSafe>=2.0"], python=">=3.7")
wheel("MarkupSafe", "2.1.2", tree("markupsafe"), python=">=3.7")
wheel("Babel", "2.10.3", tree("babel"), ["pytz>=2015.7"], python=">=3.6")
wheel("pytz", "2022.7.1", tree("pytz"))
wheel("six", "1.16.0", {"six.py": open("/usr/lib/python3/dist-packages/six.py").read()})
wheel("shelfmark-dates", "2.4.0", {"shelfmark_dates/__init__.py": "VERSION = '2.4.0'\n"}, ["isodate>=0.7.0", "babel>=2.12"])
wheel("shelfmark-dates", "2.3.1", {"shelfmark_dates/__init__.py": "VERSION = '2.3.1'\n"}, ["isodate>=0.6.1,<0.7", "babel>=2.12,<2.15"])
wheel("shelfmark-notices", "1.8.0", {"shelfmark_notices/__init__.py": "VERSION = '1.8.0'\n"}, ["shelfmark-dates==2.4.0", "jinja2>=3.1"], python=">=3.9")
wheel("shelfmark-reports", "0.9.2", {"shelfmark_reports/__init__.py": "VERSION = '0.9.2'\n"}, ["shelfmark-dates>=2.3,<2.4", "isodate==0.6.1"], python=">=3.12")
wheel("shelfmark-reports", "0.9.1", {"shelfmark_reports/__init__.py": "VERSION = '0.9.1'\n"}, ["shelfmark-dates>=2.3,<2.4", "isodate==0.6.1", "openpyxl>=3.1"])
PY
cat > requirements.txt <<'REQ'
isodate==0.6.1
shelfmark-dates>=2.3
shelfmark-notices==1.8.0
shelfmark-reports>=0.9
REQ
fi

# --- go: copies of Go 1.19's encoding/csv, text/tabwriter and container/list as the catalogue's
# export packages, each changed by a "small cleanup", and a shelf index with a shared cache
if want go; then
rm -rf "$ROOT/go" && mkdir -p "$ROOT/go" && cd "$ROOT/go"
G=/usr/lib/go-1.19/src
cat > go.mod <<'MOD'
module shelfmark.example/export

go 1.19
MOD
mkdir -p csv tabwriter list shelfindex cmd/exportd
cp $G/encoding/csv/{reader.go,reader_test.go,writer.go,writer_test.go} csv/
cp $G/text/tabwriter/{tabwriter.go,tabwriter_test.go} tabwriter/
cp $G/container/list/{list.go,list_test.go} list/
python3 - <<'PY'
import re
def edit(p, old, new):
    s = open(p).read()
    assert old in s, (p, old)
    open(p, "w").write(s.replace(old, new, 1))
# csv: a trailing-space trim and a quote check "simplified"
edit("csv/reader.go", "if r.TrimLeadingSpace {", "if r.TrimLeadingSpace || r.Comma == ';' {")
edit("csv/reader.go", "if r.FieldsPerRecord > 0 {", "if r.FieldsPerRecord > 1 {")
edit("csv/writer.go", 'strings.ContainsAny(field, "\\"\\r\\n")', 'strings.ContainsAny(field, "\\"\\n")')
# tabwriter: a column of soft tabs only is "empty"
edit("tabwriter/tabwriter.go", "if c.width > 0 || c.htab {", "if c.width > 0 {")
# list: PushFrontList stops one short
edit("list/list.go", "for i, e := other.Len(), other.Back(); i > 0;", "for i, e := other.Len(), other.Back(); i > 1;")
PY
cat > shelfindex/index.go <<'GO'
// Package shelfindex maps shelf marks to items, with a cache the export workers share.
package shelfindex

import (
	"sort"
	"strings"
)

type Item struct {
	Mark  string
	Title string
	Loans int
}

type Index struct {
	items map[string]Item
	hits  map[string]int
}

func New(items []Item) *Index {
	ix := &Index{items: map[string]Item{}, hits: map[string]int{}}
	for _, it := range items {
		ix.items[strings.ToUpper(it.Mark)] = it
	}
	return ix
}

// Lookup counts each hit so the export can list the most asked-for marks.
func (ix *Index) Lookup(mark string) (Item, bool) {
	it, ok := ix.items[strings.ToUpper(mark)]
	if ok {
		ix.hits[it.Mark]++
	}
	return it, ok
}

func (ix *Index) Top(n int) []string {
	marks := make([]string, 0, len(ix.hits))
	for m := range ix.hits {
		marks = append(marks, m)
	}
	sort.Slice(marks, func(i, j int) bool { return ix.hits[marks[i]] > ix.hits[marks[j]] })
	if len(marks) > n {
		marks = marks[:n]
	}
	return marks
}
GO
cat > shelfindex/index_test.go <<'GO'
package shelfindex

import (
	"fmt"
	"sync"
	"testing"
)

func sample() []Item {
	return []Item{{"823.914 ISH", "The Remains of the Day", 41}, {"641.5 OTT", "Jerusalem", 17}, {"005.133 KER", "The C Programming Language", 9}}
}

func TestLookupIgnoresCase(t *testing.T) {
	ix := New(sample())
	for _, m := range []string{"823.914 ish", "641.5 Ott", "005.133 KER"} {
		if _, ok := ix.Lookup(m); !ok {
			t.Errorf("Lookup(%q) found nothing", m)
		}
	}
}

func TestConcurrentLookups(t *testing.T) {
	ix := New(sample())
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				ix.Lookup(sample()[(w+i)%3].Mark)
			}
		}(w)
	}
	wg.Wait()
	if top := ix.Top(1); len(top) != 1 {
		t.Fatalf("Top(1) = %v", top)
	}
}

func TestTopOrder(t *testing.T) {
	ix := New(sample())
	for i := 0; i < 3; i++ {
		ix.Lookup("641.5 OTT")
	}
	ix.Lookup("823.914 ISH")
	for _, tc := range []struct {
		n    int
		want string
	}{{1, "[641.5 OTT]"}, {2, "[641.5 OTT 823.914 ISH]"}, {5, "[641.5 OTT 823.914 ISH]"}} {
		t.Run(fmt.Sprintf("top%d", tc.n), func(t *testing.T) {
			if got := fmt.Sprint(ix.Top(tc.n)); got != tc.want {
				t.Errorf("Top(%d) = %s, want %s", tc.n, got, tc.want)
			}
		})
	}
}

func BenchmarkLookup(b *testing.B) {
	ix := New(sample())
	for i := 0; i < b.N; i++ {
		ix.Lookup("823.914 ish")
	}
}
GO
cat > cmd/exportd/main.go <<'GO'
package main

import (
	"fmt"
	"os"

	"shelfmark.example/export/csv"
	"shelfmark.example/export/shelfindex"
	"shelfmark.example/export/tabwriter"
)

func main() {
	ix := shelfindex.New(nil)
	w := csv.NewWriter(os.Stdout)
	tw := tabwriter.NewWriter(os.Stdout, 0, 8, 1, ' ', 0)
	for _, m := range os.Args[1:] {
		it, ok := ix.Lookup(m)
		if !ok {
			fmt.Fprintf(os.Stderr, "no item at %s\n", m)
			continue
		}
		w.Write([]string{it.Mark, it.Title, fmt.Sprint(it.Loans)})
		fmt.Fprintf(tw, "%s\t%s\t%d\n", it.Mark, it.Title)
	}
	w.Flush()
	tw.Flush()
}
GO
# the nightly build: C label printer, Go export daemon, Python notices, in one Makefile
mkdir -p labels
cp $G/../misc/cgo/test/*.h labels/ 2>/dev/null || true
cat > labels/barcode.c <<'C'
#include <stdio.h>
#include <string.h>
#include "barcode.h"

/* Codabar check digit as the library's item barcodes use it (mod 10, Luhn). */
int check_digit(const char *digits) {
    int sum = 0, dbl = 1;
    for (int i = strlen(digits) - 1; i >= 0; i--) {
        int d = digits[i] - '0';
        if (dbl) { d *= 2; if (d > 9) d -= 9; }
        sum += d;
        dbl = !dbl;
    }
    return (10 - sum % 10) % 10;
}

void print_label(FILE *out, const struct label *l) {
    fprintf(out, "%s\n%s %d\n", l->mark, l->barcode, check_digit(l->barcode));
    fprintf(out, "%-24s\n", l->title, l->branch);
}
C
cat > labels/barcode.h <<'C'
struct label { const char *mark; const char *barcode; const char *title; };
int check_digit(const char *digits);
C
cat > labels/sheet.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include "barcode.h"

int main(int argc, char **argv) {
    struct label *ls = malloc(sizeof(struct label) * argc);
    for (int i = 1; i < argc; i++) {
        ls[i].mark = argv[i];
        ls[i].barcode = "31234000123456";
        ls[i].title = NULL;
        print_label(stdout, &ls[i]);
    }
    return 0;
}
C
cat > labels/spine.c <<'C'
#include <stdio.h>
#include "barcode.h"

static const char *shorten(const char *mark, char *buf, size_t n) {
    snprintf(buf, n, "%.12s", mark);
    return buf;
}

int spine(const struct label *l) {
    char buf[8];
    printf("%s\n", shorten(l->mark, buf, sizeof buf));
    return l->barcode == "";
}
C
cat > Makefile <<'MK'
CFLAGS = -Wall -Wextra -O2
all: bin/labels bin/exportd notices
bin/labels: labels/barcode.o labels/sheet.o labels/spine.o
	@mkdir -p bin
	$(CC) -o $@ $^
labels/%.o: labels/%.c labels/barcode.h
	$(CC) $(CFLAGS) -c -o $@ $<
bin/exportd: $(wildcard cmd/exportd/*.go csv/*.go tabwriter/*.go shelfindex/*.go)
	go build -o $@ ./cmd/exportd
notices:
	python3 -m py_compile notices/render.py notices/send.py
.PHONY: all notices
MK
mkdir -p notices
cat > notices/render.py <<'PY'
def render(loan, tpl):
    return tpl.format(**loan)
PY
cat > notices/send.py <<'PY'
def send(addr, body):
    print(f"to {addr}: {body}"
PY
fi

# --- git: a clone of holmesgpt (the catalogue's ops assistant fork), mid-change
if want git; then
rm -rf "$ROOT/git" && mkdir -p "$ROOT/git" && cd "$ROOT/git"
# the mirror lacks some large test fixtures' blobs: check out everything else
git clone -q --no-checkout "$HOLMES_REPO" holmesgpt
cd holmesgpt
git sparse-checkout set --no-cone '/*' '!/tests/llm/fixtures/test_ask_holmes/' '!/docs/assets/'
git checkout -q
git config user.email dev@shelfmark.example && git config user.name "Shelfmark Dev"
for f in $(git ls-files 'holmes/core/*.py' 'holmes/plugins/toolsets/*.py' | head -34); do sed -i '1s/^/# shelfmark: reviewed\n/' "$f"; done
git add $(git ls-files -m | head -11)
git mv README.md README.upstream.md
git rm -q --cached $(git ls-files 'holmes/plugins/prompts/*.jinja2' | head -3)
rm -f $(git ls-files 'tests/plugins/toolsets/*.py' | head -6)
mkdir -p shelfmark/toolsets shelfmark/prompts
printf 'toolsets: {}\n' > shelfmark/toolsets/catalogue.yaml
printf 'You help the catalogue team.\n' > shelfmark/prompts/catalogue.jinja2
touch shelfmark/NOTES.md .env.shelfmark
fi

# --- logs: loghub's OpenSSH and Zookeeper logs; a local static server for curl
if want logs; then
rm -rf "$ROOT/logs" && mkdir -p "$ROOT/logs" && cd "$ROOT/logs"
for l in OpenSSH Zookeeper Linux; do
  git --git-dir="$LOGHUB_REPO" show "HEAD:$l/${l}_2k.log" > "${l,,}.log"
done
mkdir -p site/catalogue site/api
for i in $(seq 1 40); do printf '{"mark":"%03d.%d","loans":%d}\n' $((i*7)) $i $((i*13 % 37)) > "site/api/shelf-$i.json"; done
printf '<h1>Shelfmark</h1>\n' > site/catalogue/index.html
cat > serve.sh <<'SH'
#!/usr/bin/env bash
# The catalogue's static site on loopback, as the team runs it while testing.
cd "$(dirname "$0")/site"
nohup python3 -m http.server 18922 --bind 127.0.0.1 >/dev/null 2>&1 &
echo $! > ../serve.pid
sleep 1
SH
chmod +x serve.sh
fi
