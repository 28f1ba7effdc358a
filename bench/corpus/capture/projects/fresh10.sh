#!/usr/bin/env bash
# The fresh10 set (bench/corpus/fresh10/): a ninth held-out round on the blind part's tools,
# most outputs 8-30 KB and several over 30 KB. Projects of a greenhouse irrigation company:
# a Rust valve-scheduling crate with a few failing tests among hundreds; C for the analyzer,
# valgrind and gdb; a Java sensor aggregator crashing after progress lines; a Python dosing
# package for unittest and a calibration script crashing after its log; provisioning scripts
# for shellcheck and site configs for yamllint; a greenhouse readings API page (JSON), a
# harvest CSV, NDJSON controller events, a YAML config, application logs and a syslog;
# PostgreSQL telemetry and an SQLite firmware database; an artifacts tree for du and find;
# holmesgpt's history for git; kubectl replays not used before.
set -euo pipefail
ROOT="$1"

# --- rust: valve scheduling, 300 tests, three failing of different kinds
mkdir -p "$ROOT/rs" && cd "$ROOT/rs"
mkdir -p .cargo && printf '[net]\noffline = true\n' > .cargo/config.toml
[ -d valves ] || cargo init -q --lib --name valves valves
printf '[workspace]\nmembers = ["valves"]\nresolver = "2"\n' > Cargo.toml
python3 - <<'PY'
import random
random.seed(1010)
src = ["pub fn litres(flow_lpm: u32, minutes: u32) -> u32 { flow_lpm * minutes }", "",
       "pub fn zone_code(bed: u8, row: u8) -> String { format!(\"Z{}-{:02}\", bed, row) }", "",
       "pub fn window(start_min: u32, len: u32) -> (u32, u32) { (start_min, (start_min + len) % 1440) }", "",
       "pub fn parse_valve(s: &str) -> Result<u16, String> {",
       "    let n = s.strip_prefix(\"V\").ok_or_else(|| format!(\"valve id {s:?} lacks the V prefix\"))?;",
       "    n.parse::<u16>().map_err(|e| format!(\"valve id {s:?}: {e}\"))", "}", "",
       "#[cfg(test)]", "mod tests {", "    use super::*;", ""]
for i in range(1, 281):
    f, m = random.randint(2, 60), random.randint(1, 45)
    exp = f * m
    if i == 143: exp = f * m - 12
    src += ["    #[test]", f"    fn litres_case_{i:03d}() {{", f"        assert_eq!(litres({f}, {m}), {exp});", "    }", ""]
for i in range(1, 16):
    b, r = random.randint(1, 9), random.randint(1, 40)
    src += ["    #[test]", f"    fn zone_code_case_{i:02d}() {{", f"        assert_eq!(zone_code({b}, {r}), \"Z{b}-{r:02d}\");", "    }", ""]
src += ["    #[test]", "    fn window_wraps_past_midnight() {", "        let (s, e) = window(1380, 90);", "        assert!(e > s, \"window ends at {} before it starts at {}\", e, s);", "    }", "",
        "    #[test]", "    fn parse_valve_lowercase() {", "        let n = parse_valve(\"v17\").unwrap();", "        assert_eq!(n, 17);", "    }", "",
        "    #[test]", "    #[ignore = \"needs the greenhouse PLC on the bench network\"]", "    fn plc_roundtrip() {}", "",
        "    #[test]", "    fn parse_valve_plain() {", "        assert_eq!(parse_valve(\"V204\"), Ok(204));", "    }", "}", ""]
open("valves/src/lib.rs", "w").write("\n".join(src))
PY

# --- native: the analyzer, valgrind and gdb
mkdir -p "$ROOT/native" && cd "$ROOT/native"
python3 - <<'PY'
lines = ["#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>", "", "struct probe { int id; char *label; double *samples; size_t n; };", ""]
for i in range(1, 41):
    lines += [f"static int unused_helper_{i}(int a, int b) {{ int tmp_{i}; return a + b; }}", ""]
