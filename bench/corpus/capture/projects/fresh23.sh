#!/usr/bin/env bash
# The fresh23 set (bench/corpus/fresh23/): everyday agent commands in shapes no earlier set holds
# (clang --analyze with text paths, clang-tidy -p with cognitive complexity notes, ninja -v -k 0,
# make -n, ripgrep -n / -C2 / --stats, sed -n of a big source file, wc -l of a tree, git show of a
# refactor, git cherry-pick into a conflict, git log -S; pytest --cov term-missing and --lf, pylint
# --reports=y, a Python crash with chained exceptions; tsc --traceResolution, a Node crash with
# cause chains; go build -gcflags=-m, go test -json, gofmt -d; openssl s_client and verify of a
# broken chain). Projects of a transit agency's fares team (Tidewater): a C part over a clone of
# DaveGamble/cJSON; a Python part over Debian's PyYAML; a web part over npm's typescript and zod;
# a Go copy of Go 1.19's encoding/json; an ops part with a private CA.
set -euo pipefail
ROOT="$1"
PART="${2:-all}"
want() { [ "$PART" = all ] || [ "$PART" = "$1" ]; }

# --- c: the fare tables' JSON layer, a clone of cJSON mid-refactor, with the fares exporter
if want c; then
rm -rf "$ROOT/c" && mkdir -p "$ROOT/c" && cd "$ROOT/c"
git clone -q "$CJSON_REPO" cjson
cd cjson
git config user.email dev@tidewater.example && git config user.name "Tidewater Dev"
# the team forked before upstream's CVE-2025-57052 fix (74e1ff4)
git checkout -q -b fares 74e1ff4~1
cat > fares.c <<'C'
/* fares: export a zone's fare table as JSON for the ticket machines */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cJSON.h"

struct fare { char zone[8]; int cents; double peak_factor; };

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    long n;
    char *buf;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc(n + 1);
    fread(buf, 1, n, f);
    buf[n] = '\0';
    return buf;
}

int load_fares(const char *path, struct fare *out, int max)
{
    char *text = read_file(path);
    cJSON *root = cJSON_Parse(text);
    cJSON *item;
    int count = 0;
    if (root == NULL) {
        return -1;
    }
    cJSON_ArrayForEach(item, cJSON_GetObjectItem(root, "fares")) {
        cJSON *zone = cJSON_GetObjectItem(item, "zone");
        cJSON *cents = cJSON_GetObjectItem(item, "cents");
        if (count == max) break;
        if (zone == NULL) {
            fprintf(stderr, "fare %d has no zone\n", count);
        }
        strcpy(out[count].zone, zone->valuestring);
        out[count].cents = cents->valuedouble;
        out[count].peak_factor = cJSON_GetObjectItem(item, "peak")->valuedouble;
        count++;
    }
    free(text);
    return count;
}

char *export_zone(struct fare *fares, int n, const char *zone)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON *list = cJSON_AddArrayToObject(doc, "fares");
    int i;
    for (i = 0; i < n; i++) {
        int n = fares[i].cents;
        if (strcmp(fares[i].zone, zone)) continue;
        cJSON *f = cJSON_CreateObject();
        cJSON_AddNumberToObject(f, "cents", n * fares[i].peak_factor);
        cJSON_AddItemToArray(list, f);
    }
    if (cJSON_GetArraySize(list) == 0) {
        return NULL;
    }
    return cJSON_PrintUnformatted(doc);
}

int main(int argc, char **argv)
{
    struct fare fares[64];
    int n = load_fares(argc > 1 ? argv[1] : "fares.json", fares, 64);
    char *out = export_zone(fares, n, argc > 2 ? argv[2] : "A");
    char *report = malloc(128);
    int total = 0, i;
    double peak;
    if (n < 0) {
        return 1;
    }
    if (n == 0) {
        puts("no fares");
    }
    for (i = 0; i < n; i++) {
        total += fares[i].cents;
        if (fares[i].peak_factor > 1.0) peak = fares[i].peak_factor;
    }
    snprintf(report, 128, "%d fares, mean %d cents, peak x%.2f", n, total / n, peak);
    puts(out);
    puts(report);
    free(report);
    return 0;
}
C
cat >> CMakeLists.txt <<'CM'

