#!/usr/bin/env bash
# The fresh25 set (bench/corpus/fresh25/): the system, runtime-debugging and data tools an agent
# runs when something misbehaves, in shapes no earlier set holds (valgrind with chosen leak kinds
# and an error exit code, ltrace -c and ltrace -e, strace -e status=failed, gdb of a crashing
# Python, lsof -p, /proc reads; ansible-playbook --check --diff, systemd-analyze verify, nginx -t;
# a real nginx run's error log and its 4xx/5xx lines; jq group_by and select, yq, xmllint --xpath
# and --valid, mlr stats1, sqlite3 .import of a bad CSV; php -l over a package's sources).
# Projects of a package mirror's team (Kestrel): a C catalog loader over a clone of
# DaveGamble/cJSON reading this machine's dpkg database as JSON; Python tools; provisioning
# files; Debian's PhpParser sources.
set -euo pipefail
ROOT="$1"
cd "$ROOT"
rm -rf native py conf data php logs && mkdir -p native/data py/tools conf data php logs

# --- data: this machine's installed packages, from dpkg
dpkg-query -W -f='${Package}\t${Section}\t${Installed-Size}\t${Version}\t${Maintainer}\t${Depends}\n' > data/dpkg.tsv
python3 - <<'PY'
import csv, json, re
rows = []
for line in open("data/dpkg.tsv", encoding="utf8"):
    name, section, kb, version, maint, deps = line.rstrip("\n").split("\t")
    dl = [re.split(r"[ (:]", d.strip())[0] for d in deps.split(",") if d.strip()] if deps else []
    rows.append({"name": name, "section": section or None, "installed_kb": int(kb) if kb else None,
                 "version": version, "maintainer": maint, "depends": dl})
json.dump(rows, open("data/packages.json", "w"), indent=1)
# three shards for the C loader; the last one cut short as the mirror's sync left it
third = len(rows) // 3
for i, part in enumerate([rows[:third], rows[third:2 * third], rows[2 * third:]]):
    text = json.dumps({"shard": i, "packages": part}, indent=1)
    if i == 2:
        text = text[: int(len(text) * 0.6)]
    open(f"native/data/shard{i}.json", "w").write(text)
