#!/usr/bin/env bash
# Network scenarios with real coyote-server, coyote-netsim and coyote-bot processes on 127.0.0.1,
# printed as one Markdown table (docs/performance.md's figures):
#   bench/network_bench.sh [--build DIR] [--bots N] [--seconds S] [--runs R] [SCENARIO...]
# Scenarios: direct (N bots), jitter (100 ms ±20 ms, 5 % loss), loss20 (100 ms, 20 % loss), soak
# (300 ms, 25 % loss, 25 % duplication), churn (2 bots beside waves of 1-3 for 2-8 s, 60 s),
# crowd (64 bots). Bandwidth is ENet payload + 28 bytes of UDP/IP per datagram.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 bench/network_bench.py "$@"