# Tidewater: the fares exporter over the library
add_executable(fares fares.c)
target_link_libraries(fares "${CJSON_LIB}")
CM
git add fares.c CMakeLists.txt && git commit -q -m "fares: export a zone's fare table for the ticket machines"
# the refactor: helpers named after what they do, in the library and its utilities
for pair in parse_value:read_value print_value:render_value parse_object:read_object print_object:render_object \
  parse_array:read_array print_array:render_array parse_string:read_string print_string_ptr:render_string_ptr \
  decode_array_index_from_pointer:parse_array_index get_array_item:array_item_at; do
  sed -i -E "s/\\b${pair%%:*}\\b/${pair##*:}/g" cJSON.c cJSON_Utils.c
done
sed -i -E "s/\\bposition\\b/offset/g" cJSON_Utils.c
git commit -q -am "refactor: name the parse and print helpers after what they read and render"
# half of the rename reached the tests: they still call the old public helper names
sed -i 's/cJSON_GetObjectItemCaseSensitive/cJSON_GetObjectItemStrict/g' tests/misc_tests.c tests/parse_object.c
cmake -S . -B build -G Ninja -DENABLE_CJSON_TEST=On -DENABLE_CJSON_UTILS=On -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
fi

# --- py: the fare rules loader over Debian's PyYAML
if want py; then
rm -rf "$ROOT/py" && mkdir -p "$ROOT/py" && cd "$ROOT/py"
mkdir -p vendor tidefare tests fares
cp -r /usr/lib/python3/dist-packages/yaml vendor/yaml
rm -f vendor/yaml/_yaml*.so vendor/yaml/cyaml.py; find vendor -name __pycache__ -prune -exec rm -rf {} +
# the vendored copy was "simplified": no C loader, and a resolver change nobody reviewed
python3 - <<'PY'
p = "vendor/yaml/__init__.py"
s = open(p).read()
s = s.replace("try:\n    from .cyaml import *\n    __with_libyaml__ = True\nexcept ImportError:\n    __with_libyaml__ = False", "__with_libyaml__ = False")
open(p, "w").write(s)
p = "vendor/yaml/resolver.py"
s = open(p).read()
assert "|[-+]?\\.(?:inf|Inf|INF)" in s
s = s.replace("|[-+]?\\.(?:inf|Inf|INF)", "|[-+]?(?:inf|Inf|INF)", 1)
open(p, "w").write(s)
PY
cat > pytest.ini <<'INI'
[pytest]
pythonpath = vendor .
testpaths = tests
INI
touch tidefare/__init__.py
cat > tidefare/rules.py <<'PY'
"""Fare rules: zones, peak windows and caps, loaded from the YAML the planners edit."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal, ROUND_HALF_UP

import yaml


class RuleError(Exception):
    """A fare file that cannot be used."""


@dataclass
class Zone:
    code: str
    base: Decimal
    peak_factor: Decimal = Decimal("1.0")
    cap_daily: Decimal | None = None
    aliases: list[str] = field(default_factory=list)


@dataclass
class Rules:
    zones: dict[str, Zone]
    peak: list[tuple[dt.time, dt.time]]
    version: str

    def fare(self, zone: str, when: dt.datetime) -> Decimal:
        z = self.zones[self.canonical(zone)]
        price = z.base
        if any(start <= when.time() < end for start, end in self.peak):
            price = price * z.peak_factor
        return price.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)

    def canonical(self, zone: str) -> str:
        for z in self.zones.values():
            if zone == z.code or zone in z.aliases:
                return z.code
        raise KeyError(zone)

    def day_total(self, zone: str, trips: list[dt.datetime]) -> Decimal:
        z = self.zones[self.canonical(zone)]
        total = sum((self.fare(zone, t) for t in trips), Decimal("0"))
        if z.cap_daily is not None and total > z.cap_daily:
            return z.cap_daily
        return total


def _time(v) -> dt.time:
    if isinstance(v, int):  # YAML 1.1 reads 07:30 as sexagesimal minutes
        return dt.time(v // 60, v % 60)
    return dt.time.fromisoformat(str(v))


def parse(text: str) -> Rules:
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise RuleError("fare file is not valid YAML") from e
    zones = {}
    for code, z in doc["zones"].items():
        cap = z.get("cap_daily")
        zones[str(code)] = Zone(
            code=str(code),
            base=Decimal(str(z["base"])),
            peak_factor=Decimal(str(z.get("peak_factor", "1.0"))),
            cap_daily=None if cap is None or cap == float("inf") else Decimal(str(cap)),
            aliases=[str(a) for a in z.get("aliases", [])],
        )
    peak = [(_time(w["from"]), _time(w["to"])) for w in doc.get("peak", [])]
    return Rules(zones=zones, peak=peak, version=str(doc["version"]))


def load(path: str) -> Rules:
    with open(path, encoding="utf-8") as f:
        return parse(f.read())
PY
cat > tidefare/publish.py <<'PY'
"""Publish every fare file under a folder to the ticket machines' feed."""
from __future__ import annotations

