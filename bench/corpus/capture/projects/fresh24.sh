#!/usr/bin/env bash
# The fresh24 set (bench/corpus/fresh24/): the tools an agent runs beyond the compiler, in shapes no
# earlier set holds (sqlite3 -echo of a migration failing mid-script, .eqp full, foreign_key_check;
# mariadb --force --show-warnings, ANALYZE FORMAT=JSON, SHOW CREATE TABLE\G; psql -a -f of a failing
# migration; apt-get remove -s, apt-cache policy and depends, dpkg -L, pip's resolver conflict and
# list --outdated against a wheelhouse; Django's migrate --plan, sqlmigrate and diffsettings, flask
# routes, alembic history -v and upgrade --sql; isort --diff, radon cc and mi, bandit -f csv;
# git status -v, bisect log, worktree list; webpack --json, esbuild --analyze=verbose). Projects of
# a package mirror's dashboard team (Kestrel): data from this machine's dpkg database, Python
# sources copied from Debian's python3-* packages, a clone of DaveGamble/cJSON for git.
set -euo pipefail
ROOT="$1"
PART="${2:-all}"
want() { [ "$PART" = all ] || [ "$PART" = "$1" ]; }
PY=/usr/bin/python3

# --- data: the mirror's package index, from this machine's dpkg database
mkdir -p "$ROOT/data" && cd "$ROOT/data"
dpkg-query -W -f='${Package}\t${Version}\t${Section}\t${Installed-Size}\t${Maintainer}\t${Architecture}\n' \
  | LC_ALL=C sort > packages.tsv
dpkg-query -W -f='${Package}\t${Depends}\n' | LC_ALL=C sort > depends.tsv

# --- db: the dashboard's SQLite catalogue, a MariaDB copy of it, and a PostgreSQL one
if want db; then
rm -rf "$ROOT/db" && mkdir -p "$ROOT/db/migrations" && cd "$ROOT/db"
$PY - "$ROOT/data" <<'PY'
import sqlite3, sys, re
d = sys.argv[1]
rows = [l.rstrip("\n").split("\t") for l in open(f"{d}/packages.tsv")]
maint = sorted({r[4] for r in rows})
db = sqlite3.connect("catalog.db")
db.executescript("""
PRAGMA foreign_keys=ON;
CREATE TABLE maintainers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE);
CREATE TABLE sections (name TEXT PRIMARY KEY, area TEXT NOT NULL CHECK (area IN ('main','contrib','non-free','non-free-firmware')));
CREATE TABLE packages (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, version TEXT NOT NULL,
  section TEXT REFERENCES sections(name), installed_kb INTEGER CHECK (installed_kb >= 0),
  arch TEXT NOT NULL, maintainer_id INTEGER NOT NULL REFERENCES maintainers(id));
CREATE TABLE depends (package_id INTEGER NOT NULL REFERENCES packages(id), depends_on TEXT NOT NULL, relation TEXT);
CREATE INDEX depends_on_idx ON depends(depends_on);
""")
ids = {}
for i, m in enumerate(maint, 1):
    mm = re.match(r"(.*?)\s*<(.*)>", m)
    name, email = (mm.group(1), mm.group(2)) if mm else (m, f"unknown{i}@invalid")
    if db.execute("SELECT 1 FROM maintainers WHERE email=?", (email,)).fetchone():
        email = f"{i}+{email}"
    db.execute("INSERT INTO maintainers VALUES (?,?,?)", (i, name, email)); ids[m] = i
secs = sorted({r[2] for r in rows if r[2]})
for s in secs:
    db.execute("INSERT INTO sections VALUES (?,?)", (s, s.split("/")[0] if "/" in s else "main"))
for i, r in enumerate(rows, 1):
    db.execute("INSERT INTO packages VALUES (?,?,?,?,?,?,?)", (i, r[0], r[1], r[2] or None, int(r[3] or 0), r[5], ids[r[4]]))
