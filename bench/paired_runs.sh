#!/usr/bin/env bash
# Wall-clock figures on a machine whose speed drifts: several benchmark binaries (this code, an
# older commit's build, ...) run one after the other, round after round, so that each round
# meets them all in the same hour. Prints each binary's least and median time over the rounds
# (Google Benchmark's real time, in its unit); the least is the one a busy moment cannot inflate.
# Usage: bench/paired_runs.sh FILTER ROUNDS BINARY...
#   e.g. bench/paired_runs.sh 'StepWorld/64' 8 /tmp/old/build/bench/coyote_bench build/gcc/bench/coyote_bench
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 FILTER ROUNDS BINARY..." >&2
  exit 2
fi
filter=$1
rounds=$2
shift 2
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "error: ROUNDS must be a positive whole number" >&2; exit 2; }
for binary in "$@"; do
  [ -x "$binary" ] || { echo "error: $binary is not an executable" >&2; exit 2; }
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

for round in $(seq "$rounds"); do
  for i in $(seq $#); do
    binary=${!i}
    # CSV: name,iterations,real_time,cpu_time,time_unit,...; the last row is the one benchmark.
    time=$("$binary" --benchmark_filter="$filter" --benchmark_min_time=0.15 \
      --benchmark_format=csv 2>/dev/null | awk -F, 'NR > 1 && $3 != "" { t = $3 } END { print t }')
    if [ -z "$time" ]; then
      echo "error: $binary ran no benchmark matching '$filter' (round $round)" >&2
      exit 1
    fi
    echo "$time" >>"$out/$i"
  done
done

for i in $(seq $#); do
  sort -g "$out/$i" | awk -v name="${!i}" '{ t[NR] = $1 }
    END { printf "%s: least %.1f, median %.1f over %d rounds\n", name, t[1], t[int((NR + 1) / 2)], NR }'
done