import json
import logging
import pathlib
import shutil
import sys

from tidefare import rules

log = logging.getLogger("tidefare.publish")


class PublishError(Exception):
    pass


def render(r: rules.Rules) -> dict:
    return {
        "version": r.version,
        "zones": {c: {"base": str(z.base), "peak": str(z.peak_factor), "cap": str(z.cap_daily)} for c, z in r.zones.items()},
        "peak": [[a.isoformat(), b.isoformat()] for a, b in r.peak],
    }


def publish(folder: str, out: str) -> int:
    feed = {}
    tmp = pathlib.Path(out + ".tmp")
    handle = tmp.open("w")
    try:
        for path in sorted(pathlib.Path(folder).glob("*.yaml")):
            log.info("loading %s", path)
            try:
                feed[path.stem] = render(rules.load(str(path)))
            except rules.RuleError as e:
                raise PublishError(f"cannot publish {path.name}") from e
        json.dump(feed, handle, indent=1)
    finally:
        handle.close()
        tmp.rename(out)
        # keep every published feed for the auditors
        shutil.copy(out, pathlib.Path("archive") / f"{pathlib.Path(out).stem}-{len(feed)}.json")
    return len(feed)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    n = publish(sys.argv[1], sys.argv[2])
    print(f"published {n} fare files")
PY
for z in harbour north ridge valley; do
cat > "fares/$z.yaml" <<Y
version: "2026.11"
zones:
  A: {base: 2.40, peak_factor: 1.25, cap_daily: 7.20, aliases: [central, "1"]}
  B: {base: 3.10, peak_factor: 1.25, cap_daily: .inf}
  C: {base: 3.90, peak_factor: 1.5}
peak:
  - {from: "07:00", to: "09:30"}
  - {from: "16:30", to: "18:45"}
Y
done
cat > fares/2026-winter.yaml <<'Y'
version: "2026.12-winter"
zones:
  A: {base: 2.60, peak_factor: 1.25, cap_daily: 7.80}
  B: {base: 3.30
      peak_factor: 1.25}
peak:
  - {from: 07:00, to: 09:30}
Y
cat > tests/test_rules.py <<'PY'
import datetime as dt
from decimal import Decimal

import pytest

from tidefare import rules

TEXT = open("fares/harbour.yaml").read()


@pytest.fixture
def r():
    return rules.parse(TEXT)


def test_version(r):
    assert r.version == "2026.11"


@pytest.mark.parametrize("zone,hour,expected", [
    ("A", 6, "2.40"), ("A", 8, "3.00"), ("B", 12, "3.10"), ("B", 17, "3.88"), ("C", 17, "5.85"),
])
def test_fare(r, zone, hour, expected):
    assert r.fare(zone, dt.datetime(2026, 11, 30, hour, 5)) == Decimal(expected)


def test_alias(r):
    assert r.canonical("central") == "A"
    assert r.canonical("1") == "A"


def test_unbounded_cap(r):
    assert r.zones["B"].cap_daily is None


