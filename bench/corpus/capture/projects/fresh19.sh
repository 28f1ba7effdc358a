#!/usr/bin/env bash
# The fresh19 set (bench/corpus/fresh19/): a nineteenth held-out round on database, system, ops
# and data tools no earlier set holds (the MariaDB client, gprof, perf, sysstat's mpstat/pidstat/
# sar, findmnt/df/lsblk, systemd-analyze, logrotate, nmap on loopback, csvkit, xmlstarlet).
# Projects of a package mirror's ops team (Debmirror): this machine's own dpkg database loaded
# into a MariaDB server on 127.0.0.1, SQLite's amalgamation from npm's better-sqlite3 profiled
# under an index builder, Debian's own systemd units and logrotate configs, the freedesktop MIME
# database and polkit policies, and a packages CSV exported from dpkg.
#
# Leaves a MariaDB server (pid in $ROOT/db/mariadbd.pid) and a loopback HTTP server (pid in
# $ROOT/http.pid) running for the sessions; stop them by those pids after the capture.
set -euo pipefail
ROOT="$1"
MYPORT=33619
HTTPPORT=8619

# --- data: dpkg's status file as CSV tables, and an export someone edited by hand
rm -rf "$ROOT/data" && mkdir -p "$ROOT/data" && cd "$ROOT/data"
python3 - <<'PY'
import csv, re
recs, cur = [], {}
for line in open("/var/lib/dpkg/status", encoding="utf-8"):
    if line == "\n":
        if cur: recs.append(cur)
        cur = {}
    elif line[0] not in " \t" and ":" in line:
        k, v = line.split(":", 1); cur[k] = v.strip()
