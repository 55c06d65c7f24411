#!/usr/bin/env bash
# Bandwidth and server tick time with real processes on 127.0.0.1:
#   bench/network_bench.sh [BOTS] [SECONDS] [BUILD_DIR]
# Starts coyote-server on a free port, runs BOTS bots for SECONDS, stops the server, and prints
# the per-client bandwidth (ENet payload + 28 bytes of UDP/IP per datagram) and the server's
# tick-time percentiles. Figures go into the README's performance table.
set -euo pipefail
cd "$(dirname "$0")/.."
bots=${1:-8}
seconds=${2:-30}
build=${3:-build/gcc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Every bot connects from 127.0.0.1: allow that many connections from one address.
COYOTE_NET_PEERS_PER_ADDRESS="$bots" \
  "$build/server/coyote-server" --config configs/server.toml --port 0 --port-file "$work/port" \
  --max-players "$bots" >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.05; done
"$build/client/coyote-bot" --connect "127.0.0.1:$(cat "$work/port")" --count "$bots" \
  --seconds "$seconds" >"$work/bots.json" || true
kill -TERM "$server"
wait "$server" || true

python3 - "$work/bots.json" "$work/server.log" "$bots" "$seconds" <<'PY'
import json, sys
bots = json.load(open(sys.argv[1]))
server = [json.loads(l) for l in open(sys.argv[2]) if l.startswith('{')][-1]
t = bots["total"]
print(f"{sys.argv[3]} bots, {sys.argv[4]} s: converged {t['converged']}/{t['clients']}, "
      f"desyncs {t['desyncs']}, rollbacks {t['rollbacks']} (max depth {t['max_rollback_depth']})")
print(f"per client: down {t['mean_down_bytes_per_second']/1000:.2f} KB/s, "
      f"up {t['mean_up_bytes_per_second']/1000:.2f} KB/s")
print(f"server tick: p50 {server['tick_ms_p50']:.3f} ms, p95 {server['tick_ms_p95']:.3f} ms, "
      f"max {server['tick_ms_max']:.3f} ms; CPU p95 {server['tick_cpu_ms_p95']:.3f} ms, "
      f"max {server['tick_cpu_ms_max']:.3f} ms (simulate p95 {server['simulate_ms_p95']:.3f}, "
      f"send p95 {server['send_ms_p95']:.3f}); lag-dropped ticks {server['dropped_lag_ticks']}")
PY