lines += ["struct probe *probe_new(int id, size_t n) {", "    struct probe *p = malloc(sizeof *p);", "    p->id = id;", "    p->samples = calloc(n, sizeof(double));", "    p->n = n;", "    p->label = malloc(16);", "    snprintf(p->label, 16, \"probe-%d\", id);", "    return p;", "}", "",
          "void probe_free(struct probe *p) {", "    free(p->samples);", "    free(p->label);", "    free(p);", "}", "",
          "double probe_mean(struct probe *p) {", "    double s = 0; size_t i;", "    for (i = 0; i < p->n; i++) s += p->samples[i];", "    probe_free(p);", "    return s / p->n;", "}", "",
          "char *probe_title(int id) {", "    char buf[32];", "    snprintf(buf, sizeof buf, \"T%d\", id);", "    return buf;", "}", "",
          "int compare(unsigned int a, int b) { return a < b; }", "",
          "int main(int argc, char **argv) {", "    struct probe *p = probe_new(argc, 8);", "    printf(\"%f %s\\n\", probe_mean(p), probe_title(1));", "    probe_free(p);", "    return compare(argc, -1);", "}"]
open("probes.c", "w").write("\n".join(lines) + "\n")
v = ["#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>", "",
     "typedef struct { char name[12]; int *levels; } bed_t;", "",
     "static bed_t *beds_load(int n) {", "    bed_t *b = malloc(n * sizeof *b);", "    for (int i = 0; i < n; i++) {", "        snprintf(b[i].name, sizeof b[i].name, \"bed%02d\", i);", "        b[i].levels = malloc(24 * sizeof(int));", "        for (int h = 0; h < 24; h++) b[i].levels[h] = (i * 7 + h * 3) % 100;", "    }", "    return b;", "}", "",
     "static int peak(const int *lv) { int m = 0; for (int h = 0; h <= 24; h++) if (lv[h] > m) m = lv[h]; return m; }", "",
     "int main(void) {", "    int n = 30; bed_t *b = beds_load(n); long total = 0;", "    for (int i = 0; i < n; i++) { int pk = peak(b[i].levels); total += pk; printf(\"%s peak %d\\n\", b[i].name, pk); }",
     "    char *note = malloc(40); strcpy(note, \"moisture report\"); int flag; if (total > 1000 && flag) puts(note);",
     "    for (int i = 0; i < n - 3; i++) free(b[i].levels);", "    free(b);", "    printf(\"total %ld\\n\", total);", "    return 0;", "}"]
open("beds.c", "w").write("\n".join(v) + "\n")
g = ["#include <pthread.h>", "#include <stdio.h>", "#include <stdlib.h>", "#include <unistd.h>", "",
     "struct job { int zone; const char *recipe; };", "static const char *recipes[] = {\"tomato\", \"basil\", \"lettuce\", NULL};", "",
     "static void *idle_worker(void *arg) { (void)arg; for (;;) sleep(1); return NULL; }", "",
     "static size_t recipe_len(const char *r) { size_t n = 0; while (r[n]) n++; return n; }", "",
     "static int dose(struct job *j) { return (int)recipe_len(j->recipe) * j->zone; }", "",
     "static void *dose_worker(void *arg) { struct job *jobs = arg; int sum = 0; for (int i = 0; i < 4; i++) sum += dose(&jobs[i]); printf(\"sum %d\\n\", sum); return NULL; }", "",
     "int main(void) {", "    pthread_t t[4]; struct job jobs[4];", "    for (int i = 0; i < 4; i++) { jobs[i].zone = i + 1; jobs[i].recipe = recipes[i]; }",
     "    for (int i = 0; i < 3; i++) pthread_create(&t[i], NULL, idle_worker, NULL);", "    sleep(1);", "    pthread_create(&t[3], NULL, dose_worker, jobs);", "    pthread_join(t[3], NULL);", "    return 0;", "}"]
open("dosing.c", "w").write("\n".join(g) + "\n")
PY
gcc -g -O0 -o beds beds.c 2>/dev/null
gcc -g -O0 -pthread -o dosing dosing.c

# --- java: a sensor aggregator crashing after progress lines
mkdir -p "$ROOT/java/src/com/verdant/agg" && cd "$ROOT/java"
cat > src/com/verdant/agg/Aggregator.java <<'JAVA'
package com.verdant.agg;

import java.util.*;

public class Aggregator {
    static final class Reading { final String sensor; final String value; Reading(String s, String v) { sensor = s; value = v; } }

