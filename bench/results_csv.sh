#!/usr/bin/env bash
# The Google Benchmark CSVs of bench/results/MACHINE/, a file per group of benchmarks: Google
# Benchmark's CSV needs the same counters in every row, and only a group's rows share theirs (one
# run of them all aborts at the first row with other counters).
#   bench/results_csv.sh MACHINE [BINARY]     BINARY: build/gcc/bench/coyote_bench by default
set -euo pipefail
cd "$(dirname "$0")/.."
machine=${1:-}
binary=${2:-build/gcc/bench/coyote_bench}
if [[ ! "$machine" =~ ^[A-Za-z0-9._-]+$ ]]; then
  echo "usage: bench/results_csv.sh MACHINE [BINARY]   (MACHINE: a folder name, as epyc-2core)" >&2
  exit 2
fi
[ -x "$binary" ] || { echo "error: $binary is not built (scripts/test builds it)" >&2; exit 1; }
out=bench/results/$machine
mkdir -p "$out"
# file, filter, further flags: the player keys' figures vary enough to want 5 repetitions (their
# size, BM_HelloBytes, is a counter of its own: docs/performance.md gives it).
while read -r file filter flags; do
  # shellcheck disable=SC2086  # flags: several words, or none
  "$binary" --benchmark_filter="$filter" --benchmark_format=csv $flags >"$out/$file.csv.new"
  mv "$out/$file.csv.new" "$out/$file.csv"
  echo "$out/$file.csv: $(($(wc -l <"$out/$file.csv") - 1)) rows"
done <<'GROUPS'
coyote_bench ^(StepWorld|StepWorldInLockstep|HashState|RollbackResimulate)/
living_world ^(Step|Rollback)LivingWorld$
joint_stage ^JointStage
sleeping_crates ^SleepingCrates
hello_proof ^BM_HelloSign --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
GROUPS
