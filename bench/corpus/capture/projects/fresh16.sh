#!/usr/bin/env bash
# The fresh16 set (bench/corpus/fresh16/): a sixteenth held-out round on system, data, VCS and
# lint tools no earlier set holds (git fsck / grep / range-diff / cherry, Mercurial, tcpdump -r,
# nft, ip, vmstat, iostat, GNU time -v, openssl ciphers, hyperfine, markdownlint, cspell,
# license-checker, madge). Projects of a harbour pilots' dispatch office (Pilotage): a git
# repository of ajv's TypeScript sources (from this checkout's node_modules) with a series
# rebased twice and a damaged object store; a Mercurial repository of Debian's PyYAML sources
# with two heads that conflict; a loopback capture of a small web service and its clients; a
# network namespace `f16edge` holding a router's addresses, routes and nftables ruleset; a
# docs folder of real npm READMEs, linted and spell-checked by npm tools installed here.
set -euo pipefail
ROOT="$1"
REPO="$(cd "$(dirname "$0")/../../../.." && pwd)"
export GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_DATE GIT_COMMITTER_DATE

# --- tools: the npm lint tools, and the dependency tree license-checker reads
mkdir -p "$ROOT/docs" && cd "$ROOT/docs"
if [ ! -x node_modules/.bin/cspell ]; then
  printf '{"name":"pilotage-docs","version":"1.4.0","private":true,"license":"MIT"}\n' > package.json
  npm install --no-audit --no-fund --loglevel=error markdownlint-cli@0.45.0 cspell@8.19.4 license-checker@25.0.1 madge@8.0.0 >/dev/null
fi
rm -rf vendor && mkdir -p vendor
for p in markdown-it commander semver js-yaml json5 minimist chalk debug glob rc nopt mkdirp \
  yargs ora escodegen esprima typescript resolve precinct detective-typescript fast-glob micromatch \
  picomatch braces ini; do
  f=$(ls node_modules/$p/README.md node_modules/$p/readme.md 2>/dev/null | head -1 || true)
  [ -n "$f" ] && cp "$f" "vendor/$p.md"
done
# a package of the office's own with no license field, as license-checker finds in real trees
mkdir -p node_modules/@pilotage/tide-tables && printf '{"name":"@pilotage/tide-tables","version":"0.3.1"}\n' > node_modules/@pilotage/tide-tables/package.json
cp -r "$REPO/node_modules/ajv/lib" ajv-lib

# --- git: ajv's TypeScript sources, history by four people
rm -rf "$ROOT/repo" && mkdir -p "$ROOT/repo" && cd "$ROOT/repo"
git init -q -b main && git config user.name "Ines Varga" && git config user.email ines@pilotage.example
cp -r "$REPO/node_modules/ajv/lib" lib
n=0
commit() { # author, message
  n=$((n + 1)); GIT_AUTHOR_DATE="2026-03-$(printf %02d $((n % 27 + 1)))T09:$((10 + n % 50)):00Z"
  GIT_COMMITTER_DATE="$GIT_AUTHOR_DATE"
  git add -A && git -c user.name="$1" -c user.email="$(echo "$1" | cut -d' ' -f1 | tr A-Z a-z)@pilotage.example" commit -q -m "$2"
}
commit "Ines Varga" "Import the validator sources"
sed -i 's/const defaultRegExp/const defaultRegExpFn/' lib/core.ts && sed -i 's/defaultRegExp(/defaultRegExpFn(/g' lib/core.ts
commit "Tomas Reyes" "core: name the default RegExp factory"
echo '// TODO(pilotage): drop once berth schemas move to draft 2020' >> lib/2019.ts
commit "Ines Varga" "Mark the draft 2019 entry point for removal"
echo '// FIXME: berth ids with leading zeros are read as numbers' >> lib/compile/util.ts
commit "Akosua Mensah" "util: note the berth id coercion bug"
git checkout -q -b topic-v1
for f in errors names rules resolve; do
  printf '\nexport const PILOTAGE_%s = "%s"\n' "$(echo $f | tr a-z A-Z)" "$f" >> lib/compile/$f.ts
  commit "Tomas Reyes" "compile/$f: tag with the pilotage build id"