    static double parse(Reading r) {
        try {
            return Double.parseDouble(r.value);
        } catch (NumberFormatException e) {
            throw new IllegalStateException("sensor " + r.sensor + " sent an unreadable value", e);
        }
    }

    static Map<String, Double> window(List<Reading> rs) {
        Map<String, Double> m = new TreeMap<>();
        for (Reading r : rs) m.merge(r.sensor, parse(r), Double::sum);
        return m;
    }

    public static void main(String[] args) {
        Random rnd = new Random(10);
        for (int w = 1; w <= 180; w++) {
            List<Reading> rs = new ArrayList<>();
            for (int s = 1; s <= 12; s++) {
                String v = String.format(Locale.ROOT, "%.2f", 18 + rnd.nextDouble() * 9);
                if (w == 173 && s == 9) v = "NaN%";
                rs.add(new Reading("gh2-t" + s, v));
            }
            Map<String, Double> m = window(rs);
            System.out.printf(Locale.ROOT, "[agg] window %03d sensors=%d sum=%.2f%n", w, m.size(), m.values().stream().mapToDouble(Double::doubleValue).sum());
        }
    }
}
JAVA

# --- python: a dosing package for unittest, a calibration script that crashes
mkdir -p "$ROOT/py/dosing/tests" && cd "$ROOT/py/dosing"
cat > dosing.py <<'PYX'
def ml_per_litre(ec_target, ec_stock):
    return round(1000 * ec_target / ec_stock, 2)

def ph_adjust(ph, target=5.8):
    if ph < 0 or ph > 14:
        raise ValueError(f"pH {ph} out of range")
    return round(target - ph, 2)

def recipe(name):
    table = {"tomato": (2.4, 5.9), "basil": (1.6, 6.0), "lettuce": (1.2, 5.8)}
    return table[name]
PYX
touch tests/__init__.py
python3 - <<'PY'
import random
random.seed(1010)
out = ["import unittest", "from dosing import ml_per_litre, ph_adjust, recipe", "", "", "class TestMlPerLitre(unittest.TestCase):"]
for i in range(1, 161):
    t, s = round(random.uniform(0.8, 3.2), 1), random.choice([100, 120, 150, 200])
    exp = round(1000 * t / s, 2)
    if i == 88: exp = round(exp + 0.5, 2)
    out += [f"    def test_case_{i:03d}(self):", f"        self.assertEqual(ml_per_litre({t}, {s}), {exp})", ""]
out += ["", "class TestPh(unittest.TestCase):"]
for i in range(1, 61):
    ph = round(random.uniform(4.5, 7.5), 1)
    out += [f"    def test_adjust_{i:02d}(self):", f"        self.assertAlmostEqual(ph_adjust({ph}), {round(5.8 - ph, 2)})", ""]
out += ["    def test_rejects_negative(self):", "        with self.assertRaises(ValueError):", "            ph_adjust(-1)", "",
        "    def test_rejects_fourteen_point_one(self):", "        with self.assertRaises(TypeError):", "            ph_adjust(14.1)", "",
        "", "class TestRecipe(unittest.TestCase):", "    def test_tomato(self):", "        self.assertEqual(recipe('tomato'), (2.4, 5.9))", "",
        "    def test_strawberry(self):", "        self.assertEqual(recipe('strawberry')[0], 1.8)", "",
        "    @unittest.skip('needs the dosing pump on /dev/ttyUSB0')", "    def test_pump(self):", "        pass", ""]
open("tests/test_dosing.py", "w").write("\n".join(out))
PY
cat > calibrate.py <<'PYX'
import json, logging, sys
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stdout)
log = logging.getLogger("calibrate")

PROBES = [{"id": f"ec-{i:02d}", "offset": round(0.01 * (i % 7), 3), "slope": 1 + 0.001 * i} for i in range(1, 61)]

def gain(p):
    return round(1 / p["slope"], 4)

def load_profile(path):
    try:
        with open(path) as f:
            return json.load(f)
    except FileNotFoundError as e:
        raise RuntimeError(f"calibration profile {path} missing") from e