pid = {r[0]: i for i, r in enumerate(rows, 1)}
for l in open(f"{d}/depends.tsv"):
    p, deps = l.rstrip("\n").split("\t")
    for dep in filter(None, (x.strip() for x in deps.split(","))):
        alt = dep.split("|")[0].strip()
        m = re.match(r"([^\s(:]+)(?::\S+)?\s*(?:\((\S+)\s*[^)]*\))?", alt)
        db.execute("INSERT INTO depends VALUES (?,?,?)", (pid[p], m.group(1), m.group(2)))
db.commit()
# the migration under test: renames sections into areas and imports the mirror's extra packages,
# some of which collide with what is there, name a maintainer that does not exist, or carry
# negative sizes from the exporter's overflow bug
out = ["PRAGMA foreign_keys=ON;", "BEGIN;",
       "CREATE TABLE IF NOT EXISTS package_notes (package_id INTEGER NOT NULL REFERENCES packages(id), note TEXT NOT NULL, added_at TEXT DEFAULT CURRENT_TIMESTAMP);",
       "INSERT INTO sections VALUES ('contrib/devel', 'contrib');",
       "INSERT INTO sections VALUES ('non-free/firmware', 'nonfree');"]
n = len(rows)
extra = rows[::9]
for k, r in enumerate(extra):
    name = r[0] if k % 11 == 3 else f"{r[0]}-mirror"
    size = -int(r[3] or 1) if k % 17 == 5 else int(r[3] or 0)
    maint_id = 9000 + k if k % 23 == 7 else ids[r[4]]
    section = "oldlibs/legacy" if k % 29 == 11 else (r[2] or "misc")
    out.append(f"INSERT INTO packages(name, version, section, installed_kb, arch, maintainer_id) VALUES ('{name}', '{r[1]}', '{section}', {size}, '{r[5]}', {maint_id});")
    if k % 5 == 0:
        out.append(f"INSERT INTO package_notes(package_id, note) VALUES ((SELECT id FROM packages WHERE name = '{name}'), 'imported from the mirror');")
out += ["UPDATE packages SET section = 'libs' WHERE section = 'oldlibs';",
        "INSERT INTO package_notes(package_id, note) VALUES (99999, 'orphan note');",
        "CREATE UNIQUE INDEX packages_name_arch ON packages(name, arch);",
        "ALTER TABLE packages ADD COLUMN source TEXT NOT NULL;",
        "UPDATE packages SET source = name WHERE source IS NULL;",
        "INSERT INTO package_notes(package_id, note) VALUES (1, NULL);",
        "COMMIT;",
        "SELECT count(*) AS packages, sum(installed_kb) AS kb FROM packages;"]
open("migrations/0004_mirror_import.sql", "w").write("\n".join(out) + "\n")
PY
# a rows with foreign keys off, as the old importer wrote them
sqlite3 catalog.db "PRAGMA foreign_keys=OFF; INSERT INTO depends VALUES (4001, 'libc6', '>='); INSERT INTO depends VALUES (4017, 'python3', '>='); INSERT INTO packages(name, version, section, installed_kb, arch, maintainer_id) VALUES ('kestrel-dashboard', '0.9.1', 'web', 812, 'all', 777); INSERT INTO packages(name, version, section, installed_kb, arch, maintainer_id) VALUES ('kestrel-sync', '0.4.0', 'net', 96, 'all', 1);"
fi

# --- mdb: a MariaDB server on its own socket holding the same index, and the next migration
if want mdb; then
mkdir -p "$ROOT/mdb" && cd "$ROOT/mdb"
if [ ! -f mariadbd.pid ] || ! kill -0 "$(cat mariadbd.pid)" 2>/dev/null; then
  rm -rf data && mkdir -p data && chown mysql:mysql data
  mariadb-install-db --user=mysql --datadir="$ROOT/mdb/data" --auth-root-authentication-method=normal >install.log 2>&1
  chown mysql:mysql "$ROOT/mdb"
  mariadbd --user=mysql --datadir="$ROOT/mdb/data" --socket="$ROOT/mdb/mysqld.sock" --skip-networking \
    --pid-file="$ROOT/mdb/mariadbd.pid" --log-error="$ROOT/mdb/mariadbd.err" --local-infile=1 >/dev/null 2>&1 &
  for _ in $(seq 60); do [ -S "$ROOT/mdb/mysqld.sock" ] && break; sleep 0.5; done
