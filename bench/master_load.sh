#!/usr/bin/env bash
# coyote-master under the load of an internet list: SERVERS game servers, each from an address of
# its own on 127.0.0.0/8, registered and proven, heartbeating every 15 s, while browsers read the
# gzipped list LISTS times a second, for SECONDS (bench/master_load.cpp). Appends one row to
# bench/results/epyc-2core/master_load.csv (docs/performance.md#the-master-server); --smoke
# prints it only.
#   bench/master_load.sh [--build DIR] [--smoke] [SERVERS [LISTS [SECONDS]]]
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/gcc
smoke=false
while [[ "${1:-}" == --* ]]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --smoke) smoke=true; shift ;;
    *) echo "usage: bench/master_load.sh [--build DIR] [--smoke] [SERVERS [LISTS [SECONDS]]]" >&2; exit 2 ;;
  esac
done
servers=${1:-10000}
lists=${2:-1000}
seconds=${3:-20}
work=$(mktemp -d)
"$build/master/coyote-master" --config configs/master.toml --bind 127.0.0.1 --port 0 \
  --port-file "$work/port" >"$work/master.log" 2>&1 &
master=$!
trap 'kill $master 2>/dev/null; wait $master 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.05; done
[ -s "$work/port" ] || { cat "$work/master.log" >&2; exit 1; }
"$build/bench/coyote_master_load" --master-port "$(cat "$work/port")" --master-pid "$master" \
  --servers "$servers" --list-rate "$lists" --seconds "$seconds" >"$work/result.json"
cat "$work/result.json"
$smoke && exit 0
csv=bench/results/epyc-2core/master_load.csv
python3 - "$work/result.json" "$csv" "$(git rev-parse --short HEAD)" <<'PY'
import csv, json, os, sys
result = json.load(open(sys.argv[1]))
fields = ["commit"] + list(result)
new = not os.path.exists(sys.argv[2])
with open(sys.argv[2], "a", newline="") as out:
    writer = csv.DictWriter(out, fieldnames=fields)
    if new:
        writer.writeheader()
    writer.writerow({"commit": sys.argv[3], **result})
print(f"appended to {sys.argv[2]}")
PY
