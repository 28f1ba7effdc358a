#!/usr/bin/env bash
# Operations outputs from other projects' public fixtures (no cluster here): real kubectl
# output recorded in robusta-dev/holmesgpt's tests, replayed by small kubectl/logs shims on
# PATH; real system logs from logpai/loghub; that repository's git history (a clone of the
# fetched mirror) for git, shellcheck and yamllint. $HOLMES_REPO and $LOGHUB_REPO are the
# git directories of the two mirrors; each replayed file's path is in the case's provenance.
set -euo pipefail
cd "$1"
mkdir -p ops/replay ops/bin ops/logs ops/k8s && cd ops
body() { # a holmesgpt fixture without its two JSON header lines and an optional "stdout:" line
  git --git-dir="$HOLMES_REPO" show "HEAD:$1" | tail -n +3 | sed '1{/^stdout:$/d}'
}
F=tests/llm/fixtures
body $F/test_ask_holmes/34_memory_graph/kubectl_get_by_kind_in_cluster.txt > "replay/get pods -A -o wide --show-labels"
body $F/test_investigate/10_KubeDeploymentReplicasMismatch/kubectl_get_by_kind_in_namespace_pod_default.txt > "replay/get pods -n default -o wide --show-labels"
body $F/test_investigate/03_cpu_throttling/kubectl_describe_node.txt > "replay/describe node kind-double-node-worker"
body $F/test_investigate/15_dns_resolution/kubectl_logs_client_investigate-namespace-15.txt > "replay/logs client -n investigate-namespace-15"
body $F/test_ask_holmes/36_argocd_find_resource/kubectl_logs.txt > "replay/logs fraud-service-54df9b7d75-z6m75 -n my-demoshop-namespace"
body $F/test_ask_holmes/07_high_latency/kubectl_logs.txt > "replay/logs customer-orders-766b65899b-lwqnt"
body $F/test_ask_holmes/09_crashpod/kubectl_describe.txt > "replay/describe pod -l app=payment-processing-worker"
cat > bin/kubectl <<'SH'
#!/bin/sh
# replays a recorded kubectl output (see the corpus case's provenance)
f="$(dirname "$0")/../replay/$*"
[ -f "$f" ] || { echo "error: the server doesn't have a resource type \"$1\"" >&2; exit 1; }
cat "$f"
SH
chmod +x bin/kubectl
for f in $F/test_ask_holmes/08_sock_shop_frontend/helm/sock-shop.yaml $F/test_ask_holmes/157_disk_full_statefulset/manifest.yaml \
         $F/test_ask_holmes/160_electricity_market_bidding_bug/bidder-app.yaml $F/test_ask_holmes/44_slack_statefulset_logs/manifest.yaml \
         $F/test_ask_holmes/121_new_relic_checkout_errors_tracing/checkout-service.yaml; do
  git --git-dir="$HOLMES_REPO" show "HEAD:$f" > "k8s/$(basename "$(dirname "$f")" | sed 's/^[0-9]*_//')-$(basename "$f")"
done
for l in Linux OpenSSH Zookeeper HDFS BGL Spark Apache; do
  git --git-dir="$LOGHUB_REPO" show "HEAD:$l/${l}_2k.log" > "logs/${l,,}.log"
done
# the mirror lacks some large blobs (fixtures, images): check out the files it holds
git clone -q --no-checkout "$HOLMES_REPO" holmesgpt
git -C holmesgpt ls-tree -r HEAD --format='%(objectname) %(path)' \
  | git -C holmesgpt cat-file --batch-check='%(objectname) %(objecttype)' --buffer 2>/dev/null \
  | paste -d' ' - <(git -C holmesgpt ls-tree -r HEAD --format='%(path)') \
  | awk '$2 == "blob" {print $3}' > held.txt
git -C holmesgpt checkout -q HEAD --pathspec-from-file=../held.txt
rm held.txt
