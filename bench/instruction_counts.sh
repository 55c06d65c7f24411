#!/usr/bin/env bash
# Instructions a step (and a 15-tick rollback), counted by callgrind: the figure that does not
# move with the machine's speed. Needs build/gcc from scripts/test (or BUILD=dir) and valgrind.
# Prints one line per world: the mode, instructions per step (or per rollback) and per body.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${BUILD:-build/gcc}/bench/coyote_step_instructions
command -v valgrind >/dev/null || { echo "error: valgrind is not installed"; exit 1; }
[ -x "$binary" ] || { echo "error: $binary not built"; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# count MODE FUNCTION RUNS UNIT PARTS PART: instructions a UNIT (the total over RUNS), and a PART
# (a UNIT over PARTS).
count() {
  valgrind --tool=callgrind --callgrind-out-file="$out/$1" --toggle-collect="$2" \
    "$binary" "$1" >"$out/$1.stdout" 2>"$out/$1.log" ||
    { echo "error: $1 failed"; cat "$out/$1.log"; exit 1; }
  local total
  total=$(callgrind_annotate "$out/$1" | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
  [ -n "$total" ] && [ "$total" -gt 0 ] || { echo "error: $1 counted nothing"; exit 1; }
  awk -v mode="$1" -v total="$total" -v runs="$3" -v unit="$4" -v parts="$5" -v part="$6" 'BEGIN {
    printf "%-9s %9.0f instructions a %s, %6.0f a %s\n", mode, total / runs, unit,
      total / runs / parts, part }'
}
measured='coyote::(anonymous namespace)::measuredSteps*'
count bench1 "$measured" 200 step 1 character-step
count bench64 "$measured" 200 step 64 character-step
count lockstep64 "$measured" 200 step 64 character-step
count living "$measured" 200 step 112 body-step
count rollback 'coyote::(anonymous namespace)::measuredRollbacks*' 10 rollback 15 tick