def test_day_total_capped(r):
    trips = [dt.datetime(2026, 11, 30, h, 0) for h in (7, 8, 12, 17)]
    assert r.day_total("A", trips) == Decimal("7.20")


def test_day_total_unbounded(r):
    trips = [dt.datetime(2026, 11, 30, h, 0) for h in (7, 12)]
    assert r.day_total("B", trips) == Decimal("6.98")


def test_peak_windows(r):
    assert r.peak == [(dt.time(7, 0), dt.time(9, 30)), (dt.time(16, 30), dt.time(18, 45))]


def test_unquoted_times():
    t = rules.parse('version: x\nzones: {A: {base: 1}}\npeak:\n  - {from: 07:00, to: 09:30}\n')
    assert t.peak == [(dt.time(7, 0), dt.time(9, 30))]


def test_bad_yaml():
    with pytest.raises(rules.RuleError):
        rules.load("fares/2026-winter.yaml")


def test_unknown_zone(r):
    with pytest.raises(KeyError):
        r.fare("Z", dt.datetime(2026, 11, 30, 8))
PY
cat > tests/test_yaml_compat.py <<'PY'
import math

import yaml


def test_inf_is_float():
    assert yaml.safe_load("x: .inf")["x"] == math.inf


def test_word_inf_is_a_string():
    assert yaml.safe_load("x: inf")["x"] == "inf"


def test_sexagesimal():
    assert yaml.safe_load("t: 07:30")["t"] == 450


def test_dump_roundtrip():
    doc = {"zones": {"A": {"base": 2.4, "aliases": ["central", "1"]}}}
    assert yaml.safe_load(yaml.safe_dump(doc)) == doc


def test_libyaml_flag():
    assert yaml.__with_libyaml__ is False
PY
fi

# --- web: the journey planner's fare client (TypeScript) and the feed sync script
if want web; then
rm -rf "$ROOT/web" && mkdir -p "$ROOT/web" && cd "$ROOT/web"
cat > package.json <<'JSON'
{ "name": "tidewater-planner", "version": "4.2.0", "private": true, "type": "module" }
JSON
npm install --no-audit --no-fund --loglevel=error typescript@5.9.3 zod@3.25.76 date-fns@4.1.0 @types/node@22.15.3 >/dev/null
mkdir -p src/fares src/planner scripts
cat > tsconfig.json <<'JSON'
{
  "compilerOptions": {
    "target": "es2022", "module": "commonjs", "moduleResolution": "node10", "strict": true,
    "noEmit": true, "baseUrl": ".", "types": [],
    "paths": { "@tide/fares": ["src/fare/index.ts"], "@tide/planner/*": ["src/planner/*"] }
  },
  "include": ["src"]
}
JSON
cat > src/fares/index.ts <<'TS'
import { z } from "zod";
import { formatISO } from "date-fns/formatISO";
import { enGB } from "date-fns/locale/en-GB";
export const Fare = z.object({ zone: z.string(), cents: z.number().int(), peak: z.number() });
export type Fare = z.infer<typeof Fare>;
export const stamp = (d: Date) => formatISO(d, { representation: "date" }) + enGB.code;
TS
cat > src/planner/journey.ts <<'TS'
import { Fare, stamp } from "@tide/fares";
import { addMinutes } from "date-fns/addMinutes";
import { differenceInMinutes } from "date-fns/differenceInMinutes";
import type { ZodIssue } from "zod/v4/core";
import { legsOf } from "@tide/planner/legs";
export function price(fares: Fare[], from: Date, to: Date) {
  const mins = differenceInMinutes(to, from);
  return { legs: legsOf(fares, mins), until: stamp(addMinutes(from, mins)) };
}
export type Problem = ZodIssue;
TS
cat > src/planner/legs.ts <<'TS'
import type { Fare } from "../fares";
import { chunk } from "lodash-es";
export const legsOf = (fares: Fare[], mins: number) => chunk(fares, Math.max(1, Math.round(mins / 45)));
TS
cat > scripts/sync-fares.mjs <<'JS'
// Pulls each zone's fares from the fares service and writes the planner's feed.
import { writeFile } from "node:fs/promises";

