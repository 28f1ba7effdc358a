#!/usr/bin/env bash
# The fresh27 set (bench/corpus/fresh27/): the agent's own Read (whole and with offset/limit), Grep
# (content with -n, -C/-A/-B and multiline; files_with_matches; count; head_limit) and Glob over real
# large code and data in languages and formats no earlier set read. A polyglot repository of a
# freight team (Tern): Go's net/http and Java's java.util from the toolchains' own sources, Ruby's
# optparse and net/http from the Ruby standard library, Penlight's Lua modules, Lua's C headers,
# protoc's generated C++ and Python for descriptor.proto; lockfiles made here with the real tools
# (cargo over Debian's crate registry offline, yarn 1 and pnpm against the npm registry, bundler
# over the installed gems) and taken from packages (spf13/viper's go.sum); a SQLite dump of this
# machine's dpkg database, Dockerfiles and k8s manifests, an OpenAPI document, Bootstrap's minified
# CSS (kept in the tree), apt's German catalogue unpacked to a .po, CPython's build Makefile, qs's CHANGELOG.
set -euo pipefail
ROOT="$1"
cd "$ROOT"
rm -rf poly && mkdir -p poly && cd poly

# --- Go: net/http of Debian's Go 1.19, and a go.sum from Debian's spf13/viper sources
mkdir -p go/vendor/net/http go/svc
cp /usr/lib/go-1.19/src/net/http/*.go go/vendor/net/http/
cp /usr/share/gocode/src/github.com/spf13/viper/go.mod /usr/share/gocode/src/github.com/spf13/viper/go.sum go/svc/

# --- Java: java.util of OpenJDK 17's src.zip
mkdir -p java/src && (cd java/src && unzip -q /usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip 'java.base/java/util/*.java')

# --- Ruby: the standard library's optparse and net/http; a Gemfile locked over the installed gems
mkdir -p ruby/lib && cp -r /usr/lib/ruby/3.1.0/optparse.rb /usr/lib/ruby/3.1.0/optparse /usr/lib/ruby/3.1.0/net ruby/lib/
cat > ruby/Gemfile <<'EOF'
source "https://rubygems.org"

gem "rake", "~> 13.0"
gem "rbs"
group :test do
  gem "rspec", "~> 3.12"
  gem "minitest", "5.17.0"
  gem "power_assert"
  gem "test-unit"
end
EOF
(cd ruby && bundle lock --local >/dev/null 2>&1 || true)

# --- Lua: Penlight's modules and argparse as the team vendors them; Lua 5.4's C headers
mkdir -p lua/vendor lua/include && cp -r /usr/share/lua/5.1/pl /usr/share/lua/5.1/argparse.lua lua/vendor/
cp /usr/include/lua5.4/*.h lua/include/

# --- Rust: a crate locked offline against Debian's crate registry
mkdir -p rust/tally/src rust/tally/.cargo
cat > rust/tally/Cargo.toml <<'EOF'
[package]
name = "tally"
version = "0.4.0"
edition = "2021"

[dependencies]
tokio = { version = "1", features = ["full"] }
clap = { version = "4", features = ["derive"] }
serde = { version = "1", features = ["derive"] }
serde_json = "1"
regex = "1"
EOF
echo 'fn main() {}' > rust/tally/src/main.rs
cat > rust/tally/.cargo/config.toml <<'EOF'
[source.crates-io]
replace-with = "debian"
[source.debian]
directory = "/usr/share/cargo/registry"
EOF
(cd rust/tally && cargo generate-lockfile --offline >/dev/null 2>&1) || echo "cargo lock failed" >&2

# --- protobuf: protoc's generated code for descriptor.proto
mkdir -p proto/gen/cpp proto/gen/py
cp /usr/include/google/protobuf/descriptor.proto proto/
(cd proto && protoc -I. -I/usr/include --cpp_out=gen/cpp --python_out=gen/py descriptor.proto)

# --- web: lockfiles from yarn 1 and pnpm, Bootstrap's minified CSS
mkdir -p web/portal web/admin web/portal/static
cat > web/portal/package.json <<'EOF'
{ "name": "tern-portal", "version": "2.3.0", "private": true,
  "dependencies": { "express": "4.18.2", "body-parser": "1.20.1", "helmet": "7.0.0", "morgan": "1.10.0", "qs": "6.11.0" },
  "devDependencies": { "jest": "29.7.0", "supertest": "6.3.3" } }
EOF
cat > web/admin/package.json <<'EOF'
{ "name": "tern-admin", "version": "1.8.1", "private": true,
  "dependencies": { "axios": "1.6.2", "date-fns": "2.30.0", "lodash": "4.17.21", "zod": "3.22.4" },
  "devDependencies": { "vite": "5.0.10", "typescript": "5.3.3", "eslint": "8.56.0" } }
EOF
(cd web/portal && npx -y yarn@1.22.22 install --ignore-scripts --non-interactive --silent >/dev/null 2>&1) || echo "yarn failed" >&2
(cd web/admin && npx -y pnpm@8.15.9 install --lockfile-only --silent >/dev/null 2>&1) || echo "pnpm failed" >&2
cp /usr/share/nodejs/bootstrap/dist/css/bootstrap.min.css web/portal/static/

# --- i18n: apt's German catalogue as a .po
mkdir -p i18n && msgunfmt /usr/share/locale/de/LC_MESSAGES/apt.mo -o i18n/de.po

# --- build: CPython's Makefile as Debian ships it
mkdir -p build && cp /usr/lib/python3.11/config-3.11-x86_64-linux-gnu/Makefile build/Makefile

# --- db: a SQLite dump of this machine's installed packages
mkdir -p db
dpkg-query -W -f='${Package}\t${Section}\t${Installed-Size}\t${Version}\t${Priority}\n' > db/pkgs.tsv
python3 - <<'PY'
import sqlite3
con = sqlite3.connect("db/inventory.db")
con.executescript("""
CREATE TABLE sections (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE packages (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, section_id INTEGER REFERENCES sections(id),
  installed_kb INTEGER, version TEXT NOT NULL, priority TEXT CHECK (priority IN ('required','important','standard','optional','extra')));
CREATE INDEX packages_section ON packages(section_id);
CREATE TABLE audits (id INTEGER PRIMARY KEY, package_id INTEGER NOT NULL REFERENCES packages(id), finding TEXT NOT NULL, severity TEXT NOT NULL);
""")
secs = {}
for n, line in enumerate(open("db/pkgs.tsv", encoding="utf8")):
    name, sec, kb, ver, prio = line.rstrip("\n").split("\t")
    sec = sec or "unknown"
    if sec not in secs:
        secs[sec] = len(secs) + 1
        con.execute("INSERT INTO sections VALUES (?,?)", (secs[sec], sec))
    con.execute("INSERT INTO packages VALUES (?,?,?,?,?,?)", (n + 1, name, secs[sec], int(kb) if kb else None, ver, prio if prio in ('required','important','standard','optional','extra') else None))
rows = con.execute("SELECT id, name FROM packages WHERE name LIKE 'libssl%' OR name LIKE 'openssl%' OR name LIKE 'libxml2%' OR name LIKE 'zlib%'").fetchall()
for i, (pid, name) in enumerate(rows):
    con.execute("INSERT INTO audits (package_id, finding, severity) VALUES (?,?,?)", (pid, f"pinned version of {name} predates the vendor advisory", "high" if i % 2 == 0 else "medium"))
con.commit()
PY
sqlite3 db/inventory.db .dump > db/inventory.sql

# --- deploy: Dockerfiles and Kubernetes manifests of the team's services
mkdir -p deploy/docker deploy/k8s/base deploy/k8s/overlays/prod
python3 - <<'PY'
svcs = [("portal", "node:20-bookworm-slim", 3000, "512Mi", "500m"), ("tally", "rust:1.74-bookworm", 8080, "256Mi", "250m"),
        ("router", "golang:1.21-bookworm", 8081, "256Mi", "250m"), ("ledger", "eclipse-temurin:17-jre", 8443, "1Gi", "1"),
        ("notifier", "ruby:3.1-slim", 9292, "256Mi", "200m"), ("rates", "python:3.11-slim", 8000, "384Mi", "300m"),
        ("tracker", "golang:1.21-bookworm", 8082, "256Mi", "250m"), ("docs", "nginx:1.25-alpine", 80, "64Mi", "50m")]
for name, base, port, mem, cpu in svcs:
    user = "" if name == "ledger" else "USER 10001\n"
    health = "" if name in ("rates", "notifier") else f"HEALTHCHECK --interval=30s --timeout=3s CMD wget -qO- http://127.0.0.1:{port}/healthz || exit 1\n"
    open(f"deploy/docker/Dockerfile.{name}", "w").write(
        f"# syntax=docker/dockerfile:1.6\nFROM {base} AS build\nWORKDIR /src\nCOPY . .\nRUN make {name}\n\n"
        f"FROM gcr.io/distroless/base-debian12\nCOPY --from=build /src/out/{name} /usr/local/bin/{name}\n"
        f"EXPOSE {port}\n{user}{health}ENTRYPOINT [\"/usr/local/bin/{name}\"]\n")
    replicas = 1 if name == "docs" else 3
    limits = "" if name == "tracker" else f"          limits:\n            memory: {mem}\n            cpu: \"{cpu}\"\n"
    probe = "" if name in ("rates", "tracker") else (f"        readinessProbe:\n          httpGet:\n            path: /healthz\n            port: {port}\n"
        f"          periodSeconds: 10\n        livenessProbe:\n          httpGet:\n            path: /healthz\n            port: {port}\n          initialDelaySeconds: 15\n")
    img = f"registry.tern.example/{name}:{'latest' if name == 'notifier' else '2.3.' + str(len(name))}"
    env = ""
    if name == "ledger":
        env = "        env:\n        - name: DB_PASSWORD\n          value: \"changeme\"\n        - name: JAVA_OPTS\n          value: \"-Xmx768m\"\n"
    else:
        env = f"        envFrom:\n        - secretRef:\n            name: {name}-secrets\n"
    open(f"deploy/k8s/base/{name}.yaml", "w").write(
        f"apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {name}\n  labels:\n    app: {name}\n    team: tern\nspec:\n  replicas: {replicas}\n"
        f"  selector:\n    matchLabels:\n      app: {name}\n  template:\n    metadata:\n      labels:\n        app: {name}\n    spec:\n"
        f"      containers:\n      - name: {name}\n        image: {img}\n        ports:\n        - containerPort: {port}\n{env}"
        f"        resources:\n          requests:\n            memory: {mem}\n            cpu: \"{cpu}\"\n{limits}{probe}"
        f"---\napiVersion: v1\nkind: Service\nmetadata:\n  name: {name}\nspec:\n  selector:\n    app: {name}\n  ports:\n  - port: {port}\n    targetPort: {port}\n")
open("deploy/k8s/overlays/prod/kustomization.yaml", "w").write(
    "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n" + "".join(f"- ../../base/{s[0]}.yaml\n" for s in svcs) +
    "patches:\n- target:\n    kind: Deployment\n    name: ledger\n  patch: |-\n    - op: replace\n      path: /spec/replicas\n      value: 5\n")
PY

# --- api: the public OpenAPI document of the shipment API
mkdir -p api
python3 - <<'PY'
import yaml
res = ["shipments", "consignments", "carriers", "depots", "routes", "invoices", "rates", "customs-declarations", "webhooks", "drivers", "vehicles", "manifests"]
paths = {}
schemas = {"Error": {"type": "object", "required": ["code", "message"], "properties": {"code": {"type": "string"}, "message": {"type": "string"}, "trace_id": {"type": "string"}}}}
for r in res:
    s = "".join(p.capitalize() for p in r.rstrip("s").split("-"))
    props = {"id": {"type": "string", "format": "uuid"}, "created_at": {"type": "string", "format": "date-time"}, "status": {"type": "string", "enum": ["draft", "active", "archived"]}}
    if r == "shipments":
        props.update({"weight_kg": {"type": "number", "minimum": 0, "maximum": 30000}, "hazmat_class": {"type": "string", "nullable": True}, "declared_value": {"type": "integer", "description": "in cents"}})
    schemas[s] = {"type": "object", "required": ["id", "status"], "properties": props}
    item = {"get": {"operationId": f"get{s}", "tags": [r], "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string", "format": "uuid"}}],
                     "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{s}"}}}}, "404": {"$ref": "#/components/responses/NotFound"}}},
            "patch": {"operationId": f"update{s}", "tags": [r], "requestBody": {"required": True, "content": {"application/merge-patch+json": {"schema": {"$ref": f"#/components/schemas/{s}"}}}},
                      "responses": {"200": {"description": "Updated"}, "409": {"$ref": "#/components/responses/Conflict"}, "422": {"$ref": "#/components/responses/Invalid"}}},
            "delete": {"operationId": f"delete{s}", "tags": [r], "responses": {"204": {"description": "Deleted"}}}}
    if r in ("invoices", "customs-declarations"):
        del item["delete"]
        item["patch"]["security"] = [{"oauth2": [f"{r}:write", "finance"]}]
    paths[f"/v2/{r}/{{id}}"] = item
    coll = {"get": {"operationId": f"list{s}s", "tags": [r], "parameters": [{"$ref": "#/components/parameters/Cursor"}, {"$ref": "#/components/parameters/Limit"}],
                    "responses": {"200": {"description": "A page", "content": {"application/json": {"schema": {"type": "object", "properties": {"items": {"type": "array", "items": {"$ref": f"#/components/schemas/{s}"}}, "next_cursor": {"type": "string"}}}}}}}},
            "post": {"operationId": f"create{s}", "tags": [r], "requestBody": {"required": True, "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{s}"}}}},
                     "responses": {"201": {"description": "Created"}, "422": {"$ref": "#/components/responses/Invalid"}}}}
    if r == "webhooks":
        coll["post"]["x-rate-limit"] = {"requests": 10, "per": "minute"}
        coll["post"]["deprecated"] = True
    paths[f"/v2/{r}"] = coll
paths["/v1/shipments/{id}/label"] = {"get": {"operationId": "getLabelV1", "deprecated": True, "tags": ["shipments"], "security": [{"apiKey": []}],
    "responses": {"200": {"description": "PDF", "content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}}}}}
doc = {"openapi": "3.0.3", "info": {"title": "Tern Shipment API", "version": "2.14.0"},
       "servers": [{"url": "https://api.tern.example"}, {"url": "http://staging-api.tern.internal:8080"}],
       "security": [{"oauth2": ["read"]}],
       "paths": paths,
       "components": {"schemas": schemas,
          "parameters": {"Cursor": {"name": "cursor", "in": "query", "schema": {"type": "string"}}, "Limit": {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 500, "default": 50}}},
          "responses": {n: {"description": d, "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Error"}}}} for n, d in [("NotFound", "Not found"), ("Conflict", "Version conflict"), ("Invalid", "Validation failed")]},
          "securitySchemes": {"oauth2": {"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": "https://auth.tern.example/oauth/token", "scopes": {"read": "read", "finance": "finance", "invoices:write": "w", "customs-declarations:write": "w"}}}},
                              "apiKey": {"type": "apiKey", "in": "header", "name": "X-Tern-Key"}}}}
yaml.safe_dump(doc, open("api/openapi.yaml", "w"), sort_keys=False, width=120)
PY
ls -R . | wc -l