def main():
    for p in PROBES:
        log.info("probe %s offset=%.3f gain=%.4f", p["id"], p["offset"], gain(p))
        if p["id"] == "ec-33":
            log.warning("probe ec-33 drift 0.41 mS/cm over 24h, above 0.25")
    load_profile("profiles/greenhouse-2.json")

if __name__ == "__main__":
    main()
PYX

# --- ci: provisioning scripts, site configs
mkdir -p "$ROOT/ci/provision" "$ROOT/ci/sites" && cd "$ROOT/ci"
python3 - <<'PY'
import random
random.seed(1010)
for n in ["bootstrap", "sensors", "backup", "rotate-logs", "deploy-edge"]:
    l = ["#!/bin/bash", "set -e", f"# {n}: provisioning step for the greenhouse edge nodes", ""]
    for i in range(1, 26):
        l += [f"step_{i}() {{", f"  echo \"[{n}] step {i}\"", f"  cp $SRC_DIR/file{i}.conf /etc/verdant/", f"  for f in $(ls /var/lib/verdant/{i}); do echo $f; done", "}", ""]
    if n == "backup":
        l += ["tar czf /backup/$(date +%F).tgz /var/lib/verdant", "rm -rf \"$BACKUP_ROOT/\"*", "if [ $count == 3 ]; then echo ok; fi"]
    if n == "deploy-edge":
        l += ["ssh edge@$HOST \"systemctl restart verdant\" < /dev/null", "cd /opt/verdant", "read name", "eval `cat /etc/verdant/env`"]
    open(f"provision/{n}.sh", "w").write("\n".join(l) + "\n")
for s in range(1, 19):
    l = ["---", f"site: gh-{s:02d}", "zones:"]
    for z in range(1, 9):
        l += [f"  - name: zone-{z}", f"    valves: [V{s}{z}1, V{s}{z}2]", f"    schedule: \"0 {z} * * *\"", "    targets:", f"      ec: {1 + z * 0.1:.1f}", "      ph: 5.8", "    enabled: yes"]
    if s == 7: l[5] = "    valves: [V711, V712 ]"
    if s == 12: l.append("  - name: zone-9\n    valves: [V1291]\n    valves: [V1292]")
    if s == 15: l[8] = "      ec: 1.1   "
    if s == 3: l.append("    notes: " + "x" * 120)
    open(f"sites/gh-{s:02d}.yaml", "w").write("\n".join(l) + "\n")
PY

# --- data: readings API, harvest CSV, NDJSON controller events, logs, syslog, YAML
mkdir -p "$ROOT/data/api" "$ROOT/data/files" "$ROOT/data/logs" "$ROOT/data/config" && cd "$ROOT/data"
python3 - <<'PY'
import json, random, datetime
random.seed(1010)
items = []
for i in range(1, 181):
    r = {"sensor": f"gh4-{i:03d}", "zone": f"zone-{1 + i % 8}", "kind": "soil_moisture", "value": round(random.uniform(28, 41), 1), "unit": "%", "status": "ok", "battery": random.randint(60, 100)}
    if i == 67: r["status"] = "stale"; r["last_seen"] = "2026-11-27T03:12:44Z"
    if i == 131: r["value"] = 3.2
    if i == 150: r["battery"] = 7
    items.append(r)