# the export the mirror's web team sent: some rows shifted, some sizes not numbers
with open("data/export.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["name", "section", "installed_kb", "version", "maintainer"])
    for n, r in enumerate(rows):
        kb = r["installed_kb"]
        if n % 97 == 13:
            w.writerow([r["name"], r["section"], r["version"]])
        elif n % 131 == 7:
            w.writerow([r["name"], r["section"], f"{kb} KB", r["version"], r["maintainer"], "extra"])
        else:
            w.writerow([r["name"], r["section"], kb, r["version"], r["maintainer"]])
# a compose-like inventory of the mirror's services, as YAML
import yaml
svc = {}
for r in rows[:200]:
    svc[r["name"].replace(".", "-")] = {
        "image": f"kestrel/{r['name']}:{r['version'].split(':')[-1]}",
        "section": r["section"],
        "mem_limit": f"{max(64, (r['installed_kb'] or 0) // 8)}m",
        "depends_on": r["depends"][:3],
        "restart": "always" if len(r["depends"]) > 4 else "on-failure",
    }
yaml.safe_dump({"version": "3.8", "services": svc}, open("data/services.yml", "w"), sort_keys=False)
PY
cp /usr/share/mime/packages/freedesktop.org.xml data/

# a fontconfig file as the team edited it, checked against its DTD
sed -e 's|<dir>/usr/share/fonts</dir>|<dir>/usr/share/fonts</dir><directory>/srv/kestrel/fonts</directory>|' \
    -e 's|<match target="pattern">|<match target="pattern" mode="strong">|' \
    -e '0,/<alias>/s|<alias>|<alias binding="loud">|' \
    -e 's|<cachedir>/var/cache/fontconfig</cachedir>|<cachedir>/var/cache/fontconfig</cachedir><cachedir prefix="cwd">cache</cachedir><rescan>yes</rescan>|' \
    /etc/fonts/fonts.conf > data/fonts.conf
sed -i 's|SYSTEM "[^"]*"|SYSTEM "/usr/share/xml/fontconfig/fonts.dtd"|' data/fonts.conf

# --- native: the catalog loader over cJSON
cd "$ROOT/native"
git clone -q "$CJSON_REPO" cjson
cat > catalog.c <<'C'
/* catalog: load the mirror's package shards and report sizes per section */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cJSON.h"

struct pkg { char *name; char *section; long kb; char **deps; int ndeps; };
struct index { struct pkg *items; int n, cap; };

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc(n + 1);
    fread(buf, 1, n, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static void add(struct index *ix, cJSON *p)
{
    if (ix->n == ix->cap) {
        ix->cap = ix->cap ? ix->cap * 2 : 64;
        ix->items = realloc(ix->items, ix->cap * sizeof *ix->items);
    }
    struct pkg *k = &ix->items[ix->n++];
    k->name = strdup(cJSON_GetObjectItem(p, "name")->valuestring);
    cJSON *sec = cJSON_GetObjectItem(p, "section");
    k->section = cJSON_IsString(sec) ? strdup(sec->valuestring) : strdup("unknown");
    cJSON *kb = cJSON_GetObjectItem(p, "installed_kb");
    k->kb = cJSON_IsNumber(kb) ? (long)kb->valuedouble : 0;
    cJSON *deps = cJSON_GetObjectItem(p, "depends");
    k->ndeps = cJSON_GetArraySize(deps);
    k->deps = malloc(k->ndeps * sizeof *k->deps);
    for (int i = 0; i < k->ndeps; i++)
        k->deps[i] = strdup(cJSON_GetArrayItem(deps, i)->valuestring);
}

static int load(struct index *ix, const char *path)
{
    char *text = slurp(path);
    if (!text) { fprintf(stderr, "catalog: cannot read %s\n", path); return -1; }
    cJSON *root = cJSON_Parse(text);
    if (!root) {
        fprintf(stderr, "catalog: %s: parse error near byte %ld\n", path, (long)(cJSON_GetErrorPtr() - text));
        return -1; /* text is not freed on this path */
    }
    cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItem(root, "packages")) add(ix, p);
    free(text);
    /* root kept: the section names point into it later (they do not; strdup'd) */
    return 0;
}

int main(int argc, char **argv)
{
    struct index ix = {0};
    int bad = 0;
    for (int i = 1; i < argc; i++) if (load(&ix, argv[i]) < 0) bad++;
    long total = 0;
    int biggest = 0;
    for (int i = 0; i <= ix.n; i++) {      /* one past the end */
        total += ix.items[i].kb;
        if (ix.items[i].kb > ix.items[biggest].kb) biggest = i;
    }
    printf("%d packages, %ld KB, biggest %s\n", ix.n, total, ix.items[biggest].name);
    for (int i = 0; i < ix.n; i += 2) { free(ix.items[i].name); free(ix.items[i].section); }
    free(ix.items);
    return bad ? 2 : 0;
}
C
gcc -g -O0 -o catalog catalog.c cjson/cJSON.c -Icjson -lm

# --- py: the sync tool, a crashing checksum helper and a leaking fetcher
cd "$ROOT/py"
cat > tools/sync.py <<'PY'
"""kestrel-sync: push the mirror's index to the API."""
import json, os, socket, sys

CANDIDATES = ["/etc/kestrel/sync.toml", os.path.expanduser("~/.config/kestrel/sync.toml"), "conf/sync.toml", "sync.toml"]

def config():
    for path in CANDIDATES:
        try:
            with open(path, "rb") as f:
                return f.read()
        except FileNotFoundError:
            continue
    return None

def push(index):
    for target in (("127.0.0.1", 5433), ("127.0.0.1", 8642)):
        s = socket.socket()
        try:
            s.connect(target)
            s.sendall(json.dumps(index).encode())
            return target
        except OSError as e:
            print(f"sync: {target[0]}:{target[1]}: {e}", file=sys.stderr)
        finally:
            s.close()
    u = socket.socket(socket.AF_UNIX)
    u.connect("/run/kestrel/api.sock")

cfg = config()
os.makedirs("cache", exist_ok=True)
import tomllib
settings = tomllib.loads((cfg or b"").decode())
index = json.load(open("../data/packages.json"))
push({"count": len(index), "settings": settings})
PY
cat > tools/checksum.py <<'PY'
"""kestrel-checksum: hash package files through the C helper the old mirror used."""
import ctypes, hashlib, sys

libc = ctypes.CDLL(None)
libc.strlen.argtypes = [ctypes.c_void_p]
libc.strlen.restype = ctypes.c_size_t

def c_name(entry):
    # the old helper handed back a C string; None when the package had no file list
    return entry.get("files")

def main():
    names = ["libxml2", "zlib1g", "coreutils"]
    for n in names:
        entry = {"name": n, "files": None if n == "coreutils" else ctypes.create_string_buffer(n.encode())}
        buf = c_name(entry)
        size = libc.strlen(buf)
        print(n, size, hashlib.sha256(n.encode()).hexdigest()[:16])

main()
PY
cat > tools/fetcher.py <<'PY'
"""kestrel-fetcher: keeps every file and socket it opens (the leak being chased)."""
import glob, os, socket, time
held = []
for path in sorted(glob.glob("/usr/share/doc/*/copyright"))[:180]:
    held.append(open(path, "rb"))
srv = socket.socket(); srv.bind(("127.0.0.1", 0)); srv.listen(); held.append(srv)
for _ in range(12):
    c = socket.socket(); c.connect(srv.getsockname()); held.append(c); held.append(srv.accept()[0])
r, w = os.pipe(); held += [r, w]
blob = [bytes(1 << 20) for _ in range(40)]
time.sleep(600)
PY

# --- conf: provisioning of the mirror host
cd "$ROOT/conf"
mkdir -p templates files units nginx/html/static nginx/logs etc
cat > inventory.ini <<'INI'
[mirror]
localhost ansible_connection=local ansible_python_interpreter=/usr/bin/python3
INI
cat > site.yml <<'YML'
- name: Kestrel mirror host
  hosts: mirror
  gather_facts: false
  vars:
    kestrel_root: "{{ playbook_dir }}/etc"
    mirror_port: 8642
    workers: 4
  tasks:
    - name: Directories
      ansible.builtin.file:
        path: "{{ kestrel_root }}/{{ item }}"
        state: directory
        mode: "0755"
      loop: [kestrel, kestrel/conf.d, nginx, logrotate.d]
    - name: Sync configuration
      ansible.builtin.template:
        src: templates/sync.toml.j2
        dest: "{{ kestrel_root }}/kestrel/sync.toml"
    - name: Nginx site
      ansible.builtin.template:
        src: templates/mirror.conf.j2
        dest: "{{ kestrel_root }}/nginx/mirror.conf"
    - name: Environment
      ansible.builtin.lineinfile:
        path: "{{ kestrel_root }}/kestrel/env"
        regexp: "^{{ item.key }}="
        line: "{{ item.key }}={{ item.value }}"
        create: true
      loop: "{{ env_vars | dict2items }}"
      vars:
        env_vars: { KESTREL_PORT: "{{ mirror_port }}", KESTREL_WORKERS: "{{ workers }}", KESTREL_CACHE: /var/cache/kestrel }
    - name: Logrotate
      ansible.builtin.copy:
        src: files/kestrel.logrotate
        dest: "{{ kestrel_root }}/logrotate.d/kestrel"
    - name: Packages
      ansible.builtin.apt:
        name: [nginx-light, python3-tomli, kestrel-agent]
        state: present
      check_mode: true
      ignore_errors: true
    - name: Unit
      ansible.builtin.template:
        src: templates/kestrel-sync.service.j2
        dest: "{{ kestrel_root }}/kestrel-sync.service"
    - name: Cron
      ansible.builtin.cron:
        name: kestrel sync
        minute: "*/15"
        job: /usr/bin/kestrel-sync --quiet
        cron_file: "{{ kestrel_root }}/kestrel.cron"
        user: kestrel
    - name: Check the upstream
      ansible.builtin.uri:
        url: "http://127.0.0.1:{{ mirror_port }}/health"
      register: health
    - name: Report
      ansible.builtin.debug:
        msg: "mirror up: {{ health.status }}"
YML
cat > templates/sync.toml.j2 <<'J2'
[api]
url = "http://127.0.0.1:{{ mirror_port }}"
workers = {{ workers }}
timeout = {{ sync_timeout | default(30) }}
J2
cat > templates/mirror.conf.j2 <<'J2'
server {
    listen {{ mirror_port }};
    root /srv/kestrel/mirror;
    location /api/ { proxy_pass http://127.0.0.1:{{ mirror_port + 1 }}; }
}
J2
cat > templates/kestrel-sync.service.j2 <<'J2'
[Unit]
Description=Kestrel mirror sync
[Service]
ExecStart=/usr/bin/kestrel-sync --workers {{ workers }}
J2
cat > files/kestrel.logrotate <<'LR'
/var/log/kestrel/*.log {
    daily
    rotate 14
    compress
}
LR
# what is on the host already
mkdir -p etc/kestrel etc/nginx
printf '[api]\nurl = "http://127.0.0.1:8080"\nworkers = 2\ntimeout = 30\n' > etc/kestrel/sync.toml
printf 'KESTREL_PORT=8080\nKESTREL_WORKERS=2\nKESTREL_LOG=/var/log/kestrel\n' > etc/kestrel/env
printf 'server {\n    listen 8080;\n    root /srv/mirror;\n}\n' > etc/nginx/mirror.conf

# systemd units of the mirror's services
cat > units/kestrel-sync.service <<'U'
[Unit]
Description=Kestrel mirror sync
After=network-online.target kestrel-api.service
Wants=network-online.target
Requires=kestrel-db.service

[Service]
Type=notify
User=kestrel
ExecStart=/usr/bin/kestrel-sync --workers 4
ExecReload=/bin/kill -HUP $MAINPID
Restart=on-failure
RestartSec=5s
TimeoutStartSec=2min
MemoryMax=512M
Environment=KESTREL_CACHE=/var/cache/kestrel

[Install]
WantedBy=multi-user.target
U
cat > units/kestrel-api.service <<'U'
[Unit]
Description=Kestrel mirror API
After=network.target

[Service]
Type=simple
ExecStart=/usr/bin/python3 -m kestrel.api --port 8642
WorkingDirectory=/srv/kestrel
Restart=alwayss
RestartSec=3 seconds
LimitNOFILE=65536
ProtectSystem=strict
ReadWritePaths=/var/cache/kestrel /var/log/kestrel
CPUQuota=150

[Install]
WantedBy=multi-user.target
U
cat > units/kestrel-fetch.timer <<'U'
[Unit]
Description=Fetch upstream every quarter hour

[Timer]
OnCalendar=*:0/15
Persistent=true
Unit=kestrel-fetch.service
RandomizedDelaySec=2m

[Install]
WantedBy=timers.target
U
cat > units/kestrel-fetch.service <<'U'
[Unit]
Description=Fetch upstream packages

[Service]
Type=oneshot
ExecStart=kestrel-fetch --all
ExecStartPost=/usr/local/bin/kestrel-index
User=kestrel
Nice=25
IOSchedulingClass=idle
StandardOutput=journal
U
cat > units/kestrel-web.socket <<'U'
[Unit]
Description=Kestrel web socket

[Socket]
ListenStream=127.0.0.1:8643
Accept=yes
MaxConnections=64
SocketMode=0666

[Install]
WantedBy=sockets.target
U
cat > units/kestrel-prune.service <<'U'
[Unit]
Description=Prune old package versions
ConditionPathExists=/srv/kestrel/mirror

[Service]
Type=oneshot
ExecStart=/usr/bin/find /srv/kestrel/mirror -mtime +30 -delete
PrivateTmp=yes
ProtectHome=read-only
CapabilityBoundingSet=CAP_DAC_OVERRIDE CAP_FOWNER CAP_NET_ADMIN_X
SystemCallFilter=@system-service @mount-extra
U

# nginx: the mirror's front, broken after an edit, and a working copy run for its logs
cat > nginx/nginx.conf <<'NG'
worker_processes 1;
pid logs/nginx.pid;
error_log logs/error.log info;
events { worker_connections 256; }
http {
    access_log logs/access.log;
    limit_req_zone $binary_remote_addr zone=api:1m rate=5r/s;
    upstream kestrel_api { server 127.0.0.1:18726 max_fails=3 fail_timeout=5s; server 127.0.0.1:18727 backup; }
    server {
        listen 127.0.0.1:18725;
        root html;
        location / { try_files $uri $uri/ =404; }
        location /static/ { expires 7d; }
        location /api/ { limit_req zone=api burst=4 nodelay; proxy_pass http://kestrel_api; proxy_connect_timeout 1s; }
        location /admin/ { deny all; }
        location /pool/ { alias /srv/kestrel/pool/; autoindex on; }
        location = /health { return 200 "ok\n"; }
        location /old/ { return 301 /pool/; }
    }
}
NG
sed -e 's|worker_connections 256;|worker_connections 256;\n    use epoll_x;|' -e 's|expires 7d;|expires 7d; gzip_static onn;|' nginx/nginx.conf > nginx/nginx-edited.conf
cp -r /usr/share/doc/nginx* nginx/html/static/ 2>/dev/null || true
for f in index.html about.html; do echo "<h1>Kestrel $f</h1>" > nginx/html/$f; done
nginx -p "$PWD/nginx/" -c nginx.conf
sleep 1
python3 - <<'PY'
import random, urllib.request, urllib.error, time
random.seed(25)
paths = ["/", "/index.html", "/about.html", "/health", "/static/", "/missing.html", "/favicon.ico",
         "/api/packages?section=libs", "/api/sync", "/admin/", "/admin/users", "/pool/main/",
         "/old/libxml2.deb", "/wp-login.php", "/.env", "/robots.txt", "/api/packages/libxml2"]
weights = [8, 6, 3, 5, 2, 3, 3, 6, 4, 2, 1, 2, 2, 1, 1, 2, 4]
for i in range(520):
    p = random.choices(paths, weights)[0]
    try:
        urllib.request.urlopen(urllib.request.Request("http://127.0.0.1:18725" + p, headers={"User-Agent": random.choice(["kestrel-sync/2.1", "curl/7.88.1", "Mozilla/5.0 (X11; Linux x86_64)", "Debian APT-HTTP/1.3 (2.6.1)"])}), timeout=5).read()
    except urllib.error.HTTPError:
        pass
    except Exception:
        pass
PY
nginx -p "$PWD/nginx/" -c nginx.conf -s quit
sleep 1
mv nginx/logs/access.log nginx/logs/error.log ../logs/ 2>/dev/null || true
cd "$ROOT/conf" && cp nginx/nginx-edited.conf nginx/nginx.conf

# --- php: Debian's PhpParser sources, three files mid-edit
cd "$ROOT/php"
cp -r /usr/share/php/PhpParser .
sed -i '0,/protected \$/s//protected $$/' PhpParser/NodeTraverser.php
sed -i '0,/return \$this->/s//return $this-> ;/' PhpParser/Lexer.php
sed -i '0,/^}$/s//}\n}/' PhpParser/Node/Stmt/Class_.php

# --- pg: the mirror's download counters on Postgres, two jobs that lock in opposite orders
mkdir -p "$ROOT/pg" && cd "$ROOT/pg"
cat > schema.sql <<'SQL'
DROP TABLE IF EXISTS downloads, packages;
CREATE TABLE packages (id serial PRIMARY KEY, name text UNIQUE NOT NULL, section text, installed_kb int);
CREATE TABLE downloads (package_id int REFERENCES packages(id), day date, hits int, PRIMARY KEY (package_id, day));
\copy packages(name, section, installed_kb) FROM PROGRAM 'cut -f1-3 ../data/dpkg.tsv | awk -F"\t" "\$3 != \"\""'
INSERT INTO downloads SELECT p.id, d::date, (p.id * 7919 + extract(doy FROM d)::int * 104729) % 5000
  FROM packages p, generate_series('2026-09-01'::date, '2026-11-29', '1 day') d;
ANALYZE;
ALTER SYSTEM SET log_min_duration_statement = 40;
ALTER SYSTEM SET deadlock_timeout = '200ms';
ALTER SYSTEM SET log_lock_waits = on;
SELECT pg_reload_conf();
SQL
cat > jobs.sh <<'JOBS'
#!/usr/bin/env bash
# the nightly jobs as they run together: the counter roll-up and the section re-sort
for round in 1 2 3; do
psql -q -v ON_ERROR_STOP=1 <<SQL &
BEGIN;
UPDATE packages SET installed_kb = installed_kb + 1 WHERE name = 'libxml2';
SELECT pg_sleep(0.5);
UPDATE packages SET installed_kb = installed_kb + 1 WHERE name = 'zlib1g';
COMMIT;
SQL
psql -q -v ON_ERROR_STOP=1 <<SQL &
BEGIN;
UPDATE packages SET section = section WHERE name = 'zlib1g';
SELECT pg_sleep(0.5);
UPDATE packages SET section = section WHERE name = 'libxml2';
COMMIT;
SQL
wait
done
psql -q -c "SELECT p.section, sum(d.hits) AS hits FROM downloads d JOIN packages p ON p.id = d.package_id GROUP BY p.section ORDER BY hits DESC" >/dev/null
psql -q -c "SELECT p.name, count(*) FROM downloads a JOIN downloads b ON a.hits = b.hits AND a.package_id < b.package_id JOIN packages p ON p.id = a.package_id WHERE a.day > '2026-11-20' GROUP BY p.name ORDER BY 2 DESC LIMIT 20" >/dev/null
psql -q -c "UPDATE downloads SET hits = hits WHERE day = '2026-11-29'" >/dev/null
psql -q -c "SELECT pg_sleep(0.3), count(*) FROM packages WHERE name LIKE '%lib%'" >/dev/null
psql -q -c "SELECT * FROM packages WHERE installed_kb / 0 > 1" >/dev/null 2>&1 || true
true
JOBS
chmod +x jobs.sh
