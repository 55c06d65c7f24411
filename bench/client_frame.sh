#!/usr/bin/env bash
# The client's frame benchmark under Xvfb (docs/performance.md#the-clients-frame): with the art
# and with flat colours, 1,200 frames each, written to bench/results/<machine>/client_frame.csv.
set -euo pipefail
cd "$(dirname "$0")/.."
machine="${1:-epyc-2core}"
mkdir -p "bench/results/$machine"
cmake --build build/gcc --target coyote_frame_bench
xvfb-run -a -s "-screen 0 1600x1200x24" build/gcc/bench/coyote_frame_bench \
  --benchmark_out="bench/results/$machine/client_frame.csv" --benchmark_out_format=csv