const SERVICE = process.env.FARES_URL ?? "http://localhost:18923";
const zones = ["A", "B", "C", "D"];

class SyncError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = "SyncError";
  }
}

async function zoneFares(zone) {
  try {
    const res = await fetch(`${SERVICE}/fares/${zone}`);
    return await res.json();
  } catch (err) {
    throw new SyncError(`fares for zone ${zone} unavailable`, { cause: err });
  }
}

const feed = {};
for (const zone of zones) {
  console.log(`[sync] zone ${zone}: requesting ${SERVICE}/fares/${zone}`);
  feed[zone] = await zoneFares(zone);
  console.log(`[sync] zone ${zone}: ${feed[zone].length} fares`);
}
await writeFile("feed.json", JSON.stringify(feed));
JS
fi

# --- go: the feed encoder, a copy of Go 1.19's encoding/json with the team's changes
if want go; then
rm -rf "$ROOT/go" && mkdir -p "$ROOT/go" && cd "$ROOT/go"
printf 'module tidewater.example/feed\n\ngo 1.19\n' > go.mod
cp -r /usr/lib/go-1.19/src/encoding/json farejson
rm -f farejson/example_*_test.go farejson/fuzz_test.go farejson/bench_test.go
chmod -R u+w farejson
# "faster" HTML escaping and a float format change from the team
python3 - <<'PY'
p = "farejson/encode.go"
s = open(p).read()
assert "if b == '<' || b == '>' || b == '&'" not in s
s = s.replace("if htmlSafeSet[b] || (!escapeHTML && safeSet[b]) {", "if safeSet[b] {", 1)
s = s.replace("if abs < 1e-6 || abs >= 1e21 {", "if abs < 1e-4 || abs >= 1e21 {", 1)
open(p, "w").write(s)
PY
# a hand edit in an editor that used spaces
python3 - <<'PY'
p = "farejson/indent.go"
lines = open(p).read().split("\n")
out = [l.replace("\t", "    ") if 60 <= i <= 140 else l for i, l in enumerate(lines)]
open(p, "w").write("\n".join(out))
p = "farejson/tags.go"
s = open(p).read().replace("func parseTag(tag string) (string, tagOptions) {", "func parseTag(tag string)(string,tagOptions){", 1)
open(p, "w").write(s)
PY
fi

# --- ops: the fares service's TLS: a private CA whose intermediate was issued as a leaf
if want ops; then
rm -rf "$ROOT/ops" && mkdir -p "$ROOT/ops" && cd "$ROOT/ops"
openssl req -x509 -newkey rsa:2048 -nodes -keyout root.key -out root.pem -days 3650 -subj "/O=Tidewater Transit/CN=Tidewater Root CA 2026" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout inter.key -out inter.csr -subj "/O=Tidewater Transit/CN=Tidewater Issuing CA 1" 2>/dev/null
printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n' > inter.ext
openssl x509 -req -in inter.csr -CA root.pem -CAkey root.key -CAcreateserial -out inter.pem -days 1825 -extfile inter.ext 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout fares.key -out fares.csr -subj "/O=Tidewater Transit/CN=fares.internal.tidewater.example" 2>/dev/null
printf 'subjectAltName=DNS:fares.internal.tidewater.example,DNS:fares-v2.internal.tidewater.example\nextendedKeyUsage=serverAuth\n' > fares.ext
openssl x509 -req -in fares.csr -CA inter.pem -CAkey inter.key -CAcreateserial -out fares.pem -days 397 -extfile fares.ext 2>/dev/null
cat fares.pem inter.pem > fares-chain.pem
cat > serve.sh <<'SH'
#!/usr/bin/env bash
# The fares service's TLS endpoint on loopback, as the team runs it while testing.
cd "$(dirname "$0")"
nohup openssl s_server -accept 18924 -cert fares.pem -key fares.key -cert_chain inter.pem -www >/dev/null 2>&1 &
echo $! > serve.pid
sleep 1
SH
chmod +x serve.sh
fi