done
sed -i 's/missingSchema/unresolvedSchema/g' lib/compile/ref_error.ts
commit "Tomas Reyes" "ref_error: call the missing schema unresolved"
git checkout -q main
sed -i '1i // Pilotage fork of ajv: see docs/fork.md' lib/ajv.ts
commit "Ines Varga" "Say the sources are a fork"
git cherry-pick topic-v1~3 >/dev/null
# v2 of the series on the new main: names is upstream now, resolve is dropped, rules says
# more, and one commit is new
git checkout -q -b topic-v2 main
for c in $(git rev-list --reverse main..topic-v1); do
  case "$(git log -1 --format=%s "$c")" in *compile/names*|*compile/resolve*) continue ;; esac
  git cherry-pick "$c" >/dev/null
  if git log -1 --format=%s | grep -q rules; then
    sed -i 's/= "rules"$/= "rules-v2"/' lib/compile/rules.ts
    git commit -q -a --amend --no-edit
  fi
done
printf '\nexport const PILOTAGE_BERTH_PATTERN = /^B[0-9]{3}$/\n' >> lib/compile/util.ts
commit "Tomas Reyes" "util: berth ids match B and three digits"
git checkout -q main
# dangling objects: blobs of a generated tide table never committed, and commits reset away
python3 - <<'PY'
import random, subprocess
random.seed(1616)
for i in range(150):
    body = "".join(f"{h:02d}:00 {random.uniform(0.4, 5.2):.2f}m\n" for h in range(24))
    subprocess.run(["git", "hash-object", "-w", "--stdin"], input=f"# tide table {i}\n{body}".encode(), check=True, capture_output=True)
PY
for i in 1 2 3; do
  echo "scratch $i" > scratch.txt && commit "Akosua Mensah" "wip scratch $i" && git reset -q --hard HEAD~1
done
git reflog expire --expire=now --all
# a blob lost from the object store (a disk cleanup deleted it)
lost=$(git rev-parse HEAD:lib/compile/jtd/parse.ts)
rm -f ".git/objects/${lost:0:2}/${lost:2}"

