#!/usr/bin/env bash
# The fresh13 set (bench/corpus/fresh13/): a twelfth held-out round on kubectl describe over
# 8 KB (and get events), the blind part's weakest kind. No cluster here and holmesgpt's fixtures
# are used up, so the outputs are real kubectl output that other public repositories committed,
# replayed by a kubectl shim; nothing is written by hand. Each is copied as its repository holds
# it (a whole file, or one command's lines of a terminal transcript), except the describe node one, which a README holds in a fenced block indented two spaces
# inside <details>: those two spaces (and nothing else) are taken off.
set -euo pipefail
ROOT="$1"
K3S_REPO="${K3S_REPO:-/work/.mirror/dmitrymailk+k3s_pod_network_issue/repo}"
KIT_REPO="${KIT_REPO:-/work/.mirror/kitadmin01+kit-infra/repo}"
FROG_REPO="${FROG_REPO:-/work/.mirror/inquisitivefrog+kubernetes/repo}"

mkdir -p "$ROOT/ops/replay" "$ROOT/ops/bin" && cd "$ROOT/ops"
# dmitrymailk/k3s_pod_network_issue README.md lines 23-371: `kubectl describe node` of a k3s
# cluster of three nodes (the block between the fences after "kubectl describe node")
git --git-dir="$K3S_REPO" show c0308548e1ed31fb56d9b4853199fafea7163d7d:README.md | sed -n '23,371p' | sed 's/^  //' > "replay/describe node"
# kitadmin01/kit-infra pods.txt: `kubectl describe pods` of the 15 pods of namespace analytickit on EKS
git --git-dir="$KIT_REPO" show 40de6542b98a7c33eeae4473e5ff1eb4e93a2caf:pods.txt > "replay/describe pods -n analytickit"
# inquisitivefrog/kubernetes control-panel/kubernetes_get_resources.txt lines 194-246: the output
# of `kubectl get events` on Docker Desktop, between its prompt line and the next one's blank line
git --git-dir="$FROG_REPO" show 633554e8429dae5222779c56e468028e87f64720:control-panel/kubernetes_get_resources.txt | sed -n '194,246p' > "replay/get events"
cat > bin/kubectl <<'SH'
#!/bin/sh
# replays a recorded kubectl output (see the corpus case's provenance)
f="$(dirname "$0")/../replay/$*"
[ -f "$f" ] || { echo "error: the server doesn't have a resource type \"$1\"" >&2; exit 1; }
cat "$f"
SH
chmod +x bin/kubectl