if cur: recs.append(cur)
cols = ["Package", "Version", "Architecture", "Installed-Size", "Section", "Priority", "Maintainer", "Source", "Status"]
with open("packages.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(cols)
    for r in recs: w.writerow([r.get(c, "") for c in cols])
with open("depends.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["package", "depends_on", "relation", "version_constraint"])
    for r in recs:
        for rel in ("Depends", "Pre-Depends", "Recommends"):
            for alt in filter(None, (x.strip() for x in r.get(rel, "").split(","))):
                first = alt.split("|")[0].strip()
                m = re.match(r"([^ (:]+)(?::\S+)?\s*(?:\((.*)\))?", first)
                w.writerow([r["Package"], m.group(1), rel, m.group(2) or ""])
# the mirror export: a hand edit split one maintainer on its comma, another row lost a field
rows = list(csv.reader(open("packages.csv", encoding="utf-8")))
with open("mirror-export.csv", "w", newline="", encoding="utf-8") as f:
    for i, r in enumerate(rows):
        if i in (118, 640): r = r[:6] + r[6].split(" <", 1) + r[7:]
        if i == 377: r = r[:4] + r[5:]
        if i == 901: r = r + ["", "pinned"]
        f.write(",".join(x if "," not in x else f'"{x}"' for x in r) + "\n")
PY
mkdir -p xml && cp /usr/share/mime/packages/freedesktop.org.xml xml/ && cp /usr/share/polkit-1/actions/*.policy xml/
# a policy file the team edited: one action lost its closing tag, another has a stray element
sed -e '0,/<\/action>/s/<\/action>//' /usr/share/polkit-1/actions/org.freedesktop.systemd1.policy > xml/org.debmirror.sync.policy
cat > xml/mirror-sites.xml <<'X'
<?xml version="1.0"?>
<sites>
X
awk -F, 'NR>1 && NR<400 { printf "  <site name=\"%s\" version=\"%s\" arch=\"%s\" size=\"%s\"><section>%s</section></site>\n", $1, $2, $3, $4, $5 }' packages.csv >> xml/mirror-sites.xml
printf '  <site name="broken & unescaped" version="1"/>\n</sites>\n' >> xml/mirror-sites.xml

# --- db: a MariaDB server on loopback holding the same tables, and migrations against it
mkdir -p "$ROOT/db" && cd "$ROOT/db"
if [ ! -f mariadbd.pid ] || ! kill -0 "$(cat mariadbd.pid)" 2>/dev/null; then
  rm -rf data && mkdir -p data && chown mysql:mysql data
  mariadb-install-db --user=mysql --datadir="$ROOT/db/data" --auth-root-authentication-method=normal >install.log 2>&1
  chown mysql:mysql "$ROOT/db"
  mariadbd --user=mysql --datadir="$ROOT/db/data" --socket="$ROOT/db/mysqld.sock" --port=$MYPORT \
    --bind-address=127.0.0.1 --pid-file="$ROOT/db/mariadbd.pid" --log-error="$ROOT/db/mariadbd.err" \
    --innodb-lock-wait-timeout=3 --local-infile=1 >/dev/null 2>&1 &
  for _ in $(seq 60); do [ -S "$ROOT/db/mysqld.sock" ] && break; sleep 0.5; done
fi
printf '[client]\nsocket=%s\nuser=root\nlocal-infile=1\n' "$ROOT/db/mysqld.sock" > my.cnf
M="mariadb --defaults-file=$ROOT/db/my.cnf"
$M -e "DROP DATABASE IF EXISTS mirror; CREATE DATABASE mirror"
$M mirror <<'SQL'
CREATE TABLE packages (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(120) NOT NULL, version VARCHAR(80),
  arch VARCHAR(16), installed_kb INT, section VARCHAR(40), priority VARCHAR(16), maintainer VARCHAR(160),
  source VARCHAR(120), status VARCHAR(40)) ENGINE=InnoDB;
CREATE TABLE depends (package VARCHAR(120), depends_on VARCHAR(120), relation VARCHAR(16), version_constraint VARCHAR(60)) ENGINE=InnoDB;
CREATE TABLE sync_runs (id INT AUTO_INCREMENT PRIMARY KEY, suite VARCHAR(40), started_at DATETIME, finished_at DATETIME, files INT, bytes BIGINT, state VARCHAR(16)) ENGINE=InnoDB;
SQL
$M mirror -e "LOAD DATA LOCAL INFILE '$ROOT/data/packages.csv' INTO TABLE packages FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' IGNORE 1 LINES (name, version, arch, installed_kb, section, priority, maintainer, source, status)"
$M mirror -e "LOAD DATA LOCAL INFILE '$ROOT/data/depends.csv' INTO TABLE depends FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' IGNORE 1 LINES"
# the same packages seen on a second architecture, as the mirror holds them
$M mirror -e "INSERT INTO packages (name, version, arch, installed_kb, section, priority, maintainer, source, status) SELECT name, version, 'arm64', installed_kb, section, priority, maintainer, source, status FROM packages WHERE arch <> 'all'"
$M mirror -e "INSERT INTO sync_runs (suite, started_at, finished_at, files, bytes, state) SELECT s, NOW() - INTERVAL n HOUR, NOW() - INTERVAL n HOUR + INTERVAL 17 MINUTE, 1000 + n * 7, 1048576 * n, IF(n % 9 = 0, 'failed', 'ok') FROM (SELECT 'bookworm' s UNION SELECT 'bookworm-updates' UNION SELECT 'bookworm-security') a, (SELECT seq n FROM seq_1_to_48) b"
mkdir -p migrations
cat > migrations/0007_unique_names.sql <<'SQL'
-- 0007: one row per package and architecture; dependencies point at packages
ALTER TABLE packages ADD COLUMN arch_bits TINYINT AS (IF(arch = 'all', 0, 64)) VIRTUAL;
UPDATE packages SET priority = 'optional' WHERE priority = '';
ALTER TABLE packages ADD UNIQUE KEY uq_name_version (name, version);
ALTER TABLE packages ADD UNIQUE KEY uq_name_arch (name, arch);
CREATE INDEX ix_depends_pkg ON depends (package);
ALTER TABLE depends ADD CONSTRAINT fk_depends_pkg FOREIGN KEY (package) REFERENCES packages (name);
ALTER TABLE packages MODIFY installed_kb SMALLINT UNSIGNED NOT NULL;
INSERT INTO sync_runs (suite, started_at, state) VALUES ('trixie', NOW(), 'queued-for-first-sync');
CREATE VIEW package_sizes AS SELECT section, SUM(installed_kb) kb FROM packages GROUP BY section;
CREATE VIEW package_sizes AS SELECT section, SUM(installed_kb) kb, COUNT(*) n FROM packages GROUP BY section;
SQL
# background clients: a long report, a lock holder and two writers waiting on it (for the
# process list and the lock and deadlock sections of the engine status)
$M mirror -e "CREATE INDEX ix_sync_suite ON sync_runs (suite)"
cat > load.sh <<SH
#!/usr/bin/env bash
M="$M"
# a deadlock: two transactions updating the same two suites in opposite order
\$M mirror -e "BEGIN; UPDATE sync_runs SET files=files+1 WHERE id=2; SELECT SLEEP(2); UPDATE sync_runs SET files=files+1 WHERE id=3; COMMIT" >/dev/null 2>&1 &
sleep 0.5
\$M mirror -e "BEGIN; UPDATE sync_runs SET files=files+1 WHERE id=3; SELECT SLEEP(2); UPDATE sync_runs SET files=files+1 WHERE id=2; COMMIT" >/dev/null 2>&1 &
sleep 4
# the web front end's pool: idle connections
for i in 1 2 3 4 5 6 7 8; do (echo "SELECT COUNT(*) FROM packages;"; sleep 300) | \$M mirror >/dev/null 2>&1 & done
# a sync holding its suite's rows, and writers waiting on it
\$M mirror -e "BEGIN; UPDATE sync_runs SET state='running' WHERE suite='bookworm'; SELECT SLEEP(600)" >/dev/null 2>&1 &
sleep 1
for s in ok failed; do \$M mirror --init-command="SET innodb_lock_wait_timeout=500" -e "UPDATE sync_runs SET state='queued' WHERE suite='bookworm' AND state='\$s'" >/dev/null 2>&1 & done
\$M mirror --init-command="SET innodb_lock_wait_timeout=500" -e "DELETE FROM sync_runs WHERE suite='bookworm' AND finished_at < NOW() - INTERVAL 1 DAY" >/dev/null 2>&1 &
\$M mirror -e "SELECT /* nightly size report */ (SELECT COUNT(*) FROM packages p JOIN depends d ON d.depends_on = p.name) AS edges, SLEEP(400)" >/dev/null 2>&1 &
sleep 2
SH
chmod +x load.sh

# --- prof: SQLite's amalgamation (from npm's better-sqlite3) under an index builder, with -pg
mkdir -p "$ROOT/prof" && cd "$ROOT/prof"
if [ ! -f sqlite3.c ]; then
  npm pack better-sqlite3@12.11.1 --silent >/dev/null 2>&1
  tar xzf better-sqlite3-12.11.1.tgz package/deps/sqlite3/sqlite3.c package/deps/sqlite3/sqlite3.h
  mv package/deps/sqlite3/sqlite3.[ch] . && rm -rf package better-sqlite3-12.11.1.tgz
fi
cp "$ROOT/data/packages.csv" "$ROOT/data/depends.csv" .
cat > build-index.c <<'C'
/* Builds the mirror's package index: loads the package and dependency CSVs into SQLite and
   answers the reverse-dependency queries the web front end asks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sqlite3.h"
static void split_csv(char *line, char **out, int n) {
  int i = 0, q = 0; out[i++] = line;
  for (char *p = line; *p && i < n; p++) {
    if (*p == '"') q = !q;
    else if (*p == ',' && !q) { *p = 0; out[i++] = p + 1; }
    else if (*p == '\n') *p = 0;
  }
  while (i < n) out[i++] = "";
}
static void load(sqlite3 *db, const char *file, const char *sql, int n) {
  FILE *f = fopen(file, "r"); char line[4096]; sqlite3_stmt *st; char *cols[16];
  if (!f) { perror(file); exit(1); }
  sqlite3_prepare_v2(db, sql, -1, &st, 0);
  fgets(line, sizeof line, f);
  while (fgets(line, sizeof line, f)) {
    split_csv(line, cols, n);
    for (int i = 0; i < n; i++) sqlite3_bind_text(st, i + 1, cols[i], -1, SQLITE_TRANSIENT);
    sqlite3_step(st); sqlite3_reset(st);
  }
  sqlite3_finalize(st); fclose(f);
}
static long rdeps(sqlite3 *db, const char *name) {
  sqlite3_stmt *st; long n = 0;
  sqlite3_prepare_v2(db, "SELECT count(*) FROM depends WHERE depends_on = ?1 OR depends_on LIKE ?1 || ':%'", -1, &st, 0);
  sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
  if (sqlite3_step(st) == SQLITE_ROW) n = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  return n;
}
int main(int argc, char **argv) {
  sqlite3 *db; int rounds = argc > 1 ? atoi(argv[1]) : 3;
  sqlite3_open(":memory:", &db);
  sqlite3_exec(db, "CREATE TABLE packages(name,version,arch,size,section,priority,maintainer,source,status);"
                   "CREATE TABLE depends(package,depends_on,relation,version_constraint);", 0, 0, 0);
  for (int r = 0; r < rounds; r++) {
    sqlite3_exec(db, "BEGIN", 0, 0, 0);
    load(db, "packages.csv", "INSERT INTO packages VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9)", 9);
    load(db, "depends.csv", "INSERT INTO depends VALUES(?1,?2,?3,?4)", 4);
    sqlite3_exec(db, "COMMIT", 0, 0, 0);
  }
  sqlite3_stmt *st; long total = 0;
  sqlite3_prepare_v2(db, "SELECT DISTINCT name FROM packages ORDER BY name", -1, &st, 0);
  while (sqlite3_step(st) == SQLITE_ROW) total += rdeps(db, (const char *)sqlite3_column_text(st, 0));
  sqlite3_finalize(st);
  printf("indexed %ld reverse dependencies\n", total);
  sqlite3_close(db);
  return 0;
}
C
if [ ! -x build-index ]; then
  gcc -O1 -pg -g -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION -o build-index build-index.c sqlite3.c
  gcc -O2 -g -fno-omit-frame-pointer -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION -o build-index-perf build-index.c sqlite3.c
fi
rm -f gmon.out && ./build-index 2 >/dev/null

# --- ops: Debian's systemd units with the team's own, logrotate configs, a loopback web server
rm -rf "$ROOT/ops" && mkdir -p "$ROOT/ops/units" "$ROOT/ops/logrotate.d" "$ROOT/ops/www" && cd "$ROOT/ops"
cp /lib/systemd/system/mariadb.service /lib/systemd/system/nginx.service /lib/systemd/system/redis-server.service \
  /lib/systemd/system/postgresql@.service /lib/systemd/system/apt-daily.service /lib/systemd/system/apt-daily.timer \
  /lib/systemd/system/logrotate.service /lib/systemd/system/logrotate.timer units/ 2>/dev/null || true
cat > units/debmirror-sync.service <<'U'
[Unit]
Description=Sync the Debian mirror from upstream
After=network-online.target
Wants=network-online.target
Requires=debmirror-lock.service

[Service]
Type=oneshot
User=debmirror
ExecStartPre=/usr/local/bin/mirror-check --quiet
ExecStart=debmirror --progress --method=rsync /srv/mirror/debian
Restart=on-failure
TimeoutStartSec=3h
StandardOutput=journal+console
Nice=10
IOSchedulingClass=idle
MemoryLimit=2G

[Install]
WantedBy=multi-user.target
U
cat > units/debmirror-sync.timer <<'U'
[Unit]
Description=Sync the Debian mirror four times a day

[Timer]
OnCalendar=*-*-* 00/6:15:00
RandomizedDelaySec=20m
Persistent=yes
Unit=debmirror-sync.service

[Install]
WantedBy=timer.target
U
cat > units/debmirror-web.service <<'U'
[Unit]
Description=Mirror index web front end
After=network.target mariadb.service

[Service]
ExecStart=/usr/bin/python3 -m http.server --directory /srv/mirror 8080
DynamicUser=yes
ProtectSystem=strict
ReadWritePaths=/var/cache/debmirror
Restart=allways
RestartSec=2s

[Install]
WantedBy=multi-user.target
U
cp /etc/logrotate.d/* logrotate.d/ 2>/dev/null || true
rm -f logrotate.d/*.dpkg-new
cat > logrotate.d/debmirror <<'L'
/var/log/debmirror/*.log {
    daily
    rotate 14
    compress
    delaycompress
    missingok
    notifempty
    create 0640 debmirror adm
    sharedscripts
    postrotate
        systemctl kill -s HUP debmirror-web.service
    endscript
}
/var/log/debmirror/sync.log {
    weekly
    rotate four
    size 100M
    su debmirror
}
L
printf 'include %s/logrotate.d\nweekly\nrotate 4\ncreate\n' "$ROOT/ops" > logrotate.conf
mkdir -p /var/log/debmirror && : > /var/log/debmirror/sync.log && : > /var/log/debmirror/web.log
cp -r "$ROOT/data/xml" www/ && cp "$ROOT/data/packages.csv" www/
if [ ! -f "$ROOT/http.pid" ] || ! kill -0 "$(cat "$ROOT/http.pid")" 2>/dev/null; then
  python3 -m http.server --bind 127.0.0.1 --directory www $HTTPPORT >/dev/null 2>&1 &
  echo $! > "$ROOT/http.pid"
fi