# --- hg: Debian's PyYAML sources, two heads that conflict
rm -rf "$ROOT/hgrepo" && mkdir -p "$ROOT/hgrepo" && cd "$ROOT/hgrepo"
hg init && cp -r /usr/lib/python3/dist-packages/yaml yaml && rm -rf yaml/__pycache__ yaml/*.so
hgc() { hg commit -q -A -u "$1" -d "2026-04-$(printf %02d $2) 10:00 +0000" -m "$3"; }
hgc "Ines Varga <ines@pilotage.example>" 1 "Vendor PyYAML for the manifest loader"
i=2
for f in composer constructor emitter parser reader representer resolver scanner serializer; do
  for who in "Tomas Reyes <tomas@pilotage.example>" "Akosua Mensah <akosua@pilotage.example>"; do
    printf '\n# pilotage: reviewed %s (%s)\n' "$f" "${who%% <*}" >> yaml/$f.py
    hgc "$who" $((i % 28 + 1)) "$f: review note by ${who%% <*}"; i=$((i + 1))
  done
done
base=$(hg id -i)
sed -i 's/^    def construct_yaml_int(self, node):/    def construct_yaml_int(self, node):  # berth ids stay strings/' yaml/constructor.py
sed -i 's/^class ScannerError(MarkedYAMLError):/class ScannerError(MarkedYAMLError):  # tides\n    code = "SCAN"/' yaml/scanner.py
hgc "Tomas Reyes <tomas@pilotage.example>" 20 "constructor: keep berth ids as strings"
hg update -q -r "$base"
sed -i 's/^    def construct_yaml_int(self, node):/    def construct_yaml_int(self, node):  # octal berth ids/' yaml/constructor.py
sed -i 's/^class ScannerError(MarkedYAMLError):/class ScannerError(MarkedYAMLError):  # manifests\n    code = "SCANNER"/' yaml/scanner.py
echo '# pilotage: resolver untouched' >> yaml/resolver.py
hgc "Akosua Mensah <akosua@pilotage.example>" 21 "constructor: read octal berth ids"
printf '[ui]\nmerge = :merge\n' > .hg/hgrc

# --- net: a loopback capture of the dispatch API and its clients
mkdir -p "$ROOT/net" && cd "$ROOT/net"
if [ ! -s dispatch.pcap ]; then
  mkdir -p www/api && for i in $(seq 1 40); do printf '{"pilot":%d,"status":"on-duty"}\n' $i > www/api/pilot-$i.json; done
  python3 -m http.server 18616 --bind 127.0.0.1 --directory www >/dev/null 2>&1 & srv=$!
  tcpdump -i lo -nn -w dispatch.pcap 'port 18616 or port 18617' >/dev/null 2>&1 & td=$!
  sleep 1
  for i in $(seq 1 45); do curl -s -o /dev/null "http://127.0.0.1:18616/api/pilot-$i.json" || true; done
  curl -s -o /dev/null http://127.0.0.1:18617/api/tides || true # nothing listens: reset
  curl -s -o /dev/null http://127.0.0.1:18617/api/tides || true
  sleep 1; kill $td; wait $td 2>/dev/null || true; kill $srv; wait $srv 2>/dev/null || true
fi

# --- edge: a router's network namespace (addresses, routes, nftables)
ip netns del f16edge 2>/dev/null || true
ip netns add f16edge
E="ip netns exec f16edge"
$E ip link set lo up
for i in 0 1 2 3; do $E ip link add "berth$i" type veth peer name "berth${i}p"; $E ip link set "berth${i}p" up; $E ip link set "berth$i" up; $E ip addr add "10.16.$i.1/24" dev "berth$i"; done
$E ip link add wan0 type veth peer name wan0p && $E ip link set wan0p up && $E ip link set wan0 up && $E ip addr add 198.51.100.2/30 dev wan0
$E ip link add radar0 type veth peer name radar0p && $E ip addr add 10.16.9.1/24 dev radar0   # left down
$E ip route add default via 198.51.100.1 dev wan0
for n in $(seq 20 59); do $E ip route add "172.20.$n.0/24" via "10.16.$((n % 4)).254"; done
$E ip route add 172.31.0.0/16 via 10.16.9.254 dev radar0 onlink 2>/dev/null || true
$E ip route add blackhole 192.0.2.0/24
$E ip route add table 100 default via 10.16.3.254
$E ip rule add from 10.16.3.0/24 table 100
python3 - "$ROOT/net" <<'PY'
import sys
root = sys.argv[1]
vessels = "\n".join(f"            10.16.{n % 4}.{100 + n}," for n in range(60))
rules = "\n".join(f'        ip saddr 10.16.{n % 4}.{100 + n} tcp dport {{ 5000, 5001 }} counter accept comment "vessel {n:02d}"' for n in range(60))
ruleset = f"""table inet edge {{
    set vessels {{
        type ipv4_addr
        elements = {{
{vessels}
        }}
    }}
    chain input {{
        type filter hook input priority filter; policy drop;
        ct state established,related accept
        iifname "lo" accept
        ip saddr @vessels tcp dport 22 counter accept
        tcp dport 8443 counter accept
        counter drop comment "default drop"
    }}
    chain forward {{
        type filter hook forward priority filter; policy drop;
        ct state established,related accept
{rules}
        iifname "radar0" oifname "wan0" counter drop comment "radar stays inside"
    }}
}}
table ip nat {{
    chain postrouting {{
        type nat hook postrouting priority srcnat;
        oifname "wan0" masquerade
    }}
}}
"""
open(f"{root}/edge.nft", "w").write(ruleset)
bad = ruleset.replace("tcp dport 8443 counter accept", "tcp dport 8443 counter accpet")
bad = bad.replace('iifname "radar0" oifname "wan0"', 'iifname "radar0" oifname @uplinks')
bad = bad.replace("type nat hook postrouting priority srcnat;", "type nat hook postrouting priority srcnat\n        oifname \"wan0\" snat to 198.51.100.300")
open(f"{root}/edge-next.nft", "w").write(bad)
PY
$E nft -f edge.nft
# some traffic so the counters say something
$E ping -c 3 -W 1 10.16.1.1 >/dev/null 2>&1 || true

# --- sys: a workload for time -v and hyperfine
mkdir -p "$ROOT/sys" && cd "$ROOT/sys"
cat > schedule.py <<'PY'
"""Builds the week's pilot roster: a CPU-bound search over tide windows."""
import itertools, random, sys
random.seed(16)
windows = [(h, random.uniform(0.5, 5.0)) for h in range(24 * 7)]
best = max(itertools.combinations(windows[:60], 3), key=lambda c: sum(w for _, w in c))
buf = [bytes(1024 * 64) for _ in range(400)]
print("roster", best[0][0], len(buf), file=sys.stderr)
PY