json.dump({"greenhouse": "gh4", "generated": "2026-11-29T06:00:00Z", "count": len(items), "readings": items}, open("api/readings-gh4.json", "w"), indent=2)
rows = ["date,greenhouse,crop,bed,kg,grade,picker"]
d0 = datetime.date(2026, 9, 1)
for i in range(620):
    d = d0 + datetime.timedelta(days=i // 8)
    crop = random.choice(["tomato", "tomato", "cucumber", "pepper"])
    kg = round(random.uniform(40, 95), 1)
    grade = "A"
    if i == 411: kg = 812.0
    if i in (97, 505): grade = "reject"
    rows.append(f"{d},gh{1 + i % 4},{crop},b{1 + i % 12:02d},{kg},{grade},p{random.randint(1, 14):02d}")
open("files/harvest.csv", "w").write("\n".join(rows) + "\n")
ev = []
t = datetime.datetime(2026, 11, 29, 4, 0, 0)
for i in range(1400):
    t += datetime.timedelta(seconds=random.randint(1, 9))
    e = {"ts": t.isoformat() + "Z", "controller": f"ctl-{1 + i % 6}", "event": "valve_cycle", "valve": f"V{random.randint(100, 199)}", "ms": random.randint(800, 1400), "result": "ok"}
    if i == 903: e.update(result="timeout", ms=30000, error="no ack from valve V155 after 3 retries")
    if i == 1012: e.update(event="pressure_alarm", result="alarm", bar=6.8)
    ev.append(json.dumps(e))
open("logs/controller.ndjson", "w").write("\n".join(ev) + "\n")
lg = []
t = datetime.datetime(2026, 11, 29, 5, 0, 0)
for i in range(900):
    t += datetime.timedelta(seconds=random.randint(1, 5))
    svc = ["scheduler", "ingest", "alerts"][i % 3]
    lvl, msg = "INFO", f"tick {i} processed {random.randint(10, 90)} readings"
    if i % 7 == 5: lvl, msg = "WARN", f"slow flush {random.randint(600, 900)}ms"
    if i == 444: lvl, msg = "ERROR", "write to tsdb failed: connection refused (10.4.0.12:8086)"
    if i == 702: lvl, msg = "ERROR", "alert rule frost-gh2 evaluation panicked: index out of range [3] with length 3"
    lg.append((svc, f"{t:%Y-%m-%d %H:%M:%S} {lvl} [{svc}] {msg}"))
for svc in ["scheduler", "ingest", "alerts"]:
    open(f"logs/{svc}.log", "w").write("\n".join(l for s, l in lg if s == svc) + "\n")
sl = []
t = datetime.datetime(2026, 11, 29, 3, 0, 0)
for i in range(520):
    t += datetime.timedelta(seconds=random.randint(2, 20))
    ts = t.strftime("%b %d %H:%M:%S")
    c = random.choice([f"CRON[{4000 + i}]: (root) CMD (/usr/local/bin/verdant-sync)", f"verdant-edge[812]: heartbeat ok seq={i}", "systemd[1]: Started Session of user edge."])
    if i == 300: c = "kernel: [88211.402113] usb 1-1.3: USB disconnect, device number 7"
    if i == 301: c = "verdant-edge[812]: serial /dev/ttyUSB0 lost: Input/output error"
    if i == 455: c = "kernel: [90110.000912] EXT4-fs error (device mmcblk0p2): ext4_find_entry:1455: inode #131075: comm verdant-edge: reading directory lblock 0"
    sl.append(f"{ts} edge-gh2 {c}")
open("logs/syslog", "w").write("\n".join(sl) + "\n")
y = ["# verdant controller config", "controller:", "  id: ctl-main", "  listen: 0.0.0.0:7400", "zones:"]
for z in range(1, 41):
    y += [f"  - id: zone-{z:02d}", f"    greenhouse: gh{1 + z % 4}", f"    valve: V{100 + z}", f"    flow_lpm: {12 + z % 5}", "    max_minutes: 20", f"    enabled: true"]
y[5 + 6 * 28 + 4] = "    max_minutes: 200"
y[5 + 6 * 17 + 5] = "    enabled: false"
y += ["alerts:", "  frost_c: 2.5", "  smtp: smtp://mail.verdant.local:25", "  recipients: [ops@verdant.example]"]
open("config/controller.yaml", "w").write("\n".join(y) + "\n")
PY

# --- db: PostgreSQL telemetry, SQLite firmware
mkdir -p "$ROOT/db" && cd "$ROOT/db"
python3 - <<'PY'
import random, sqlite3
random.seed(1010)
sql = ["DROP TABLE IF EXISTS readings, sensors, sites CASCADE;",
       "CREATE TABLE sites (id int PRIMARY KEY, name text, region text);",
       "CREATE TABLE sensors (id int PRIMARY KEY, site_id int REFERENCES sites, kind text);",
       "CREATE TABLE readings (id bigint PRIMARY KEY, sensor_id int, taken_at timestamptz, value numeric);",
       "INSERT INTO sites SELECT g, 'site ' || g, (ARRAY['north','south','west'])[1 + g % 3] FROM generate_series(1, 40) g;",
       "INSERT INTO sensors SELECT g, 1 + g % 40, (ARRAY['moisture','temp','ec','ph'])[1 + g % 4] FROM generate_series(1, 2400) g;",
       "INSERT INTO readings SELECT g, 1 + g % 2400, timestamptz '2026-10-01' + (g % 86400) * interval '1 minute', (g * 13) % 97 FROM generate_series(1, 400000) g;",
       "ANALYZE;"]
open("telemetry.sql", "w").write("\n".join(sql) + "\n")
db = sqlite3.connect("firmware.db")
db.execute("DROP TABLE IF EXISTS devices")
db.execute("CREATE TABLE devices (id INTEGER PRIMARY KEY, serial TEXT, model TEXT, firmware TEXT, last_update TEXT, state TEXT, notes TEXT)")
for i in range(1, 131):
    fw, st, note = "4.2.1", "current", ""
    if i in (19, 88): fw, st = "3.9.0", "rollback"
    if i == 102: st, note = "bricked", "flash verify failed at block 0x3f000"
    db.execute("INSERT INTO devices VALUES (?,?,?,?,?,?,?)", (i, f"VX{7000 + i}", random.choice(["valve-ctl", "sensor-hub"]), fw, f"2026-11-{1 + i % 28:02d}", st, note))
db.commit()
PY
if [ -n "${PGHOST:-}" ]; then psql -X -q -v ON_ERROR_STOP=1 -f telemetry.sql >/dev/null; fi

# --- sys: an artifacts tree
mkdir -p "$ROOT/sys" && cd "$ROOT/sys" && rm -rf artifacts
python3 - <<'PY'
import os, random
random.seed(1010)
for b in range(1, 9):
    for arch in ["armv7", "aarch64"]:
        d = f"artifacts/build-{b:03d}/{arch}"
        os.makedirs(d, exist_ok=True)
        for f in range(1, 9):
            size = random.randint(2000, 40000)
            if b == 6 and arch == "aarch64" and f == 3: size = 9_000_000
            with open(f"{d}/module-{f}.so", "wb") as fh: fh.truncate(size)
os.makedirs("artifacts/tmp", exist_ok=True)
with open("artifacts/tmp/core.verdant-edge.2211", "wb") as fh: fh.truncate(24_000_000)
PY
find artifacts -exec touch -d '2026-11-20 10:00' {} +
touch -d '2026-11-28 23:14' artifacts/tmp/core.verdant-edge.2211

# --- git: holmesgpt's history
mkdir -p "$ROOT/git" && cd "$ROOT/git"
if [ ! -d holmesgpt ]; then
  # the mirror lacks some large blobs: check out the files it holds
  git clone -q --no-checkout "$HOLMES_REPO" holmesgpt
  git -C holmesgpt ls-tree -r HEAD --format='%(objectname) %(path)' \
    | git -C holmesgpt cat-file --batch-check='%(objectname) %(objecttype)' --buffer 2>/dev/null \
    | paste -d' ' - <(git -C holmesgpt ls-tree -r HEAD --format='%(path)') \
    | awk '$2 == "blob" {print $3}' > held.txt
  git -C holmesgpt checkout -q HEAD --pathspec-from-file=../held.txt 2>/dev/null || true
  rm held.txt
fi

# --- ops: kubectl replays the earlier rounds did not use
mkdir -p "$ROOT/ops/replay" "$ROOT/ops/bin" && cd "$ROOT/ops"
body() { git --git-dir="$HOLMES_REPO" show "HEAD:$1" | tail -n +3 | sed '1{/^stdout:$/d}'; }
F=tests/llm/fixtures
body $F/test_investigate/11_KubePodCrashLooping/kubectl_describe.txt > "replay/describe pod -n default -l app=crashloop"
body $F/test_ask_holmes/12_job_crashing/kubectl_get_by_kind_in_namespace.txt > "replay/get pods -n default -o wide"
body $F/test_investigate/09_high_latency/kubectl_logs_all_containers.txt > "replay/logs -l app=customer-orders --all-containers"
cat > bin/kubectl <<'SH'
#!/bin/sh
# replays a recorded kubectl output (see the corpus case's provenance)
f="$(dirname "$0")/../replay/$*"
[ -f "$f" ] || { echo "error: the server doesn't have a resource type \"$1\"" >&2; exit 1; }
cat "$f"
SH
chmod +x bin/kubectl