fi
printf '[client]\nsocket=%s\nuser=root\nlocal-infile=1\n' "$ROOT/mdb/mysqld.sock" > my.cnf
M="mariadb --defaults-file=$ROOT/mdb/my.cnf"
$M -e "DROP DATABASE IF EXISTS kestrel; CREATE DATABASE kestrel"
$M kestrel <<SQL
CREATE TABLE maintainers (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(120) NOT NULL, email VARCHAR(120) NOT NULL,
  UNIQUE KEY maintainers_email (email)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE packages (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(80) NOT NULL, version VARCHAR(60) NOT NULL,
  section VARCHAR(32), installed_kb INT UNSIGNED, arch VARCHAR(12) NOT NULL, maintainer VARCHAR(200),
  UNIQUE KEY packages_name (name), KEY packages_section (section)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE depends (package VARCHAR(80) NOT NULL, depends_on VARCHAR(80) NOT NULL, KEY depends_package (package))
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE downloads (id BIGINT AUTO_INCREMENT PRIMARY KEY, package_id INT NOT NULL, day DATE NOT NULL,
  hits INT NOT NULL DEFAULT 0, CONSTRAINT downloads_package FOREIGN KEY (package_id) REFERENCES packages(id)) ENGINE=InnoDB;
LOAD DATA LOCAL INFILE '$ROOT/data/packages.tsv' INTO TABLE packages (name, version, section, installed_kb, maintainer, arch);
SQL
$PY - "$ROOT/data" > depends.tsv <<'PY'
import sys, re
for l in open(f"{sys.argv[1]}/depends.tsv"):
    p, deps = l.rstrip("\n").split("\t")
    for dep in filter(None, (x.strip() for x in deps.split(","))):
        print(p + "\t" + re.match(r"[^\s(:|]+", dep).group(0))
PY
$M kestrel -e "LOAD DATA LOCAL INFILE '$ROOT/mdb/depends.tsv' INTO TABLE depends (package, depends_on);
INSERT INTO downloads (package_id, day, hits) SELECT p.id, DATE '2026-11-01' + INTERVAL (p.id % 28) DAY, (p.id * 37) % 1000 FROM packages p;
INSERT INTO downloads (package_id, day, hits) SELECT p.id, DATE '2026-11-02' + INTERVAL (p.id % 27) DAY, (p.id * 53) % 700 FROM packages p WHERE p.section IN ('libs','python','admin');
ANALYZE TABLE packages, depends, downloads;" >/dev/null
mkdir -p migrations
$PY - <<'PY' > migrations/0012_maintainers.sql
print("-- 0012: split maintainers out of packages, narrow the names, and count downloads per week")
print("SET sql_mode = 'STRICT_TRANS_TABLES';")
print("INSERT INTO maintainers (name, email) SELECT DISTINCT TRIM(SUBSTRING_INDEX(maintainer, '<', 1)), TRIM(TRAILING '>' FROM SUBSTRING_INDEX(maintainer, '<', -1)) FROM packages;")
print("ALTER TABLE packages ADD COLUMN maintainer_id INT NULL AFTER maintainer;")
print("UPDATE packages p JOIN maintainers m ON m.email = TRIM(TRAILING '>' FROM SUBSTRING_INDEX(p.maintainer, '<', -1)) SET p.maintainer_id = m.id;")
print("ALTER TABLE packages ADD CONSTRAINT packages_maintainer FOREIGN KEY (maintainer_id) REFERENCES maintainer(id);")
print("SET sql_mode = '';")
print("ALTER TABLE packages MODIFY name VARCHAR(24) NOT NULL;")
print("ALTER TABLE packages MODIFY installed_kb SMALLINT UNSIGNED;")
print("SET sql_mode = 'STRICT_TRANS_TABLES';")
print("CREATE TABLE weekly_downloads (package_id INT NOT NULL, week CHAR(7) NOT NULL, hits INT NOT NULL, PRIMARY KEY (package_id, week)) ENGINE=InnoDB;")
print("INSERT INTO weekly_downloads SELECT package_id, DATE_FORMAT(day, '%x-W%v'), SUM(hits) FROM downloads GROUP BY package_id, DATE_FORMAT(day, '%x-%v');")
print("INSERT INTO weekly_downloads SELECT package_id, DATE_FORMAT(day, '%x-W%v'), SUM(hits) FROM downloads GROUP BY package_id, DATE_FORMAT(day, '%x-W%v');")
print("INSERT INTO downloads (package_id, day, hits) VALUES (999999, '2026-11-30', 4);")
print("INSERT INTO downloads (package_id, day, hits) VALUES (12, '2026-11-31', 4);")
print("DELETE FROM packages WHERE section = 'oldlibs';")
print("CREATE INDEX downloads_day ON downloads (day);")
print("DROP INDEX packages_section ON packages;")
print("DROP INDEX packages_section ON packages;")
print("SELECT COUNT(*) AS packages, COUNT(maintainer_id) AS with_maintainer, MAX(CHAR_LENGTH(name)) AS longest FROM packages;")
PY
fi

# --- web: the dashboard (Django, Debian's python3-django 3.2), its API (Flask 2.2) and the
# stats database's alembic history
if want web; then
rm -rf "$ROOT/web" && mkdir -p "$ROOT/web" && cd "$ROOT/web"
$PY -m django startproject dashboard .
for app in mirror stats accounts; do $PY manage.py startapp "$app"; done
$PY - <<'PY'
p = "dashboard/settings.py"
s = open(p).read()
s = s.replace("'django.contrib.staticfiles',", "'django.contrib.staticfiles',\n    'mirror',\n    'stats',\n    'accounts',")
s = s.replace("TIME_ZONE = 'UTC'", "TIME_ZONE = 'Europe/Dublin'")
s += "\nAUTH_USER_MODEL = 'accounts.Operator'\nMIRROR_ROOT = BASE_DIR / 'pool'\nMIRROR_SUITES = ['bookworm', 'bookworm-updates', 'bookworm-security']\nSESSION_COOKIE_AGE = 3600\nCACHES = {'default': {'BACKEND': 'django.core.cache.backends.locmem.LocMemCache', 'LOCATION': 'dashboard'}}\nLOGGING = {'version': 1, 'handlers': {'console': {'class': 'logging.StreamHandler'}}, 'root': {'handlers': ['console'], 'level': 'WARNING'}}\n"
open(p, "w").write(s)
open("accounts/models.py", "w").write('''from django.contrib.auth.models import AbstractUser
from django.db import models


class Operator(AbstractUser):
    team = models.CharField(max_length=40, default="mirror")
    pager = models.CharField(max_length=20, blank=True)
''')
open("mirror/models.py", "w").write('''from django.conf import settings
from django.db import models


class Suite(models.Model):
    name = models.CharField(max_length=40, unique=True)
    codename = models.CharField(max_length=40)
    archived = models.BooleanField(default=False)


class Maintainer(models.Model):
    name = models.CharField(max_length=120)
    email = models.EmailField(unique=True)


class Package(models.Model):
    name = models.CharField(max_length=80)
    version = models.CharField(max_length=60)
    section = models.CharField(max_length=32, blank=True)
    installed_kb = models.PositiveIntegerField(default=0)
    arch = models.CharField(max_length=12)
    suite = models.ForeignKey(Suite, on_delete=models.CASCADE, related_name="packages")
    maintainer = models.ForeignKey(Maintainer, null=True, on_delete=models.SET_NULL)

    class Meta:
        unique_together = [("name", "arch", "suite")]


class SyncRun(models.Model):
    suite = models.ForeignKey(Suite, on_delete=models.CASCADE)
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True)
    files = models.IntegerField(default=0)
    bytes = models.BigIntegerField(default=0)
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
''')
open("stats/models.py", "w").write('''from django.db import models

from mirror.models import Package


class DailyDownloads(models.Model):
    package = models.ForeignKey(Package, on_delete=models.CASCADE)
    day = models.DateField()
    hits = models.IntegerField(default=0)

    class Meta:
        unique_together = [("package", "day")]
''')
PY
$PY manage.py makemigrations accounts mirror stats >/dev/null
$PY manage.py migrate >/dev/null
# the next release's migrations, not applied yet: a field split, a data move, a raw SQL index,
# and a stats rollup that depends on both
$PY - <<'PY'
p = "mirror/models.py"
s = open(p).read()
s = s.replace('    section = models.CharField(max_length=32, blank=True)\n', '    section = models.CharField(max_length=32, blank=True)\n    area = models.CharField(max_length=20, default="main")\n    source = models.CharField(max_length=80, blank=True)\n')
s = s.replace('    archived = models.BooleanField(default=False)\n', '    archived = models.BooleanField(default=False)\n    released = models.DateField(null=True)\n')
open(p, "w").write(s)
p = "stats/models.py"
s = open(p).read()
s += '''

class WeeklyDownloads(models.Model):
    package = models.ForeignKey(Package, on_delete=models.CASCADE)
    week = models.CharField(max_length=8)
    hits = models.IntegerField(default=0)

    class Meta:
        unique_together = [("package", "week")]
        indexes = [models.Index(fields=["week"], name="weekly_week_idx")]
'''
open(p, "w").write(s)
PY
$PY manage.py makemigrations mirror --name area_source >/dev/null
$PY manage.py makemigrations stats --name weekly >/dev/null
cat > mirror/migrations/0003_split_sections.py <<'PY'
from django.db import migrations


def split_sections(apps, schema_editor):
    Package = apps.get_model("mirror", "Package")
    for p in Package.objects.filter(section__contains="/"):
        p.area, p.section = p.section.split("/", 1)
        p.save(update_fields=["area", "section"])


def join_sections(apps, schema_editor):
    Package = apps.get_model("mirror", "Package")
    for p in Package.objects.exclude(area="main"):
        p.section = f"{p.area}/{p.section}"
        p.save(update_fields=["section"])


class Migration(migrations.Migration):
    dependencies = [("mirror", "0002_area_source")]
    operations = [
        migrations.RunPython(split_sections, join_sections),
        migrations.RunSQL(
            "CREATE INDEX mirror_package_name_lower ON mirror_package (lower(name));",
            "DROP INDEX mirror_package_name_lower;",
        ),
        migrations.RunPython(lambda apps, schema_editor: None),
    ]
PY
cat > stats/migrations/0003_rollup_weeks.py <<'PY'
from django.db import migrations


def rollup(apps, schema_editor):
    Daily = apps.get_model("stats", "DailyDownloads")
    Weekly = apps.get_model("stats", "WeeklyDownloads")
    for d in Daily.objects.all():
        week = d.day.strftime("%G-W%V")
        w, _ = Weekly.objects.get_or_create(package=d.package, week=week)
        w.hits += d.hits
        w.save()


class Migration(migrations.Migration):
    dependencies = [("stats", "0002_weekly"), ("mirror", "0003_split_sections")]
    operations = [migrations.RunPython(rollup, migrations.RunPython.noop, elidable=True)]
PY
# the API: Flask blueprints over the same data
mkdir -p api
cat > api/__init__.py <<'PY'
from flask import Blueprint, Flask, jsonify

packages = Blueprint("packages", __name__, url_prefix="/api/v1/packages")
suites = Blueprint("suites", __name__, url_prefix="/api/v1/suites")
admin = Blueprint("admin", __name__, url_prefix="/admin", subdomain="ops")


@packages.get("/")
def list_packages():
    return jsonify([])


@packages.get("/<name>")
@packages.get("/<name>/<arch>")
def show_package(name, arch="amd64"):
    return jsonify({"name": name, "arch": arch})


@packages.route("/<name>/versions", methods=["GET", "HEAD"])
def versions(name):
    return jsonify([])


@packages.post("/<name>/notes")
def add_note(name):
    return jsonify({}), 201


@packages.delete("/<name>/notes/<int:note_id>")
def delete_note(name, note_id):
    return "", 204


@suites.get("/")
def list_suites():
    return jsonify([])


@suites.get("/<suite>/packages")
def suite_packages(suite):
    return jsonify([])


@suites.route("/<suite>/sync", methods=["POST", "PUT"])
def sync_suite(suite):
    return jsonify({"queued": suite}), 202


@suites.get("/<suite>/runs/<int:run_id>")
def sync_run(suite, run_id):
    return jsonify({})


@admin.route("/operators", methods=["GET", "POST"])
def operators():
    return jsonify([])


@admin.post("/cache/purge")
def purge_cache():
    return "", 204


def create_app():
    app = Flask(__name__, static_url_path="/assets", static_folder="static")
    app.config["SERVER_NAME"] = "kestrel.test"
    app.register_blueprint(packages)
    app.register_blueprint(suites)
    app.register_blueprint(admin)
    app.register_blueprint(packages, name="packages_v0", url_prefix="/api/v0/packages")
    app.add_url_rule("/healthz", "healthz", lambda: "ok")
    app.add_url_rule("/metrics", "metrics", lambda: "", methods=["GET"])
    return app
PY
# the stats database's alembic migrations: two branches merged, a third head left open
mkdir -p stats_db && cd stats_db
alembic init -q alembic >/dev/null 2>&1 || alembic init alembic >/dev/null
sed -i -e 's#^sqlalchemy.url = .*#sqlalchemy.url = sqlite:///%(here)s/stats.db#' -e 's#^script_location = .*#script_location = %(here)s/alembic#' alembic.ini
mk() { # id down message body
  cat > "alembic/versions/$1_$5.py" <<PY
"""$3

Revision ID: $1
Revises: ${2//\"/}
Create Date: 2026-$6 09:14:02.117044

"""
from alembic import op
import sqlalchemy as sa

revision = "$1"
down_revision = $( [ "$2" = None ] && echo None || echo "$2" )
branch_labels = ${7:-None}
depends_on = None


def upgrade():
$4


def downgrade():
    pass
PY
}
mk 1a2f0c9e4b11 None "create downloads" '    op.create_table("downloads", sa.Column("id", sa.Integer, primary_key=True), sa.Column("package", sa.String(80), nullable=False), sa.Column("day", sa.Date, nullable=False), sa.Column("hits", sa.Integer, server_default="0"))' create_downloads 03-02
mk 5c77d21a08f3 '"1a2f0c9e4b11"' "add suites" '    op.create_table("suites", sa.Column("name", sa.String(40), primary_key=True), sa.Column("archived", sa.Boolean, server_default=sa.false()))' add_suites 04-11
mk 9e0b6a3f5d42 '"5c77d21a08f3"' "downloads per suite" '    op.add_column("downloads", sa.Column("suite", sa.String(40)))
    op.create_index("downloads_suite_day", "downloads", ["suite", "day"])' downloads_per_suite 05-20
mk 3d4e8f7a6c20 '"5c77d21a08f3"' "mirror hosts" '    op.create_table("hosts", sa.Column("id", sa.Integer, primary_key=True), sa.Column("name", sa.String(120), unique=True), sa.Column("country", sa.String(2)))' mirror_hosts 05-22 '("hosts",)'
mk b81f2e0d9a57 '("9e0b6a3f5d42", "3d4e8f7a6c20")' "merge suites and hosts" '    pass' merge_suites_hosts 06-03
mk 0f6a9c3b2e18 '"b81f2e0d9a57"' "downloads per host" '    op.add_column("downloads", sa.Column("host_id", sa.Integer))
    op.execute("UPDATE downloads SET host_id = (SELECT id FROM hosts WHERE name = '"'"'ftp.ie.debian.org'"'"')")' downloads_per_host 08-14
mk 7aa04d6e91c5 '"0f6a9c3b2e18"' "weekly rollup table" '    op.create_table("weekly", sa.Column("package", sa.String(80), primary_key=True), sa.Column("week", sa.String(8), primary_key=True), sa.Column("hits", sa.Integer))
    op.alter_column("downloads", "hits", existing_type=sa.Integer, type_=sa.BigInteger)' weekly_rollup 10-01
mk c2d95b18f4a0 '"b81f2e0d9a57"' "host bandwidth" '    op.add_column("hosts", sa.Column("mbps", sa.Integer))
    op.drop_column("hosts", "country")' host_bandwidth 10-09
cd ..
fi

# --- py: the sync daemon, vendoring Debian's Flask 2.2 and alembic 1.8 (python3-flask, python3-alembic)
if want py; then
rm -rf "$ROOT/py" && mkdir -p "$ROOT/py/vendor" && cd "$ROOT/py"
cp -r /usr/lib/python3/dist-packages/flask vendor/flask
cp -r /usr/lib/python3/dist-packages/alembic vendor/alembic
find vendor -name __pycache__ -prune -exec rm -rf {} +
# the team's isort settings, which the vendored code never followed
cat > .isort.cfg <<'CFG'
[settings]
force_single_line = true
known_first_party = kestrel_sync
CFG
fi

# --- git: the team's fork of DaveGamble/cJSON, several worktrees and a bisected regression
if want git; then
rm -rf "$ROOT/git" && mkdir -p "$ROOT/git" && cd "$ROOT/git"
git clone -q "$CJSON_REPO" cjson
cd cjson
git config user.email dev@kestrel.example && git config user.name "Kestrel Dev"
git checkout -q -b kestrel v1.7.15
git worktree add -q ../cjson-release -b release-1.7 v1.7.14
git worktree add -q ../cjson-fuzz -b fuzz-corpus v1.7.16
git worktree add -q --detach ../cjson-bisect v1.7.17
git worktree add -q ../cjson-old -b old-printer v1.7.10
git worktree lock --reason "fuzzing run on the build host" ../cjson-fuzz
rm -rf ../cjson-old
# bisect, in its own worktree, when number printing changed (some builds skipped), left mid-way
(
cd ../cjson-bisect
git bisect start v1.7.18 v1.7.0 >/dev/null
for _ in $(seq 5); do
  cur=$(git rev-parse HEAD)
  if git merge-base --is-ancestor "$cur" v1.7.6; then git bisect good >/dev/null
  elif git merge-base --is-ancestor v1.7.9 "$cur"; then git bisect bad >/dev/null
  else git bisect skip >/dev/null
  fi
done
)
# the working change: the library reformatted and its printing rewritten, half staged
sed -i -E 's/^( +)if \((.*)\)$/\1if (\2) \/* checked *\//' cJSON.c
sed -i 's/print_number/render_number/g; s/print_string_ptr/render_string_ptr/g' cJSON.c
sed -i 's/cJSON_bool/cJSON_Bool/g' cJSON.h
git add cJSON.h
sed -i 's/CJSON_VERSION_PATCH 15/CJSON_VERSION_PATCH 15-kestrel/' cJSON.h
printf 'kestrel notes\n' > KESTREL.md
git add KESTREL.md
rm tests/parse_hex4.c
fi

# --- fe: the dashboard's front end, bundled by webpack and esbuild from npm
if want fe; then
rm -rf "$ROOT/fe" && mkdir -p "$ROOT/fe" && cd "$ROOT/fe"
cat > package.json <<'JSON'
{ "name": "kestrel-dashboard-ui", "version": "2.4.0", "private": true }
JSON
npm install --no-audit --no-fund --loglevel=error webpack@5.99.9 webpack-cli@6.0.1 esbuild@0.21.5 \
  d3@7.9.0 lodash-es@4.17.21 date-fns@4.1.0 >/dev/null
mkdir -p src
cat > src/index.js <<'JS'
import { scaleLinear, scaleTime } from "d3-scale";
import { select } from "d3-selection";
import { line } from "d3-shape";
import { groupBy, sortBy, debounce } from "lodash-es";
import { format } from "date-fns";
import { formatBytes } from "./format.js";
import { mirrorStatus } from "./status.js";

export function drawDownloads(el, rows) {
  const byDay = groupBy(rows, (r) => format(new Date(r.day), "yyyy-MM-dd"));
  const days = sortBy(Object.keys(byDay));
  const x = scaleTime().domain([new Date(days[0]), new Date(days[days.length - 1])]).range([0, 600]);
  const y = scaleLinear().domain([0, 5000]).range([200, 0]);
  select(el).append("path").attr("d", line().x((d) => x(new Date(d))).y((d) => y(byDay[d].length))(days));
  return formatBytes(rows.reduce((n, r) => n + r.bytes, 0));
}
export const refresh = debounce(() => mirrorStatus("/api/v1/suites/"), 500);
JS
cat > src/format.js <<'JS'
export function formatBytes(n) {
  const units = ["B", "KiB", "MiB", "GiB"];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) { n /= 1024; i++; }
  return `${n.toFixed(1)} ${units[i]}`;
}
JS
cat > src/status.js <<'JS'
import { formatDistanceToNow } from "date-fns";
import { sync } from "./sync-client.js";
export async function mirrorStatus(url) {
  const res = await fetch(url);
  const suites = await res.json();
  return suites.map((s) => `${s.name}: ${formatDistanceToNow(new Date(s.synced))}`).concat(sync());
}
JS
# the charts alone, for the esbuild bundle
grep -v -e status.js -e mirrorStatus src/index.js > src/charts.js
cat > webpack.config.js <<'JS'
module.exports = {
  mode: "production",
  entry: { dashboard: "./src/index.js" },
  output: { filename: "[name].[contenthash].js", path: __dirname + "/dist" },
  optimization: { concatenateModules: false },
  performance: { maxEntrypointSize: 60000, maxAssetSize: 60000 },
};
JS
fi

# --- pg: the PostgreSQL copy's schema (loaded by the session, which has the server) and its next migration
if want db; then
mkdir -p "$ROOT/db/pg" && cd "$ROOT/db/pg"
cat > schema.sql <<SQL
DROP TABLE IF EXISTS downloads, packages, maintainers CASCADE;
CREATE TABLE maintainers (id serial PRIMARY KEY, name text NOT NULL, email text NOT NULL);
CREATE TABLE packages (id serial PRIMARY KEY, name text NOT NULL, version text NOT NULL, section text,
  installed_kb integer, maintainer text, arch text NOT NULL);
CREATE TABLE downloads (package_id integer NOT NULL REFERENCES packages(id), day date NOT NULL, hits integer NOT NULL DEFAULT 0);
\copy packages (name, version, section, installed_kb, maintainer, arch) FROM '$ROOT/data/packages.tsv'
INSERT INTO packages (name, version, section, installed_kb, maintainer, arch)
  SELECT name, version || '+kestrel1', section, installed_kb, maintainer, 'arm64' FROM packages WHERE section IN ('libs', 'python');
INSERT INTO downloads SELECT id, DATE '2026-11-01' + (id % 28), (id * 37) % 1000 FROM packages;
SQL
cat > 0005_normalise.sql <<'SQL'
-- 0005: maintainers out of packages, one row per name, sizes in bytes
\set ON_ERROR_STOP off
BEGIN;
INSERT INTO maintainers (name, email)
  SELECT DISTINCT trim(split_part(maintainer, '<', 1)), trim(trailing '>' from split_part(maintainer, '<', 2)) FROM packages;
CREATE UNIQUE INDEX maintainers_email ON maintainers (email);
ALTER TABLE packages ADD COLUMN maintainer_id integer REFERENCES maintainers(id);
UPDATE packages p SET maintainer_id = m.id FROM maintainers m WHERE m.email = trim(trailing '>' from split_part(p.maintainer, '<', 2));
COMMIT;
BEGIN;
CREATE UNIQUE INDEX packages_name ON packages (name);
ALTER TABLE packages ALTER COLUMN installed_kb TYPE bigint USING installed_kb * 1024;
ALTER TABLE packages RENAME COLUMN installed_kb TO installed_bytes;
COMMIT;
ALTER TABLE packages ALTER COLUMN section SET NOT NULL;
ALTER TABLE packages ALTER COLUMN arch TYPE varchar(5);
UPDATE packages SET version = version::numeric::text WHERE name LIKE 'python3-%';
ALTER TABLE downloads ADD CONSTRAINT downloads_day_hits UNIQUE (package_id, day);
DROP INDEX IF EXISTS packages_section;
CREATE INDEX CONCURRENTLY downloads_day ON downloads (day);
DO $$
BEGIN
  IF (SELECT count(*) FROM packages WHERE maintainer_id IS NULL) > 0 THEN
    RAISE WARNING '% packages have no maintainer_id', (SELECT count(*) FROM packages WHERE maintainer_id IS NULL);
  END IF;
END $$;
SELECT arch, count(*) AS packages, pg_size_pretty(sum(installed_kb)::bigint * 1024) AS size FROM packages GROUP BY arch ORDER BY arch;
SQL
fi
